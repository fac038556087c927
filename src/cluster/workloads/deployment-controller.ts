// The Deployment controller: one ReplicaSet per pod template, rolled forward by RollingUpdate
// (within maxSurge / maxUnavailable) or Recreate, with revisions, history cleanup, and the status
// and conditions `kubectl rollout status` reads.

import { isStatusError } from '../../machinery/errors.ts';
import { labelSelectorFromObject, matches, type LabelSelector } from '../../machinery/labels.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { podPhase } from './conditions.ts';
import { DeploymentSync } from './deployment-replicasets.ts';
import { byCreation, calculateStatus, isComplete, maxUnavailableOf, newReplicaSetReplicas, progressingCondition, replicasOf, sumSpecReplicas, sumStatus } from './deployment-rollout.ts';
import { claimCandidates, claimObjects, CONTROLLER_UID_INDEX, controllerRefOf, controllerUidIndex, ownerKeyOf } from './owner.ts';
import { afterSync, DEPLOYMENT_GVK, isConflict, omitEmpty, POD_GVK, recorderFor, REPLICASET_GVK, sameJson, specOf, statusOf, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

export function startDeploymentController(deps: WorkloadControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const recorder = recorderFor(deps, 'deployment-controller');
  const deployments = factory.informerFor(DEPLOYMENT_GVK);
  const sets = factory.informerFor(REPLICASET_GVK);
  sets.addIndex(CONTROLLER_UID_INDEX, controllerUidIndex);
  const pods = factory.informerFor(POD_GVK);
  const queue = new WorkQueue<string>({ clock });

  const enqueue = (d: KubeObject) => queue.add(objectKey(d));
  const enqueueForSet = (rs: KubeObject) => {
    const owner = ownerKeyOf(rs, 'Deployment');
    if (owner) return queue.add(owner);
    if (controllerRefOf(rs)) return;
    for (const d of deployments.list(rs.metadata.namespace ?? '')) if (selects(d, rs)) enqueue(d);
  };
  deployments.addEventHandler({ onAdd: enqueue, onUpdate: (_, d) => enqueue(d), onDelete: enqueue });
  sets.addEventHandler({
    onAdd: enqueueForSet,
    onUpdate: (old, rs) => {
      enqueueForSet(rs);
      if (ownerKeyOf(old, 'Deployment') !== ownerKeyOf(rs, 'Deployment')) enqueueForSet(old);
    },
    onDelete: enqueueForSet,
  });
  // Recreate waits for the old pods to be gone, so their deletion must wake the Deployment.
  pods.addEventHandler({
    onDelete: (pod) => {
      const rsKey = ownerKeyOf(pod, 'ReplicaSet');
      const rs = rsKey ? sets.getByKey(rsKey) : undefined;
      if (rs) enqueueForSet(rs);
    },
  });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const d = deployments.getByKey(key);
    if (!d) return;
    let selector: LabelSelector;
    try {
      selector = labelSelectorFromObject(specOf(d).selector);
    } catch (err) {
      await recorder.warning(d, 'InvalidSelector', `invalid label selector: ${(err as Error).message}`);
      return;
    }
    const sync = new DeploymentSync(client, recorder, clock, d);
    try {
      const owned = await claimObjects(client, d, selector, claimCandidates(sets, d));
      if (d.metadata.deletionTimestamp) return await writeStatus(sync, owned, sync.findNew(owned));
      if (specOf(d).paused || sync.isScalingEvent(owned)) {
        const { newRS, oldSets } = await sync.newAndOld(owned, false);
        await sync.scaleToDeployment(newRS, oldSets);
        if (specOf(d).paused) await sync.cleanup(oldSets);
        return await writeStatus(sync, [...oldSets, ...(newRS ? [newRS] : [])], newRS);
      }
      return specOf(d).strategy?.type === 'Recreate' ? await rolloutRecreate(sync, owned) : await rolloutRolling(sync, owned);
    } catch (err) {
      if (isConflict(err) || isStatusError(err, 'AlreadyExists')) return { requeue: true };
      throw err;
    }
  }

  async function rolloutRolling(sync: DeploymentSync, owned: KubeObject[]): Promise<ReconcileResult | void> {
    const got = await sync.newAndOld(owned, true);
    let newRS = got.newRS!;
    let oldSets = got.oldSets;
    const desired = replicasOf(sync.d);
    // reconcileNewReplicaSet
    if (replicasOf(newRS) !== desired) {
      const target = replicasOf(newRS) > desired ? desired : newReplicaSetReplicas(sync.d, [...oldSets, newRS], newRS);
      if (target !== replicasOf(newRS)) {
        newRS = await sync.scale(newRS, target);
        return writeStatus(sync, [...oldSets, newRS], newRS);
      }
    }
    // reconcileOldReplicaSets
    const all = () => [...oldSets, newRS];
    if (sumSpecReplicas(oldSets) > 0) {
      const minAvailable = desired - maxUnavailableOf(sync.d);
      const newUnavailable = replicasOf(newRS) - Number(statusOf(newRS).availableReplicas ?? 0);
      const maxScaledDown = sumSpecReplicas(all()) - minAvailable - newUnavailable;
      let scaledDown = 0;
      const replace = (from: KubeObject, to: KubeObject) => (oldSets = oldSets.map((rs) => (rs === from ? to : rs)));
      if (maxScaledDown > 0) {
        // cleanupUnhealthyReplicas: unavailable old pods go first, they serve nobody.
        for (const rs of [...oldSets].sort(byCreation)) {
          if (scaledDown >= maxScaledDown) break;
          const unhealthy = replicasOf(rs) - Number(statusOf(rs).availableReplicas ?? 0);
          if (replicasOf(rs) === 0 || unhealthy <= 0) continue;
          const count = Math.min(maxScaledDown - scaledDown, unhealthy);
          replace(rs, await sync.scale(rs, replicasOf(rs) - count));
          scaledDown += count;
        }
        // scaleDownOldReplicaSetsForRollingUpdate: then as many available ones as minAvailable allows.
        const available = sumStatus(all(), 'availableReplicas');
        const budget = available - minAvailable;
        let taken = 0;
        for (const rs of [...oldSets].sort(byCreation)) {
          if (taken >= budget) break;
          if (replicasOf(rs) === 0) continue;
          const count = Math.min(replicasOf(rs), budget - taken);
          replace(rs, await sync.scale(rs, replicasOf(rs) - count));
          taken += count;
        }
        scaledDown += Math.max(0, taken);
      }
      if (scaledDown > 0) return writeStatus(sync, all(), newRS);
    }
    return finish(sync, all(), oldSets, newRS);
  }

  async function rolloutRecreate(sync: DeploymentSync, owned: KubeObject[]): Promise<ReconcileResult | void> {
    let { newRS, oldSets } = await sync.newAndOld(owned, false);
    const active = oldSets.filter((rs) => replicasOf(rs) > 0);
    if (active.length > 0) {
      const scaled = await Promise.all(active.map((rs) => sync.scale(rs, 0)));
      oldSets = oldSets.map((rs) => scaled[active.indexOf(rs)] ?? rs);
      return writeStatus(sync, [...oldSets, ...(newRS ? [newRS] : [])], newRS);
    }
    if (oldPodsRunning(sync.d.metadata.namespace ?? '', oldSets)) return writeStatus(sync, [...oldSets, ...(newRS ? [newRS] : [])], newRS);
    if (!newRS) ({ newRS, oldSets } = await sync.newAndOld(owned, true));
    if (replicasOf(newRS!) !== replicasOf(sync.d)) newRS = await sync.scale(newRS!, replicasOf(sync.d));
    return finish(sync, [...oldSets, newRS!], oldSets, newRS);
  }

  /** Old pods still exist (anything not Succeeded or Failed, terminating ones included). */
  function oldPodsRunning(namespace: string, oldSets: KubeObject[]): boolean {
    if (sumStatus(oldSets, 'replicas') > 0) return true;
    const oldUids = new Set(oldSets.map((rs) => rs.metadata.uid));
    return pods.list(namespace).some((p) => {
      const ref = controllerRefOf(p);
      return ref && oldUids.has(ref.uid) && podPhase(p) !== 'Succeeded' && podPhase(p) !== 'Failed';
    });
  }

  async function finish(sync: DeploymentSync, all: KubeObject[], oldSets: KubeObject[], newRS: KubeObject | undefined): Promise<ReconcileResult | void> {
    const status = calculateStatus({ d: sync.d, allSets: all, newRS, now: clock.now() });
    if (isComplete(sync.d, status)) await sync.cleanup(oldSets);
    return writeStatus(sync, all, newRS);
  }

  async function writeStatus(sync: DeploymentSync, all: KubeObject[], newRS: KubeObject | undefined): Promise<ReconcileResult | void> {
    const now = clock.now();
    const status = calculateStatus({ d: sync.d, allSets: all, newRS, now });
    const { conditions, deadlineInMs } = progressingCondition(sync.d, status, newRS, now);
    const next = omitEmpty({ ...status, conditions });
    if (!sameJson(next, sync.d.status ?? {})) sync.d = await client.updateStatus({ ...sync.d, status: next });
    return deadlineInMs ? { requeueAfter: deadlineInMs } : undefined;
  }

  return afterSync([deployments, sets, pods], () =>
    runController({ name: 'deployment-controller', queue, reconcile, workers: deps.workers ?? 5, recorder, objectFor: (k) => deployments.getByKey(k) }),
  );
}

function selects(d: KubeObject, rs: KubeObject): boolean {
  try {
    return matches(labelSelectorFromObject(specOf(d).selector), rs.metadata.labels);
  } catch {
    return false;
  }
}
