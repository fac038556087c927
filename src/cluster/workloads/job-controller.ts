// The Job controller: runs pods until `completions` succeed (NonIndexed, or one per completion
// index), at most `parallelism` at once, new pods held back by the failure backoff; fails the Job
// past its backoff limit or active deadline; suspends and resumes. Finished pods are counted the
// way upstream does it, through the pods' tracking finalizer and `status.uncountedTerminatedPods`:
// record the UID, remove the finalizer, then move the UID into the counters.

import { isStatusError } from '../../machinery/errors.ts';
import { labelSelectorFromObject, type LabelSelector } from '../../machinery/labels.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, splitKey, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { formatTime, isPodActive, isPodReady, podPhase } from './conditions.ts';
import { Expectations } from './expectations.ts';
import { nextBackoffRecord, remainingBackoffMs, type BackoffRecord } from './job-backoff.ts';
import { completionIndexOf, finishedTime, formatIndexes, hasTrackingFinalizer, isIndexed, isPodFailed, isPodTerminating, JOB_TRACKING_FINALIZER, jobPodFor, parseIndexes, pastBackoffLimitOnFailure, removalOrder } from './job-pods.ts';
import { BACKOFF_LIMIT_EXCEEDED, COMPLETIONS_REACHED, DEADLINE_EXCEEDED, ensureCondition, finishedConditionOf, jobConditions, moveToCounters, normalized, recordedVerdict, uncountedOf, withFinalCondition, withInterimCondition, type JobVerdict } from './job-status.ts';
import { claimCandidates, claimObjects, CONTROLLER_UID_INDEX, controllerRefOf, controllerUidIndex, ownerKeyOf } from './owner.ts';
import { afterSync, isConflict, POD_GVK, recorderFor, sameJson, specOf, statusOf, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

export const JOB_GVK = { apiVersion: 'batch/v1', kind: 'Job' };
const ORPHAN_PREFIX = 'orphan-pod:';
/** MaxPodCreateDeletePerSync. */
const MAX_POD_WRITES_PER_SYNC = 500;

interface SyncState {
  job: KubeObject;
  status: Record<string, any>;
  active: KubeObject[];
  ready: number;
  terminating: number;
  succeeded: number;
  succeededIndexes: Set<number>;
  backoff: BackoffRecord;
}

export function startJobController(deps: WorkloadControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const recorder = recorderFor(deps, 'job-controller');
  const jobs = factory.informerFor(JOB_GVK);
  const pods = factory.informerFor(POD_GVK);
  pods.addIndex(CONTROLLER_UID_INDEX, controllerUidIndex);
  const queue = new WorkQueue<string>({ clock });
  const expectations = new Expectations(clock);
  /** Per Job: pod UIDs whose finalizer removal was sent but not yet seen in the cache. */
  const finalizersGoing = new Map<string, Set<string>>();
  const backoffs = new Map<string, BackoffRecord>();
  /** Per Job: the resourceVersion of its last status write, so a sync never acts on an older cached copy. */
  const written = new Map<string, number>();

  const forget = (key: string) => {
    expectations.forget(key);
    finalizersGoing.delete(key);
    backoffs.delete(key);
    written.delete(key);
  };
  const onPod = (pod: KubeObject) => {
    const owner = ownerKeyOf(pod, 'Job');
    if (owner && (!hasTrackingFinalizer(pod) || !pods.getByKey(objectKey(pod)))) finalizersGoing.get(owner)?.delete(pod.metadata.uid ?? '');
    const job = owner ? jobs.getByKey(owner) : undefined;
    if (job && job.metadata.uid === controllerRefOf(pod)?.uid) queue.add(owner!);
    else if (hasTrackingFinalizer(pod)) queue.add(ORPHAN_PREFIX + objectKey(pod));
  };
  jobs.addEventHandler({
    onAdd: (job) => queue.add(objectKey(job)),
    onUpdate: (_, job) => queue.add(objectKey(job)),
    onDelete: (job) => {
      forget(objectKey(job));
      for (const pod of pods.list(job.metadata.namespace ?? '')) if (controllerRefOf(pod)?.uid === job.metadata.uid && hasTrackingFinalizer(pod)) queue.add(ORPHAN_PREFIX + objectKey(pod));
    },
  });
  pods.addEventHandler({ onAdd: onPod, onUpdate: (_, pod) => onPod(pod), onDelete: onPod });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    if (key.startsWith(ORPHAN_PREFIX)) return releaseOrphan(key.slice(ORPHAN_PREFIX.length));
    const job = jobs.getByKey(key);
    if (!job) return forget(key);
    if (Number(job.metadata.resourceVersion) < (written.get(key) ?? 0)) return; // our newer write is on its way
    let selector: LabelSelector;
    try {
      selector = labelSelectorFromObject(specOf(job).selector);
    } catch (err) {
      await recorder.warning(job, 'InvalidSelector', `couldn't convert Job selector: ${(err as Error).message}`);
      return;
    }
    const owned = await claimObjects(client, job, selector, claimCandidates(pods, job));
    try {
      if (finishedConditionOf(job)) {
        backoffs.delete(key);
        await removeFinalizers(key, owned.filter(hasTrackingFinalizer));
        return;
      }
      return await syncJob(key, job, owned);
    } catch (err) {
      if (isConflict(err)) return { requeue: true };
      throw err;
    }
  }

  async function syncJob(key: string, job: KubeObject, owned: KubeObject[]): Promise<ReconcileResult | void> {
    const spec = specOf(job);
    const now = clock.now();
    const status = structuredClone(statusOf(job));
    const uncounted = { succeeded: [...(status.uncountedTerminatedPods?.succeeded ?? [])] as string[], failed: [...(status.uncountedTerminatedPods?.failed ?? [])] as string[] };
    const satisfied = expectations.satisfied(key, (k) => pods.getByKey(k));
    const going = finalizersGoing.get(key) ?? new Set<string>();
    const tracked = (p: KubeObject) => hasTrackingFinalizer(p) && !going.has(p.metadata.uid ?? '');
    const active = owned.filter(isPodActive);
    const newSucceeded = owned.filter((p) => tracked(p) && podPhase(p) === 'Succeeded' && !uncounted.succeeded.includes(p.metadata.uid!));
    const newFailed = owned.filter((p) => tracked(p) && isPodFailed(p, job) && !uncounted.failed.includes(p.metadata.uid!));
    const completions = spec.completions === null || spec.completions === undefined ? undefined : Number(spec.completions);
    const suspended = spec.suspend === true;
    if (!status.startTime && !suspended) status.startTime = formatTime(now);
    const state: SyncState = {
      job,
      status,
      active,
      ready: active.filter(isPodReady).length,
      terminating: owned.filter(isPodTerminating).length,
      succeeded: Number(status.succeeded ?? 0) + newSucceeded.length + uncounted.succeeded.length,
      succeededIndexes: new Set(),
      backoff: nextBackoffRecord(backoffs.get(key), newSucceeded.map((p) => finishedTime(p, now)), newFailed.map((p) => finishedTime(p, now))),
    };
    const failed = Number(status.failed ?? 0) + newFailed.length + uncounted.failed.length;
    let requeueAfter: number | undefined;

    let verdict = recordedVerdict(jobConditions(job));
    if (!verdict) {
      if (failed > Number(spec.backoffLimit ?? 6) || pastBackoffLimitOnFailure(job, owned)) verdict = BACKOFF_LIMIT_EXCEEDED;
      else if (spec.activeDeadlineSeconds !== undefined && status.startTime && !suspended) {
        const left = Date.parse(status.startTime) + Number(spec.activeDeadlineSeconds) * 1000 - now.getTime();
        if (left <= 0) verdict = DEADLINE_EXCEEDED;
        else requeueAfter = left;
      }
    }
    const prevIndexes = new Set(isIndexed(job) ? parseIndexes(status.completedIndexes, completions ?? 0) : []);
    if (isIndexed(job)) {
      state.succeededIndexes = new Set(prevIndexes);
      for (const p of owned) {
        const ix = completionIndexOf(p);
        if (tracked(p) && podPhase(p) === 'Succeeded' && ix !== undefined && ix < (completions ?? 0)) state.succeededIndexes.add(ix);
      }
      state.succeeded = state.succeededIndexes.size;
    }

    let manageError: Error | undefined;
    if (verdict) {
      const deleted = await deletePods(job, state.active, false);
      if (deleted.length !== state.active.length || !satisfied) verdict = undefined;
      state.terminating += deleted.length;
      state.ready -= deleted.filter(isPodReady).length;
      state.active = state.active.filter((p) => !deleted.includes(p));
    } else {
      let managed = false;
      if (satisfied && !job.metadata.deletionTimestamp) {
        try {
          requeueAfter = minWait(requeueAfter, await manageJob(key, state, completions));
        } catch (err) {
          manageError = err as Error;
        }
        managed = true;
      }
      const done = completions === undefined ? state.succeeded > 0 && state.active.length === 0 : state.succeeded >= completions && state.active.length === 0;
      if (done) verdict = COMPLETIONS_REACHED;
      else if (managed) await noteSuspension(job, status, suspended, now);
    }
    status.active = state.active.length;
    status.ready = state.ready;
    status.terminating = state.terminating;

    // Count what finished: UIDs into uncountedTerminatedPods first, the finalizers off, then the counters.
    const releasing: KubeObject[] = [];
    for (const pod of isIndexed(job) ? [...owned].sort((a, b) => (completionIndexOf(a) ?? -1) - (completionIndexOf(b) ?? -1)) : owned) {
      if (!tracked(pod)) continue;
      const consideredFailed = isPodFailed(pod, job);
      const succeededPod = podPhase(pod) === 'Succeeded';
      if (!(job.metadata.deletionTimestamp || verdict || succeededPod || consideredFailed)) continue;
      releasing.push(pod);
      const uid = pod.metadata.uid!;
      const ix = completionIndexOf(pod);
      if (succeededPod && !uncounted.failed.includes(uid)) {
        if (!isIndexed(job) && !uncounted.succeeded.includes(uid)) uncounted.succeeded.push(uid);
      } else if ((consideredFailed || (verdict && !verdict.success)) && !uncounted.failed.includes(uid)) {
        if (!isIndexed(job) || (ix !== undefined && ix < (completions ?? 0))) uncounted.failed.push(uid);
      }
    }
    if (isIndexed(job)) {
      status.completedIndexes = formatIndexes(state.succeededIndexes);
      status.succeeded = state.succeededIndexes.size;
    }
    if (verdict) status.conditions = withInterimCondition(status.conditions ?? [], verdict, now);
    status.uncountedTerminatedPods = uncountedOf(uncounted);
    let current = await flush(key, job, status);
    backoffs.set(key, state.backoff);

    const released = await removeFinalizers(key, releasing);
    const withFinalizer = new Set(owned.filter(tracked).map((p) => p.metadata.uid!).filter((uid) => !released.has(uid)));
    const next = structuredClone(statusOf(current));
    moveToCounters(next, uncounted, withFinalizer, isIndexed(job));
    const finishing = verdict !== undefined && uncounted.succeeded.length + uncounted.failed.length === 0 && state.terminating === 0;
    if (finishing) {
      next.conditions = withFinalCondition(next.conditions ?? [], verdict!, now);
      if (verdict!.success) next.completionTime = formatTime(now);
    }
    current = await flush(key, current, next);
    if (finishing) await recordFinished(current, verdict!);
    if (manageError) throw manageError;
    if (requeueAfter !== undefined) return { requeueAfter };
  }

  /** manageJob: deletes surplus pods or creates missing ones; returns how long the failure backoff still holds new pods. */
  async function manageJob(key: string, state: SyncState, completions: number | undefined): Promise<number | undefined> {
    const { job } = state;
    const spec = specOf(job);
    if (spec.suspend === true) {
      await removeSurplus(key, state, state.active);
      return undefined;
    }
    const parallelism = Number(spec.parallelism ?? 1);
    const activeCount = state.active.length;
    const wantActive = completions === undefined ? (state.succeeded > 0 ? activeCount : parallelism) : Math.max(0, Math.min(completions - state.succeeded, parallelism));
    const surplus = surplusPods(state, wantActive, completions);
    if (surplus.length) {
      await removeSurplus(key, state, surplus.slice(0, MAX_POD_WRITES_PER_SYNC));
      return undefined;
    }
    const replacingOnlyFailed = spec.podReplacementPolicy === 'Failed' ? state.terminating : 0;
    const missing = Math.min(wantActive - replacingOnlyFailed - activeCount, MAX_POD_WRITES_PER_SYNC);
    if (missing <= 0) return undefined;
    const wait = remainingBackoffMs(state.backoff, clock.now().getTime());
    if (wait > 0) return wait;
    const indexes = isIndexed(job) ? pendingIndexes(state, missing, completions ?? 0) : Array.from({ length: missing }, () => undefined);
    const created = await Promise.all(indexes.map((ix) => createPod(key, job, ix)));
    const failure = created.find((r): r is Error => r instanceof Error);
    state.active = [...state.active, ...created.filter((r): r is KubeObject => !(r instanceof Error))];
    if (failure) throw failure;
    return undefined;
  }

  /** activePodsForRemoval: beyond wantActive, and for Indexed Jobs every duplicate, succeeded or out-of-range index. */
  function surplusPods(state: SyncState, wantActive: number, completions: number | undefined): KubeObject[] {
    const out: KubeObject[] = [];
    let keep = [...state.active];
    if (isIndexed(state.job)) {
      const seen = new Set<number>();
      keep = [];
      for (const pod of [...state.active].sort((a, b) => -removalOrder(a, b))) {
        const ix = completionIndexOf(pod);
        if (ix === undefined || ix >= (completions ?? 0) || seen.has(ix) || state.succeededIndexes.has(ix)) out.push(pod);
        else {
          seen.add(ix);
          keep.push(pod);
        }
      }
    }
    const extra = keep.length - wantActive;
    if (extra > 0) out.push(...keep.sort(removalOrder).slice(0, extra));
    return out;
  }

  /** firstPendingIndexes: the lowest indexes neither succeeded nor running. */
  function pendingIndexes(state: SyncState, count: number, completions: number): number[] {
    const taken = new Set(state.active.map(completionIndexOf).filter((ix): ix is number => ix !== undefined));
    const out: number[] = [];
    for (let ix = 0; ix < completions && out.length < count; ix++) if (!taken.has(ix) && !state.succeededIndexes.has(ix)) out.push(ix);
    return out;
  }

  /** deleteJobPods: surplus pods are not failures, so their finalizer comes off before they are deleted. */
  async function removeSurplus(key: string, state: SyncState, victims: KubeObject[]): Promise<void> {
    await removeFinalizers(key, victims.filter(hasTrackingFinalizer));
    const deleted = await deletePods(state.job, victims, true);
    state.terminating += deleted.length;
    state.ready -= deleted.filter(isPodReady).length;
    state.active = state.active.filter((p) => !deleted.includes(p));
  }

  async function createPod(key: string, job: KubeObject, index: number | undefined): Promise<KubeObject | Error> {
    try {
      const pod = await client.create(jobPodFor(job, index));
      expectations.expectCreate(key, objectKey(pod));
      await recorder.normal(job, 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`);
      return pod;
    } catch (err) {
      await recorder.warning(job, 'FailedCreate', `Error creating: ${(err as Error).message}`);
      return err as Error;
    }
  }

  /** Deletes the pods (finalizers stay, so the deletion is counted); returns those deleted. */
  async function deletePods(job: KubeObject, victims: KubeObject[], expect: boolean): Promise<KubeObject[]> {
    const done = await Promise.all(
      victims.map(async (pod) => {
        if (expect) expectations.expectDelete(objectKey(job), objectKey(pod));
        try {
          await client.delete(refOf(pod), { preconditions: { uid: pod.metadata.uid } });
          await recorder.normal(job, 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
          return pod;
        } catch (err) {
          if (isStatusError(err, 'NotFound')) return pod;
          await recorder.warning(job, 'FailedDelete', `Error deleting: ${(err as Error).message}`);
          return undefined;
        }
      }),
    );
    return done.filter((p): p is KubeObject => p !== undefined);
  }

  /** Removes the tracking finalizer; returns the UIDs it is gone from (a pod already gone counts). */
  async function removeFinalizers(key: string, targets: KubeObject[]): Promise<Set<string>> {
    const going = finalizersGoing.get(key) ?? new Set<string>();
    finalizersGoing.set(key, going);
    const released = new Set<string>();
    await Promise.all(
      targets.map(async (pod) => {
        const uid = pod.metadata.uid!;
        going.add(uid);
        try {
          await dropFinalizer(pod);
          released.add(uid);
        } catch (err) {
          going.delete(uid);
          if (!isStatusError(err, 'NotFound')) throw err;
          released.add(uid);
        }
      }),
    );
    return released;
  }

  async function dropFinalizer(pod: KubeObject): Promise<void> {
    const rest = (pod.metadata.finalizers ?? []).filter((f) => f !== JOB_TRACKING_FINALIZER);
    await client.patch(refOf(pod), 'merge', { metadata: { finalizers: rest.length ? rest : null } });
  }

  /** syncOrphanPod: a pod whose Job is gone, finished or someone else no longer keeps the tracking finalizer. */
  async function releaseOrphan(podKey: string): Promise<void> {
    const pod = pods.getByKey(podKey);
    if (!pod || !hasTrackingFinalizer(pod)) return;
    const ref = controllerRefOf(pod);
    if (ref && (ref.kind !== 'Job' || ref.apiVersion !== JOB_GVK.apiVersion)) return;
    if (ref) {
      const job = jobs.get(splitKey(podKey).namespace, ref.name);
      if (job && job.metadata.uid === ref.uid && !finishedConditionOf(job)) return;
    }
    try {
      await dropFinalizer(pod);
    } catch (err) {
      if (!isStatusError(err, 'NotFound')) throw err;
    }
  }

  async function flush(key: string, job: KubeObject, status: Record<string, any>): Promise<KubeObject> {
    const next = normalized(status);
    if (sameJson(next, job.status ?? {})) return job;
    const updated = await client.updateStatus({ ...job, status: next });
    written.set(key, Number(updated.metadata.resourceVersion));
    return updated;
  }

  async function recordFinished(job: KubeObject, verdict: JobVerdict): Promise<void> {
    if (!verdict.success) {
      await recorder.warning(job, verdict.reason, verdict.message);
      return;
    }
    const completions = specOf(job).completions;
    if (typeof completions === 'number' && Number(statusOf(job).succeeded ?? 0) > completions) {
      await recorder.warning(job, 'TooManySucceededPods', 'Too many succeeded pods running after completion count reached');
    }
    await recorder.normal(job, 'Completed', 'Job completed');
  }

  async function noteSuspension(job: KubeObject, status: Record<string, any>, suspended: boolean, now: Date): Promise<void> {
    const next = suspended
      ? ensureCondition(status.conditions ?? [], 'Suspended', 'True', 'JobSuspended', 'Job suspended', now)
      : ensureCondition(status.conditions ?? [], 'Suspended', 'False', 'JobResumed', 'Job resumed', now);
    if (!next.changed) return;
    status.conditions = next.conditions;
    // A resumed Job's active deadline counts from the resume.
    if (!suspended) status.startTime = formatTime(now);
    await recorder.normal(job, suspended ? 'Suspended' : 'Resumed', suspended ? 'Job suspended' : 'Job resumed');
  }

  return afterSync([jobs, pods], () => runController({ name: 'job-controller', queue, reconcile, workers: deps.workers ?? 5, recorder, objectFor: (k) => jobs.getByKey(k) }));
}

function minWait(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}
