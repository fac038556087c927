// Helm 3's release record (helm.sh/helm/v3/pkg/release.Release) as it is serialized into storage,
// and the YAML manifest a release carries: what `helm get manifest` prints.

import { createHash } from 'node:crypto';
import { CORE_SCHEMA, loadAll } from 'js-yaml';
import { parseAllDocuments, stringify } from 'yaml';
import type { KubeObject } from '../../machinery/object.ts';
import { plainYaml } from './plain-yaml.ts';

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
  const manifest = objects
    .map((o) => `---\n# Source: ${chartName}/templates/${o.kind.toLowerCase()}-${o.metadata.name}.yaml\n${plainYaml(o as unknown as Record<string, unknown>) ?? stringify(o, { lineWidth: 0 })}`)
    .join('');
  // What the manifest parses back to is known: the objects as JSON data (as YAML keeps them).
  remember(manifest, JSON.parse(JSON.stringify(objects.filter((o) => !!o?.kind))) as KubeObject[]);
  return manifest;
}

// A release's manifest is read on every readiness check and drift scan; parsing its YAML again each
// time was most of the helm-controller's CPU during an install, so the last manifests parsed are kept.
const PARSED_CACHE_SIZE = 256;
const parsed = new Map<string, KubeObject[]>();

function remember(manifest: string, objects: KubeObject[]): void {
  parsed.delete(manifest);
  if (parsed.size >= PARSED_CACHE_SIZE) parsed.delete(parsed.keys().next().value!);
  parsed.set(manifest, objects);
}

/** The objects of a manifest; each call hands out its own copies. */
export function parseManifest(manifest: string): KubeObject[] {
  const objects = parsed.get(manifest) ?? readDocuments(manifest).filter((o): o is KubeObject => !!o && typeof o === 'object' && !!o.kind);
  remember(manifest, objects);
  return structuredClone(objects);
}

/**
 * A restarted helm-controller reads every release's manifest once: js-yaml's YAML 1.2 core schema
 * reads them as `yaml` does (the same data for every manifest of isp-full) and ten times faster; a
 * manifest it refuses (a duplicate key in one written by hand) is left to `yaml`, which is lenient.
 */
function readDocuments(manifest: string): Array<KubeObject | null> {
  try {
    return loadAll(manifest, undefined, { schema: CORE_SCHEMA }) as Array<KubeObject | null>;
  } catch {
    return parseAllDocuments(manifest).map((d) => d.toJS() as KubeObject | null);
  }
}
