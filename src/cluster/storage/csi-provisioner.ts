// LINSTOR's CSI controller as the external-provisioner sidecar drives it: a claim the binder
// handed to `linstor.csi.linbit.com` (and, for WaitForFirstConsumer, placed on a node) gets a
// PersistentVolume `pvc-<claim uid>` pre-bound to it, sized as requested, with the class's
// reclaim policy and, for node-local classes, affinity to that node. A Released volume whose
// policy is Delete is deleted.

import { randomUUID } from 'node:crypto';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { EventRecorder, refOf, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { afterSync, isConflict, type StoppableController } from '../workloads/workload-deps.ts';
import type { StorageControllerDeps } from './deps.ts';
import { isNodeLocal, LINSTOR_PROVISIONER } from './storage-classes.ts';
import {
  ANN_PROVISIONED_BY,
  ANN_SELECTED_NODE,
  ANN_STORAGE_PROVISIONER,
  annotationOf,
  claimClass,
  phaseOf,
  PROVISIONER_FINALIZER,
  PVC_GVK,
  PV_GVK,
  requestedStorage,
  specOf,
  STORAGECLASS_GVK,
  waitsForFirstConsumer,
  withoutFinalizer,
  type StorageClass,
} from './storage-facts.ts';

export const HOSTNAME_LABEL = 'kubernetes.io/hostname';

export function volumeNameFor(pvc: KubeObject): string {
  return `pvc-${pvc.metadata.uid}`;
}

/** The PersistentVolume the provisioner creates for a claim of the class. */
export function provisionedVolume(pvc: KubeObject, sc: StorageClass, driver: string, identity: string): KubeObject {
  const reclaimPolicy = sc.reclaimPolicy ?? 'Delete';
  const node = annotationOf(pvc, ANN_SELECTED_NODE);
  const name = volumeNameFor(pvc);
  return {
    ...PV_GVK,
    metadata: {
      name,
      annotations: { [ANN_PROVISIONED_BY]: driver, 'volume.kubernetes.io/provisioner-deletion-secret-name': '', 'volume.kubernetes.io/provisioner-deletion-secret-namespace': '' },
      ...(reclaimPolicy === 'Delete' ? { finalizers: [PROVISIONER_FINALIZER] } : {}),
    },
    spec: {
      accessModes: [...((specOf(pvc).accessModes ?? []) as string[])],
      capacity: { storage: requestedStorage(pvc) ?? '0' },
      claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid, resourceVersion: pvc.metadata.resourceVersion },
      csi: { driver, volumeHandle: name, fsType: 'ext4', volumeAttributes: { 'storage.kubernetes.io/csiProvisionerIdentity': identity } },
      persistentVolumeReclaimPolicy: reclaimPolicy,
      storageClassName: sc.metadata.name,
      volumeMode: specOf(pvc).volumeMode ?? 'Filesystem',
      ...(sc.mountOptions?.length ? { mountOptions: [...sc.mountOptions] } : {}),
      ...(isNodeLocal(sc) && node
        ? { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: HOSTNAME_LABEL, operator: 'In', values: [node] }] }] } } }
        : {}),
    },
  };
}

export function startCsiProvisioner(deps: StorageControllerDeps & { driver?: string }): StoppableController {
  const { client, factory, clock } = deps;
  const driver = deps.driver ?? LINSTOR_PROVISIONER;
  const identity = `${clock.now().getTime()}-${Math.floor(Math.random() * 10000)}-${driver}`;
  const recorder = new EventRecorder(client, { component: `${driver}_linstor-csi-controller_${randomUUID()}`, clock });
  const claims = factory.informerFor(PVC_GVK);
  const volumes = factory.informerFor(PV_GVK);
  const classes = factory.informerFor<StorageClass>(STORAGECLASS_GVK);
  const queue = new WorkQueue<string>({ clock });
  /** Claims (by uid) whose volume we created, until the claim goes: the volume informer may lag behind. */
  const provisioned = new Set<string>();

  claims.addEventHandler({
    onAdd: (pvc) => queue.add(`claim:${pvc.metadata.namespace}/${pvc.metadata.name}`),
    onUpdate: (_, pvc) => queue.add(`claim:${pvc.metadata.namespace}/${pvc.metadata.name}`),
    onDelete: (pvc) => provisioned.delete(pvc.metadata.uid ?? ''),
  });
  volumes.addEventHandler({ onAdd: (pv) => queue.add(`volume:${pv.metadata.name}`), onUpdate: (_, pv) => queue.add(`volume:${pv.metadata.name}`) });

  async function provision(pvc: KubeObject): Promise<void> {
    if (annotationOf(pvc, ANN_STORAGE_PROVISIONER) !== driver || specOf(pvc).volumeName || pvc.metadata.deletionTimestamp) return;
    const sc = classes.get(undefined, claimClass(pvc));
    if (!sc || sc.provisioner !== driver) return;
    if (waitsForFirstConsumer(sc) && !annotationOf(pvc, ANN_SELECTED_NODE)) return;
    if (provisioned.has(pvc.metadata.uid!) || volumes.get(undefined, volumeNameFor(pvc))) return;
    await recorder.normal(pvc, 'Provisioning', `External provisioner is provisioning volume for claim "${pvc.metadata.namespace}/${pvc.metadata.name}"`);
    try {
      await client.create(provisionedVolume(pvc, sc, driver, identity));
    } catch (err) {
      if (!isStatusError(err, 'AlreadyExists')) {
        await recorder.warning(pvc, 'ProvisioningFailed', `failed to provision volume with StorageClass "${sc.metadata.name}": ${(err as Error).message}`);
        throw err;
      }
    }
    provisioned.add(pvc.metadata.uid!);
    await recorder.normal(pvc, 'ProvisioningSucceeded', `Successfully provisioned volume ${volumeNameFor(pvc)}`);
  }

  /** Released with policy Delete: the backing volume goes, then the PersistentVolume object. */
  async function reclaim(pv: KubeObject): Promise<void> {
    if (annotationOf(pv, ANN_PROVISIONED_BY) !== driver || specOf(pv).persistentVolumeReclaimPolicy !== 'Delete' || phaseOf(pv) !== 'Released') return;
    if (!pv.metadata.deletionTimestamp) {
      await client.delete(refOf(pv), { preconditions: { uid: pv.metadata.uid } });
      return;
    }
    if (pv.metadata.finalizers?.includes(PROVISIONER_FINALIZER)) {
      const finalizers = withoutFinalizer(pv, PROVISIONER_FINALIZER);
      await client.patch(refOf(pv), 'merge', { metadata: { resourceVersion: pv.metadata.resourceVersion, finalizers: finalizers.length ? finalizers : null } });
    }
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    try {
      if (key.startsWith('claim:')) {
        const pvc = claims.getByKey(key.slice('claim:'.length));
        if (pvc) await provision(pvc);
      } else {
        const pv = volumes.get(undefined, key.slice('volume:'.length));
        if (pv) await reclaim(pv);
      }
    } catch (err) {
      if (isConflict(err) || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
  }

  return afterSync([claims, volumes, classes], () => runController({ name: 'csi-provisioner', queue, reconcile, workers: deps.workers ?? 5 }));
}
