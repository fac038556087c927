// The ttl-after-finished controller: a finished Job with `ttlSecondsAfterFinished` is deleted
// (foreground, so its pods go first) that many seconds after it finished, on the injected clock.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { JOB_GVK } from './job-controller.ts';
import { finishedConditionOf } from './job-status.ts';
import { afterSync, specOf, statusOf, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

/** When the Job may be deleted, or undefined when it is not finished or has no TTL. */
export function expiryOf(job: KubeObject): number | undefined {
  const ttl = specOf(job).ttlSecondsAfterFinished;
  if (ttl === undefined || ttl === null || job.metadata.deletionTimestamp) return undefined;
  const finished = finishedConditionOf(job);
  if (!finished) return undefined;
  const finishedAt = Date.parse(String(statusOf(job).completionTime ?? '')) || Date.parse(finished.lastTransitionTime);
  return finishedAt + Number(ttl) * 1000;
}

export function startTtlAfterFinishedController(deps: WorkloadControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const jobs = factory.informerFor(JOB_GVK);
  const queue = new WorkQueue<string>({ clock });
  const enqueue = (job: KubeObject) => expiryOf(job) !== undefined && queue.add(objectKey(job));
  jobs.addEventHandler({ onAdd: enqueue, onUpdate: (_, job) => enqueue(job) });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const job = jobs.getByKey(key);
    const expiry = job && expiryOf(job);
    if (!job || expiry === undefined) return;
    const left = expiry - clock.now().getTime();
    if (left > 0) return { requeueAfter: left };
    try {
      await client.delete(refOf(job), { propagationPolicy: 'Foreground', preconditions: { uid: job.metadata.uid, resourceVersion: job.metadata.resourceVersion } });
    } catch (err) {
      if (isStatusError(err, 'NotFound')) return;
      if (isStatusError(err, 'Conflict')) return { requeue: true };
      throw err;
    }
  }

  return afterSync([jobs], () => runController({ name: 'ttl-after-finished-controller', queue, reconcile, workers: deps.workers ?? 5 }));
}
