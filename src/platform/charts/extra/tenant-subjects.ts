// cozy-lib's RBAC helpers (packages/library/cozy-lib/templates/_rbac.tpl): who may see a tenant's
// objects at an access level — the tenant's and every ancestor's ServiceAccount, and their
// `<tenant>-<level>` groups for that level and every level above it.

import { ChartRenderError } from '../chart.ts';

export const ACCESS_LEVELS = { view: 0, use: 1, admin: 2, 'super-admin': 3 } as const;
export type AccessLevel = keyof typeof ACCESS_LEVELS;

export interface Subject {
  kind: 'Group' | 'ServiceAccount';
  name: string;
  apiGroup?: string;
  namespace?: string;
}

/** `cozy-lib.rbac.allParentTenantsAndThis`: tenant-abc-def → tenant-abc, tenant-abc-def, tenant-root. */
export function parentTenantsAndThis(tenant: string): string[] {
  if (!tenant.startsWith('tenant-')) throw new ChartRenderError(`'${tenant}' is not a valid tenant identifier`);
  const parts = tenant.split('-');
  const tenants: string[] = [];
  for (let i = 2; i <= parts.length; i++) tenants.push(parts.slice(0, i).join('-'));
  if (tenant !== 'tenant-root') tenants.push('tenant-root');
  return tenants;
}

/** Levels at or above `level`, in the key order Go's map range gives (alphabetical). */
export function accessLevelsAtOrAbove(level: string): AccessLevel[] {
  const min = (ACCESS_LEVELS as Record<string, number>)[level];
  if (min === undefined) throw new ChartRenderError(`encountered access level of ${level}, allowed values are [${Object.keys(ACCESS_LEVELS).sort().join(' ')}]`);
  return (Object.keys(ACCESS_LEVELS) as AccessLevel[]).sort().filter((l) => ACCESS_LEVELS[l] >= min);
}

/** `cozy-lib.rbac.subjectsForTenantAndAccessLevel`. */
export function subjectsForTenantAndAccessLevel(level: string, tenant: string): Subject[] {
  const levels = accessLevelsAtOrAbove(level);
  return parentTenantsAndThis(tenant).flatMap((t) => [
    { kind: 'ServiceAccount' as const, name: t, namespace: t },
    ...levels.map((l) => ({ kind: 'Group' as const, name: `${t}-${l}`, apiGroup: 'rbac.authorization.k8s.io' })),
  ]);
}
