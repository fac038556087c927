// P-8: a package disabled after install stays. The platform chart simply stops rendering its
// Package; the helm engine leaves it in place because it carries `helm.sh/resource-policy: keep`.
// Such a Package still has the platform release's ownership annotations, but the release's last
// manifest no longer lists it: that is how the operator finds it and says so.

import { gunzipSync } from 'node:zlib';
import type { KubeObject } from '../../../machinery/object.ts';
import { parseManifest } from '../../helm/release.ts';
import { COZY_SYSTEM, PLATFORM_RELEASE, type Package } from '../types.ts';

/** The label selector of the platform release's records (Helm's Secret storage driver). */
export const PLATFORM_RELEASE_SELECTOR = `owner=helm,name=${PLATFORM_RELEASE}`;

/** Helm stores base64(gzip(JSON)) in the Secret's `release` key (so the API shows it base64 twice). */
export function decodeRelease(secret: KubeObject): { manifest?: string; version?: number; info?: { status?: string } } | undefined {
  const data = (secret as { data?: Record<string, string> }).data?.release;
  if (!data) return undefined;
  let bytes = Buffer.from(data, 'base64');
  if (!(bytes[0] === 0x1f && bytes[1] === 0x8b) && bytes[0] !== 0x7b) bytes = Buffer.from(bytes.toString('latin1'), 'base64');
  const json = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return JSON.parse(json);
}

/** The Package names the platform release's deployed record renders, or undefined before the first deploy. */
export function renderedPackages(releaseSecrets: KubeObject[]): Set<string> | undefined {
  const deployed = releaseSecrets
    .filter((s) => s.metadata.labels?.status === 'deployed')
    .sort((a, b) => Number(b.metadata.labels?.version ?? 0) - Number(a.metadata.labels?.version ?? 0))[0];
  if (!deployed) return undefined;
  // A record's manifest never changes under the same uid and resourceVersion: decode it once.
  const version = `${deployed.metadata.uid}/${deployed.metadata.resourceVersion}`;
  if (lastRendered?.version === version && deployed.metadata.uid && deployed.metadata.resourceVersion) return new Set(lastRendered.names);
  const release = decodeRelease(deployed);
  if (!release) return undefined;
  const names = new Set<string>();
  for (const obj of parseManifest(release.manifest ?? '')) {
    if (obj.kind === 'Package' && obj.apiVersion?.startsWith('cozystack.io/')) names.add(obj.metadata.name!);
  }
  lastRendered = { version, names: new Set(names) };
  return names;
}

let lastRendered: { version: string; names: Set<string> } | undefined;

/** Packages the platform release installed that its current manifest no longer renders. */
export function keptPackages(packages: Package[], rendered: Set<string>): string[] {
  return packages
    .filter((p) => p.metadata.annotations?.['meta.helm.sh/release-name'] === PLATFORM_RELEASE && p.metadata.annotations?.['meta.helm.sh/release-namespace'] === COZY_SYSTEM)
    .filter((p) => !rendered.has(p.metadata.name!) && !p.metadata.deletionTimestamp)
    .map((p) => p.metadata.name!)
    .sort();
}

/** The platform's `bundles.disabledPackages`, from the Platform Package's values. */
export function disabledPackages(platform: Package): string[] {
  const bundles = (platform.spec?.components?.platform?.values as { bundles?: { disabledPackages?: unknown } } | undefined)?.bundles;
  return Array.isArray(bundles?.disabledPackages) ? bundles.disabledPackages.filter((x): x is string => typeof x === 'string') : [];
}

/** What the platform Package says about one kept package. */
export function keptMessage(name: string, disabled: string[]): string {
  const why = disabled.includes(name) ? 'is listed in bundles.disabledPackages' : 'is no longer part of the platform\'s bundles';
  return `package ${name} ${why} but stays installed: disabling a package on a running platform does not remove it (its Package carries helm.sh/resource-policy: keep); to remove it, run: kubectl delete package ${name}`;
}
