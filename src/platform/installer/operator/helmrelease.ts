// The HelmRelease the Package reconciler generates for one component (package_reconciler.go:
// buildHelmReleaseSpec and the loop around it), and the merge createOrUpdateHelmRelease does.

import type { KubeObject } from '../../../machinery/object.ts';
import { goDuration } from '../../../cluster/nodes/container-runtime.ts';
import {
  ANNOTATION_SKIP_COZYSTACK_VALUES,
  ANNOTATION_VALUES_FILES,
  artifactName,
  COZY_SYSTEM,
  HELMRELEASE_GVK,
  LABEL_PACKAGE,
  LABEL_PRIVILEGED,
  releaseNameOf,
  type Component,
  type Package,
  type PackageSource,
} from '../types.ts';
import { parseDuration, type OperatorFlags } from './flags.ts';

export const COZYSTACK_VALUES_SECRET = 'cozystack-values';

export interface DependencyReference {
  name: string;
  namespace: string;
}

/** Flags as Go's metav1.Duration marshals them: "5m0s", "30s", "10m0s". */
function duration(flag: string): string {
  return goDuration(parseDuration(flag));
}

export function helmReleaseFor(pkg: Package, source: PackageSource, variant: string, component: Component, flags: OperatorFlags, dependsOn: DependencyReference[]): KubeObject {
  const install = component.install!;
  const labels: Record<string, string> = { [LABEL_PACKAGE]: pkg.metadata.name! };
  if (install.privileged) labels[LABEL_PRIVILEGED] = 'true';
  const retry = { name: 'RetryOnFailure', retryInterval: duration(flags.helmReleaseRetryInterval) };
  const spec: Record<string, unknown> = {
    interval: duration(flags.helmReleaseInterval),
    maxHistory: flags.helmReleaseMaxHistory,
    chartRef: { kind: 'ExternalArtifact', name: artifactName(source.metadata.name!, variant, component.name), namespace: COZY_SYSTEM },
    install: { timeout: duration(flags.helmReleaseInstallTimeout), strategy: retry },
    upgrade: { timeout: duration(flags.helmReleaseUpgradeTimeout), strategy: retry, ...(install.upgradeCRDs ? { crds: install.upgradeCRDs } : {}) },
  };
  if (install.healthCheckExprs?.length) spec.healthCheckExprs = install.healthCheckExprs;
  const waitStrategy = install.waitStrategy || (install.healthCheckExprs?.length ? 'poller' : '');
  if (waitStrategy) spec.waitStrategy = { name: waitStrategy };
  if (source.metadata.annotations?.[ANNOTATION_SKIP_COZYSTACK_VALUES] !== 'true') spec.valuesFrom = [{ kind: 'Secret', name: COZYSTACK_VALUES_SECRET }];
  const values = pkg.spec?.components?.[component.name]?.values;
  if (values !== undefined && values !== null) spec.values = values;
  if (dependsOn.length) spec.dependsOn = dependsOn;
  const annotations: Record<string, string> = {};
  if (component.valuesFiles?.length) annotations[ANNOTATION_VALUES_FILES] = component.valuesFiles.join(',');
  return {
    ...HELMRELEASE_GVK,
    metadata: {
      name: releaseNameOf(component),
      namespace: install.namespace!,
      labels,
      ...(Object.keys(annotations).length ? { annotations } : {}),
      ownerReferences: [{ apiVersion: pkg.apiVersion, kind: pkg.kind, name: pkg.metadata.name!, uid: pkg.metadata.uid!, controller: true }],
    },
    spec,
  };
}

/** createOrUpdateHelmRelease: labels and annotations merged (ours win), suspend kept, spec and owners replaced. */
export function mergeIntoExisting(existing: KubeObject, desired: KubeObject): KubeObject {
  const spec = { ...(desired.spec as Record<string, unknown>) };
  const suspend = (existing.spec as { suspend?: boolean } | undefined)?.suspend;
  if (suspend !== undefined) spec.suspend = suspend;
  const annotations = { ...existing.metadata.annotations, ...desired.metadata.annotations };
  const metadata = { ...existing.metadata, labels: { ...existing.metadata.labels, ...desired.metadata.labels }, ownerReferences: desired.metadata.ownerReferences };
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  return { ...existing, metadata, spec };
}
