// Helm's Secret storage driver: release records as Secrets `sh.helm.release.v1.<name>.v<N>` of type
// `helm.sh/release.v1`, labelled name/owner/status/version, with `data.release` holding the
// release JSON gzipped and base64-encoded, stored as the Secret's bytes — exactly as Helm 3 writes
// it, so `helm list` and `helm history` read cozylab's releases.

import { gunzipSync, gzipSync } from 'node:zlib';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { KubeClient } from '../../controller/index.ts';
import type { HelmRelease } from './release.ts';

const SECRET = { apiVersion: 'v1', kind: 'Secret' };
export const RELEASE_SECRET_TYPE = 'helm.sh/release.v1';

export function releaseSecretName(name: string, version: number): string {
  return `sh.helm.release.v1.${name}.v${version}`;
}

/** Helm's encodeRelease: gzip, then base64; the Secret stores those bytes (so the API shows them base64'd again). */
export function encodeRelease(rel: HelmRelease): string {
  const helmEncoded = gzipSync(Buffer.from(JSON.stringify(rel))).toString('base64');
  return Buffer.from(helmEncoded).toString('base64');
}

export function decodeRelease(data: string): HelmRelease {
  const helmEncoded = Buffer.from(data, 'base64').toString();
  const raw = Buffer.from(helmEncoded, 'base64');
  const json = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
  return JSON.parse(json.toString()) as HelmRelease;
}

// A record Secret's bytes are fixed by its uid and resourceVersion; every reconcile lists the
// release's records again, so each version is gunzipped and parsed once. Callers get their own copy.
const DECODED_CACHE_SIZE = 512;
const decoded = new Map<string, HelmRelease>();

function decodedRecord(secret: KubeObject): HelmRelease {
  const data = ((secret as { data?: Record<string, string> }).data ?? {}).release ?? '';
  const { uid, resourceVersion } = secret.metadata;
  if (!uid || !resourceVersion) return decodeRelease(data);
  const key = `${uid}/${resourceVersion}`;
  let rel = decoded.get(key);
  if (!rel) {
    rel = decodeRelease(data);
    if (decoded.size >= DECODED_CACHE_SIZE) decoded.delete(decoded.keys().next().value!);
    decoded.set(key, rel);
  }
  return structuredClone(rel);
}

export class ReleaseStore {
  constructor(
    private readonly client: KubeClient,
    readonly namespace: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Every stored version of the release, oldest first. */
  async history(name: string): Promise<HelmRelease[]> {
    const list = await this.client.list(SECRET, { namespace: this.namespace, labelSelector: `owner=helm,name=${name}` });
    return list.items
      .filter((s) => (s as { type?: string }).type === RELEASE_SECRET_TYPE)
      .map((s) => decodedRecord(s))
      .sort((a, b) => a.version - b.version);
  }

  async last(name: string): Promise<HelmRelease | undefined> {
    return (await this.history(name)).at(-1);
  }

  async create(rel: HelmRelease): Promise<void> {
    await this.client.create(this.secretFor(rel, { createdAt: unixSeconds(this.now()) }));
  }

  async update(rel: HelmRelease): Promise<void> {
    const name = releaseSecretName(rel.name, rel.version);
    const existing = await this.client.get({ ...SECRET, namespace: this.namespace, name });
    const createdAt = existing.metadata.labels?.createdAt;
    const next = this.secretFor(rel, { ...(createdAt ? { createdAt } : {}), modifiedAt: unixSeconds(this.now()) });
    await this.client.update({ ...next, metadata: { ...existing.metadata, labels: next.metadata.labels } });
  }

  async delete(name: string, version: number): Promise<void> {
    try {
      await this.client.delete({ ...SECRET, namespace: this.namespace, name: releaseSecretName(name, version) });
    } catch (err) {
      if (!isStatusError(err, 'NotFound')) throw err;
    }
  }

  /**
   * Helm's history limit: drop the oldest records beyond `max` (0: keep all), never the last deployed
   * one. `known`: the history as the caller just wrote it (oldest first), instead of listing it again.
   */
  async prune(name: string, max: number, known?: HelmRelease[]): Promise<void> {
    if (max <= 0) return;
    const all = known ?? (await this.history(name));
    const lastDeployed = [...all].reverse().find((r) => r.info.status === 'deployed');
    let excess = all.length - max;
    for (const rel of all) {
      if (excess <= 0) break;
      if (rel === lastDeployed) continue;
      await this.delete(name, rel.version);
      excess--;
    }
  }

  private secretFor(rel: HelmRelease, extraLabels: Record<string, string>): KubeObject {
    return {
      ...SECRET,
      metadata: {
        name: releaseSecretName(rel.name, rel.version),
        namespace: this.namespace,
        labels: { name: rel.name, owner: 'helm', status: rel.info.status, version: String(rel.version), ...extraLabels },
      },
      type: RELEASE_SECRET_TYPE,
      data: { release: encodeRelease(rel) },
    };
  }
}

function unixSeconds(d: Date): string {
  return String(Math.floor(d.getTime() / 1000));
}
