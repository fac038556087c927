// What the Job controller reads off and writes into its pods: the pod for a completion index, the
// tracking finalizer, when a pod counts as failed or finished, completion-index sets as the API
// spells them ("0-2,5"), and the restart counts that exhaust an OnFailure Job's backoff limit.

import type { KubeObject } from '../../machinery/object.ts';
import { isPodReady, podPhase } from './conditions.ts';
import { newControllerRef } from './owner.ts';
import { specOf, statusOf } from './workload-deps.ts';

export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
export const COMPLETION_INDEX_KEY = 'batch.kubernetes.io/job-completion-index';

export function isIndexed(job: KubeObject): boolean {
  return specOf(job).completionMode === 'Indexed';
}

export function hasTrackingFinalizer(pod: KubeObject): boolean {
  return (pod.metadata.finalizers ?? []).includes(JOB_TRACKING_FINALIZER);
}

/** The pod's completion index, or undefined when it has none (or a malformed one). */
export function completionIndexOf(pod: KubeObject): number | undefined {
  const raw = pod.metadata.annotations?.[COMPLETION_INDEX_KEY] ?? pod.metadata.labels?.[COMPLETION_INDEX_KEY];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** isPodFailed with podReplacementPolicy TerminatingOrFailed: a pod being deleted counts as failed at once. */
export function isPodFailed(pod: KubeObject, job: KubeObject): boolean {
  const phase = podPhase(pod);
  if (phase === 'Failed') return true;
  if (specOf(job).podReplacementPolicy === 'Failed') return false;
  return Boolean(pod.metadata.deletionTimestamp) && phase !== 'Succeeded';
}

/** CountTerminatingPods: deleted but still running. */
export function isPodTerminating(pod: KubeObject): boolean {
  const phase = podPhase(pod);
  return Boolean(pod.metadata.deletionTimestamp) && phase !== 'Succeeded' && phase !== 'Failed';
}

/** getFinishedTime: when the last container ended, else when the pod was deleted, else now. */
export function finishedTime(pod: KubeObject, now: Date): number {
  const statuses = [...((statusOf(pod).initContainerStatuses ?? []) as any[]), ...((statusOf(pod).containerStatuses ?? []) as any[])];
  const ends = statuses.map((s) => Date.parse(s?.state?.terminated?.finishedAt ?? '')).filter((t) => Number.isFinite(t));
  if (ends.length) return Math.max(...ends);
  const deleted = Date.parse(pod.metadata.deletionTimestamp ?? '');
  return Number.isFinite(deleted) ? deleted : now.getTime();
}

/** pastBackoffLimitOnFailure: the restarts of a Job's running OnFailure pods count against its backoff limit. */
export function pastBackoffLimitOnFailure(job: KubeObject, pods: KubeObject[]): boolean {
  if (specOf(job).template?.spec?.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const pod of pods) {
    const phase = podPhase(pod);
    if (phase !== 'Running' && phase !== 'Pending') continue;
    for (const s of [...((statusOf(pod).initContainerStatuses ?? []) as any[]), ...((statusOf(pod).containerStatuses ?? []) as any[])]) restarts += Number(s?.restartCount ?? 0);
  }
  const limit = Number(specOf(job).backoffLimit ?? 6);
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

/** "1,3-5,7" → [1, 3, 4, 5, 7]; indexes at or past `completions` are dropped. */
export function parseIndexes(text: string | undefined, completions: number): number[] {
  const out = new Set<number>();
  for (const part of (text ?? '').split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) continue;
    const last = Math.min(Number(m[2] ?? m[1]), completions - 1);
    for (let i = Number(m[1]); i <= last; i++) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}

/** [0, 1, 2, 5] → "0-2,5", as orderedIntervals.String() writes completedIndexes. */
export function formatIndexes(indexes: Iterable<number>): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The pod the Job runs (for an Indexed Job, for one completion index), carrying the tracking finalizer. */
export function jobPodFor(job: KubeObject, index?: number): KubeObject {
  const template = (specOf(job).template ?? {}) as { metadata?: Record<string, any>; spec?: Record<string, any> };
  const meta = template.metadata ?? {};
  const spec = structuredClone(template.spec ?? {});
  const labels = { ...(meta.labels ?? {}) } as Record<string, string>;
  const annotations = { ...(meta.annotations ?? {}) } as Record<string, string>;
  if (index !== undefined) {
    labels[COMPLETION_INDEX_KEY] = String(index);
    annotations[COMPLETION_INDEX_KEY] = String(index);
    spec.hostname ??= `${job.metadata.name}-${index}`;
    const env = { name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${COMPLETION_INDEX_KEY}']` } } };
    for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])] as Array<{ env?: unknown[] }>) c.env = [...(c.env ?? []), env];
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: index === undefined ? `${job.metadata.name}-` : `${job.metadata.name}-${index}-`,
      namespace: job.metadata.namespace,
      labels,
      ...(Object.keys(annotations).length ? { annotations } : {}),
      finalizers: [...((meta.finalizers ?? []) as string[]), JOB_TRACKING_FINALIZER],
      ownerReferences: [newControllerRef(job)],
    },
    spec,
  };
}

const PHASE_RANK: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** activePodsForRemoval's order: unscheduled, pending, not ready, then the newest go first. */
export function removalOrder(a: KubeObject, b: KubeObject): number {
  const bound = (p: KubeObject) => (specOf(p).nodeName ? 1 : 0);
  if (bound(a) !== bound(b)) return bound(a) - bound(b);
  const rank = (p: KubeObject) => PHASE_RANK[podPhase(p)] ?? 1;
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  const ready = (p: KubeObject) => (isPodReady(p) ? 1 : 0);
  if (ready(a) !== ready(b)) return ready(a) - ready(b);
  const created = (p: KubeObject) => p.metadata.creationTimestamp ?? '';
  return created(a) === created(b) ? 0 : created(a) > created(b) ? -1 : 1;
}
