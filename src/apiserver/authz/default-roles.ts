// The bootstrap ClusterRoles and ClusterRoleBindings kube-apiserver creates at start, with the
// rules of its bootstrap policy: the user-facing roles, discovery and self-review, and the roles
// of the control plane's own components (scheduler, controller manager, kubelets, kube-proxy …).

import type { KubeObject } from '../../machinery/object.ts';
import type { PolicyRule } from './rbac-rules.ts';
import { clusterRole, clusterRoleBinding, eventsRule, READ, READ_WRITE, RBAC_GROUP, rule, urls, WRITE } from './policy-builders.ts';

export { RBAC_GROUP } from './policy-builders.ts';
export const AGGREGATE_TO_ADMIN = 'rbac.authorization.k8s.io/aggregate-to-admin';
export const AGGREGATE_TO_EDIT = 'rbac.authorization.k8s.io/aggregate-to-edit';
export const AGGREGATE_TO_VIEW = 'rbac.authorization.k8s.io/aggregate-to-view';

const EVENTS_WRITE = eventsRule();
const SIGNERS = 'certificates.k8s.io';

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

const kubeControllerManagerRules: PolicyRule[] = [
  EVENTS_WRITE,
  rule(['coordination.k8s.io'], ['leases'], ['create']),
  rule(['coordination.k8s.io'], ['leases'], ['get', 'update'], ['kube-controller-manager']),
  rule([''], ['secrets', 'serviceaccounts'], ['create']),
  rule([''], ['secrets'], ['delete']),
  rule([''], ['configmaps', 'namespaces', 'secrets', 'serviceaccounts'], ['get']),
  rule([''], ['secrets', 'serviceaccounts'], ['update']),
  rule(['authentication.k8s.io'], ['tokenreviews'], ['create']),
  rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create']),
  rule(['*'], ['*'], ['list', 'watch']),
  rule([''], ['serviceaccounts/token'], ['create']),
];

const kubeSchedulerRules: PolicyRule[] = [
  EVENTS_WRITE,
  rule(['coordination.k8s.io'], ['leases'], ['create']),
  rule(['coordination.k8s.io'], ['leases'], ['get', 'update'], ['kube-scheduler']),
  rule([''], ['nodes'], READ),
  rule([''], ['pods'], ['delete', 'get', 'list', 'watch']),
  rule([''], ['bindings', 'pods/binding'], ['create']),
  rule([''], ['pods/status'], ['patch', 'update']),
  rule([''], ['replicationcontrollers', 'services'], READ),
  rule(['apps', 'extensions'], ['replicasets'], READ),
  rule(['apps'], ['statefulsets'], READ),
  rule(['policy'], ['poddisruptionbudgets'], READ),
  rule([''], ['persistentvolumeclaims', 'persistentvolumes'], READ),
  rule(['authentication.k8s.io'], ['tokenreviews'], ['create']),
  rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create']),
  rule(['storage.k8s.io'], ['csinodes'], READ),
  rule([''], ['namespaces'], READ),
  rule(['storage.k8s.io'], ['csidrivers'], READ),
  rule(['storage.k8s.io'], ['csistoragecapacities'], READ),
];

// What a kubelet may do; the Node authorizer narrows it to its own node's objects.
const nodeRules: PolicyRule[] = [
  rule(['authentication.k8s.io'], ['tokenreviews'], ['create']),
  rule(['authorization.k8s.io'], ['localsubjectaccessreviews', 'subjectaccessreviews'], ['create']),
  rule([''], ['services'], READ),
  rule([''], ['nodes'], ['create', 'get', 'list', 'watch']),
  rule([''], ['nodes/status'], ['patch', 'update']),
  rule([''], ['nodes'], ['patch', 'update']),
  rule([''], ['events'], ['create', 'patch', 'update']),
  rule([''], ['pods'], READ),
  rule([''], ['pods'], ['create', 'delete']),
  rule([''], ['pods/status'], ['patch', 'update']),
  rule([''], ['pods/eviction'], ['create']),
  rule([''], ['configmaps', 'secrets'], READ),
  rule([''], ['persistentvolumeclaims', 'persistentvolumes'], ['get']),
  rule([''], ['endpoints'], ['get']),
  rule(['certificates.k8s.io'], ['certificatesigningrequests'], ['create', 'get', 'list', 'watch']),
  rule(['coordination.k8s.io'], ['leases'], ['create', 'delete', 'get', 'patch', 'update']),
  rule(['storage.k8s.io'], ['volumeattachments'], ['get']),
  rule([''], ['serviceaccounts/token'], ['create']),
  rule([''], ['persistentvolumeclaims/status'], ['get', 'patch', 'update']),
  rule(['storage.k8s.io'], ['csidrivers'], READ),
  rule(['storage.k8s.io'], ['csinodes'], ['create', 'delete', 'get', 'patch', 'update']),
  rule(['node.k8s.io'], ['runtimeclasses'], READ),
];

const approver = (signer: string) => clusterRole(`system:certificates.k8s.io:${signer.replace('kubernetes.io/', '')}-approver`, [rule([SIGNERS], ['signers'], ['approve'], [signer])]);

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
    clusterRole('system:monitoring', [urls(['/healthz', '/healthz/*', '/livez', '/livez/*', '/metrics', '/metrics/slis', '/readyz', '/readyz/*'], ['get'])]),
    clusterRole('system:heapster', [rule([''], ['events', 'namespaces', 'nodes', 'pods'], READ), rule(['extensions'], ['deployments'], READ)]),
    clusterRole('system:kube-aggregator', [rule([''], ['endpoints', 'services'], READ)]),
    clusterRole('system:kube-controller-manager', kubeControllerManagerRules),
    clusterRole('system:kube-dns', [rule([''], ['endpoints', 'services'], ['list', 'watch'])]),
    clusterRole('system:kube-scheduler', kubeSchedulerRules),
    clusterRole('system:volume-scheduler', [
      rule([''], ['persistentvolumes'], ['get', 'list', 'patch', 'update', 'watch']),
      rule(['storage.k8s.io'], ['storageclasses'], READ),
      rule([''], ['persistentvolumeclaims'], ['get', 'list', 'patch', 'update', 'watch']),
    ]),
    clusterRole('system:node', nodeRules),
    clusterRole('system:node-bootstrapper', [rule(['certificates.k8s.io'], ['certificatesigningrequests'], ['create', 'get', 'list', 'watch'])]),
    clusterRole('system:node-problem-detector', [rule([''], ['nodes'], ['get']), rule([''], ['nodes/status'], ['patch']), EVENTS_WRITE]),
    clusterRole('system:node-proxier', [
      rule([''], ['endpoints', 'services'], ['list', 'watch']),
      rule([''], ['nodes'], READ),
      EVENTS_WRITE,
      rule(['discovery.k8s.io'], ['endpointslices'], ['list', 'watch']),
    ]),
    clusterRole('system:kubelet-api-admin', [
      rule([''], ['nodes'], READ),
      rule([''], ['nodes'], ['proxy']),
      rule([''], ['nodes/log', 'nodes/metrics', 'nodes/proxy', 'nodes/stats'], ['*']),
    ]),
    clusterRole('system:persistent-volume-provisioner', [
      rule([''], ['persistentvolumes'], ['create', 'delete', 'get', 'list', 'watch']),
      rule([''], ['persistentvolumeclaims'], ['get', 'list', 'update', 'watch']),
      rule(['storage.k8s.io'], ['storageclasses'], READ),
      rule([''], ['events'], ['watch']),
      EVENTS_WRITE,
    ]),
    clusterRole('system:certificates.k8s.io:certificatesigningrequests:nodeclient', [rule([SIGNERS], ['certificatesigningrequests/nodeclient'], ['create'])]),
    clusterRole('system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', [rule([SIGNERS], ['certificatesigningrequests/selfnodeclient'], ['create'])]),
    approver('kubernetes.io/kube-apiserver-client'),
    approver('kubernetes.io/kube-apiserver-client-kubelet'),
    approver('kubernetes.io/kubelet-serving'),
    approver('kubernetes.io/legacy-unknown'),
  ];
}

export function defaultClusterRoleBindings(): KubeObject[] {
  return [
    clusterRoleBinding('cluster-admin', ['Group:system:masters']),
    clusterRoleBinding('system:monitoring', ['Group:system:monitoring']),
    clusterRoleBinding('system:discovery', ['Group:system:authenticated']),
    clusterRoleBinding('system:basic-user', ['Group:system:authenticated']),
    clusterRoleBinding('system:public-info-viewer', ['Group:system:authenticated', 'Group:system:unauthenticated']),
    clusterRoleBinding('system:node-proxier', ['User:system:kube-proxy']),
    clusterRoleBinding('system:kube-controller-manager', ['User:system:kube-controller-manager']),
    clusterRoleBinding('system:kube-dns', ['ServiceAccount:kube-system/kube-dns']),
    clusterRoleBinding('system:kube-scheduler', ['User:system:kube-scheduler']),
    clusterRoleBinding('system:volume-scheduler', ['User:system:kube-scheduler']),
    // Kept without subjects since the Node authorizer took over from the system:nodes group (1.8).
    clusterRoleBinding('system:node', []),
    clusterRoleBinding('system:service-account-issuer-discovery', ['Group:system:serviceaccounts']),
  ];
}
