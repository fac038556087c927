// What the operator writes at start-up when it has a platform source URL (cmd/cozystack-operator:
// installPlatformSourceResource, installPlatformPackageSource): the Flux source the platform chart
// comes from, and the PackageSource `cozystack.<source name>` with the four hard-coded variants.

import { isStatusError } from '../../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../../machinery/object.ts';
import type { KubeClient } from '../../../controller/index.ts';
import { OPERATOR_FIELD_MANAGER } from '../crds.ts';
import { ANNOTATION_SKIP_COZYSTACK_VALUES, COZY_SYSTEM, PACKAGESOURCE_GVK, type PackageSource } from '../types.ts';
import { PLATFORM_VARIANTS } from '../variants.ts';

const OCI_REF_KEYS = ['digest', 'semver', 'semverFilter', 'tag'];
const GIT_REF_KEYS = ['branch', 'tag', 'semver', 'name', 'commit'];

export function sourceKindOf(url: string): 'OCIRepository' | 'GitRepository' {
  const u = url.trim();
  if (u.startsWith('oci://')) return 'OCIRepository';
  if (/^(https?|ssh):\/\//.test(u)) return 'GitRepository';
  throw new Error(`unsupported source URL scheme (expected oci://, https://, http://, or ssh://): ${url}`);
}

/** `digest=sha256:…,tag=v1.0` → {digest, tag}, refusing keys the source kind does not know. */
export function parseRefSpec(spec: string, kind: 'OCIRepository' | 'GitRepository'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const i = pair.indexOf('=');
    if (i < 0) throw new Error(`invalid reference specification format: "${pair}" (expected key=value)`);
    const key = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    if (!key) throw new Error(`empty key in reference specification: "${pair}"`);
    if (!value) throw new Error(`empty value for key "${key}" in reference specification`);
    out[key] = value;
  }
  const valid = kind === 'OCIRepository' ? OCI_REF_KEYS : GIT_REF_KEYS;
  for (const key of Object.keys(out)) {
    if (!valid.includes(key)) throw new Error(`invalid ${kind === 'OCIRepository' ? 'OCI' : 'Git'} reference key "${key}" (valid keys: ${valid.join(', ')})`);
  }
  if (out.digest && !out.digest.startsWith('sha256:')) throw new Error(`digest must be in format 'sha256:<hash>', got: ${out.digest}`);
  return out;
}

export function platformSourceObject(name: string, url: string, refSpec: string, secret: string): KubeObject {
  const kind = sourceKindOf(url);
  const ref = parseRefSpec(refSpec, kind);
  const spec: Record<string, unknown> = { url: url.trim(), interval: '5m0s' };
  if (Object.keys(ref).length) spec.ref = ref;
  if (secret) spec.secretRef = { name: secret };
  return { apiVersion: 'source.toolkit.fluxcd.io/v1', kind, metadata: { name, namespace: COZY_SYSTEM }, spec };
}

export function platformPackageSource(sourceName: string, sourceKind: 'OCIRepository' | 'GitRepository'): PackageSource {
  return {
    ...PACKAGESOURCE_GVK,
    metadata: { name: `cozystack.${sourceName}`, annotations: { [ANNOTATION_SKIP_COZYSTACK_VALUES]: 'true' } },
    spec: {
      sourceRef: { kind: sourceKind, name: sourceName, namespace: COZY_SYSTEM, path: '/' },
      variants: PLATFORM_VARIANTS.map((v) => ({
        name: v.name,
        components: [
          {
            name: 'platform',
            path: 'core/platform',
            install: { namespace: COZY_SYSTEM, releaseName: 'cozystack-platform' },
            valuesFiles: [...v.valuesFiles],
          },
        ],
      })),
    },
  };
}

/** Creates or updates the Flux source, then applies the PackageSource over it. */
export async function installPlatformSource(client: KubeClient, flags: { platformSourceName: string; platformSourceURL: string; platformSourceRef: string; platformSourceSecret: string }): Promise<void> {
  const source = platformSourceObject(flags.platformSourceName, flags.platformSourceURL, flags.platformSourceRef, flags.platformSourceSecret);
  const ref = { apiVersion: source.apiVersion, kind: source.kind, namespace: COZY_SYSTEM, name: flags.platformSourceName };
  try {
    const existing = await client.get(ref);
    const current = (existing.spec ?? {}) as Record<string, unknown>;
    const stale = Object.entries(source.spec as Record<string, unknown>).some(([k, v]) => !deepEqual(current[k], v)) || ('ref' in current && !('ref' in (source.spec as object)));
    if (stale) {
      await client.update({ ...existing, spec: source.spec }, { fieldManager: OPERATOR_FIELD_MANAGER });
    }
  } catch (err) {
    if (!isStatusError(err, 'NotFound')) throw err;
    await client.create(source, { fieldManager: OPERATOR_FIELD_MANAGER });
  }
  const ps = platformPackageSource(flags.platformSourceName, source.kind as 'OCIRepository' | 'GitRepository');
  await client.patch({ ...PACKAGESOURCE_GVK, name: ps.metadata.name! }, 'apply', ps, { fieldManager: OPERATOR_FIELD_MANAGER, force: true });
}
