// The StatefulSet controller: pods with stable ordinal names created in order (OrderedReady) or
// all at once (Parallel), their claims created first and kept on scale down (Retain), scale down
// from the highest ordinal, rolling updates from the highest ordinal to the partition, and at most
// one pod per identity: while a pod of that name still exists, terminating or not, none replaces it.

import { isStatusError } from '../../machinery/errors.ts';
import { labelSelectorFromObject, matches, type LabelSelector } from '../../machinery/labels.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { msUntilAvailable, podPhase } from './conditions.ts';
import { claimCandidates, claimObjects, CONTROLLER_UID_INDEX, controllerRefOf, controllerUidIndex, isTerminating, ownerKeyOf } from './owner.ts';
import { claimFor, claimTemplates, isRunningAndAvailable, isRunningAndReady, ordinalOf, podFor, podNameFor, revisionHash, revisionName, revisionOfPod, startOrdinal } from './statefulset-identity.ts';
import { CONTROLLER_REVISION_GVK, syncHistory, type ControllerRevision } from './controller-history.ts';
import { afterSync, isConflict, omitEmpty, POD_GVK, recorderFor, sameJson, specOf, STATEFULSET_GVK, statusOf, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

export function startStatefulSetController(deps: WorkloadControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const recorder = recorderFor(deps, 'statefulset-controller');
  const sets = factory.informerFor(STATEFULSET_GVK);
  const pods = factory.informerFor(POD_GVK);
  pods.addIndex(CONTROLLER_UID_INDEX, controllerUidIndex);
  const revisions = factory.informerFor<ControllerRevision>(CONTROLLER_REVISION_GVK);
  revisions.addIndex(CONTROLLER_UID_INDEX, controllerUidIndex);
  const queue = new WorkQueue<string>({ clock });

  const enqueue = (set: KubeObject) => queue.add(objectKey(set));
  const enqueueForPod = (pod: KubeObject) => {
    const owner = ownerKeyOf(pod, 'StatefulSet');
    if (owner) return queue.add(owner);
    if (controllerRefOf(pod)) return;
    for (const set of sets.list(pod.metadata.namespace ?? '')) if (selects(set, pod)) enqueue(set);
  };
  sets.addEventHandler({ onAdd: enqueue, onUpdate: (_, s) => enqueue(s), onDelete: enqueue });
  pods.addEventHandler({ onAdd: enqueueForPod, onUpdate: (_, p) => enqueueForPod(p), onDelete: enqueueForPod });
  const enqueueForRevision = (r: KubeObject) => {
    const owner = ownerKeyOf(r, 'StatefulSet');
    if (owner) queue.add(owner);
  };
  revisions.addEventHandler({ onAdd: enqueueForRevision, onUpdate: (_, r) => enqueueForRevision(r), onDelete: enqueueForRevision });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const set = sets.getByKey(key);
    if (!set) return;
    let selector: LabelSelector;
    try {
      selector = labelSelectorFromObject(specOf(set).selector);
    } catch (err) {
      await recorder.warning(set, 'InvalidSelector', `invalid label selector: ${(err as Error).message}`);
      return;
    }
    try {
      const owned = await claimObjects(client, set, selector, claimCandidates(pods, set));
      const members = owned.filter((p) => ordinalOf(set, p) !== undefined);
      const updateRevision = revisionName(set);
      if (!set.metadata.deletionTimestamp) {
        await syncHistory(client, set, revisions.byIndex(CONTROLLER_UID_INDEX, set.metadata.uid ?? ''), { name: updateRevision, labels: revisionLabels(set) }, {
          currentName: statusOf(set).currentRevision as string | undefined,
          liveNames: new Set(members.map(revisionOfPod).filter((r): r is string => r !== undefined)),
        });
        await updatePods(set, members, updateRevision);
      }
      return await writeStatus(set, members, updateRevision);
    } catch (err) {
      if (isConflict(err)) return { requeue: true };
      throw err;
    }
  }

  /** One pass of updateStatefulSet: returns after the first step that must be waited on (OrderedReady). */
  async function updatePods(set: KubeObject, members: KubeObject[], updateRevision: string): Promise<void> {
    const monotonic = specOf(set).podManagementPolicy !== 'Parallel';
    const minReady = Number(specOf(set).minReadySeconds ?? 0);
    const start = startOrdinal(set);
    const end = start + Number(specOf(set).replicas ?? 1);
    const byOrdinal = new Map(members.map((p) => [ordinalOf(set, p)!, p]));
    const healthy = (p: KubeObject) => isRunningAndAvailable(p, minReady, clock.now());

    for (let ordinal = start; ordinal < end; ordinal++) {
      const pod = byOrdinal.get(ordinal);
      if (!pod) {
        await createPod(set, ordinal, updateRevision);
        if (monotonic) return;
        continue;
      }
      // The same name still exists: wait for it to go, even when its node is gone and it never will.
      if (isTerminating(pod)) {
        if (monotonic) return;
        continue;
      }
      if (podPhase(pod) === 'Failed' || podPhase(pod) === 'Succeeded') {
        await deletePod(set, pod);
        if (monotonic) return;
        continue;
      }
      if (monotonic && !healthy(pod)) return;
    }

    const condemned = members.filter((p) => ordinalOf(set, p)! < start || ordinalOf(set, p)! >= end).sort((a, b) => ordinalOf(set, b)! - ordinalOf(set, a)!);
    for (const pod of condemned) {
      if (isTerminating(pod)) {
        if (monotonic) return;
        continue;
      }
      await deletePod(set, pod);
      if (monotonic) return;
    }
    if (condemned.length && !monotonic) return;

    const strategy = specOf(set).updateStrategy ?? {};
    if (strategy.type === 'OnDelete') return;
    const partition = Number(strategy.rollingUpdate?.partition ?? 0);
    for (let ordinal = end - 1; ordinal >= start + partition; ordinal--) {
      const pod = byOrdinal.get(ordinal);
      if (!pod) return;
      if (revisionOfPod(pod) !== updateRevision && !isTerminating(pod)) {
        await deletePod(set, pod);
        return;
      }
      if (!healthy(pod)) return;
    }
  }

  async function createPod(set: KubeObject, ordinal: number, revision: string): Promise<void> {
    const podName = podNameFor(set, ordinal);
    for (const template of claimTemplates(set)) {
      const claim = claimFor(set, template, ordinal);
      try {
        await client.create(claim);
        await recorder.normal(set, 'SuccessfulCreate', `create Claim ${claim.metadata.name} Pod ${podName} in StatefulSet ${set.metadata.name} success`);
      } catch (err) {
        if (isStatusError(err, 'AlreadyExists')) continue;
        await recorder.warning(set, 'FailedCreate', `create Claim ${claim.metadata.name} for Pod ${podName} in StatefulSet ${set.metadata.name} failed error: ${(err as Error).message}`);
        throw err;
      }
    }
    try {
      await client.create(podFor(set, ordinal, revision));
      await recorder.normal(set, 'SuccessfulCreate', `create Pod ${podName} in StatefulSet ${set.metadata.name} successful`);
    } catch (err) {
      // The cache had not seen our own earlier create yet.
      if (isStatusError(err, 'AlreadyExists')) return;
      await recorder.warning(set, 'FailedCreate', `create Pod ${podName} in StatefulSet ${set.metadata.name} failed error: ${(err as Error).message}`);
      throw err;
    }
  }

  async function deletePod(set: KubeObject, pod: KubeObject): Promise<void> {
    try {
      await client.delete(refOf(pod), { preconditions: { uid: pod.metadata.uid } });
      await recorder.normal(set, 'SuccessfulDelete', `delete Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} successful`);
    } catch (err) {
      if (isStatusError(err, 'NotFound') || isConflict(err)) return;
      await recorder.warning(set, 'FailedDelete', `delete Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${(err as Error).message}`);
      throw err;
    }
  }

  async function writeStatus(set: KubeObject, members: KubeObject[], updateRevision: string): Promise<ReconcileResult | void> {
    const now = clock.now();
    const minReady = Number(specOf(set).minReadySeconds ?? 0);
    const live = members.filter((p) => !isTerminating(p));
    let currentRevision = (statusOf(set).currentRevision as string | undefined) || updateRevision;
    let currentReplicas = live.filter((p) => revisionOfPod(p) === currentRevision).length;
    const updatedReplicas = live.filter((p) => revisionOfPod(p) === updateRevision).length;
    const readyReplicas = live.filter(isRunningAndReady).length;
    // completeRollingUpdate: once every pod runs the update revision and is ready, it becomes current.
    if ((specOf(set).updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate' && updatedReplicas === live.length && readyReplicas === live.length) {
      currentRevision = updateRevision;
      currentReplicas = updatedReplicas;
    }
    const status = omitEmpty(
      {
        observedGeneration: set.metadata.generation,
        replicas: live.length,
        readyReplicas,
        currentReplicas,
        updatedReplicas,
        currentRevision,
        updateRevision,
        collisionCount: statusOf(set).collisionCount ?? 0,
        availableReplicas: live.filter((p) => isRunningAndAvailable(p, minReady, now)).length,
      },
      ['replicas', 'availableReplicas', 'collisionCount'],
    );
    if (!sameJson(status, set.status ?? {})) await client.updateStatus({ ...set, status });
    const waits = live.filter((p) => podPhase(p) === 'Running').map((p) => msUntilAvailable(p, minReady, now)).filter((ms): ms is number => ms !== undefined && ms > 0);
    return waits.length ? { requeueAfter: Math.min(...waits) } : undefined;
  }

  return afterSync([sets, pods, revisions], () =>
    runController({ name: 'statefulset-controller', queue, reconcile, workers: deps.workers ?? 5, recorder, objectFor: (k) => sets.getByKey(k) }),
  );
}

/** NewControllerRevision's labels: the template's, and the hash under controller.kubernetes.io/hash. */
function revisionLabels(set: KubeObject): Record<string, string> {
  return { ...((specOf(set).template?.metadata?.labels ?? {}) as Record<string, string>), 'controller.kubernetes.io/hash': revisionHash(set) };
}

function selects(set: KubeObject, pod: KubeObject): boolean {
  try {
    return matches(labelSelectorFromObject(specOf(set).selector), pod.metadata.labels);
  } catch {
    return false;
  }
}
