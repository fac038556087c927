// The CronJob controller: at each start of the schedule (in the CronJob's time zone, on the
// injected clock) it creates the Job `<cronjob>-<minutes since epoch>` from the jobTemplate,
// honouring suspend, startingDeadlineSeconds and the concurrency policy; it keeps `status.active`,
// `lastScheduleTime` and `lastSuccessfulTime`, and prunes finished Jobs beyond the history limits.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { formatTime } from './conditions.ts';
import { checkSchedule, formatInZone, isValidTimeZone, jobNameFor, parseSchedule, type Schedule } from './cron-schedule.ts';
import { JOB_GVK } from './job-controller.ts';
import { finishedConditionOf } from './job-status.ts';
import { controllerRefOf, newControllerRef, ownerKeyOf } from './owner.ts';
import { afterSync, isConflict, recorderFor, sameJson, specOf, statusOf, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

export const CRONJOB_GVK = { apiVersion: 'batch/v1', kind: 'CronJob' };
export const SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';
/** nextScheduleTimeDuration adds this so the sync lands just after the start, not just before it. */
const NEXT_SYNC_SLACK_MS = 100;

type JobRef = { apiVersion: string; kind: string; name: string; namespace?: string; uid?: string; resourceVersion?: string };

function jobRefOf(job: KubeObject): JobRef {
  return { apiVersion: JOB_GVK.apiVersion, kind: 'Job', name: job.metadata.name!, namespace: job.metadata.namespace, uid: job.metadata.uid, resourceVersion: job.metadata.resourceVersion };
}

/** getJobFromTemplate2: the jobTemplate as a Job named for its start, stamped with the start time. */
export function jobFor(cj: KubeObject, start: Date, timeZone: string): KubeObject {
  const template = (specOf(cj).jobTemplate ?? {}) as { metadata?: Record<string, any>; spec?: Record<string, unknown> };
  const meta = template.metadata ?? {};
  return {
    ...JOB_GVK,
    metadata: {
      name: jobNameFor(cj.metadata.name!, start),
      namespace: cj.metadata.namespace,
      ...(meta.labels ? { labels: { ...meta.labels } } : {}),
      annotations: { ...(meta.annotations ?? {}), [SCHEDULED_TIMESTAMP_ANNOTATION]: formatInZone(start, timeZone) },
      ownerReferences: [newControllerRef(cj)],
    },
    spec: structuredClone(template.spec ?? {}),
  };
}

export function startCronJobController(deps: WorkloadControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const recorder = recorderFor(deps, 'cronjob-controller');
  const cronJobs = factory.informerFor(CRONJOB_GVK);
  const jobs = factory.informerFor(JOB_GVK);
  const queue = new WorkQueue<string>({ clock });
  /** Jobs already reported as UnexpectedJob (once each, not at every sync). */
  const unexpected = new Set<string>();

  const enqueue = (cj: KubeObject) => queue.add(objectKey(cj));
  const enqueueOwner = (job: KubeObject) => {
    const owner = ownerKeyOf(job, 'CronJob');
    if (owner) queue.add(owner);
  };
  cronJobs.addEventHandler({ onAdd: enqueue, onUpdate: (_, cj) => enqueue(cj), onDelete: () => {} });
  jobs.addEventHandler({ onAdd: enqueueOwner, onUpdate: (_, j) => enqueueOwner(j), onDelete: enqueueOwner });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const cj = cronJobs.getByKey(key);
    if (!cj) return;
    const owned = jobs.list(cj.metadata.namespace ?? '').filter((j) => controllerRefOf(j)?.uid === cj.metadata.uid);
    const status = structuredClone(statusOf(cj));
    try {
      if (!(await syncActive(cj, status, owned))) return { requeue: true };
      let requeueAfter: number | undefined;
      if (!cj.metadata.deletionTimestamp) requeueAfter = await maybeStart(cj, status, owned);
      await writeStatus(cj, status);
      await pruneHistory(cj, owned);
      if (requeueAfter !== undefined) return { requeueAfter };
    } catch (err) {
      if (isConflict(err)) return { requeue: true };
      throw err;
    }
  }

  /**
   * The active list follows the Jobs: finished ones leave it (SawCompletedJob), vanished ones too
   * (MissingJob). Returns false when the cached CronJob turns out older than the stored one.
   */
  async function syncActive(cj: KubeObject, status: Record<string, any>, owned: KubeObject[]): Promise<boolean> {
    let active = [...((status.active ?? []) as JobRef[])];
    for (const job of owned) {
      const listed = active.some((r) => r.uid === job.metadata.uid);
      const finished = finishedConditionOf(job);
      if (!listed && !finished) {
        // The cache may hold the Job before our status write that lists it: ask the API server.
        const fresh = await client.get(refOf(cj));
        if (((statusOf(fresh).active ?? []) as JobRef[]).some((r) => r.uid === job.metadata.uid)) return false;
        if (!unexpected.has(job.metadata.uid!)) {
          unexpected.add(job.metadata.uid!);
          await recorder.warning(cj, 'UnexpectedJob', `Saw a job that the controller did not create or forgot: ${job.metadata.name}`);
        }
      } else if (listed && finished) {
        active = active.filter((r) => r.uid !== job.metadata.uid);
        await recorder.normal(cj, 'SawCompletedJob', `Saw completed job: ${job.metadata.name}, condition: ${finished.type}`);
        if (finished.type === 'Complete') {
          const completed = String(statusOf(job).completionTime ?? '');
          if (completed && (!status.lastSuccessfulTime || Date.parse(completed) > Date.parse(status.lastSuccessfulTime))) status.lastSuccessfulTime = completed;
        }
      }
    }
    for (const ref of active.filter((r) => !owned.some((j) => j.metadata.uid === r.uid))) {
      // Gone from the cache: the Job was deleted (or never made it there).
      if (!jobs.get(cj.metadata.namespace, ref.name)) {
        await recorder.warning(cj, 'MissingJob', `Active job went missing: ${ref.name}`);
        active = active.filter((r) => r !== ref);
      }
    }
    status.active = active;
    return true;
  }

  /** Creates the Job for the most recent due start, if it may; returns when to look again. */
  async function maybeStart(cj: KubeObject, status: Record<string, any>, owned: KubeObject[]): Promise<number | undefined> {
    const spec = specOf(cj);
    const timeZone = spec.timeZone ? String(spec.timeZone) : 'UTC';
    if (spec.timeZone && !isValidTimeZone(timeZone)) {
      await recorder.warning(cj, 'UnknownTimeZone', `invalid timeZone: "${timeZone}": unknown time zone ${timeZone}`);
      return undefined;
    }
    let schedule: Schedule;
    try {
      schedule = parseSchedule(String(spec.schedule ?? ''), timeZone);
    } catch (err) {
      await recorder.warning(cj, 'UnparseableSchedule', `unparseable schedule: "${spec.schedule}" : ${(err as Error).message}`);
      return undefined;
    }
    if (spec.suspend === true) return undefined;
    const now = clock.now();
    const earliest = new Date(status.lastScheduleTime ?? cj.metadata.creationTimestamp ?? now.toISOString());
    const deadline = spec.startingDeadlineSeconds === undefined || spec.startingDeadlineSeconds === null ? undefined : Number(spec.startingDeadlineSeconds);
    const check = checkSchedule(schedule, earliest, now, deadline);
    const untilNext = check.next.getTime() - now.getTime() + NEXT_SYNC_SLACK_MS;
    if (check.tooManyMissed) {
      await recorder.warning(cj, 'TooManyMissedTimes', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
    }
    const start = check.due;
    if (!start) return untilNext;
    if (deadline !== undefined && start.getTime() + deadline * 1000 < now.getTime()) {
      await recorder.warning(cj, 'MissSchedule', `Missed scheduled time to start a job: ${formatInZone(start, timeZone)}`);
      return untilNext;
    }
    const name = jobNameFor(cj.metadata.name!, start);
    if (status.active.some((r: JobRef) => r.name === name) || owned.some((j) => j.metadata.name === name)) return untilNext;
    const active = status.active as JobRef[];
    if (spec.concurrencyPolicy === 'Forbid' && active.length > 0) {
      await recorder.normal(cj, 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
      return untilNext;
    }
    if (spec.concurrencyPolicy === 'Replace') {
      for (const ref of active) {
        await deleteJob(cj, ref.name);
        status.active = (status.active as JobRef[]).filter((r) => r.uid !== ref.uid);
      }
    }
    let created: KubeObject;
    try {
      created = await client.create(jobFor(cj, start, schedule.timeZone));
    } catch (err) {
      // Made by an earlier sync whose status write was lost: its start is handled.
      if (isStatusError(err, 'AlreadyExists')) return untilNext;
      await recorder.warning(cj, 'FailedCreate', `Error creating job: ${(err as Error).message}`);
      throw err;
    }
    await recorder.normal(cj, 'SuccessfulCreate', `Created job ${created.metadata.name}`);
    status.active = [...(status.active as JobRef[]), jobRefOf(created)];
    status.lastScheduleTime = formatTime(start);
    return untilNext;
  }

  async function deleteJob(cj: KubeObject, name: string): Promise<void> {
    try {
      await client.delete({ ...JOB_GVK, namespace: cj.metadata.namespace, name }, { propagationPolicy: 'Background' });
      await recorder.normal(cj, 'SuccessfulDelete', `Deleted job ${name}`);
    } catch (err) {
      if (isStatusError(err, 'NotFound')) return;
      await recorder.warning(cj, 'FailedDelete', `Deleted job: ${(err as Error).message}`);
      throw err;
    }
  }

  async function writeStatus(cj: KubeObject, status: Record<string, any>): Promise<void> {
    const next: Record<string, any> = {};
    for (const [k, v] of Object.entries(status)) if (v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)) next[k] = v;
    if (sameJson(next, cj.status ?? {})) return;
    await client.updateStatus({ ...cj, status: next });
  }

  /** cleanupFinishedJobs: the oldest finished Jobs beyond successfulJobsHistoryLimit / failedJobsHistoryLimit go. */
  async function pruneHistory(cj: KubeObject, owned: KubeObject[]): Promise<void> {
    const spec = specOf(cj);
    const byStart = (a: KubeObject, b: KubeObject) => startOf(a) - startOf(b);
    for (const [type, limit] of [['Complete', spec.successfulJobsHistoryLimit], ['Failed', spec.failedJobsHistoryLimit]] as const) {
      if (limit === undefined || limit === null) continue;
      const finished = owned.filter((j) => finishedConditionOf(j)?.type === type && !j.metadata.deletionTimestamp).sort(byStart);
      for (const job of finished.slice(0, Math.max(0, finished.length - Number(limit)))) await deleteJob(cj, job.metadata.name!);
    }
  }

  return afterSync([cronJobs, jobs], () =>
    runController({ name: 'cronjob-controller', queue, reconcile, workers: deps.workers ?? 5, recorder, objectFor: (k) => cronJobs.getByKey(k) }),
  );
}

function startOf(job: KubeObject): number {
  return Date.parse(String(statusOf(job).startTime ?? job.metadata.creationTimestamp ?? '')) || 0;
}
