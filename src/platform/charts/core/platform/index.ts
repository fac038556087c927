// packages/core/platform (chart `cozy-platform`): the HelmRelease cozy-system/cozystack-platform
// the operator makes from the Platform Package. It renders every component PackageSource, the
// Flux source they read from, one Package per enabled package of the variant's bundles, and the
// cozystack-values Secret every component gets its `_cluster` settings from.
//
// The real templates read cluster state with `lookup` (the platform source's spec, kube-root-ca,
// the legacy cozystack ConfigMap, cozystack-version, an existing ouroboros Package) and
// `.Capabilities`. The render here stays pure: those come in as `values._lookup` and
// `values._capabilities` (see lookup.ts), which the renderer fills from the cluster.

import type { KubeObject } from '../../../../machinery/object.ts';
import { COZYSTACK_VERSION } from '../../../version.ts';
import type { Chart, ReleaseContext, Values } from '../../chart.ts';
import { iaasBundle } from './bundles/iaas.ts';
import { naasBundle, paasBundle } from './bundles/paas-naas.ts';
import { systemBundle } from './bundles/system.ts';
import { cozystackValuesSecret } from './cozystack-values.ts';
import { deletionProtection } from './deletion-protection.ts';
import { lookupFrom, platformLookups } from './lookup.ts';
import { PackageList } from './packages.ts';
import { containerdRegistrySecret } from './registries.ts';
import { packagesRepository } from './repository.ts';
import { schedulingConfigMap } from './scheduling.ts';
import { packageSources, PLATFORM_CHART_PATH } from './sources.ts';
import { PLATFORM_VALUES, PLATFORM_VALUES_FILES } from './values.ts';
import { PLATFORM_VALUES_SCHEMA } from './values-schema.ts';
import { migrationHook, versionConfigMap } from './versioning.ts';

export const PLATFORM_CHART_VERSION = COZYSTACK_VERSION.slice(1);

function render(values: Values, release: ReleaseContext): KubeObject[] {
  const lookup = lookupFrom(values);
  // Helm renders the deepest templates first, in reverse name order, and stops at the first
  // `fail`: bundles/system, paas, naas, iaas, then the top-level templates.
  const system = new PackageList(values);
  const paas = new PackageList(values);
  const naas = new PackageList(values);
  const iaas = new PackageList(values);
  systemBundle(values, system, lookup);
  paasBundle(values, paas);
  naasBundle(values, naas);
  iaasBundle(values, iaas);
  const scheduling = schedulingConfigMap(values);
  const repository = packagesRepository(values, lookup);
  const hook = migrationHook(values, release, lookup);
  const guardrail = deletionProtection(values);
  const version = versionConfigMap(values, release, lookup);
  const registries = containerdRegistrySecret(values);
  const cozystackValues = cozystackValuesSecret(values, lookup);
  return [
    repository,
    ...packageSources(),
    cozystackValues,
    ...version,
    ...scheduling,
    ...registries,
    ...guardrail,
    ...hook,
    ...system.items,
    ...iaas.items,
    ...paas.items,
    ...naas.items,
  ];
}

export const platformChart: Chart = {
  path: PLATFORM_CHART_PATH,
  name: 'cozy-platform',
  version: PLATFORM_CHART_VERSION,
  valuesSchema: PLATFORM_VALUES_SCHEMA,
  values: PLATFORM_VALUES,
  valuesFiles: PLATFORM_VALUES_FILES,
  render,
  lookups: (values, release) => platformLookups(values, release.namespace),
};
