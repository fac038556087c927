// kube-controller-manager's attach/detach controller for CSI volumes: a PersistentVolume of a
// CSI driver that needs attaching (its CSIDriver says attachRequired, or there is no CSIDriver)
// gets a VolumeAttachment per node where a scheduled, unfinished pod mounts its claim, and loses
// it once no such pod is left there. The driver's attacher (csi-attacher.ts) does the attaching;
// when it reports the volume attached, the pods waiting for it get SuccessfulAttachVolume.

import { createHash } from 'node:crypto';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { EventRecorder, refOf, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { afterSync, isConflict, type StoppableController } from '../workloads/workload-deps.ts';
import type { StorageControllerDeps } from './deps.ts';
import { claimNamesOf, claimRefOf, CSIDRIVER_GVK, isPodTerminal, POD_GVK, PVC_GVK, PV_GVK, specOf, statusOf, VOLUMEATTACHMENT_GVK } from './storage-facts.ts';

/** getAttachmentName of the CSI volume plugin: csi-<sha256(volume handle, driver, node)>. */
export function attachmentName(volumeHandle: string, driver: string, nodeName: string): string {
  return `csi-${createHash('sha256').update(`${volumeHandle}${driver}${nodeName}`).digest('hex')}`;
}

interface CsiSource {
  driver: string;
  volumeHandle: string;
}

function csiSourceOf(pv: KubeObject): CsiSource | undefined {
  const csi = specOf(pv).csi as { driver?: unknown; volumeHandle?: unknown } | undefined;
  return typeof csi?.driver === 'string' && typeof csi.volumeHandle === 'string' ? { driver: csi.driver, volumeHandle: csi.volumeHandle } : undefined;
}

const attachedVolumeOf = (va: KubeObject): string | undefined => (specOf(va).source as { persistentVolumeName?: string } | undefined)?.persistentVolumeName;

export function startAttachDetachController(deps: StorageControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const recorder = new EventRecorder(client, { component: 'attachdetach-controller', clock });
  const pods = factory.informerFor(POD_GVK);
  const claims = factory.informerFor(PVC_GVK);
  const volumes = factory.informerFor(PV_GVK);
  const drivers = factory.informerFor(CSIDRIVER_GVK);
  const attachments = factory.informerFor(VOLUMEATTACHMENT_GVK);
  const queue = new WorkQueue<string>({ clock });
  /** Attachments this controller asked for and has not yet seen attached: their pods get the event then. */
  const awaitingAttach = new Set<string>();

  const enqueueVolumesOf = (pod: KubeObject) => {
    for (const name of claimNamesOf(pod)) {
      const volume = specOf(claims.get(pod.metadata.namespace, name) ?? ({ metadata: {} } as KubeObject)).volumeName;
      if (typeof volume === 'string' && volume) queue.add(volume);
    }
  };
  pods.addEventHandler({ onAdd: enqueueVolumesOf, onUpdate: (_, pod) => enqueueVolumesOf(pod), onDelete: enqueueVolumesOf });
  claims.addEventHandler({
    onUpdate: (_, pvc) => {
      const volume = specOf(pvc).volumeName;
      if (typeof volume === 'string' && volume) queue.add(volume);
    },
  });
  volumes.addEventHandler({ onAdd: (pv) => queue.add(pv.metadata.name!), onUpdate: (_, pv) => queue.add(pv.metadata.name!), onDelete: (pv) => queue.add(pv.metadata.name!) });
  const enqueueAttachment = (va: KubeObject) => {
    const volume = attachedVolumeOf(va);
    if (volume) queue.add(volume);
  };
  attachments.addEventHandler({ onUpdate: (_, va) => enqueueAttachment(va), onDelete: enqueueAttachment });
  drivers.addEventHandler({ onAdd: () => volumes.list().forEach((pv) => queue.add(pv.metadata.name!)) });

  function attachRequired(driver: string): boolean {
    const csiDriver = drivers.get(undefined, driver);
    return (specOf(csiDriver ?? ({ metadata: {} } as KubeObject)).attachRequired as boolean | undefined) !== false;
  }

  /** The pods (by node) that mount the volume through its bound claim and hold it on their node. */
  function podsByNode(pv: KubeObject): Map<string, KubeObject[]> {
    const out = new Map<string, KubeObject[]>();
    const { namespace, name } = claimRefOf(pv) ?? {};
    const pvc = namespace && name ? claims.get(namespace, name) : undefined;
    if (!pvc || specOf(pvc).volumeName !== pv.metadata.name) return out;
    for (const pod of pods.list(namespace)) {
      const node = specOf(pod).nodeName;
      if (typeof node !== 'string' || !node || isPodTerminal(pod) || !claimNamesOf(pod).includes(name!)) continue;
      out.set(node, [...(out.get(node) ?? []), pod]);
    }
    return out;
  }

  async function reconcile(volumeName: string): Promise<ReconcileResult | void> {
    const pv = volumes.get(undefined, volumeName);
    const source = pv ? csiSourceOf(pv) : undefined;
    const desired = pv && source && attachRequired(source.driver) ? podsByNode(pv) : new Map<string, KubeObject[]>();
    const existing = attachments.list().filter((va) => attachedVolumeOf(va) === volumeName);
    try {
      for (const va of existing) {
        const node = specOf(va).nodeName as string;
        if (desired.has(node)) {
          if (awaitingAttach.has(va.metadata.name!) && statusOf(va).attached === true) {
            awaitingAttach.delete(va.metadata.name!);
            for (const pod of desired.get(node)!) await recorder.normal(pod, 'SuccessfulAttachVolume', `AttachVolume.Attach succeeded for volume "${volumeName}"`);
          }
          continue;
        }
        awaitingAttach.delete(va.metadata.name!);
        if (!va.metadata.deletionTimestamp) await client.delete(refOf(va), { preconditions: { uid: va.metadata.uid } });
      }
      for (const node of desired.keys()) {
        if (existing.some((va) => specOf(va).nodeName === node)) continue;
        const name = attachmentName(source!.volumeHandle, source!.driver, node);
        awaitingAttach.add(name);
        await client.create({ ...VOLUMEATTACHMENT_GVK, metadata: { name }, spec: { attacher: source!.driver, nodeName: node, source: { persistentVolumeName: volumeName } } });
      }
    } catch (err) {
      if (isConflict(err) || isStatusError(err, 'AlreadyExists')) return { requeue: true };
      if (!isStatusError(err, 'NotFound')) throw err;
    }
  }

  return afterSync([pods, claims, volumes, drivers, attachments], () => runController({ name: 'attachdetach-controller', queue, reconcile, workers: deps.workers ?? 5 }));
}
