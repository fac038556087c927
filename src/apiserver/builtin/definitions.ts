// Every built-in kind cozylab serves, with the names, scope, short names and categories
// kube-apiserver gives it, and the strategy that governs its writes.

import { ALL_VERBS, type ResourceType } from '../resource.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { Strategy } from '../registry/strategy.ts';
import * as core from './core-strategies.ts';
import * as other from './other-strategies.ts';
import { podStrategy } from './pod-strategy.ts';
import { serviceStrategy } from './service-strategy.ts';
import * as serviceCidrs from './service-cidr-strategies.ts';
import * as csi from './csi-strategies.ts';
import * as workloads from './workload-strategies.ts';
import { crdStrategy } from '../crd/crd-strategy.ts';
import type { VersionConversion } from '../registry/converting-store.ts';
import { defaultHpaV2, hpaV1Strategy, hpaV2Strategy } from './autoscaling-strategies.ts';
import { hpaV1ToV2, hpaV2ToV1 } from './hpa-conversion.ts';
import { coreEventToEventsV1, eventsV1ToCoreEvent } from './event-conversion.ts';
import { csrStrategy } from './certificates-strategy.ts';
import { mutatingWebhookConfigurationStrategy, validatingWebhookConfigurationStrategy } from './webhook-configuration-strategies.ts';
import { validatingAdmissionPolicyBindingStrategy, validatingAdmissionPolicyStrategy } from './admission-policy-strategies.ts';

export interface BuiltinKind {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  shortNames?: string[];
  categories?: string[];
  subresources?: string[];
  verbs?: string[];
  strategy: Strategy;
  /** Served over the objects another version of the kind stores, converted on every read and write. */
  storedAs?: VersionConversion;
}

const ALL = ['all'];

export const BUILTIN_KINDS: BuiltinKind[] = [
  // core/v1
  { group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', namespaced: false, shortNames: ['ns'], subresources: ['status', 'finalize'], strategy: core.namespaceStrategy },
  { group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true, shortNames: ['cm'], strategy: core.configMapStrategy },
  { group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true, strategy: core.secretStrategy },
  { group: '', version: 'v1', kind: 'ServiceAccount', plural: 'serviceaccounts', namespaced: true, shortNames: ['sa'], subresources: ['token'], strategy: core.serviceAccountStrategy },
  { group: '', version: 'v1', kind: 'Service', plural: 'services', namespaced: true, shortNames: ['svc'], categories: ALL, subresources: ['status'], strategy: serviceStrategy },
  { group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced: true, shortNames: ['po'], categories: ALL, subresources: ['status', 'binding', 'ephemeralcontainers', 'log', 'eviction', 'exec', 'attach', 'portforward'], strategy: podStrategy },
  { group: '', version: 'v1', kind: 'Event', plural: 'events', namespaced: true, shortNames: ['ev'], strategy: core.coreEventStrategy },
  { group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: false, shortNames: ['no'], subresources: ['status'], strategy: core.nodeStrategy },
  { group: '', version: 'v1', kind: 'PersistentVolumeClaim', plural: 'persistentvolumeclaims', namespaced: true, shortNames: ['pvc'], subresources: ['status'], strategy: core.pvcStrategy },
  { group: '', version: 'v1', kind: 'PersistentVolume', plural: 'persistentvolumes', namespaced: false, shortNames: ['pv'], subresources: ['status'], strategy: core.pvStrategy },
  { group: '', version: 'v1', kind: 'ResourceQuota', plural: 'resourcequotas', namespaced: true, shortNames: ['quota'], subresources: ['status'], strategy: core.resourceQuotaStrategy },
  { group: '', version: 'v1', kind: 'LimitRange', plural: 'limitranges', namespaced: true, shortNames: ['limits'], strategy: core.limitRangeStrategy },
  { group: '', version: 'v1', kind: 'Endpoints', plural: 'endpoints', namespaced: true, shortNames: ['ep'], strategy: core.endpointsStrategy },
  { group: '', version: 'v1', kind: 'PodTemplate', plural: 'podtemplates', namespaced: true, strategy: workloads.podTemplateStrategy },
  { group: '', version: 'v1', kind: 'ReplicationController', plural: 'replicationcontrollers', namespaced: true, shortNames: ['rc'], categories: ALL, subresources: ['status', 'scale'], strategy: workloads.replicationControllerStrategy },
  // events.k8s.io/v1
  // events.k8s.io/v1: the core Events themselves, in their newer shape (one storage, as upstream)
  {
    group: 'events.k8s.io', version: 'v1', kind: 'Event', plural: 'events', namespaced: true, shortNames: ['ev'], strategy: core.eventsV1Strategy,
    storedAs: { toStorage: eventsV1ToCoreEvent, fromStorage: coreEventToEventsV1, storedPrefix: '/registry/core/events/' },
  },
  // apps/v1
  { group: 'apps', version: 'v1', kind: 'Deployment', plural: 'deployments', namespaced: true, shortNames: ['deploy'], categories: ALL, subresources: ['status', 'scale'], strategy: workloads.deploymentStrategy },
  { group: 'apps', version: 'v1', kind: 'StatefulSet', plural: 'statefulsets', namespaced: true, shortNames: ['sts'], categories: ALL, subresources: ['status', 'scale'], strategy: workloads.statefulSetStrategy },
  { group: 'apps', version: 'v1', kind: 'DaemonSet', plural: 'daemonsets', namespaced: true, shortNames: ['ds'], categories: ALL, subresources: ['status'], strategy: workloads.daemonSetStrategy },
  { group: 'apps', version: 'v1', kind: 'ReplicaSet', plural: 'replicasets', namespaced: true, shortNames: ['rs'], categories: ALL, subresources: ['status', 'scale'], strategy: workloads.replicaSetStrategy },
  { group: 'apps', version: 'v1', kind: 'ControllerRevision', plural: 'controllerrevisions', namespaced: true, strategy: workloads.controllerRevisionStrategy },
  // batch/v1
  { group: 'batch', version: 'v1', kind: 'Job', plural: 'jobs', namespaced: true, categories: ALL, subresources: ['status'], strategy: workloads.jobStrategy },
  { group: 'batch', version: 'v1', kind: 'CronJob', plural: 'cronjobs', namespaced: true, shortNames: ['cj'], categories: ALL, subresources: ['status'], strategy: workloads.cronJobStrategy },
  // autoscaling: stored as v2 (listed first, the version the server's own lookups get), served as v1 too
  { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler', plural: 'horizontalpodautoscalers', namespaced: true, shortNames: ['hpa'], categories: ALL, subresources: ['status'], strategy: hpaV2Strategy },
  {
    group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler', plural: 'horizontalpodautoscalers', namespaced: true, shortNames: ['hpa'], categories: ALL, subresources: ['status'], strategy: hpaV1Strategy,
    storedAs: { toStorage: (v1) => defaultedHpaV2(hpaV1ToV2(v1)), fromStorage: hpaV2ToV1 },
  },
  // admissionregistration.k8s.io/v1
  { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'MutatingWebhookConfiguration', plural: 'mutatingwebhookconfigurations', namespaced: false, categories: ['api-extensions'], strategy: mutatingWebhookConfigurationStrategy },
  { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingWebhookConfiguration', plural: 'validatingwebhookconfigurations', namespaced: false, categories: ['api-extensions'], strategy: validatingWebhookConfigurationStrategy },
  { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingAdmissionPolicy', plural: 'validatingadmissionpolicies', namespaced: false, categories: ['api-extensions'], subresources: ['status'], strategy: validatingAdmissionPolicyStrategy },
  { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingAdmissionPolicyBinding', plural: 'validatingadmissionpolicybindings', namespaced: false, categories: ['api-extensions'], strategy: validatingAdmissionPolicyBindingStrategy },
  // certificates.k8s.io/v1
  { group: 'certificates.k8s.io', version: 'v1', kind: 'CertificateSigningRequest', plural: 'certificatesigningrequests', namespaced: false, shortNames: ['csr'], subresources: ['status', 'approval'], strategy: csrStrategy },
  // rbac.authorization.k8s.io/v1
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'Role', plural: 'roles', namespaced: true, strategy: other.roleStrategy },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'ClusterRole', plural: 'clusterroles', namespaced: false, strategy: other.roleStrategy },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'RoleBinding', plural: 'rolebindings', namespaced: true, strategy: other.bindingStrategy },
  { group: 'rbac.authorization.k8s.io', version: 'v1', kind: 'ClusterRoleBinding', plural: 'clusterrolebindings', namespaced: false, strategy: other.bindingStrategy },
  // networking.k8s.io/v1
  { group: 'networking.k8s.io', version: 'v1', kind: 'NetworkPolicy', plural: 'networkpolicies', namespaced: true, shortNames: ['netpol'], strategy: other.networkPolicyStrategy },
  { group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', plural: 'ingresses', namespaced: true, shortNames: ['ing'], subresources: ['status'], strategy: other.ingressStrategy },
  { group: 'networking.k8s.io', version: 'v1', kind: 'IngressClass', plural: 'ingressclasses', namespaced: false, strategy: core.plainStrategy },
  { group: 'networking.k8s.io', version: 'v1', kind: 'ServiceCIDR', plural: 'servicecidrs', namespaced: false, subresources: ['status'], strategy: serviceCidrs.serviceCIDRStrategy },
  { group: 'networking.k8s.io', version: 'v1', kind: 'IPAddress', plural: 'ipaddresses', namespaced: false, shortNames: ['ip'], strategy: serviceCidrs.ipAddressStrategy },
  // storage, coordination, discovery, policy, scheduling
  { group: 'storage.k8s.io', version: 'v1', kind: 'CSIDriver', plural: 'csidrivers', namespaced: false, strategy: other.csiDriverStrategy },
  { group: 'storage.k8s.io', version: 'v1', kind: 'CSINode', plural: 'csinodes', namespaced: false, strategy: csi.csiNodeStrategy },
  { group: 'storage.k8s.io', version: 'v1', kind: 'VolumeAttachment', plural: 'volumeattachments', namespaced: false, subresources: ['status'], strategy: csi.volumeAttachmentStrategy },
  { group: 'storage.k8s.io', version: 'v1', kind: 'CSIStorageCapacity', plural: 'csistoragecapacities', namespaced: true, strategy: csi.csiStorageCapacityStrategy },
  { group: 'node.k8s.io', version: 'v1', kind: 'RuntimeClass', plural: 'runtimeclasses', namespaced: false, strategy: other.runtimeClassStrategy },
  { group: 'storage.k8s.io', version: 'v1', kind: 'StorageClass', plural: 'storageclasses', namespaced: false, shortNames: ['sc'], strategy: other.storageClassStrategy },
  { group: 'coordination.k8s.io', version: 'v1', kind: 'Lease', plural: 'leases', namespaced: true, strategy: other.leaseStrategy },
  { group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice', plural: 'endpointslices', namespaced: true, strategy: other.endpointSliceStrategy },
  { group: 'policy', version: 'v1', kind: 'PodDisruptionBudget', plural: 'poddisruptionbudgets', namespaced: true, shortNames: ['pdb'], subresources: ['status'], strategy: other.pdbStrategy },
  { group: 'scheduling.k8s.io', version: 'v1', kind: 'PriorityClass', plural: 'priorityclasses', namespaced: false, shortNames: ['pc'], strategy: other.priorityClassStrategy },
  // apiextensions and apiregistration
  { group: 'apiextensions.k8s.io', version: 'v1', kind: 'CustomResourceDefinition', plural: 'customresourcedefinitions', namespaced: false, shortNames: ['crd', 'crds'], categories: ['api-extensions'], subresources: ['status'], strategy: crdStrategy },
  { group: 'apiregistration.k8s.io', version: 'v1', kind: 'APIService', plural: 'apiservices', namespaced: false, categories: ['api-extensions'], subresources: ['status'], strategy: other.apiServiceStrategy },
];

/** kube-apiserver defaults what it decodes from storage: a v1 HPA with no CPU target reads back with v2's default one. */
function defaultedHpaV2(obj: KubeObject): KubeObject {
  defaultHpaV2(obj);
  return obj;
}

export function builtinResourceType(b: BuiltinKind): ResourceType {
  return {
    group: b.group,
    version: b.version,
    kind: b.kind,
    listKind: `${b.kind}List`,
    plural: b.plural,
    singular: b.kind.toLowerCase(),
    namespaced: b.namespaced,
    shortNames: b.shortNames ?? [],
    categories: b.categories ?? [],
    verbs: b.verbs ?? ALL_VERBS,
    subresources: b.subresources ?? [],
    strategicMergePatch: true,
  };
}
