// Which built-in kinds get OpenAPI schemas, and how client-node's model names map onto the
// upstream component names (`V1Pod` → `io.k8s.api.core.v1.Pod`).

export interface BuiltinKind {
  group: string;
  version: string;
  kind: string;
}

const k = (group: string, version: string, kinds: string[]): BuiltinKind[] => kinds.map((kind) => ({ group, version, kind }));

/** Served kinds, core first: a nested type is named after the first kind (in this order) that reaches it. */
export const BUILTIN_KINDS: BuiltinKind[] = [
  ...k('', 'v1', [
    'Namespace', 'ConfigMap', 'Secret', 'ServiceAccount', 'Service', 'Pod', 'Event', 'Node', 'PersistentVolumeClaim',
    'PersistentVolume', 'ResourceQuota', 'LimitRange', 'Endpoints', 'Binding', 'ReplicationController', 'PodTemplate',
  ]),
  ...k('events.k8s.io', 'v1', ['Event']),
  ...k('apps', 'v1', ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'ControllerRevision']),
  ...k('batch', 'v1', ['Job', 'CronJob']),
  ...k('certificates.k8s.io', 'v1', ['CertificateSigningRequest']),
  ...k('admissionregistration.k8s.io', 'v1', ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding']),
  ...k('rbac.authorization.k8s.io', 'v1', ['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']),
  ...k('networking.k8s.io', 'v1', ['NetworkPolicy', 'Ingress', 'IngressClass', 'ServiceCIDR', 'IPAddress']),
  ...k('storage.k8s.io', 'v1', ['StorageClass', 'CSIDriver', 'CSINode', 'VolumeAttachment', 'CSIStorageCapacity']),
  ...k('node.k8s.io', 'v1', ['RuntimeClass']),
  ...k('coordination.k8s.io', 'v1', ['Lease']),
  ...k('apiextensions.k8s.io', 'v1', ['CustomResourceDefinition']),
  ...k('apiregistration.k8s.io', 'v1', ['APIService']),
  ...k('discovery.k8s.io', 'v1', ['EndpointSlice']),
  ...k('policy', 'v1', ['PodDisruptionBudget']),
  ...k('scheduling.k8s.io', 'v1', ['PriorityClass']),
  ...k('authorization.k8s.io', 'v1', ['SelfSubjectAccessReview', 'SelfSubjectRulesReview', 'SubjectAccessReview']),
  ...k('authentication.k8s.io', 'v1', ['TokenRequest', 'TokenReview', 'SelfSubjectReview']),
  ...k('authentication.k8s.io', 'v1beta1', ['SelfSubjectReview']),
  ...k('authentication.k8s.io', 'v1alpha1', ['SelfSubjectReview']),
  ...k('autoscaling', 'v2', ['HorizontalPodAutoscaler']),
  ...k('autoscaling', 'v1', ['Scale', 'HorizontalPodAutoscaler']),
];

/** Core types reached first from a non-core kind; named as core so they match upstream. */
const CORE_TYPES = new Set(['PodTemplateSpec', 'TopologySelectorTerm', 'TopologySelectorLabelRequirement']);

const META_TYPES = new Set([
  'ObjectMeta', 'ListMeta', 'LabelSelector', 'LabelSelectorRequirement', 'Condition', 'ManagedFieldsEntry', 'OwnerReference',
  'FieldSelectorRequirement', 'Status', 'StatusDetails', 'StatusCause', 'DeleteOptions', 'Preconditions', 'APIResource',
  'APIResourceList', 'APIGroup', 'APIGroupList', 'APIVersions', 'GroupVersionForDiscovery', 'ServerAddressByClientCIDR', 'WatchEvent',
]);

export const META_PACKAGE = 'io.k8s.apimachinery.pkg.apis.meta';

/** The Go package prefix of an API group's types (`io.k8s.api.apps`). */
export function packageOfGroup(group: string): string {
  if (group === 'apiextensions.k8s.io') return 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions';
  if (group === 'apiregistration.k8s.io') return 'io.k8s.kube-aggregator.pkg.apis.apiregistration';
  return `io.k8s.api.${group === '' ? 'core' : group.split('.')[0]}`;
}

/** client-node's group prefix (`Core`, `Events`, `Rbac` …) → the package it stands for. */
function packageOfPrefix(prefix: string): string {
  const group = prefix.toLowerCase();
  if (group === 'core') return packageOfGroup('');
  if (group === 'apiextensions') return packageOfGroup('apiextensions.k8s.io');
  if (group === 'apiregistration') return packageOfGroup('apiregistration.k8s.io');
  return `io.k8s.api.${group}`;
}

const MODEL_NAME = /^([A-Z][a-z]+)?(V\d+(?:alpha\d+|beta\d+)?)([A-Z].*)$/;

export interface ModelName {
  /** Package from the model's own prefix (`CoreV1Event`), if it has one. */
  prefixPackage?: string;
  version: string;
  type: string;
}

export function parseModelName(model: string): ModelName | undefined {
  const m = MODEL_NAME.exec(model);
  if (!m) return undefined;
  return { prefixPackage: m[1] ? packageOfPrefix(m[1]) : undefined, version: m[2]!.charAt(0).toLowerCase() + m[2]!.slice(1), type: m[3]! };
}

/** The upstream component name of a model, given the package of the kind that first reached it. */
export function componentName(model: string, reachedFrom: string): string {
  const parsed = parseModelName(model);
  if (!parsed) return model;
  let pkg = parsed.prefixPackage ?? reachedFrom;
  if (!parsed.prefixPackage && META_TYPES.has(parsed.type)) pkg = META_PACKAGE;
  if (!parsed.prefixPackage && CORE_TYPES.has(parsed.type)) pkg = packageOfGroup('');
  return `${pkg}.${parsed.version}.${parsed.type}`;
}

/** Candidate client-node model names of a kind: group-prefixed first (`EventsV1Event`), then plain (`V1Event`). */
export function kindModelCandidates(group: string, version: string, kind: string): string[] {
  const v = version.charAt(0).toUpperCase() + version.slice(1);
  const prefix = group === '' ? 'Core' : group.split('.')[0]!.charAt(0).toUpperCase() + group.split('.')[0]!.slice(1);
  return [`${prefix}${v}${kind}`, `${v}${kind}`];
}
