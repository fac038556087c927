// The Platform Package `cozylab up` applies: the user's (`--platform FILE`, any YAML the docs
// show) or a default one — variant isp-full, publishing.host example.org, the API server's own URL
// as apiServerEndpoint, and the default networking ranges.

import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { PACKAGE_GVK, PLATFORM_PACKAGE, type Package } from './types.ts';
import { platformPackageErrors } from './package-admission.ts';

export const DEFAULT_NETWORKING = { podCIDR: '10.244.0.0/16', podGateway: '10.244.0.1', serviceCIDR: '10.96.0.0/16', joinCIDR: '100.64.0.0/16' };

export function defaultPlatformPackage(apiServerEndpoint: string): Package {
  return {
    ...PACKAGE_GVK,
    metadata: { name: PLATFORM_PACKAGE },
    spec: {
      variant: 'isp-full',
      components: {
        platform: {
          values: {
            publishing: { host: 'example.org', apiServerEndpoint },
            networking: { ...DEFAULT_NETWORKING },
          },
        },
      },
    },
  };
}

/** A refused Platform Package file: the message says what to fix. */
export class PlatformPackageError extends Error {
  override name = 'PlatformPackageError';
}

/** Reads `--platform FILE`: exactly one `Package cozystack.cozystack-platform` with a valid variant. */
export function loadPlatformPackage(file: string): Package {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new PlatformPackageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const docs = parseAllDocuments(text);
  const objects: Package[] = [];
  for (const doc of docs) {
    if (doc.errors.length) throw new PlatformPackageError(`${file}: invalid YAML: ${doc.errors[0]!.message}`);
    const obj = doc.toJS() as Package | null;
    if (obj) objects.push(obj);
  }
  const packages = objects.filter((o) => o.kind === 'Package' && String(o.apiVersion).startsWith('cozystack.io/'));
  const platform = packages.filter((p) => p.metadata?.name === PLATFORM_PACKAGE);
  if (platform.length !== 1) {
    const found = objects.map((o) => `${o.kind ?? '?'} ${o.metadata?.name ?? '?'}`).join(', ') || 'nothing';
    throw new PlatformPackageError(`${file} must hold one Package (apiVersion ${PACKAGE_GVK.apiVersion}) named ${PLATFORM_PACKAGE}; found: ${found}`);
  }
  const pkg = platform[0]!;
  if (pkg.apiVersion !== PACKAGE_GVK.apiVersion) throw new PlatformPackageError(`${file}: apiVersion ${pkg.apiVersion} is not served; use ${PACKAGE_GVK.apiVersion}`);
  const errors = platformPackageErrors(pkg);
  if (errors.length) throw new PlatformPackageError(`${file}: Package ${PLATFORM_PACKAGE} is invalid: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
  return pkg;
}
