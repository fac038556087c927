// persistentvolume-controller, the binder: a claim finds its volume (one pre-bound to it by a
// provisioner, or an Available one of its class that fits), or waits for its first consumer, or
// asks the class's external provisioner for one; claim and volume are then bound both ways. A
// volume whose claim is gone is Released (then left to its reclaim policy); a claim without any
// class gets the default one, retroactively.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { EventRecorder, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { afterSync, isConflict, type StoppableController } from '../workloads/workload-deps.ts';
import { quantityValue } from '../nodes/quantity.ts';
import type { StorageControllerDeps } from './deps.ts';
import {
  ANN_BETA_STORAGE_PROVISIONER,
  ANN_BIND_COMPLETED,
  ANN_BOUND_BY_CONTROLLER,
  ANN_SELECTED_NODE,
  ANN_STORAGE_PROVISIONER,
  annotationOf,
  claimClass,
  claimRefOf,
  defaultClass,
  hasNoClass,
  phaseOf,
  PVC_GVK,
  PV_GVK,
  requestedStorage,
  specOf,
  statusOf,
  STORAGECLASS_GVK,
  volumeClass,
  waitsForFirstConsumer,
  type StorageClass,
} from './storage-facts.ts';

export const PV_CONTROLLER = 'persistentvolume-controller';

const externalProvisioningMessage = (provisioner: string) =>
  `Waiting for a volume to be created either by the external provisioner '${provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`;

function claimKey(namespace: string | undefined, name: string | undefined): string {
  return `claim:${namespace}/${name}`;
}

/** Whether the volume's claimRef names this claim (a ref without uid is a pre-binding by name). */
function refersTo(pv: KubeObject, pvc: KubeObject): boolean {
  const ref = claimRefOf(pv);
  return !!ref && ref.namespace === pvc.metadata.namespace && ref.name === pvc.metadata.name && (!ref.uid || ref.uid === pvc.metadata.uid);
}

/** findBestMatchForClaim, for volumes nobody has claimed: same class and mode, the access modes asked for, the smallest that is big enough. */
export function bestAvailableVolume(pvc: KubeObject, volumes: KubeObject[]): KubeObject | undefined {
  const wanted = quantityValue(requestedStorage(pvc) ?? '0');
  const modes = (specOf(pvc).accessModes ?? []) as string[];
  const mode = specOf(pvc).volumeMode ?? 'Filesystem';
  return volumes
    .filter((pv) => !claimRefOf(pv) && phaseOf(pv) === 'Available' && !pv.metadata.deletionTimestamp)
    .filter((pv) => volumeClass(pv) === claimClass(pvc) && (specOf(pv).volumeMode ?? 'Filesystem') === mode)
    .filter((pv) => modes.every((m) => ((specOf(pv).accessModes ?? []) as string[]).includes(m)))
    .filter((pv) => quantityValue(specOf(pv).capacity?.storage ?? '0') >= wanted)
    .sort((a, b) => quantityValue(specOf(a).capacity?.storage ?? '0') - quantityValue(specOf(b).capacity?.storage ?? '0'))[0];
}

export function startPersistentVolumeController(deps: StorageControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const claims = factory.informerFor(PVC_GVK);
  const volumes = factory.informerFor(PV_GVK);
  const classes = factory.informerFor<StorageClass>(STORAGECLASS_GVK);
  const recorder = new EventRecorder(client, { component: PV_CONTROLLER, clock });
  const queue = new WorkQueue<string>({ clock });

  const enqueueClaim = (pvc: KubeObject) => queue.add(claimKey(pvc.metadata.namespace, pvc.metadata.name));
  const enqueueVolume = (pv: KubeObject) => {
    queue.add(`volume:${pv.metadata.name}`);
    const ref = claimRefOf(pv);
    if (ref?.name) queue.add(claimKey(ref.namespace, ref.name));
  };
  claims.addEventHandler({
    onAdd: enqueueClaim,
    onUpdate: (_, pvc) => enqueueClaim(pvc),
    onDelete: (pvc) => {
      const name = specOf(pvc).volumeName;
      if (name) queue.add(`volume:${name}`);
      for (const pv of volumes.list()) if (refersTo(pv, pvc)) enqueueVolume(pv);
    },
  });
  volumes.addEventHandler({ onAdd: enqueueVolume, onUpdate: (_, pv) => enqueueVolume(pv), onDelete: enqueueVolume });
  // A new (default) class may be what a pending claim waited for.
  classes.addEventHandler({ onAdd: () => claims.list().filter((c) => phaseOf(c) !== 'Bound').forEach(enqueueClaim) });

  async function bind(pv: KubeObject, pvc: KubeObject): Promise<void> {
    let volume = pv;
    if (!claimRefOf(volume)?.uid) {
      const ref = { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid, resourceVersion: pvc.metadata.resourceVersion };
      volume = await client.update({ ...volume, metadata: { ...volume.metadata, annotations: { ...volume.metadata.annotations, [ANN_BOUND_BY_CONTROLLER]: 'yes' } }, spec: { ...specOf(volume), claimRef: ref } });
    }
    if (phaseOf(volume) !== 'Bound') volume = await client.updateStatus({ ...volume, status: { ...statusOf(volume), phase: 'Bound' } });
    let claim = pvc;
    if (specOf(claim).volumeName !== volume.metadata.name || annotationOf(claim, ANN_BIND_COMPLETED) !== 'yes') {
      const annotations: Record<string, string> = { ...claim.metadata.annotations, [ANN_BIND_COMPLETED]: 'yes' };
      if (!specOf(claim).volumeName) annotations[ANN_BOUND_BY_CONTROLLER] = 'yes';
      claim = await client.update({ ...claim, metadata: { ...claim.metadata, annotations }, spec: { ...specOf(claim), volumeName: volume.metadata.name } });
    }
    const status = { ...statusOf(claim), phase: 'Bound', accessModes: specOf(volume).accessModes, capacity: specOf(volume).capacity };
    if (JSON.stringify(status) !== JSON.stringify(statusOf(claim))) await client.updateStatus({ ...claim, status });
  }

  async function syncClaim(pvc: KubeObject): Promise<void> {
    if (pvc.metadata.deletionTimestamp && phaseOf(pvc) !== 'Bound') return;
    const volumeName = specOf(pvc).volumeName as string | undefined;
    if (volumeName) {
      const pv = volumes.get(undefined, volumeName);
      if (!pv) {
        if (phaseOf(pvc) === 'Bound') {
          await client.updateStatus({ ...pvc, status: { ...statusOf(pvc), phase: 'Lost' } });
          await recorder.warning(pvc, 'ClaimLost', 'Bound claim has lost its PersistentVolume. Data on the volume is lost!');
        }
        return;
      }
      if (refersTo(pv, pvc) || !claimRefOf(pv)) await bind(pv, pvc);
      return;
    }
    if (hasNoClass(pvc)) {
      const fallback = defaultClass(classes.list());
      if (fallback) {
        await client.update({ ...pvc, spec: { ...specOf(pvc), storageClassName: fallback.metadata.name } });
        return;
      }
    }
    const all = volumes.list();
    const preBound = all.find((pv) => refersTo(pv, pvc) && !pv.metadata.deletionTimestamp);
    if (preBound) return bind(preBound, pvc);
    const className = claimClass(pvc);
    const sc = className ? classes.get(undefined, className) : undefined;
    const delayed = waitsForFirstConsumer(sc) && !annotationOf(pvc, ANN_SELECTED_NODE);
    const match = delayed ? undefined : bestAvailableVolume(pvc, all);
    if (match) return bind(match, pvc);
    if (delayed) {
      await recorder.normal(pvc, 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
      return;
    }
    if (!className) {
      await recorder.normal(pvc, 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set');
      return;
    }
    if (!sc) {
      await recorder.warning(pvc, 'ProvisioningFailed', `storageclass.storage.k8s.io "${className}" not found`);
      return;
    }
    const provisioner = sc.provisioner ?? '';
    if (annotationOf(pvc, ANN_STORAGE_PROVISIONER) !== provisioner || annotationOf(pvc, ANN_BETA_STORAGE_PROVISIONER) !== provisioner) {
      const annotations = { ...pvc.metadata.annotations, [ANN_STORAGE_PROVISIONER]: provisioner, [ANN_BETA_STORAGE_PROVISIONER]: provisioner };
      await client.update({ ...pvc, metadata: { ...pvc.metadata, annotations } });
    }
    await recorder.normal(pvc, 'ExternalProvisioning', externalProvisioningMessage(provisioner));
  }

  async function syncVolume(pv: KubeObject): Promise<void> {
    const ref = claimRefOf(pv);
    if (!ref) {
      if (phaseOf(pv) !== 'Available' && phaseOf(pv) !== 'Released' && phaseOf(pv) !== 'Failed') await client.updateStatus({ ...pv, status: { ...statusOf(pv), phase: 'Available' } });
      return;
    }
    if (!ref.uid) return;
    let claim = claims.get(ref.namespace, ref.name ?? '');
    // The cache may not have seen a new claim yet: ask the API server before releasing anything.
    if (!claim || claim.metadata.uid !== ref.uid) claim = await client.get({ ...PVC_GVK, namespace: ref.namespace, name: ref.name ?? '' }).catch(() => undefined);
    if (claim && claim.metadata.uid === ref.uid) {
      if (specOf(claim).volumeName === pv.metadata.name && phaseOf(pv) !== 'Bound') await client.updateStatus({ ...pv, status: { ...statusOf(pv), phase: 'Bound' } });
      return;
    }
    if (phaseOf(pv) !== 'Released' && phaseOf(pv) !== 'Failed') await client.updateStatus({ ...pv, status: { ...statusOf(pv), phase: 'Released' } });
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    try {
      if (key.startsWith('claim:')) {
        const pvc = claims.getByKey(key.slice('claim:'.length));
        if (pvc) await syncClaim(pvc);
      } else {
        const pv = volumes.get(undefined, key.slice('volume:'.length));
        if (pv) await syncVolume(pv);
      }
    } catch (err) {
      if (isConflict(err) || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
  }

  const objectFor = (key: string) => (key.startsWith('claim:') ? claims.getByKey(key.slice(6)) : volumes.get(undefined, key.slice(7)));
  return afterSync([claims, volumes, classes], () => runController({ name: PV_CONTROLLER, queue, reconcile, workers: deps.workers ?? 5, recorder, objectFor }));
}


