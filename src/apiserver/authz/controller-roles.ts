// kube-controller-manager's per-controller ClusterRoles (system:controller:*) and their bindings to
// the kube-system ServiceAccounts it runs each controller as with --use-service-account-credentials.

import type { KubeObject } from '../../machinery/object.ts';
import type { PolicyRule } from './rbac-rules.ts';
import { READ, RBAC_GROUP, clusterRole, clusterRoleBinding, eventsRule, rule } from './policy-builders.ts';

export const CONTROLLER_ROLE_PREFIX = 'system:controller:';


const LIST_WATCH = ['list', 'watch'];
const PATCH_UPDATE = ['patch', 'update'];
const UPDATE = ['update'];

// Each controller (its ServiceAccount's name) and its role's rules, in kube-apiserver's order.
const controllers: [string, () => PolicyRule[]][] = [
  ['attachdetach-controller', () => [
    rule([''], ['persistentvolumeclaims', 'persistentvolumes'], LIST_WATCH),
    rule([''], ['nodes'], READ),
    rule([''], ['nodes/status'], PATCH_UPDATE),
    rule([''], ['pods'], LIST_WATCH),
    eventsRule(),
    rule(['storage.k8s.io'], ['volumeattachments'], ['create', 'delete', 'get', 'list', 'watch']),
    rule(['storage.k8s.io'], ['csidrivers'], READ),
    rule(['storage.k8s.io'], ['csinodes'], READ),
  ]],
  ['certificate-controller', () => [
    rule(['certificates.k8s.io'], ['certificatesigningrequests'], ['delete', 'get', 'list', 'watch']),
    rule(['certificates.k8s.io'], ['certificatesigningrequests/approval', 'certificatesigningrequests/status'], UPDATE),
    rule(['certificates.k8s.io'], ['signers'], ['approve'], ['kubernetes.io/kube-apiserver-client-kubelet']),
    rule(['certificates.k8s.io'], ['signers'], ['sign'], ['kubernetes.io/kube-apiserver-client', 'kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving', 'kubernetes.io/legacy-unknown']),
    rule(['authorization.k8s.io'], ['subjectaccessreviews'], ['create']),
    eventsRule(),
  ]],
  ['clusterrole-aggregation-controller', () => [
    rule([RBAC_GROUP], ['clusterroles'], ['escalate', 'get', 'list', 'patch', 'update', 'watch']),
  ]],
  ['cronjob-controller', () => [
    rule(['batch'], ['cronjobs'], ['get', 'list', 'update', 'watch']),
    rule(['batch'], ['jobs'], ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    rule(['batch'], ['cronjobs/status'], UPDATE),
    rule(['batch'], ['cronjobs/finalizers'], UPDATE),
    rule([''], ['pods'], ['delete', 'list', 'watch']),
    eventsRule(),
  ]],
  ['daemon-set-controller', () => [
    rule(['apps', 'extensions'], ['daemonsets'], READ),
    rule(['apps', 'extensions'], ['daemonsets/status'], UPDATE),
    rule(['apps', 'extensions'], ['daemonsets/finalizers'], UPDATE),
    rule([''], ['nodes'], LIST_WATCH),
    rule([''], ['pods'], ['create', 'delete', 'list', 'patch', 'watch']),
    rule([''], ['pods/binding'], ['create']),
    rule(['apps'], ['controllerrevisions'], ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    eventsRule(),
  ]],
  ['deployment-controller', () => [
    rule(['apps', 'extensions'], ['deployments'], ['get', 'list', 'update', 'watch']),
    rule(['apps', 'extensions'], ['deployments/status'], UPDATE),
    rule(['apps', 'extensions'], ['deployments/finalizers'], UPDATE),
    rule(['apps', 'extensions'], ['replicasets'], ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    rule([''], ['pods'], ['get', 'list', 'update', 'watch']),
    eventsRule(),
  ]],
  ['device-taint-eviction-controller', () => [
    rule([''], ['pods'], ['delete', 'get', 'list', 'watch']),
    rule([''], ['pods/status'], PATCH_UPDATE),
    rule(['resource.k8s.io'], ['resourceclaims'], READ),
    rule(['resource.k8s.io'], ['resourceslices'], READ),
    rule(['resource.k8s.io'], ['deviceclasses'], READ),
    eventsRule(),
  ]],
  ['disruption-controller', () => [
    rule(['apps', 'extensions'], ['deployments'], READ),
    rule(['apps', 'extensions'], ['replicasets'], READ),
    rule([''], ['replicationcontrollers'], READ),
    rule(['policy'], ['poddisruptionbudgets'], READ),
    rule(['apps'], ['statefulsets'], READ),
    rule(['policy'], ['poddisruptionbudgets/status'], UPDATE),
    rule([''], ['pods/status'], PATCH_UPDATE),
    rule(['*'], ['*/scale'], ['get']),
    eventsRule(),
  ]],
  ['endpoint-controller', () => [
    rule([''], ['pods', 'services'], READ),
    rule([''], ['endpoints'], ['create', 'delete', 'get', 'list', 'update', 'watch']),
    rule([''], ['endpoints/restricted'], ['create']),
    eventsRule(),
  ]],
  ['endpointslice-controller', () => [
    rule([''], ['nodes', 'pods', 'services'], READ),
    rule([''], ['services/finalizers'], UPDATE),
    rule(['discovery.k8s.io'], ['endpointslices'], ['create', 'delete', 'get', 'list', 'update', 'watch']),
    eventsRule(),
  ]],
  ['endpointslicemirroring-controller', () => [
    rule([''], ['endpoints', 'services'], READ),
    rule([''], ['services/finalizers'], UPDATE),
    rule([''], ['endpoints/finalizers'], UPDATE),
    rule(['discovery.k8s.io'], ['endpointslices'], ['create', 'delete', 'get', 'list', 'update', 'watch']),
    eventsRule(),
  ]],
  ['ephemeral-volume-controller', () => [
    rule([''], ['pods'], READ),
    rule([''], ['pods/finalizers'], UPDATE),
    rule([''], ['persistentvolumeclaims'], ['create', 'get', 'list', 'watch']),
    eventsRule(),
  ]],
  ['expand-controller', () => [
    rule([''], ['persistentvolumes'], ['get', 'list', 'patch', 'update', 'watch']),
    rule([''], ['persistentvolumeclaims/status'], PATCH_UPDATE),
    rule([''], ['persistentvolumeclaims'], READ),
    eventsRule(),
  ]],
  ['generic-garbage-collector', () => [
    rule(['*'], ['*'], ['delete', 'get', 'list', 'patch', 'update', 'watch']),
    eventsRule(),
  ]],
  ['horizontal-pod-autoscaler', () => [
    rule(['autoscaling'], ['horizontalpodautoscalers'], READ),
    rule(['autoscaling'], ['horizontalpodautoscalers/status'], UPDATE),
    rule(['*'], ['*/scale'], ['get', 'update']),
    rule([''], ['pods'], LIST_WATCH),
    rule(['metrics.k8s.io'], ['pods'], LIST_WATCH),
    rule(['custom.metrics.k8s.io'], ['*'], READ),
    rule(['external.metrics.k8s.io'], ['*'], READ),
    eventsRule(),
  ]],
  ['job-controller', () => [
    rule(['batch'], ['jobs'], ['get', 'list', 'patch', 'update', 'watch']),
    rule(['batch'], ['jobs/status'], UPDATE),
    rule(['batch'], ['jobs/finalizers'], UPDATE),
    rule([''], ['pods'], ['create', 'delete', 'list', 'patch', 'watch']),
    eventsRule(),
  ]],
  ['legacy-service-account-token-cleaner', () => [
    rule([''], ['configmaps'], ['get'], ['kube-apiserver-legacy-service-account-token-tracking']),
    rule([''], ['secrets'], ['delete', 'patch']),
  ]],
  ['namespace-controller', () => [
    rule([''], ['namespaces'], ['delete', 'get', 'list', 'watch']),
    rule([''], ['namespaces/finalize', 'namespaces/status'], UPDATE),
    rule(['*'], ['*'], ['delete', 'deletecollection', 'get', 'list', 'watch']),
  ]],
  ['node-controller', () => [
    rule([''], ['nodes'], ['delete', 'get', 'list', 'patch', 'update', 'watch']),
    rule([''], ['nodes/status'], PATCH_UPDATE),
    rule([''], ['pods/status'], PATCH_UPDATE),
    rule([''], ['pods'], ['delete', 'get', 'list', 'watch']),
    eventsRule(),
  ]],
  ['persistent-volume-binder', () => [
    rule([''], ['persistentvolumes'], ['create', 'delete', 'get', 'list', 'update', 'watch']),
    rule([''], ['persistentvolumes/status'], UPDATE),
    rule([''], ['persistentvolumeclaims'], ['get', 'list', 'update', 'watch']),
    rule([''], ['persistentvolumeclaims/status'], UPDATE),
    rule([''], ['pods'], ['create', 'delete', 'get', 'list', 'watch']),
    rule(['storage.k8s.io'], ['storageclasses'], READ),
    rule([''], ['nodes'], LIST_WATCH),
    eventsRule(),
    rule([''], ['events'], ['watch']),
  ]],
  ['pod-garbage-collector', () => [
    rule([''], ['pods'], ['delete', 'list', 'watch']),
    rule([''], ['nodes'], READ),
    rule([''], ['pods/status'], ['patch']),
  ]],
  ['pv-protection-controller', () => [
    rule([''], ['persistentvolumes'], ['get', 'list', 'update', 'watch']),
    eventsRule(),
  ]],
  ['pvc-protection-controller', () => [
    rule([''], ['persistentvolumeclaims'], ['get', 'list', 'update', 'watch']),
    rule([''], ['persistentvolumeclaims/status'], UPDATE),
    rule([''], ['pods'], READ),
    eventsRule(),
  ]],
  ['replicaset-controller', () => [
    rule(['apps', 'extensions'], ['replicasets'], ['get', 'list', 'update', 'watch']),
    rule(['apps', 'extensions'], ['replicasets/status'], UPDATE),
    rule(['apps', 'extensions'], ['replicasets/finalizers'], UPDATE),
    rule([''], ['pods'], ['create', 'delete', 'list', 'patch', 'watch']),
    eventsRule(),
  ]],
  ['replication-controller', () => [
    rule([''], ['replicationcontrollers'], ['get', 'list', 'update', 'watch']),
    rule([''], ['replicationcontrollers/status'], UPDATE),
    rule([''], ['replicationcontrollers/finalizers'], UPDATE),
    rule([''], ['pods'], ['create', 'delete', 'list', 'patch', 'watch']),
    eventsRule(),
  ]],
  ['resource-claim-controller', () => [
    rule([''], ['pods'], READ),
    rule([''], ['pods/finalizers'], UPDATE),
    rule(['resource.k8s.io'], ['resourceclaims'], ['create', 'delete', 'get', 'list', 'watch']),
    rule(['resource.k8s.io'], ['resourceclaims', 'resourceclaims/status'], PATCH_UPDATE),
    rule([''], ['pods/status'], PATCH_UPDATE),
    eventsRule(),
    rule(['resource.k8s.io'], ['resourceclaims/binding'], PATCH_UPDATE),
  ]],
  ['resourcequota-controller', () => [
    rule(['*'], ['*'], LIST_WATCH),
    rule([''], ['resourcequotas/status'], UPDATE),
    eventsRule(),
  ]],
  ['root-ca-cert-publisher', () => [
    rule([''], ['configmaps'], ['create', 'update']),
    eventsRule(),
  ]],
  ['route-controller', () => [
    rule([''], ['nodes'], LIST_WATCH),
    rule([''], ['nodes/status'], ['patch']),
    eventsRule(),
  ]],
  ['selinux-warning-controller', () => [
    eventsRule(),
    rule([''], ['persistentvolumes'], READ),
    rule([''], ['persistentvolumeclaims'], READ),
    rule([''], ['pods'], READ),
    rule(['storage.k8s.io'], ['csidrivers'], READ),
  ]],
  ['service-account-controller', () => [
    rule([''], ['serviceaccounts'], ['create']),
    eventsRule(),
  ]],
  ['service-cidrs-controller', () => [
    rule(['networking.k8s.io'], ['servicecidrs'], ['get', 'list', 'patch', 'update', 'watch']),
    rule(['networking.k8s.io'], ['servicecidrs/finalizers'], PATCH_UPDATE),
    rule(['networking.k8s.io'], ['servicecidrs/status'], PATCH_UPDATE),
    rule(['networking.k8s.io'], ['ipaddresses'], READ),
    eventsRule(),
  ]],
  ['service-controller', () => [
    rule([''], ['services'], READ),
    rule([''], ['services/status'], PATCH_UPDATE),
    rule([''], ['nodes'], LIST_WATCH),
    eventsRule(),
  ]],
  ['statefulset-controller', () => [
    rule([''], ['pods'], LIST_WATCH),
    rule(['apps'], ['statefulsets'], READ),
    rule(['apps'], ['statefulsets/status'], UPDATE),
    rule(['apps'], ['statefulsets/finalizers'], UPDATE),
    rule([''], ['pods'], ['create', 'delete', 'get', 'patch', 'update']),
    rule(['apps'], ['controllerrevisions'], ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
    rule([''], ['persistentvolumeclaims'], ['create', 'get', 'list', 'watch']),
    rule([''], ['persistentvolumeclaims'], ['delete', 'update']),
    rule([''], ['pods/finalizers'], UPDATE),
    eventsRule(),
  ]],
  ['ttl-after-finished-controller', () => [
    rule(['batch'], ['jobs'], ['delete', 'get', 'list', 'watch']),
    eventsRule(),
  ]],
  ['ttl-controller', () => [
    rule([''], ['nodes'], ['list', 'patch', 'update', 'watch']),
    eventsRule(),
  ]],
  ['validatingadmissionpolicy-status-controller', () => [
    rule(['admissionregistration.k8s.io'], ['validatingadmissionpolicies'], READ),
    rule(['admissionregistration.k8s.io'], ['validatingadmissionpolicies/status'], ['get', 'patch', 'update']),
    eventsRule(),
  ]],
  ['volumeattributesclass-protection-controller', () => [
    rule([''], ['persistentvolumeclaims'], READ),
    rule([''], ['persistentvolumes'], READ),
    rule(['storage.k8s.io'], ['volumeattributesclasses'], ['get', 'list', 'update', 'watch']),
    eventsRule(),
  ]],
];

export function controllerClusterRoles(): KubeObject[] {
  return controllers.map(([name, rules]) => clusterRole(CONTROLLER_ROLE_PREFIX + name, rules()));
}

/** Each controller's role bound to the ServiceAccount kube-system/<controller>, the binding named as the role. */
export function controllerClusterRoleBindings(): KubeObject[] {
  return controllers.map(([name]) => clusterRoleBinding(CONTROLLER_ROLE_PREFIX + name, [`ServiceAccount:kube-system/${name}`]));
}
