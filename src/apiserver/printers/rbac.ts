// RBAC bindings (Role and ClusterRole use the default created-at printer, as upstream).

import type { KubeObject } from '../../machinery/object.ts';
import type { TablePrinter } from '../../machinery/table.ts';
import { ageColumn, nameColumn, objectAge, objectName } from '../../machinery/table-build.ts';
import { docColumn, obj, objs, str, textColumn } from './access.ts';

/** rbac.SubjectsStrings: users, groups and "namespace/name" service accounts. */
export function subjectsStrings(binding: KubeObject): { users: string[]; groups: string[]; serviceAccounts: string[] } {
  const users: string[] = [];
  const groups: string[] = [];
  const serviceAccounts: string[] = [];
  for (const s of objs(binding.subjects)) {
    if (s.kind === 'ServiceAccount') serviceAccounts.push(`${str(s.namespace)}/${str(s.name)}`);
    else if (s.kind === 'User') users.push(str(s.name));
    else if (s.kind === 'Group') groups.push(str(s.name));
  }
  return { users, groups, serviceAccounts };
}

function bindingPrinter(kind: 'roleBinding' | 'clusterRoleBinding'): TablePrinter {
  return {
    columns: [
      nameColumn(),
      docColumn('Role', 'string', kind === 'roleBinding' ? 'RoleBinding.roleRef' : 'ClusterRoleBinding.roleRef'),
      ageColumn(),
      textColumn('Users', 'string', `Users in the ${kind}`, 1),
      textColumn('Groups', 'string', `Groups in the ${kind}`, 1),
      textColumn('ServiceAccounts', 'string', `ServiceAccounts in the ${kind}`, 1),
    ],
    cells(b, now) {
      const ref = obj(b.roleRef);
      const { users, groups, serviceAccounts } = subjectsStrings(b);
      return [objectName(b), `${str(ref.kind)}/${str(ref.name)}`, objectAge(b, now), users.join(', '), groups.join(', '), serviceAccounts.join(', ')];
    },
  };
}

export const roleBindingPrinter = bindingPrinter('roleBinding');
export const clusterRoleBindingPrinter = bindingPrinter('clusterRoleBinding');
