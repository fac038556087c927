// The storage object in-use protection controllers: every claim carries
// `kubernetes.io/pvc-protection` and every volume `kubernetes.io/pv-protection`; a deleted claim
// goes once no scheduled, unfinished pod uses it, a deleted volume once it is no longer Bound.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type KubeClient, type ReconcileResult } from '../../controller/index.ts';
import { afterSync, isConflict, type StoppableController } from '../workloads/workload-deps.ts';
import type { StorageControllerDeps } from './deps.ts';
import { claimNamesOf, isPodTerminal, phaseOf, POD_GVK, PVC_GVK, PVC_PROTECTION_FINALIZER, PV_GVK, PV_PROTECTION_FINALIZER, specOf, withoutFinalizer } from './storage-facts.ts';

async function setFinalizers(client: KubeClient, obj: KubeObject, finalizers: string[]): Promise<void> {
  await client.patch(refOf(obj), 'merge', { metadata: { resourceVersion: obj.metadata.resourceVersion, finalizers: finalizers.length ? finalizers : null } });
}

/** Adds the finalizer to a live object, or removes it from a deleted one once `releasable` says so. */
async function protect(client: KubeClient, obj: KubeObject, finalizer: string, releasable: () => boolean | Promise<boolean>): Promise<ReconcileResult | void> {
  const has = obj.metadata.finalizers?.includes(finalizer) ?? false;
  try {
    if (!obj.metadata.deletionTimestamp) {
      if (!has) await setFinalizers(client, obj, [...(obj.metadata.finalizers ?? []), finalizer]);
      return;
    }
    if (has && (await releasable())) await setFinalizers(client, obj, withoutFinalizer(obj, finalizer));
  } catch (err) {
    if (isConflict(err)) return { requeue: true };
    if (!isStatusError(err, 'NotFound')) throw err;
  }
}

/** podUsesPVC: scheduled, not finished, and naming the claim in a volume. */
export function podUsesClaim(pod: KubeObject, pvc: KubeObject): boolean {
  return pod.metadata.namespace === pvc.metadata.namespace && !!specOf(pod).nodeName && !isPodTerminal(pod) && claimNamesOf(pod).includes(pvc.metadata.name ?? '');
}

export function startPvcProtectionController(deps: StorageControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const claims = factory.informerFor(PVC_GVK);
  const pods = factory.informerFor(POD_GVK);
  const queue = new WorkQueue<string>({ clock });
  const enqueue = (pvc: KubeObject) => queue.add(objectKey(pvc));
  const enqueueClaimsOf = (pod: KubeObject) => {
    for (const name of claimNamesOf(pod)) queue.add(`${pod.metadata.namespace}/${name}`);
  };
  claims.addEventHandler({ onAdd: enqueue, onUpdate: (_, pvc) => enqueue(pvc) });
  pods.addEventHandler({ onUpdate: (_, pod) => enqueueClaimsOf(pod), onDelete: enqueueClaimsOf });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const pvc = claims.getByKey(key);
    if (!pvc) return;
    return protect(client, pvc, PVC_PROTECTION_FINALIZER, async () => {
      if (pods.list(pvc.metadata.namespace ?? '').some((p) => podUsesClaim(p, pvc))) return false;
      // The cache may miss a pod just scheduled: ask the API server before letting the claim go.
      const live = await client.list(POD_GVK, { namespace: pvc.metadata.namespace });
      return !live.items.some((p) => podUsesClaim(p, pvc));
    });
  }

  return afterSync([claims, pods], () => runController({ name: 'pvc-protection-controller', queue, reconcile, workers: deps.workers ?? 5 }));
}

export function startPvProtectionController(deps: StorageControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const volumes = factory.informerFor(PV_GVK);
  const queue = new WorkQueue<string>({ clock });
  const enqueue = (pv: KubeObject) => queue.add(objectKey(pv));
  volumes.addEventHandler({ onAdd: enqueue, onUpdate: (_, pv) => enqueue(pv) });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const pv = volumes.getByKey(key);
    if (!pv) return;
    return protect(client, pv, PV_PROTECTION_FINALIZER, () => phaseOf(pv) !== 'Bound');
  }

  return afterSync([volumes], () => runController({ name: 'pv-protection-controller', queue, reconcile, workers: deps.workers ?? 5 }));
}
