// Test helpers: the platform chart's values for a variant merged the way the helm-controller
// does (values.yaml, then the variant's file, then the Package's values), and a render with the
// cluster state a fresh install has.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { ReleaseContext, Values } from '../../chart.ts';
import { platformChart } from './index.ts';
import { withLookups } from './lookup.ts';

export const RELEASE: ReleaseContext = {
  name: 'cozystack-platform',
  namespace: 'cozy-system',
  revision: 1,
  isInstall: true,
  isUpgrade: false,
  service: 'helm-controller',
};

/** The operator's cozystack-platform OCIRepository, which repository.yaml copies. */
export const PLATFORM_SOURCE: KubeObject = {
  apiVersion: 'source.toolkit.fluxcd.io/v1',
  kind: 'OCIRepository',
  metadata: { name: 'cozystack-platform', namespace: 'cozy-system' },
  spec: { url: 'oci://ghcr.io/cozystack/cozystack/cozystack-packages', interval: '5m0s', ref: { digest: 'sha256:abc' } },
};

/** Helm's coalesce: maps merge key by key, anything else replaces, null deletes. */
export function coalesce(base: Values, over: Values): Values {
  const out: Values = structuredClone(base);
  for (const [k, v] of Object.entries(over)) {
    if (v === null) delete out[k];
    else if (isMap(v) && isMap(out[k])) out[k] = coalesce(out[k] as Values, v);
    else out[k] = structuredClone(v);
  }
  return out;
}

function isMap(v: unknown): v is Values {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

export function valuesFor(variant: string, user: Values = {}): Values {
  const file = variant === 'default' ? {} : platformChart.valuesFiles![`values-${variant}.yaml`];
  if (!file) throw new Error(`no values file for variant ${variant}`);
  return coalesce(coalesce(platformChart.values, file), user);
}

export function renderVariant(variant: string, user: Values = {}, cluster: KubeObject[] = [PLATFORM_SOURCE], apiVersions: string[] = []): KubeObject[] {
  return platformChart.render(withLookups(valuesFor(variant, user), cluster, apiVersions), RELEASE);
}

export function packagesOf(objects: KubeObject[]): KubeObject[] {
  return objects.filter((o) => o.kind === 'Package');
}

export function packageNames(objects: KubeObject[]): string[] {
  return packagesOf(objects).map((p) => p.metadata.name!);
}

export function findPackage(objects: KubeObject[], name: string): (KubeObject & { spec: { variant: string; components?: Record<string, { values?: Values }> } }) | undefined {
  return packagesOf(objects).find((p) => p.metadata.name === name) as never;
}
