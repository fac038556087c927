// Running a level-triggered reconciler over a work queue: workers take keys, reconcile them,
// requeue on request, and on failure back off per key and tell the object's owner with a
// Warning Event, as controller-runtime does.

import type { KubeObject } from '../machinery/object.ts';
import type { EventRecorder, InvolvedObject } from './events.ts';
import type { WorkQueue } from './workqueue.ts';

export interface ReconcileResult {
  /** Reconcile this key again after so many ms (a poll), even without a change. */
  requeueAfter?: number;
  /** Reconcile again after the key's backoff, without counting as an error. */
  requeue?: boolean;
}

export interface ControllerSpec {
  name: string;
  queue: WorkQueue<string>;
  reconcile(key: string): Promise<ReconcileResult | void> | ReconcileResult | void;
  /** How many keys are reconciled at once (never the same key twice at once); default 1. */
  workers?: number;
  /** Where ReconcileError Warnings go; without it failures are only retried. */
  recorder?: EventRecorder;
  /** The object a key names, for the Warning Event (typically `informer.getByKey`). */
  objectFor?(key: string): KubeObject | InvolvedObject | undefined;
  /** Told about every failure (default console.error). */
  onError?(key: string, err: unknown): void;
}

export interface RunningController {
  readonly name: string;
  /** Shuts the queue down and resolves when every worker has finished its current key. */
  stop(): Promise<void>;
}

export function runController(spec: ControllerSpec): RunningController {
  const workers = Math.max(1, spec.workers ?? 1);
  const report = spec.onError ?? ((key, err) => console.error(`controller ${spec.name}: reconciling ${key}:`, err));

  async function processOne(key: string): Promise<void> {
    try {
      const result = (await spec.reconcile(key)) ?? {};
      spec.queue.forget(key);
      if (result.requeueAfter !== undefined && result.requeueAfter > 0) spec.queue.addAfter(key, result.requeueAfter);
      else if (result.requeue) spec.queue.addRateLimited(key);
    } catch (err) {
      spec.queue.addRateLimited(key);
      report(key, err);
      const about = spec.objectFor?.(key);
      if (spec.recorder && about) await spec.recorder.warning(about, 'ReconcileError', err instanceof Error ? err.message : String(err));
    } finally {
      spec.queue.done(key);
    }
  }

  async function worker(): Promise<void> {
    for (;;) {
      const key = await spec.queue.get();
      if (key === undefined) return;
      await processOne(key);
    }
  }

  const running = Array.from({ length: workers }, () => worker());
  return {
    name: spec.name,
    async stop() {
      spec.queue.shutDown();
      await Promise.all(running);
    },
  };
}

/**
 * Runs the controller once every informer it reads has synced, as controller-runtime waits for its
 * caches; `onStart` then runs (to fill the queue). Stopped before that, it never runs.
 */
export function runWhenSynced(spec: ControllerSpec, informers: Array<{ waitForSync(): Promise<void> }>, onStart?: () => void): RunningController {
  let controller: RunningController | undefined;
  let stopped = false;
  const started = Promise.all(informers.map((i) => i.waitForSync())).then(() => {
    if (stopped) return;
    controller = runController(spec);
    onStart?.();
  });
  return {
    name: spec.name,
    async stop() {
      stopped = true;
      spec.queue.shutDown();
      await started;
      await controller?.stop();
    },
  };
}
