// kube-controller-manager's disruption controller: each PodDisruptionBudget's status says how many
// of its pods are healthy (Ready, not being deleted, not just evicted), how many must stay so, and
// so how many may be disrupted now. The eviction subresource spends that allowance.

import { labelSelectorFromObject, matches } from '../../machinery/labels.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { formatTime, isPodReady } from './conditions.ts';
import { controllerRefOf } from './owner.ts';
import { afterSync, DEPLOYMENT_GVK, isConflict, POD_GVK, recorderFor, REPLICASET_GVK, sameJson, specOf, STATEFULSET_GVK, statusOf, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

export const PDB_GVK = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget' };

/** DeletionTimeout: an evicted pod not deleted within two minutes counts as healthy again. */
export const DISRUPTION_TIMEOUT_MS = 2 * 60 * 1000;

/** GetScaledValueFromIntOrPercent, rounding up. */
export function scaledValue(value: unknown, total: number): number {
  if (typeof value === 'string' && value.endsWith('%')) return Math.ceil((Number(value.slice(0, -1)) * total) / 100);
  return Number(value);
}

export function startDisruptionController(deps: WorkloadControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const recorder = recorderFor(deps, 'controllermanager');
  const budgets = factory.informerFor(PDB_GVK);
  const pods = factory.informerFor(POD_GVK);
  const replicaSets = factory.informerFor(REPLICASET_GVK);
  const deployments = factory.informerFor(DEPLOYMENT_GVK);
  const statefulSets = factory.informerFor(STATEFULSET_GVK);
  const queue = new WorkQueue<string>({ clock });

  const enqueue = (pdb: KubeObject) => queue.add(objectKey(pdb));
  const enqueueForPod = (pod: KubeObject) => {
    for (const pdb of budgets.list(pod.metadata.namespace ?? '')) if (selects(pdb, pod)) enqueue(pdb);
  };
  const enqueueNamespace = (obj: KubeObject) => {
    for (const pdb of budgets.list(obj.metadata.namespace ?? '')) enqueue(pdb);
  };
  budgets.addEventHandler({ onAdd: enqueue, onUpdate: (_, p) => enqueue(p), onDelete: () => {} });
  pods.addEventHandler({ onAdd: enqueueForPod, onUpdate: (old, p) => (enqueueForPod(old), enqueueForPod(p)), onDelete: enqueueForPod });
  for (const owners of [replicaSets, deployments, statefulSets]) owners.addEventHandler({ onAdd: enqueueNamespace, onUpdate: (_, o) => enqueueNamespace(o), onDelete: enqueueNamespace });

  /** getExpectedScale: the replicas the pods' controllers want (a Deployment's, through its ReplicaSet). */
  function expectedScale(namespace: string, selected: KubeObject[]): { expected: number; unmanaged: string[] } {
    const counted = new Map<string, number>();
    const unmanaged: string[] = [];
    for (const pod of selected) {
      const ref = controllerRefOf(pod);
      const owner = ref?.kind === 'ReplicaSet' ? replicaSets.get(namespace, ref.name) : ref?.kind === 'StatefulSet' ? statefulSets.get(namespace, ref.name) : undefined;
      if (!ref || !owner || owner.metadata.uid !== ref.uid) {
        unmanaged.push(pod.metadata.name!);
        continue;
      }
      const deploymentRef = ref.kind === 'ReplicaSet' ? controllerRefOf(owner) : undefined;
      const deployment = deploymentRef?.kind === 'Deployment' ? deployments.get(namespace, deploymentRef.name) : undefined;
      const scaled = deployment && deployment.metadata.uid === deploymentRef!.uid ? deployment : owner;
      counted.set(scaled.metadata.uid!, Number(specOf(scaled).replicas ?? 1));
    }
    return { expected: [...counted.values()].reduce((a, b) => a + b, 0), unmanaged };
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const pdb = budgets.getByKey(key);
    if (!pdb || pdb.metadata.deletionTimestamp) return;
    const namespace = pdb.metadata.namespace ?? '';
    const now = clock.now();
    const selected = pods.list(namespace).filter((p) => selects(pdb, p));
    const spec = specOf(pdb);
    let expectedPods: number;
    let desiredHealthy: number;
    if (spec.maxUnavailable !== undefined && spec.maxUnavailable !== null) {
      expectedPods = expectedScale(namespace, selected).expected;
      desiredHealthy = Math.max(0, expectedPods - scaledValue(spec.maxUnavailable, expectedPods));
    } else if (typeof spec.minAvailable === 'string') {
      expectedPods = expectedScale(namespace, selected).expected;
      desiredHealthy = scaledValue(spec.minAvailable, expectedPods);
    } else {
      expectedPods = selected.length;
      desiredHealthy = Number(spec.minAvailable ?? 0);
    }
    // buildDisruptedPodMap: evictions not yet followed by the deletion count for two minutes.
    const disrupted: Record<string, string> = {};
    let recheckIn: number | undefined;
    const previous = (statusOf(pdb).disruptedPods ?? {}) as Record<string, string>;
    for (const pod of selected) {
      const at = previous[pod.metadata.name!];
      if (!at || pod.metadata.deletionTimestamp) continue;
      const left = Date.parse(at) + DISRUPTION_TIMEOUT_MS - now.getTime();
      if (left <= 0) continue;
      disrupted[pod.metadata.name!] = at;
      recheckIn = Math.min(recheckIn ?? Infinity, left);
    }
    const currentHealthy = selected.filter((p) => !p.metadata.deletionTimestamp && !disrupted[p.metadata.name!] && isPodReady(p)).length;
    const allowed = expectedPods <= 0 ? 0 : Math.max(0, currentHealthy - desiredHealthy);
    const condition = allowed > 0 ? { status: 'True', reason: 'SufficientPods' } : { status: 'False', reason: 'InsufficientPods' };
    const old = ((statusOf(pdb).conditions ?? []) as Array<Record<string, unknown>>).find((c) => c.type === 'DisruptionAllowed');
    const status = {
      ...(Object.keys(disrupted).length ? { disruptedPods: disrupted } : {}),
      disruptionsAllowed: allowed,
      currentHealthy,
      desiredHealthy,
      expectedPods,
      observedGeneration: pdb.metadata.generation,
      conditions: [
        {
          type: 'DisruptionAllowed',
          ...condition,
          message: '',
          observedGeneration: pdb.metadata.generation,
          lastTransitionTime: old && old.status === condition.status ? old.lastTransitionTime : formatTime(now),
        },
      ],
    };
    if (!sameJson(status, pdb.status ?? {})) {
      try {
        await client.updateStatus({ ...pdb, status });
      } catch (err) {
        if (isConflict(err)) return { requeue: true };
        throw err;
      }
    }
    return recheckIn === undefined ? undefined : { requeueAfter: recheckIn };
  }

  return afterSync([budgets, pods, replicaSets, deployments, statefulSets], () =>
    runController({ name: 'disruption-controller', queue, reconcile, workers: deps.workers ?? 5, recorder, objectFor: (k) => budgets.getByKey(k) }),
  );
}

/** A nil selector selects nothing; an empty one every pod of the namespace (policy/v1). */
function selects(pdb: KubeObject, pod: KubeObject): boolean {
  const selector = specOf(pdb).selector;
  if (!selector) return false;
  try {
    return matches(labelSelectorFromObject(selector), pod.metadata.labels);
  } catch {
    return false;
  }
}
