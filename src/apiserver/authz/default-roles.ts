// The bootstrap ClusterRoles and ClusterRoleBindings kube-apiserver creates at start, with the
// rules of its bootstrap policy (the user-facing roles and the discovery and self-review ones).

import type { KubeObject } from '../../machinery/object.ts';
import type { PolicyRule } from './rbac-rules.ts';

export const RBAC_GROUP = 'rbac.authorization.k8s.io';
export const BOOTSTRAPPING_LABEL = 'kubernetes.io/bootstrapping';
export const AUTOUPDATE_ANNOTATION = 'rbac.authorization.kubernetes.io/autoupdate';
export const AGGREGATE_TO_ADMIN = 'rbac.authorization.k8s.io/aggregate-to-admin';
export const AGGREGATE_TO_EDIT = 'rbac.authorization.k8s.io/aggregate-to-edit';
export const AGGREGATE_TO_VIEW = 'rbac.authorization.k8s.io/aggregate-to-view';

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const READ_WRITE = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

const rule = (apiGroups: string[], resources: string[], verbs: string[]): PolicyRule => ({ apiGroups, resources, verbs });
const urls = (nonResourceURLs: string[], verbs: string[]): PolicyRule => ({ nonResourceURLs, verbs });

function clusterRole(name: string, rules: PolicyRule[] | undefined, extra: { labels?: Record<string, string>; aggregateFrom?: string } = {}): KubeObject {
  return {
    apiVersion: `${RBAC_GROUP}/v1`,
    kind: 'ClusterRole',
    metadata: {
      name,
      labels: { [BOOTSTRAPPING_LABEL]: 'rbac-defaults', ...extra.labels },
      annotations: { [AUTOUPDATE_ANNOTATION]: 'true' },
    },
    ...(extra.aggregateFrom ? { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [extra.aggregateFrom]: 'true' } }] } } : {}),
    ...(rules ? { rules } : {}),
  };
}

const aggregateToViewRules: PolicyRule[] = [
  rule([''], ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status'], READ),
  rule([''], ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status'], READ),
  rule([''], ['namespaces'], READ),
  rule(['discovery.k8s.io'], ['endpointslices'], READ),
  rule(['apps'], ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status'], READ),
  rule(['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status'], READ),
  rule(['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status'], READ),
  rule(['extensions'], ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale'], READ),
  rule(['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status'], READ),
  rule(['networking.k8s.io'], ['ingresses', 'ingresses/status', 'networkpolicies'], READ),
];

const aggregateToEditRules: PolicyRule[] = [
  rule([''], ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy'], READ),
  rule([''], ['serviceaccounts'], ['impersonate']),
  rule([''], ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'], WRITE),
  rule([''], ['pods/eviction'], ['create']),
  rule([''], ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy'], WRITE),
  rule([''], ['serviceaccounts/token'], ['create']),
  rule(['apps'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale'], WRITE),
  rule(['autoscaling'], ['horizontalpodautoscalers'], WRITE),
  rule(['batch'], ['cronjobs', 'jobs'], WRITE),
  rule(['extensions'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale'], WRITE),
  rule(['policy'], ['poddisruptionbudgets'], WRITE),
  rule(['networking.k8s.io'], ['ingresses', 'networkpolicies'], WRITE),
  rule(['coordination.k8s.io'], ['leases'], READ_WRITE),
];

const aggregateToAdminRules: PolicyRule[] = [
  rule(['authorization.k8s.io'], ['localsubjectaccessreviews'], ['create']),
  rule([RBAC_GROUP], ['rolebindings', 'roles'], READ_WRITE),
];

const publicInfoURLs = ['/healthz', '/livez', '/readyz', '/version', '/version/'];

export function defaultClusterRoles(): KubeObject[] {
  return [
    clusterRole('cluster-admin', [rule(['*'], ['*'], ['*']), urls(['*'], ['*'])]),
    clusterRole('admin', undefined, { aggregateFrom: AGGREGATE_TO_ADMIN }),
    clusterRole('edit', undefined, { aggregateFrom: AGGREGATE_TO_EDIT, labels: { [AGGREGATE_TO_ADMIN]: 'true' } }),
    clusterRole('view', undefined, { aggregateFrom: AGGREGATE_TO_VIEW, labels: { [AGGREGATE_TO_EDIT]: 'true' } }),
    clusterRole('system:aggregate-to-admin', aggregateToAdminRules, { labels: { [AGGREGATE_TO_ADMIN]: 'true' } }),
    clusterRole('system:aggregate-to-edit', aggregateToEditRules, { labels: { [AGGREGATE_TO_EDIT]: 'true' } }),
    clusterRole('system:aggregate-to-view', aggregateToViewRules, { labels: { [AGGREGATE_TO_VIEW]: 'true' } }),
    clusterRole('system:discovery', [urls(['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'], ['get'])]),
    clusterRole('system:basic-user', [
      rule(['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], ['create']),
      rule(['authentication.k8s.io'], ['selfsubjectreviews'], ['create']),
    ]),
    clusterRole('system:public-info-viewer', [urls(publicInfoURLs, ['get'])]),
    clusterRole('system:service-account-issuer-discovery', [urls(['/.well-known/openid-configuration', '/.well-known/openid-configuration/', '/openid/v1/jwks', '/openid/v1/jwks/'], ['get'])]),
    // What an aggregated API server or a proxy needs to delegate authentication and authorization here.
    clusterRole('system:auth-delegator', [
      rule(['authentication.k8s.io'], ['tokenreviews'], ['create']),
      rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create']),
    ]),
  ];
}

function clusterRoleBinding(name: string, groups: string[]): KubeObject {
  return {
    apiVersion: `${RBAC_GROUP}/v1`,
    kind: 'ClusterRoleBinding',
    metadata: {
      name,
      labels: { [BOOTSTRAPPING_LABEL]: 'rbac-defaults' },
      annotations: { [AUTOUPDATE_ANNOTATION]: 'true' },
    },
    roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name },
    subjects: groups.map((g) => ({ apiGroup: RBAC_GROUP, kind: 'Group', name: g })),
  };
}

export function defaultClusterRoleBindings(): KubeObject[] {
  return [
    clusterRoleBinding('cluster-admin', ['system:masters']),
    clusterRoleBinding('system:basic-user', ['system:authenticated']),
    clusterRoleBinding('system:discovery', ['system:authenticated']),
    clusterRoleBinding('system:public-info-viewer', ['system:authenticated', 'system:unauthenticated']),
    clusterRoleBinding('system:service-account-issuer-discovery', ['system:serviceaccounts']),
  ];
}
