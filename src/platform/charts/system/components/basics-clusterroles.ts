// cozystack-basics templates/clusterroles.yaml and dashboard-role.yaml: the roles tenant RoleBindings
// point at. Each `cozy:tenant[:level]` role is empty and aggregates `…:base` roles by label; every
// level is aggregated into the levels above it (view < use < admin < super-admin).

import type { KubeObject } from '../../../../machinery/object.ts';

type Rule = { apiGroups: string[]; resources: string[]; verbs: string[] };

const READ = ['get', 'list', 'watch'];
const AGGREGATE = 'rbac.cozystack.io/aggregate-to-tenant';

/** Apps a tenant admin may create, update, patch and delete (tenants and modules are left to super-admins). */
export const ADMIN_APP_PLURALS = [
  'buckets', 'clickhouses', 'foos', 'foundationdbs', 'harbors', 'httpcaches', 'kafkas', 'kuberneteses', 'mariadbs', 'mongodbs', 'natses',
  'openbaos', 'opensearches', 'postgreses', 'qdrants', 'rabbitmqs', 'redises', 'seaweedfses', 'tcpbalancers', 'virtualmachines', 'vmdisks',
  'vminstances', 'vpns', 'infos', 'virtualprivateclouds',
];

function clusterRole(name: string, labels: Record<string, string>, rules: Rule[], aggregateFrom?: string): KubeObject {
  const role: Record<string, unknown> = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: Object.keys(labels).length ? { name, labels } : { name } };
  // The templates write `rules: []` on aggregated roles; left out here so the release does not own the
  // field the clusterrole-aggregation controller fills (the same role either way).
  if (aggregateFrom) role.aggregationRule = { clusterRoleSelectors: [{ matchLabels: { [aggregateFrom]: 'true' } }] };
  else role.rules = rules;
  return role as unknown as KubeObject;
}

const coreRead: Rule = { apiGroups: [''], resources: ['pods', 'services', 'persistentvolumes', 'endpoints', 'events', 'resourcequotas'], verbs: READ };
const endpointSlicesRead: Rule = { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: READ };
const ingressesRead: Rule = { apiGroups: ['networking.k8s.io'], resources: ['ingresses'], verbs: READ };
const rolesGet: Rule = { apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'], verbs: ['get'] };
const workloadsRead: Rule = { apiGroups: ['cozystack.io'], resources: ['workloadmonitors', 'workloads'], verbs: READ };

export function tenantClusterRoles(): KubeObject[] {
  const t = (suffix: string) => (suffix ? `${AGGREGATE}-${suffix}` : AGGREGATE);
  return [
    clusterRole('cozy:tenant', {}, [], t('')),
    clusterRole('cozy:tenant:base', { [t('')]: 'true' }, [
      coreRead, endpointSlicesRead, ingressesRead, rolesGet,
      { apiGroups: ['apps.cozystack.io'], resources: ['*'], verbs: ['*'] },
      { apiGroups: ['sdn.cozystack.io'], resources: ['securitygroups'], verbs: ['*'] },
      workloadsRead,
      { apiGroups: ['core.cozystack.io'], resources: ['tenantmodules', 'tenantsecrets', 'options'], verbs: READ },
    ]),
    clusterRole('cozy:tenant:view', { [t('use')]: 'true', [t('admin')]: 'true', [t('super-admin')]: 'true' }, [], t('view')),
    clusterRole('cozy:tenant:view:base', { [t('view')]: 'true' }, [
      rolesGet,
      { apiGroups: ['apps.cozystack.io'], resources: ['*'], verbs: READ },
      { apiGroups: ['sdn.cozystack.io'], resources: ['securitygroups'], verbs: READ },
      coreRead, endpointSlicesRead, ingressesRead, workloadsRead,
      { apiGroups: ['core.cozystack.io'], resources: ['options'], verbs: READ },
    ]),
    clusterRole('cozy:tenant:use', { [t('admin')]: 'true', [t('super-admin')]: 'true' }, [], t('use')),
    clusterRole('cozy:tenant:use:base', { [t('use')]: 'true' }, [
      { apiGroups: ['subresources.kubevirt.io'], resources: ['virtualmachineinstances/console', 'virtualmachineinstances/vnc'], verbs: ['get', 'list'] },
      { apiGroups: ['subresources.kubevirt.io'], resources: ['virtualmachineinstances/portforward'], verbs: ['get', 'update'] },
      { apiGroups: ['subresources.kubevirt.io'], resources: ['virtualmachines/start', 'virtualmachines/stop', 'virtualmachines/restart'], verbs: ['update'] },
      { apiGroups: ['core.cozystack.io'], resources: ['tenantmodules', 'tenantsecrets'], verbs: READ },
    ]),
    clusterRole('cozy:tenant:admin', { [t('super-admin')]: 'true' }, [], t('admin')),
    clusterRole('cozy:tenant:admin:base', { [t('admin')]: 'true' }, [
      { apiGroups: [''], resources: ['pods', 'services', 'persistentvolumes', 'endpoints', 'events'], verbs: ['delete'] },
      { apiGroups: ['kubevirt.io'], resources: ['virtualmachines'], verbs: ['get', 'list'] },
      { apiGroups: ['apps.cozystack.io'], resources: ADMIN_APP_PLURALS, verbs: ['create', 'update', 'patch', 'delete'] },
      { apiGroups: ['sdn.cozystack.io'], resources: ['securitygroups'], verbs: ['create', 'update', 'patch', 'delete'] },
    ]),
    clusterRole('cozy:tenant:super-admin', {}, [], t('super-admin')),
    clusterRole('cozy:tenant:super-admin:base', { [t('super-admin')]: 'true' }, [
      { apiGroups: ['kubevirt.io'], resources: ['virtualmachines'], verbs: ['*'] },
      { apiGroups: ['apps.cozystack.io'], resources: ['*'], verbs: ['*'] },
    ]),
  ];
}

/** The Role every tenant's dashboard binding in cozy-public points at. */
export function tenantDashboardRole(): KubeObject {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role',
    metadata: { name: 'cozy:tenant:dashboard', namespace: 'cozy-public' },
    rules: [
      { apiGroups: ['source.toolkit.fluxcd.io'], resources: ['helmrepositories'], verbs: ['get', 'list'] },
      { apiGroups: ['source.toolkit.fluxcd.io'], resources: ['helmcharts'], verbs: ['get', 'list'] },
      { apiGroups: [''], resources: ['persistentvolumeclaims'], verbs: READ },
    ],
  } as unknown as KubeObject;
}
