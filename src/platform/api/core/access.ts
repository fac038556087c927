// Which tenant namespaces a caller may see (pkg/registry/core/tenantnamespace/rest.go): cluster
// admins see all; anyone else a namespace where some RoleBinding names them, one of their groups,
// or their ServiceAccount.

import type { KubeObject } from '../../../machinery/object.ts';
import { SYSTEM_MASTERS, type UserInfo } from '../../../apiserver/auth/user.ts';
import type { Store } from '../../../storage/store.ts';

export const CLUSTER_ADMIN_GROUP = 'cozystack-cluster-admin';
const ROLEBINDINGS_PREFIX = '/registry/rbac.authorization.k8s.io/rolebindings/';

interface Subject {
  kind: string;
  name: string;
  namespace?: string;
}

export function subjectMatches(subject: Subject, user: UserInfo): boolean {
  if (subject.kind === 'User') return subject.name === user.username;
  if (subject.kind === 'Group') return user.groups.includes(subject.name);
  if (subject.kind === 'ServiceAccount') return user.username === `system:serviceaccount:${subject.namespace ?? ''}:${subject.name}`;
  return false;
}

/** A predicate over namespace names: may the user see this tenant namespace? */
export async function tenantNamespaceAccess(store: Store, user: UserInfo): Promise<(namespace: string) => boolean> {
  if (user.groups.includes(SYSTEM_MASTERS) || user.groups.includes(CLUSTER_ADMIN_GROUP)) return () => true;
  const bindings = await store.list(ROLEBINDINGS_PREFIX);
  const allowed = new Set<string>();
  for (const sv of bindings.items) {
    const rb = JSON.parse(sv.value) as KubeObject & { subjects?: Subject[] };
    if ((rb.subjects ?? []).some((s) => subjectMatches(s, user))) allowed.add(rb.metadata.namespace ?? '');
  }
  return (namespace) => allowed.has(namespace);
}
