// Helm 3's release record (helm.sh/helm/v3/pkg/release.Release) as it is serialized into storage,
// and the YAML manifest a release carries: what `helm get manifest` prints.

import { createHash } from 'node:crypto';
import { parseAllDocuments, stringify } from 'yaml';
import type { KubeObject } from '../../machinery/object.ts';

export type ReleaseStatus =
  | 'unknown'
  | 'deployed'
  | 'uninstalled'
  | 'superseded'
  | 'failed'
  | 'uninstalling'
  | 'pending-install'
  | 'pending-upgrade'
  | 'pending-rollback';

export interface ReleaseInfo {
  first_deployed: string;
  last_deployed: string;
  deleted: string;
  description: string;
  status: ReleaseStatus;
  notes?: string;
}

export interface ChartMetadata {
  name: string;
  version: string;
  apiVersion: string;
  appVersion?: string;
  description?: string;
}

export interface HelmRelease {
  name: string;
  info: ReleaseInfo;
  chart: { metadata: ChartMetadata; lock: null; templates: unknown[]; values: Record<string, unknown>; schema: unknown; files: unknown[] };
  /** The values the user supplied (not the chart's defaults). */
  config: Record<string, unknown>;
  manifest: string;
  hooks?: unknown[];
  version: number;
  namespace: string;
  labels?: Record<string, string>;
}

export function isPending(status: ReleaseStatus): boolean {
  return status.startsWith('pending-');
}

/** `namespace/name.vN`, as Flux names a release in its messages. */
export function fullReleaseName(rel: Pick<HelmRelease, 'namespace' | 'name' | 'version'>): string {
  return `${rel.namespace}/${rel.name}.v${rel.version}`;
}

/** Flux's digest of a release: sha256 of its JSON. */
export function releaseDigest(rel: HelmRelease): string {
  return `sha256:${createHash('sha256').update(JSON.stringify(rel)).digest('hex')}`;
}

/** The manifest Helm stores: each object as a YAML document with its `# Source:` line. */
export function renderManifest(chartName: string, objects: KubeObject[]): string {
  return objects
    .map((o) => `---\n# Source: ${chartName}/templates/${o.kind.toLowerCase()}-${o.metadata.name}.yaml\n${stringify(o, { lineWidth: 0 })}`)
    .join('');
}

export function parseManifest(manifest: string): KubeObject[] {
  return parseAllDocuments(manifest)
    .map((d) => d.toJS() as KubeObject | null)
    .filter((o): o is KubeObject => !!o && typeof o === 'object' && !!o.kind);
}
