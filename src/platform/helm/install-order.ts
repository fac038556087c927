// The order Helm installs kinds in (releaseutil.InstallOrder), with CustomResourceDefinitions
// moved to the front as Helm's crds/ directory is; uninstall runs the reverse.

import type { KubeObject } from '../../machinery/object.ts';

const INSTALL_ORDER = [
  'CustomResourceDefinition', 'PriorityClass', 'Namespace', 'NetworkPolicy', 'ResourceQuota', 'LimitRange', 'PodSecurityPolicy', 'PodDisruptionBudget',
  'ServiceAccount', 'Secret', 'SecretList', 'ConfigMap', 'StorageClass', 'PersistentVolume', 'PersistentVolumeClaim',
  'ClusterRole', 'ClusterRoleList', 'ClusterRoleBinding', 'ClusterRoleBindingList', 'Role', 'RoleList', 'RoleBinding', 'RoleBindingList',
  'Service', 'DaemonSet', 'Pod', 'ReplicationController', 'ReplicaSet', 'Deployment', 'HorizontalPodAutoscaler', 'StatefulSet', 'Job',
  'CronJob', 'IngressClass', 'Ingress', 'APIService', 'MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration',
];

function rank(kind: string): number {
  const i = INSTALL_ORDER.indexOf(kind);
  return i < 0 ? INSTALL_ORDER.length : i;
}

/** A stable sort: within a kind, objects keep the order the chart rendered them in. */
export function inInstallOrder(objects: KubeObject[]): KubeObject[] {
  return objects.map((o, i) => ({ o, i })).sort((a, b) => rank(a.o.kind) - rank(b.o.kind) || a.i - b.i).map(({ o }) => o);
}

export function inUninstallOrder(objects: KubeObject[]): KubeObject[] {
  return inInstallOrder(objects).reverse();
}
