// The protobuf message behind each apiVersion+kind kubectl's typed clients send, and the
// protobufjs Root that holds cozylab's own definitions of them.
import protobuf from 'protobufjs';
import { appsProto } from './schema/apps.ts';
import { authenticationProto } from './schema/authentication.ts';
import { authorizationProto } from './schema/authorization.ts';
import { autoscalingProto } from './schema/autoscaling.ts';
import { autoscalingV2Proto } from './schema/autoscaling-v2.ts';
import { batchProto } from './schema/batch.ts';
import { certificatesProto } from './schema/certificates.ts';
import { coordinationProto } from './schema/coordination.ts';
import { coreObjectsProto } from './schema/core-objects.ts';
import { corePodProto } from './schema/core-pod.ts';
import { coreSchedulingProto } from './schema/core-scheduling.ts';
import { coreSecurityProto } from './schema/core-security.ts';
import { coreVolumesProto } from './schema/core-volumes.ts';
import { intstrProto, metaProto, resourceProto, runtimeProto } from './schema/meta.ts';
import { networkingProto } from './schema/networking.ts';
import { policyProto } from './schema/policy.ts';
import { rbacProto } from './schema/rbac.ts';
import { schedulingProto } from './schema/scheduling.ts';

const SOURCES = [
  metaProto, resourceProto, intstrProto, runtimeProto,
  coreObjectsProto, corePodProto, coreSecurityProto, coreSchedulingProto, coreVolumesProto,
  appsProto, batchProto, rbacProto, authorizationProto, authenticationProto,
  networkingProto, policyProto, schedulingProto, autoscalingProto, autoscalingV2Proto, coordinationProto,
  certificatesProto,
];

/** apiVersion → kind → fully qualified message name in our definitions. */
const MESSAGES: Record<string, Record<string, string>> = {
  v1: {
    Namespace: 'core.v1.Namespace',
    ConfigMap: 'core.v1.ConfigMap',
    Secret: 'core.v1.Secret',
    ServiceAccount: 'core.v1.ServiceAccount',
    Service: 'core.v1.Service',
    ResourceQuota: 'core.v1.ResourceQuota',
    Pod: 'core.v1.Pod',
  },
  'apps/v1': { Deployment: 'apps.v1.Deployment', ReplicaSet: 'apps.v1.ReplicaSet', DaemonSet: 'apps.v1.DaemonSet' },
  'batch/v1': { Job: 'batch.v1.Job', CronJob: 'batch.v1.CronJob' },
  'rbac.authorization.k8s.io/v1': {
    Role: 'rbac.v1.Role',
    ClusterRole: 'rbac.v1.ClusterRole',
    RoleBinding: 'rbac.v1.RoleBinding',
    ClusterRoleBinding: 'rbac.v1.ClusterRoleBinding',
  },
  'authorization.k8s.io/v1': {
    SelfSubjectAccessReview: 'authorization.v1.SelfSubjectAccessReview',
    SelfSubjectRulesReview: 'authorization.v1.SelfSubjectRulesReview',
    SubjectAccessReview: 'authorization.v1.SubjectAccessReview',
    LocalSubjectAccessReview: 'authorization.v1.LocalSubjectAccessReview',
  },
  'authentication.k8s.io/v1': {
    TokenRequest: 'authentication.v1.TokenRequest',
    TokenReview: 'authentication.v1.TokenReview',
    SelfSubjectReview: 'authentication.v1.SelfSubjectReview',
  },
  // v1beta1 and v1alpha1 SelfSubjectReview carry the same fields under the same numbers.
  'authentication.k8s.io/v1beta1': { SelfSubjectReview: 'authentication.v1.SelfSubjectReview' },
  'authentication.k8s.io/v1alpha1': { SelfSubjectReview: 'authentication.v1.SelfSubjectReview' },
  'networking.k8s.io/v1': { Ingress: 'networking.v1.Ingress' },
  // policy/v1beta1 Eviction and PodDisruptionBudget share policy/v1's field numbers.
  'policy/v1': { PodDisruptionBudget: 'policy.v1.PodDisruptionBudget', Eviction: 'policy.v1.Eviction' },
  'policy/v1beta1': { PodDisruptionBudget: 'policy.v1.PodDisruptionBudget', Eviction: 'policy.v1.Eviction' },
  'scheduling.k8s.io/v1': { PriorityClass: 'scheduling.v1.PriorityClass' },
  'autoscaling/v1': { Scale: 'autoscaling.v1.Scale', HorizontalPodAutoscaler: 'autoscaling.v1.HorizontalPodAutoscaler' },
  'autoscaling/v2': { HorizontalPodAutoscaler: 'autoscaling.v2.HorizontalPodAutoscaler' },
  'coordination.k8s.io/v1': { Lease: 'coordination.v1.Lease' },
  'certificates.k8s.io/v1': { CertificateSigningRequest: 'certificates.v1.CertificateSigningRequest' },
  'meta.k8s.io/v1': {},
};

let root: protobuf.Root | undefined;

/** All definitions, parsed and resolved once. */
export function protobufRoot(): protobuf.Root {
  if (!root) {
    const r = new protobuf.Root();
    for (const source of SOURCES) protobuf.parse(source, r, { keepCase: true });
    r.resolveAll();
    root = r;
  }
  return root;
}

/**
 * The message type for apiVersion+kind, or undefined. DeleteOptions is registered in every
 * group version (apimachinery's AddToGroupVersion), so it is found under any known apiVersion.
 */
export function messageTypeFor(apiVersion: string, kind: string): protobuf.Type | undefined {
  const kinds = MESSAGES[apiVersion];
  if (!kinds) return undefined;
  const name = Object.hasOwn(kinds, kind) ? kinds[kind] : kind === 'DeleteOptions' ? 'meta.v1.DeleteOptions' : undefined;
  return name ? protobufRoot().lookupType(name) : undefined;
}

export function envelopeType(): protobuf.Type {
  return protobufRoot().lookupType('runtime.Unknown');
}
