// templates/tenant.yaml: the tenant's ServiceAccount, its RoleBindings to the cozy:tenant
// ClusterRoles (subjects: the tenant and every ancestor, so a grant on a tenant reaches its
// descendants), and its binding to the dashboard Role in cozy-public.

import type { KubeObject } from '../../../../machinery/object.ts';
import { namespaceChain, ROOT_TENANT_NAMESPACE, tenantAndAncestors } from './names.ts';

export const ACCESS_LEVELS = ['view', 'use', 'admin', 'super-admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export interface Subject {
  kind: 'ServiceAccount' | 'Group';
  name: string;
  namespace?: string;
  apiGroup?: string;
}

const RBAC_GROUP = 'rbac.authorization.k8s.io';

function serviceAccountSubject(namespace: string): Subject {
  return { kind: 'ServiceAccount', name: namespace, namespace };
}

function groupSubject(name: string): Subject {
  return { kind: 'Group', name, apiGroup: RBAC_GROUP };
}

/** cozy-lib `accessLevelsAtOrAbove`, in the order Helm ranges over a map (sorted keys). */
export function levelsAtOrAbove(level: AccessLevel): AccessLevel[] {
  const min = ACCESS_LEVELS.indexOf(level);
  return ACCESS_LEVELS.filter((l) => ACCESS_LEVELS.indexOf(l) >= min).sort();
}

/** cozy-lib `subjectsForTenantAndAccessLevel`: per tenant up to the root, its ServiceAccount and `<t>-<level>` Groups. */
export function subjectsForTenantAndAccessLevel(level: AccessLevel, tenantNamespace: string): Subject[] {
  const levels = levelsAtOrAbove(level);
  return tenantAndAncestors(tenantNamespace).flatMap((t) => [serviceAccountSubject(t), ...levels.map((l) => groupSubject(`${t}-${l}`))]);
}

/** The `cozy:tenant` binding's subjects: tenant-root (below the root), the release namespace's chain, the tenant. */
function tenantRoleSubjects(releaseNamespace: string, tenantNamespace: string): Subject[] {
  const subjects: Subject[] = [];
  if (releaseNamespace !== ROOT_TENANT_NAMESPACE) subjects.push(serviceAccountSubject(ROOT_TENANT_NAMESPACE));
  if (releaseNamespace.startsWith('tenant-')) subjects.push(...namespaceChain(releaseNamespace).map(serviceAccountSubject));
  subjects.push(serviceAccountSubject(tenantNamespace));
  return subjects;
}

function roleBinding(name: string, namespace: string, subjects: Subject[], roleRef: { kind: 'ClusterRole' | 'Role'; name: string }): KubeObject {
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name, namespace }, subjects, roleRef: { ...roleRef, apiGroup: RBAC_GROUP } } as KubeObject;
}

export function tenantRbacObjects(releaseNamespace: string, tenantNamespace: string): KubeObject[] {
  const out: KubeObject[] = [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: tenantNamespace, namespace: tenantNamespace } },
    roleBinding('cozy:tenant', tenantNamespace, tenantRoleSubjects(releaseNamespace, tenantNamespace), { kind: 'ClusterRole', name: 'cozy:tenant' }),
  ];
  for (const level of ACCESS_LEVELS) {
    out.push(roleBinding(`cozy:tenant:${level}`, tenantNamespace, subjectsForTenantAndAccessLevel(level, tenantNamespace), { kind: 'ClusterRole', name: `cozy:tenant:${level}` }));
  }
  const dashboardSubjects = [...['super-admin', 'admin', 'use', 'view'].map((l) => groupSubject(`${tenantNamespace}-${l}`)), serviceAccountSubject(tenantNamespace)];
  out.push(roleBinding(`cozy:${tenantNamespace}:dashboard`, 'cozy-public', dashboardSubjects, { kind: 'Role', name: 'cozy:tenant:dashboard' }));
  return out;
}
