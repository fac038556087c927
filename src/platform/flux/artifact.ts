// Flux artifacts in cozylab. cozylab has no network and no registry: every source "fetches" from
// the charts cozylab ships. An artifact names the chart it packs in its metadata
// (`cozylab.io/chart-path`), and the helm-controller renders that chart. Revisions and digests are
// computed from what the source asks for (tag, digest, branch, commit), so a changed ref is a new
// revision and upgrades what uses it, as on a real cluster.

import { createHash } from 'node:crypto';
import type { KubeObject } from '../../machinery/object.ts';

export const CHART_PATH_KEY = 'cozylab.io/chart-path';

/** Where Cozystack's Flux serves artifacts from (`--storage-adv-addr=flux.$(RUNTIME_NAMESPACE).svc`). */
export const ARTIFACT_HOST = 'http://flux.cozy-fluxcd.svc';

export interface Artifact {
  path: string;
  url: string;
  revision: string;
  digest: string;
  lastUpdateTime: string;
  size?: number;
  metadata?: Record<string, string>;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function artifactOf(source: KubeObject | undefined): Artifact | undefined {
  return (source?.status as { artifact?: Artifact } | undefined)?.artifact;
}

/** The chart path an artifact packs, or undefined when it packs no chart cozylab knows. */
export function chartPathOf(artifact: Artifact | undefined): string | undefined {
  return artifact?.metadata?.[CHART_PATH_KEY];
}

/** An artifact for a source object; lastUpdateTime stays while the revision does. */
export function buildArtifact(source: KubeObject, revision: string, contentKey: string, now: string, metadata?: Record<string, string>): Artifact {
  const digest = `sha256:${sha256(`${revision}\n${contentKey}`)}`;
  const previous = artifactOf(source);
  const path = `${source.kind.toLowerCase()}/${source.metadata.namespace}/${source.metadata.name}/${digest.slice(7)}.tar.gz`;
  return {
    path,
    url: `${ARTIFACT_HOST}/${path}`,
    revision,
    digest,
    lastUpdateTime: previous?.revision === revision && previous.lastUpdateTime ? previous.lastUpdateTime : now,
    size: 1024 + contentKey.length,
    ...(metadata && Object.keys(metadata).length ? { metadata } : {}),
  };
}
