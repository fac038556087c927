// The labels and prefixes that tie an application to its HelmRelease (facts §2.2, §12.6).

export const USER_KEY_PREFIX = 'apps.cozystack.io-';
export const KIND_LABEL = 'apps.cozystack.io/application.kind';
export const GROUP_LABEL = 'apps.cozystack.io/application.group';
export const NAME_LABEL = 'apps.cozystack.io/application.name';
export const SHARD_LABEL = 'sharding.fluxcd.io/key';
export const TENANT_MODULE_LABEL = 'internal.cozystack.io/tenantmodule';

/** `{a: 1}` → `{'apps.cozystack.io-a': 1}`. */
export function prefixKeys(map: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map ?? {})) out[USER_KEY_PREFIX + k] = v;
  return out;
}

/** Only the `apps.cozystack.io-` keys, with the prefix removed; undefined when none. */
export function unprefixKeys(map: Record<string, string> | undefined): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map ?? {})) if (k.startsWith(USER_KEY_PREFIX)) out[k.slice(USER_KEY_PREFIX.length)] = v;
  return Object.keys(out).length ? out : undefined;
}

/** The namespace a Tenant's workloads live in (computeTenantNamespace in rest.go). */
export function tenantNamespaceOf(parentNamespace: string, tenantName: string, prefix = 'tenant-'): string {
  if (parentNamespace === 'tenant-root' && prefix + tenantName === 'tenant-root') return 'tenant-root';
  if (parentNamespace === 'tenant-root') return `tenant-${tenantName}`;
  return `${parentNamespace}-${tenantName}`;
}
