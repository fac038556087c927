// The external-attacher sidecar of LINSTOR's CSI controller: a VolumeAttachment for its driver
// gets the attacher's finalizer and, once ControllerPublishVolume has run, `status.attached:
// true`; a deleted one is detached (`attached: false`) and released.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { afterSync, isConflict, type StoppableController } from '../workloads/workload-deps.ts';
import type { StorageControllerDeps } from './deps.ts';
import { LINSTOR_PROVISIONER } from './storage-classes.ts';
import { specOf, statusOf, VOLUMEATTACHMENT_GVK, withoutFinalizer } from './storage-facts.ts';

/** The finalizer csi-attacher puts on what it attaches: `external-attacher/<driver, dots as dashes>`. */
export function attacherFinalizer(driver: string): string {
  return `external-attacher/${driver.replace(/\./g, '-')}`;
}

export function startCsiAttacher(deps: StorageControllerDeps & { driver?: string }): StoppableController {
  const { client, factory, clock } = deps;
  const driver = deps.driver ?? LINSTOR_PROVISIONER;
  const finalizer = attacherFinalizer(driver);
  const attachments = factory.informerFor(VOLUMEATTACHMENT_GVK);
  const queue = new WorkQueue<string>({ clock });
  const enqueue = (va: KubeObject) => {
    if (specOf(va).attacher === driver) queue.add(objectKey(va));
  };
  attachments.addEventHandler({ onAdd: enqueue, onUpdate: (_, va) => enqueue(va) });

  async function attach(va: KubeObject): Promise<void> {
    if (!va.metadata.finalizers?.includes(finalizer)) {
      await client.patch(refOf(va), 'merge', { metadata: { resourceVersion: va.metadata.resourceVersion, finalizers: [...(va.metadata.finalizers ?? []), finalizer] } });
      return; // the update brings it back with the finalizer
    }
    if (statusOf(va).attached !== true) await client.updateStatus({ ...va, status: { attached: true } });
  }

  async function detach(va: KubeObject): Promise<void> {
    if (!va.metadata.finalizers?.includes(finalizer)) return;
    if (statusOf(va).attached === true) {
      await client.updateStatus({ ...va, status: { attached: false } });
      return;
    }
    const finalizers = withoutFinalizer(va, finalizer);
    await client.patch(refOf(va), 'merge', { metadata: { resourceVersion: va.metadata.resourceVersion, finalizers: finalizers.length ? finalizers : null } });
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const va = attachments.getByKey(key);
    if (!va) return;
    try {
      if (va.metadata.deletionTimestamp) await detach(va);
      else await attach(va);
    } catch (err) {
      if (isConflict(err)) return { requeue: true };
      if (!isStatusError(err, 'NotFound')) throw err;
    }
  }

  return afterSync([attachments], () => runController({ name: 'csi-attacher', queue, reconcile, workers: deps.workers ?? 5 }));
}
