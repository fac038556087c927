// JobStatus as the batch/v1 Job controller writes it (Kubernetes 1.31+): the interim
// SuccessCriteriaMet and FailureTarget conditions come first, Complete and Failed only once every
// pod is gone; uncounted pod UIDs move into the counters; empty fields are left out as Go does.

import type { KubeObject } from '../../machinery/object.ts';
import { formatTime } from './conditions.ts';
import { statusOf } from './workload-deps.ts';

export interface JobCondition {
  type: string;
  status: 'True' | 'False';
  lastProbeTime: string;
  lastTransitionTime: string;
  reason?: string;
  message?: string;
}

/** The verdict a sync reached: success or failure, with the reason and message its conditions carry. */
export interface JobVerdict {
  success: boolean;
  reason: string;
  message: string;
}

export const COMPLETIONS_REACHED: JobVerdict = { success: true, reason: 'CompletionsReached', message: 'Reached expected number of succeeded pods' };
export const BACKOFF_LIMIT_EXCEEDED: JobVerdict = { success: false, reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' };
export const DEADLINE_EXCEEDED: JobVerdict = { success: false, reason: 'DeadlineExceeded', message: 'Job was active longer than specified deadline' };

export function jobConditions(job: KubeObject): JobCondition[] {
  return (statusOf(job).conditions ?? []) as JobCondition[];
}

function trueCondition(conditions: JobCondition[], type: string): JobCondition | undefined {
  return conditions.find((c) => c.type === type && c.status === 'True');
}

/** IsJobFinished: Complete or Failed is True. */
export function finishedConditionOf(job: KubeObject): JobCondition | undefined {
  const conditions = jobConditions(job);
  return trueCondition(conditions, 'Complete') ?? trueCondition(conditions, 'Failed');
}

/** A verdict an earlier sync recorded as an interim condition. */
export function recordedVerdict(conditions: JobCondition[]): JobVerdict | undefined {
  const met = trueCondition(conditions, 'SuccessCriteriaMet');
  if (met) return { success: true, reason: met.reason ?? COMPLETIONS_REACHED.reason, message: met.message ?? COMPLETIONS_REACHED.message };
  const target = trueCondition(conditions, 'FailureTarget');
  if (target) return { success: false, reason: target.reason ?? '', message: target.message ?? '' };
  return undefined;
}

export function newCondition(type: string, status: 'True' | 'False', reason: string, message: string, now: Date): JobCondition {
  const at = formatTime(now);
  return { type, status, lastProbeTime: at, lastTransitionTime: at, reason, message };
}

/** The interim condition of a verdict, appended unless already there. */
export function withInterimCondition(conditions: JobCondition[], verdict: JobVerdict, now: Date): JobCondition[] {
  const type = verdict.success ? 'SuccessCriteriaMet' : 'FailureTarget';
  if (trueCondition(conditions, type)) return conditions;
  return [...conditions, newCondition(type, 'True', verdict.reason, verdict.message, now)];
}

export function withFinalCondition(conditions: JobCondition[], verdict: JobVerdict, now: Date): JobCondition[] {
  return ensureCondition(conditions, verdict.success ? 'Complete' : 'Failed', 'True', verdict.reason, verdict.message, now).conditions;
}

/**
 * ensureJobConditionStatus: a condition changes only when its status does; a False condition that
 * was never there is not added.
 */
export function ensureCondition(conditions: JobCondition[], type: string, status: 'True' | 'False', reason: string, message: string, now: Date): { conditions: JobCondition[]; changed: boolean } {
  const current = conditions.find((c) => c.type === type);
  if (current) {
    if (current.status === status) return { conditions, changed: false };
    return { conditions: conditions.map((c) => (c === current ? newCondition(type, status, reason, message, now) : c)), changed: true };
  }
  if (status === 'False') return { conditions, changed: false };
  return { conditions: [...conditions, newCondition(type, status, reason, message, now)], changed: true };
}

export function uncountedOf(u: { succeeded: string[]; failed: string[] }): Record<string, string[]> {
  return { ...(u.succeeded.length ? { succeeded: u.succeeded } : {}), ...(u.failed.length ? { failed: u.failed } : {}) };
}

/** cleanUncountedPodsWithoutFinalizers: UIDs whose pods lost the finalizer move into the counters. */
export function moveToCounters(status: Record<string, any>, uncounted: { succeeded: string[]; failed: string[] }, withFinalizer: Set<string>, indexed: boolean): void {
  const gone = (uid: string) => !withFinalizer.has(uid);
  const succeeded = uncounted.succeeded.filter(gone).length;
  const failed = uncounted.failed.filter(gone).length;
  if (!indexed) status.succeeded = Number(status.succeeded ?? 0) + succeeded;
  status.failed = Number(status.failed ?? 0) + failed;
  uncounted.succeeded = uncounted.succeeded.filter((uid) => !gone(uid));
  uncounted.failed = uncounted.failed.filter((uid) => !gone(uid));
  status.uncountedTerminatedPods = uncountedOf(uncounted);
}

/** JobStatus on the wire: counters and completedIndexes omitted when empty; ready, terminating and uncountedTerminatedPods always there. */
export function normalized(status: Record<string, any>): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [k, v] of Object.entries(status)) {
    if (v === undefined || v === null) continue;
    if (['active', 'succeeded', 'failed'].includes(k) && v === 0) continue;
    if (['completedIndexes', 'completionTime', 'startTime'].includes(k) && v === '') continue;
    if (k === 'conditions' && Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  out.uncountedTerminatedPods ??= {};
  out.ready ??= 0;
  out.terminating ??= 0;
  return out;
}
