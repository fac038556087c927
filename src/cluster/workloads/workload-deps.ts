// What every workload controller is started with, and small pieces they share.

import { isStatusError } from '../../machinery/errors.ts';
import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { EventRecorder, type Clock, type InformerFactory, type KubeClient } from '../../controller/index.ts';

export interface WorkloadControllerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  /** Where Events go; by default each controller records as its upstream component. */
  recorder?: EventRecorder;
  /** Parallel reconciles per controller (default 5, as kube-controller-manager's concurrent syncs). */
  workers?: number;
}

export interface StoppableController {
  stop(): Promise<void>;
}

export const POD_GVK = { apiVersion: 'v1', kind: 'Pod' };
export const PVC_GVK = { apiVersion: 'v1', kind: 'PersistentVolumeClaim' };
export const REPLICASET_GVK = { apiVersion: 'apps/v1', kind: 'ReplicaSet' };
export const DEPLOYMENT_GVK = { apiVersion: 'apps/v1', kind: 'Deployment' };
export const STATEFULSET_GVK = { apiVersion: 'apps/v1', kind: 'StatefulSet' };

export function recorderFor(deps: WorkloadControllerDeps, component: string): EventRecorder {
  return deps.recorder ?? new EventRecorder(deps.client, { component, clock: deps.clock });
}

/** Conflicts mean the cache was behind: sync again soon rather than report a failure. */
export function isConflict(err: unknown): boolean {
  return isStatusError(err, 'Conflict');
}

/** Drops the fields Go's `omitempty` would leave out of a status (zeros, empty strings, empty lists). */
export function omitEmpty(status: Record<string, unknown>, keep: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(status)) {
    const empty = v === undefined || v === null || v === 0 || v === '' || (Array.isArray(v) && v.length === 0);
    if (!empty || keep.includes(k)) out[k] = v ?? 0;
  }
  return out;
}

/** Whether the two have the same canonicalJson (keys in any order, undefined members left out), without writing it. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a) || isPlainObject(b)) {
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    let defined = 0;
    for (const k of Object.keys(a)) {
      if (a[k] === undefined) continue;
      defined++;
      if (!Object.hasOwn(b, k) || b[k] === undefined || !sameJson(a[k], b[k])) return false;
    }
    for (const k of Object.keys(b)) if (b[k] !== undefined) defined--;
    return defined === 0;
  }
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function specOf(obj: KubeObject): Record<string, any> {
  return (obj.spec ?? {}) as Record<string, any>;
}

export function statusOf(obj: KubeObject): Record<string, any> {
  return (obj.status ?? {}) as Record<string, any>;
}

/** Starts reconciling only once every informer the controller reads has synced, so a half-filled cache never drives writes. */
export function afterSync(informers: Array<{ waitForSync(): Promise<void> }>, run: () => StoppableController): StoppableController {
  let stopped = false;
  let controller: StoppableController | undefined;
  void Promise.all(informers.map((i) => i.waitForSync())).then(() => {
    if (!stopped) controller = run();
  });
  return {
    async stop() {
      stopped = true;
      await controller?.stop();
    },
  };
}
