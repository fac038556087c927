// Pod readiness and availability as the workload controllers judge them, and status conditions
// set the way the apps/v1 utilities do (transition time kept while the status stays the same).

import type { KubeObject } from '../../machinery/object.ts';

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastUpdateTime?: string;
}

type PodStatus = { phase?: string; conditions?: Condition[] };

export function podStatus(pod: KubeObject): PodStatus {
  return (pod.status ?? {}) as PodStatus;
}

export function podPhase(pod: KubeObject): string {
  return podStatus(pod).phase ?? '';
}

export function isPodActive(pod: KubeObject): boolean {
  const phase = podPhase(pod);
  return phase !== 'Succeeded' && phase !== 'Failed' && !pod.metadata.deletionTimestamp;
}

export function podReadyCondition(pod: KubeObject): Condition | undefined {
  return podStatus(pod).conditions?.find((c) => c.type === 'Ready');
}

export function isPodReady(pod: KubeObject): boolean {
  return podReadyCondition(pod)?.status === 'True';
}

/**
 * How many ms until a ready pod counts as available (0: it is available now), or undefined when it
 * is not ready. A pod is available once it has been Ready for minReadySeconds.
 */
export function msUntilAvailable(pod: KubeObject, minReadySeconds: number, now: Date): number | undefined {
  const ready = podReadyCondition(pod);
  if (ready?.status !== 'True') return undefined;
  if (!minReadySeconds) return 0;
  if (!ready.lastTransitionTime) return undefined;
  const availableAt = new Date(ready.lastTransitionTime).getTime() + minReadySeconds * 1000;
  const remaining = availableAt - now.getTime();
  // Upstream requires the deadline to lie strictly before now.
  return remaining < 0 ? 0 : remaining + 1;
}

export function isPodAvailable(pod: KubeObject, minReadySeconds: number, now: Date): boolean {
  return msUntilAvailable(pod, minReadySeconds, now) === 0;
}

/** metav1.Time on the wire: RFC 3339 in whole seconds. */
export function formatTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function findCondition<C extends Condition>(conditions: C[] | undefined, type: string): C | undefined {
  return conditions?.find((c) => c.type === type);
}

/**
 * SetDeploymentCondition / SetReplicaSetCondition: replaces the condition of its type; a condition
 * with the same status and reason as the current one is left alone, one with the same status keeps
 * the current lastTransitionTime.
 */
export function setCondition<C extends Condition>(conditions: C[] | undefined, next: C): C[] {
  const list = conditions ?? [];
  const current = findCondition(list, next.type);
  if (current && current.status === next.status && current.reason === next.reason) return list;
  const value = current && current.status === next.status ? { ...next, lastTransitionTime: current.lastTransitionTime } : next;
  return [...list.filter((c) => c.type !== next.type), value];
}

export function removeCondition<C extends Condition>(conditions: C[] | undefined, type: string): C[] {
  return (conditions ?? []).filter((c) => c.type !== type);
}
