// The arithmetic of a Deployment rollout (deployment/util upstream): surge and unavailability
// budgets, how far the new ReplicaSet may grow, revisions, and the status a set of ReplicaSets adds up to.

import type { KubeObject } from '../../machinery/object.ts';
import { findCondition, formatTime, removeCondition, setCondition, type Condition } from './conditions.ts';
import { specOf, statusOf } from './workload-deps.ts';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';

/** Annotations of a Deployment that are not copied to its ReplicaSets. */
const ANNOTATIONS_NOT_COPIED = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  'deprecated.deployment.rollback.to',
]);

export function replicasOf(obj: KubeObject): number {
  const r = specOf(obj).replicas;
  return typeof r === 'number' ? r : 1;
}

export function sumSpecReplicas(sets: KubeObject[]): number {
  return sets.reduce((n, rs) => n + replicasOf(rs), 0);
}

export function sumStatus(sets: KubeObject[], field: 'replicas' | 'readyReplicas' | 'availableReplicas'): number {
  return sets.reduce((n, rs) => n + Number(statusOf(rs)[field] ?? 0), 0);
}

/** intstr.GetScaledValueFromIntOrPercent. */
export function scaledValue(value: unknown, total: number, roundUp: boolean): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+%$/.test(value)) {
    const v = (Number(value.slice(0, -1)) * total) / 100;
    return roundUp ? Math.ceil(v) : Math.floor(v);
  }
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return 0;
}

/** ResolveFenceposts: maxSurge rounds up, maxUnavailable down, and both zero means one may be unavailable. */
export function resolveFenceposts(d: KubeObject): { maxSurge: number; maxUnavailable: number } {
  const strategy = specOf(d).strategy ?? {};
  if (strategy.type === 'Recreate') return { maxSurge: 0, maxUnavailable: 0 };
  const ru = strategy.rollingUpdate ?? {};
  const desired = replicasOf(d);
  const maxSurge = scaledValue(ru.maxSurge ?? '25%', desired, true);
  let maxUnavailable = scaledValue(ru.maxUnavailable ?? '25%', desired, false);
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable: Math.min(maxUnavailable, desired) };
}

export function maxUnavailableOf(d: KubeObject): number {
  const strategy = specOf(d).strategy ?? {};
  if (strategy.type !== 'RollingUpdate' && strategy.type !== undefined) return 0;
  if (replicasOf(d) === 0) return 0;
  return resolveFenceposts(d).maxUnavailable;
}

/** NewRSNewReplicas: how many replicas the new ReplicaSet may have now. */
export function newReplicaSetReplicas(d: KubeObject, allSets: KubeObject[], newRS: KubeObject | undefined): number {
  const desired = replicasOf(d);
  if ((specOf(d).strategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return desired;
  const current = newRS ? replicasOf(newRS) : 0;
  const { maxSurge } = resolveFenceposts(d);
  const podCount = sumSpecReplicas(allSets);
  const maxTotal = desired + maxSurge;
  if (podCount >= maxTotal) return current;
  return current + Math.max(0, Math.min(maxTotal - podCount, desired - current));
}

export function revisionOf(obj: KubeObject): number {
  const v = Number(obj.metadata.annotations?.[REVISION_ANNOTATION] ?? 0);
  return Number.isFinite(v) ? v : 0;
}

export function maxRevision(sets: KubeObject[]): number {
  return sets.reduce((m, rs) => Math.max(m, revisionOf(rs)), 0);
}

/**
 * SetNewReplicaSetAnnotations: the Deployment's own annotations and the revision; the replica
 * bounds only on a ReplicaSet being created (later, scaling sets them).
 */
export function replicaSetAnnotations(d: KubeObject, existing: Record<string, string> | undefined, revision: number): Record<string, string> {
  const out: Record<string, string> = { ...existing };
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) if (!ANNOTATIONS_NOT_COPIED.has(k)) out[k] = v;
  out[REVISION_ANNOTATION] = String(Math.max(revision, revisionOf({ metadata: { annotations: existing } } as KubeObject)));
  if (!existing) {
    out[DESIRED_REPLICAS_ANNOTATION] = String(replicasOf(d));
    out[MAX_REPLICAS_ANNOTATION] = String(replicasOf(d) + resolveFenceposts(d).maxSurge);
  }
  return out;
}

export function byCreation(a: KubeObject, b: KubeObject): number {
  const ca = a.metadata.creationTimestamp ?? '';
  const cb = b.metadata.creationTimestamp ?? '';
  return ca === cb ? (a.metadata.name! < b.metadata.name! ? -1 : 1) : ca < cb ? -1 : 1;
}

export function byRevision(a: KubeObject, b: KubeObject): number {
  return revisionOf(a) - revisionOf(b) || byCreation(a, b);
}

export interface DeploymentStatusInput {
  d: KubeObject;
  allSets: KubeObject[];
  newRS: KubeObject | undefined;
  now: Date;
}

/** calculateStatus plus the Available condition; Progressing is added by progressingCondition. */
export function calculateStatus({ d, allSets, newRS, now }: DeploymentStatusInput): Record<string, any> {
  const available = sumStatus(allSets, 'availableReplicas');
  const desired = replicasOf(d);
  const previous = statusOf(d);
  let conditions = previous.conditions as Condition[] | undefined;
  const time = formatTime(now);
  if (available >= desired - maxUnavailableOf(d)) {
    conditions = setCondition(conditions, { type: 'Available', status: 'True', lastUpdateTime: time, lastTransitionTime: time, reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' });
  } else {
    conditions = setCondition(conditions, { type: 'Available', status: 'False', lastUpdateTime: time, lastTransitionTime: time, reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.' });
  }
  return {
    observedGeneration: d.metadata.generation,
    replicas: sumStatus(allSets, 'replicas'),
    updatedReplicas: newRS ? Number(statusOf(newRS).replicas ?? 0) : 0,
    readyReplicas: sumStatus(allSets, 'readyReplicas'),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, sumSpecReplicas(allSets) - available),
    conditions,
    collisionCount: previous.collisionCount,
  };
}

export function isComplete(d: KubeObject, status: Record<string, any>): boolean {
  const desired = replicasOf(d);
  return status.updatedReplicas === desired && status.replicas === desired && status.availableReplicas === desired && status.observedGeneration >= (d.metadata.generation ?? 0);
}

/** DeploymentProgressing: more updated, fewer old, or more ready/available replicas than last recorded. */
function madeProgress(d: KubeObject, status: Record<string, any>): boolean {
  const old = statusOf(d);
  const oldOld = Number(old.replicas ?? 0) - Number(old.updatedReplicas ?? 0);
  const newOld = status.replicas - status.updatedReplicas;
  return status.updatedReplicas > Number(old.updatedReplicas ?? 0) || newOld < oldOld || status.readyReplicas > Number(old.readyReplicas ?? 0) || status.availableReplicas > Number(old.availableReplicas ?? 0);
}

/**
 * syncRolloutStatus's Progressing condition. Returns the conditions and, while the rollout is
 * still under way, in how many ms the progress deadline runs out.
 */
export function progressingCondition(d: KubeObject, status: Record<string, any>, newRS: KubeObject | undefined, now: Date): { conditions: Condition[]; deadlineInMs?: number } {
  let conditions = (status.conditions ?? []) as Condition[];
  const deadlineSeconds = specOf(d).progressDeadlineSeconds;
  if (typeof deadlineSeconds !== 'number') return { conditions: removeCondition(conditions, 'Progressing') };
  const current = findCondition(conditions, 'Progressing');
  const time = formatTime(now);
  const rsName = newRS?.metadata.name ?? '';
  if (specOf(d).paused) {
    return { conditions: setCondition(conditions, { type: 'Progressing', status: 'Unknown', lastUpdateTime: time, lastTransitionTime: time, reason: 'DeploymentPaused', message: 'Deployment is paused' }) };
  }
  if (current?.reason === 'DeploymentPaused') {
    conditions = setCondition(conditions, { type: 'Progressing', status: 'Unknown', lastUpdateTime: time, lastTransitionTime: time, reason: 'DeploymentResumed', message: 'Deployment is resumed' });
  }
  if (isComplete(d, status)) {
    return { conditions: setCondition(conditions, { type: 'Progressing', status: 'True', lastUpdateTime: time, lastTransitionTime: time, reason: 'NewReplicaSetAvailable', message: `ReplicaSet "${rsName}" has successfully progressed.` }) };
  }
  const latest = findCondition(conditions, 'Progressing');
  if (madeProgress(d, status) || !latest) {
    const next: Condition = { type: 'Progressing', status: 'True', lastUpdateTime: time, lastTransitionTime: latest?.status === 'True' ? latest.lastTransitionTime : time, reason: 'ReplicaSetUpdated', message: `ReplicaSet "${rsName}" is progressing.` };
    return { conditions: [...removeCondition(conditions, 'Progressing'), next], deadlineInMs: deadlineSeconds * 1000 };
  }
  if (latest.reason === 'NewReplicaSetAvailable') return { conditions };
  if (latest.reason === 'ProgressDeadlineExceeded') return { conditions };
  const from = new Date(latest.lastUpdateTime ?? latest.lastTransitionTime ?? time).getTime();
  const remaining = from + deadlineSeconds * 1000 - now.getTime();
  if (remaining < 0) {
    return { conditions: setCondition(conditions, { type: 'Progressing', status: 'False', lastUpdateTime: time, lastTransitionTime: time, reason: 'ProgressDeadlineExceeded', message: `ReplicaSet "${rsName}" has timed out progressing.` }) };
  }
  return { conditions, deadlineInMs: remaining + 1 };
}
