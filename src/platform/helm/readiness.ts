// Helm's `--wait` as helm-controller does it (kstatus): whether an applied object has become what it
// was asked to be. Deployments available with every replica updated, StatefulSets and DaemonSets
// ready, Jobs complete (a failed Job fails the release), PVCs Bound, LoadBalancer Services with an
// address, CRDs Established, custom resources by kstatus' generic rules (observedGeneration, Reconciling, Stalled).

import type { KubeObject } from '../../machinery/object.ts';

export type ObjectStatus = 'Current' | 'InProgress' | 'Failed' | 'NotFound';

export interface Readiness {
  status: ObjectStatus;
  message: string;
}

interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

const current = (message = 'Resource is current'): Readiness => ({ status: 'Current', message });
const inProgress = (message: string): Readiness => ({ status: 'InProgress', message });
const failed = (message: string): Readiness => ({ status: 'Failed', message });

export function readinessOf(obj: KubeObject | undefined): Readiness {
  if (!obj) return { status: 'NotFound', message: 'Resource not found' };
  if (obj.metadata.deletionTimestamp) return inProgress('Resource scheduled for deletion');
  const status = (obj.status ?? {}) as Record<string, any>;
  const spec = (obj.spec ?? {}) as Record<string, any>;
  const generation = obj.metadata.generation;
  if (typeof status.observedGeneration === 'number' && generation !== undefined && status.observedGeneration < generation) {
    return inProgress(`${obj.kind} generation is ${generation}, but latest observed generation is ${status.observedGeneration}`);
  }
  switch (obj.kind) {
    case 'Deployment':
      return deploymentReadiness(spec, status, generation);
    case 'StatefulSet':
      return statefulSetReadiness(spec, status);
    case 'DaemonSet':
      return daemonSetReadiness(status);
    case 'ReplicaSet':
      return replicasReady(Number(spec.replicas ?? 1), Number(status.readyReplicas ?? 0), Number(status.availableReplicas ?? 0));
    case 'Job':
      return jobReadiness(status);
    case 'Pod':
      return podReadiness(status);
    case 'PersistentVolumeClaim':
      return status.phase === 'Bound' ? current('PVC is Bound') : inProgress(`PVC is not Bound. phase: ${status.phase ?? 'Pending'}`);
    case 'Service':
      return serviceReadiness(spec, status);
    case 'CustomResourceDefinition':
      return conditionIs(status, 'Established', 'True') ? current('CRD is established') : inProgress('Not established');
    default:
      return genericReadiness(status);
  }
}

/** Kinds whose objects carry no status: once they exist, they are Current. */
const STATUSLESS_KINDS = new Set(['ServiceAccount', 'ConfigMap', 'Secret', 'ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding']);

/**
 * Whether this state of the object stays Current whatever is written to it later (short of
 * deletion): a statusless kind, or an Established CRD. Only such a state may be read from a cache
 * that can lag the last apply; every other kind is read fresh, since an apply can make it unready.
 */
export function settledReadiness(obj: KubeObject): boolean {
  if (obj.metadata.deletionTimestamp) return false;
  const builtin = !obj.apiVersion.includes('/') || obj.apiVersion.startsWith('rbac.authorization.k8s.io/');
  if (builtin && STATUSLESS_KINDS.has(obj.kind)) return true;
  return obj.kind === 'CustomResourceDefinition' && conditionIs((obj.status ?? {}) as Record<string, any>, 'Established', 'True');
}

function deploymentReadiness(spec: Record<string, any>, status: Record<string, any>, generation: number | undefined): Readiness {
  if (generation !== undefined && status.observedGeneration === undefined) return inProgress('Deployment not yet observed');
  const replicas = Number(spec.replicas ?? 1);
  const updated = Number(status.updatedReplicas ?? 0);
  const available = Number(status.availableReplicas ?? 0);
  const ready = Number(status.readyReplicas ?? 0);
  const total = Number(status.replicas ?? 0);
  const progressing = findCondition(status, 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') return failed(`Progress deadline exceeded`);
  if (updated < replicas) return inProgress(`Updated: ${updated}/${replicas}`);
  if (total > updated) return inProgress(`Pending termination: ${total - updated}`);
  if (available < replicas) return inProgress(`Available: ${available}/${replicas}`);
  if (ready < replicas) return inProgress(`Ready: ${ready}/${replicas}`);
  return current(`Deployment is available. Replicas: ${replicas}`);
}

function statefulSetReadiness(spec: Record<string, any>, status: Record<string, any>): Readiness {
  if (status.observedGeneration === undefined) return inProgress('StatefulSet not yet observed');
  const replicas = Number(spec.replicas ?? 1);
  const ready = Number(status.readyReplicas ?? 0);
  if (ready < replicas) return inProgress(`Ready: ${ready}/${replicas}`);
  if ((spec.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate') {
    const partition = Number(spec.updateStrategy?.rollingUpdate?.partition ?? 0);
    const updated = Number(status.updatedReplicas ?? 0);
    if (updated < replicas - partition) return inProgress(`Partition rollout: ${updated}/${replicas - partition}`);
    if (partition === 0 && status.updateRevision && status.currentRevision !== status.updateRevision) return inProgress('Waiting for updated revision to become current');
  }
  return current(`All replicas scheduled as expected. Replicas: ${replicas}`);
}

function daemonSetReadiness(status: Record<string, any>): Readiness {
  if (status.desiredNumberScheduled === undefined) return inProgress('Missing .status.desiredNumberScheduled');
  const desired = Number(status.desiredNumberScheduled);
  for (const [field, label] of [
    ['currentNumberScheduled', 'Current'],
    ['updatedNumberScheduled', 'Updated'],
    ['numberAvailable', 'Available'],
    ['numberReady', 'Ready'],
  ] as const) {
    const n = Number(status[field] ?? 0);
    if (n < desired) return inProgress(`${label}: ${n}/${desired}`);
  }
  return current(`All replicas scheduled as expected. Replicas: ${desired}`);
}

function replicasReady(want: number, ready: number, available: number): Readiness {
  if (ready < want) return inProgress(`Ready: ${ready}/${want}`);
  if (available < want) return inProgress(`Available: ${available}/${want}`);
  return current(`ReplicaSet is available. Replicas: ${want}`);
}

function jobReadiness(status: Record<string, any>): Readiness {
  const failedCond = findCondition(status, 'Failed');
  if (failedCond?.status === 'True') return failed(`Job Failed. failed: ${status.failed ?? 0}/${status.failed ?? 0}${failedCond.message ? `: ${failedCond.message}` : ''}`);
  if (conditionIs(status, 'Complete', 'True')) return current(`Job Completed. succeeded: ${status.succeeded ?? 0}`);
  return inProgress(`Job in progress. success: ${status.succeeded ?? 0}, active: ${status.active ?? 0}, failed: ${status.failed ?? 0}`);
}

function podReadiness(status: Record<string, any>): Readiness {
  if (status.phase === 'Succeeded') return current('Pod has completed successfully');
  if (status.phase === 'Failed') return failed('Pod has completed, but not successfully');
  return conditionIs(status, 'Ready', 'True') ? current('Pod is Ready') : inProgress(`Pod phase: ${status.phase ?? 'Pending'}`);
}

function serviceReadiness(spec: Record<string, any>, status: Record<string, any>): Readiness {
  // kstatus waits for a LoadBalancer's clusterIP only, not its external address (which MetalLB may never give).
  if (spec.type === 'LoadBalancer' && !spec.clusterIP) return inProgress('ClusterIP not set. Service type: LoadBalancer');
  return current('Service is ready');
}

/** kstatus for kinds it has no rules for: Stalled fails, Reconciling waits, anything else is current. */
function genericReadiness(status: Record<string, any>): Readiness {
  const stalled = findCondition(status, 'Stalled');
  if (stalled?.status === 'True') return failed(stalled.message ?? 'Stalled');
  const reconciling = findCondition(status, 'Reconciling');
  if (reconciling?.status === 'True') return inProgress(reconciling.message ?? 'Reconciling');
  return current();
}

function findCondition(status: Record<string, any>, type: string): Condition | undefined {
  return ((status.conditions ?? []) as Condition[]).find((c) => c.type === type);
}

function conditionIs(status: Record<string, any>, type: string, value: string): boolean {
  return findCondition(status, type)?.status === value;
}

/** Flux's wait summary: `timeout waiting for: [Deployment/ns/name status: 'InProgress', …]`. */
export function describeUnready(items: Array<{ obj: KubeObject; readiness: Readiness }>): string {
  return items.map(({ obj, readiness }) => `${obj.kind}/${obj.metadata.namespace ? `${obj.metadata.namespace}/` : ''}${obj.metadata.name} status: '${readiness.status}'`).join(', ');
}
