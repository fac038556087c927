// The etcd-operator's labels (controllers/helpers.go): cluster-level and member-level sets.

export const LABEL_CLUSTER = 'etcd-operator.cozystack.io/cluster';
export const LABEL_ROLE = 'etcd-operator.cozystack.io/role';
export const ETCD_IMAGE = 'quay.io/coreos/etcd';
export const ETCD_GROUP_VERSION = 'etcd-operator.cozystack.io/v1alpha2';

export function clusterLabels(cluster: string): Record<string, string> {
  return { 'app.kubernetes.io/name': 'etcd', 'app.kubernetes.io/instance': cluster, 'app.kubernetes.io/managed-by': 'etcd-operator', [LABEL_CLUSTER]: cluster };
}

export function memberLabels(cluster: string, member: string): Record<string, string> {
  return { ...clusterLabels(cluster), 'app.kubernetes.io/component': member };
}

/** additionalMetadata labels, minus the operator's reserved prefix. */
export function additionalLabels(spec: Record<string, any>): Record<string, string> {
  const labels = (spec.additionalMetadata?.labels ?? {}) as Record<string, string>;
  return Object.fromEntries(Object.entries(labels).filter(([k]) => !k.startsWith('etcd-operator.cozystack.io/')));
}
