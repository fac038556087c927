// The DaemonSet controller: one pod per eligible node (node selector, required node affinity,
// taints against the template's tolerations plus the daemon ones), created pinned to its node and
// bound by the default scheduler; pods leave nodes that no longer qualify or no longer exist;
// template changes roll out node by node within maxUnavailable (RollingUpdate) or wait for the
// user to delete the old pods (OnDelete).

import { isStatusError } from '../../machinery/errors.ts';
import { labelSelectorFromObject, matches, type LabelSelector } from '../../machinery/labels.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { isPodAvailable, isPodReady, msUntilAvailable, podPhase } from './conditions.ts';
import { currentRevisionHash, daemonPodFor, isPodUpdated, placementOn, REVISION_HASH_LABEL, targetNodeOf } from './daemonset-pods.ts';
import { CONTROLLER_REVISION_GVK, syncHistory, type ControllerRevision } from './controller-history.ts';
import { Expectations } from './expectations.ts';
import { claimCandidates, claimObjects, CONTROLLER_UID_INDEX, controllerRefOf, controllerUidIndex, isTerminating, ownerKeyOf } from './owner.ts';
import { afterSync, isConflict, omitEmpty, POD_GVK, recorderFor, sameJson, specOf, statusOf, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

export const DAEMONSET_GVK = { apiVersion: 'apps/v1', kind: 'DaemonSet' };
const NODE_GVK = { apiVersion: 'v1', kind: 'Node' };

/** failedPodsBackoff: a node whose daemon pod keeps failing is retried after 1 s, doubling to 15 minutes. */
const FAILED_POD_BACKOFF_MS = 1000;
const FAILED_POD_BACKOFF_MAX_MS = 15 * 60 * 1000;

/** Oldest first, as podByCreationTimestampAndPhase sorts (a pod with a phase before one without). */
function oldestFirst(a: KubeObject, b: KubeObject): number {
  const ca = a.metadata.creationTimestamp ?? '';
  const cb = b.metadata.creationTimestamp ?? '';
  if (ca !== cb) return ca < cb ? -1 : 1;
  return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
}

/** maxUnavailable as a count of nodes: a percentage of the desired number, rounded up; never 0 when maxSurge is 0. */
export function maxUnavailableOf(ds: KubeObject, desired: number): number {
  const raw = specOf(ds).updateStrategy?.rollingUpdate?.maxUnavailable ?? 1;
  const value = typeof raw === 'string' && raw.endsWith('%') ? Math.ceil((Number(raw.slice(0, -1)) * desired) / 100) : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : 1;
}

export function startDaemonSetController(deps: WorkloadControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const recorder = recorderFor(deps, 'daemonset-controller');
  const sets = factory.informerFor(DAEMONSET_GVK);
  const pods = factory.informerFor(POD_GVK);
  pods.addIndex(CONTROLLER_UID_INDEX, controllerUidIndex);
  const nodes = factory.informerFor(NODE_GVK);
  const revisions = factory.informerFor<ControllerRevision>(CONTROLLER_REVISION_GVK);
  revisions.addIndex(CONTROLLER_UID_INDEX, controllerUidIndex);
  const queue = new WorkQueue<string>({ clock });
  const expectations = new Expectations(clock);
  const failedBackoff = new Map<string, { delayMs: number; until: number }>();

  const enqueue = (ds: KubeObject) => queue.add(objectKey(ds));
  const enqueueAll = () => {
    for (const ds of sets.list()) enqueue(ds);
  };
  const enqueueForPod = (pod: KubeObject) => {
    const owner = ownerKeyOf(pod, 'DaemonSet');
    if (owner) return queue.add(owner);
    if (controllerRefOf(pod)) return;
    for (const ds of sets.list(pod.metadata.namespace ?? '')) if (selects(ds, pod)) enqueue(ds);
  };
  sets.addEventHandler({ onAdd: enqueue, onUpdate: (_, ds) => enqueue(ds), onDelete: (ds) => expectations.forget(objectKey(ds)) });
  pods.addEventHandler({ onAdd: enqueueForPod, onUpdate: (_, p) => enqueueForPod(p), onDelete: enqueueForPod });
  const enqueueForRevision = (r: KubeObject) => {
    const owner = ownerKeyOf(r, 'DaemonSet');
    if (owner) queue.add(owner);
  };
  revisions.addEventHandler({ onAdd: enqueueForRevision, onUpdate: (_, r) => enqueueForRevision(r), onDelete: enqueueForRevision });
  nodes.addEventHandler({ onAdd: enqueueAll, onUpdate: (old, node) => nodeChanged(old, node) && enqueueAll(), onDelete: enqueueAll });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const ds = sets.getByKey(key);
    if (!ds) {
      expectations.forget(key);
      return;
    }
    let selector: LabelSelector;
    try {
      selector = labelSelectorFromObject(specOf(ds).selector);
    } catch (err) {
      await recorder.warning(ds, 'SelectingAll', `This daemon set is selecting all pods. A non-empty selector is required. ${(err as Error).message}`);
      return;
    }
    const hash = currentRevisionHash(ds);
    const owned = await claimObjects(client, ds, selector, claimCandidates(pods, ds));
    const byNode = new Map<string, KubeObject[]>();
    for (const pod of owned) {
      const node = targetNodeOf(pod) ?? '';
      byNode.set(node, [...(byNode.get(node) ?? []), pod]);
    }
    let requeueAfter: number | undefined;
    try {
      if (!ds.metadata.deletionTimestamp) await syncRevisions(ds, owned, hash);
      if (!ds.metadata.deletionTimestamp && expectations.satisfied(key, (k) => pods.getByKey(k))) {
        const managed = await manage(ds, byNode, hash);
        requeueAfter = managed.wait;
        // As upstream, the rollout waits until the creates and deletes just made are seen.
        if (!managed.acted && specOf(ds).updateStrategy?.type !== 'OnDelete') await rollingUpdate(ds, byNode, hash);
      }
      const wait = await writeStatus(ds, byNode, hash);
      const waits = [requeueAfter, wait].filter((ms): ms is number => ms !== undefined && ms > 0);
      if (waits.length) return { requeueAfter: Math.min(...waits) };
    } catch (err) {
      if (isConflict(err) || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
  }

  /** podsShouldBeOnNode over every node, then the creates and deletes; says whether it wrote and how long backed-off nodes wait. */
  async function manage(ds: KubeObject, byNode: Map<string, KubeObject[]>, hash: string): Promise<{ acted: boolean; wait?: number }> {
    const create: string[] = [];
    const remove: KubeObject[] = [];
    const now = clock.now().getTime();
    let wait: number | undefined;
    const known = new Set<string>();
    for (const node of nodes.list()) {
      const name = node.metadata.name!;
      known.add(name);
      const { shouldRun, shouldContinueRunning } = placementOn(ds, node);
      const here = byNode.get(name) ?? [];
      if (shouldRun && here.length === 0) create.push(name);
      else if (shouldContinueRunning) {
        const running: KubeObject[] = [];
        for (const pod of here) {
          if (isTerminating(pod)) continue;
          const phase = podPhase(pod);
          if (phase === 'Failed') {
            const backoffKey = `${objectKey(ds)}/${name}`;
            const b = failedBackoff.get(backoffKey);
            if (b && now < b.until) {
              wait = Math.min(wait ?? Infinity, b.until - now);
              continue;
            }
            const delayMs = b ? Math.min(b.delayMs * 2, FAILED_POD_BACKOFF_MAX_MS) : FAILED_POD_BACKOFF_MS;
            failedBackoff.set(backoffKey, { delayMs, until: now + delayMs });
            await recorder.warning(ds, 'FailedDaemonPod', `Found failed daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${name}, will try to kill it`);
            remove.push(pod);
          } else if (phase === 'Succeeded') remove.push(pod);
          else running.push(pod);
        }
        // Without surge, one pod per node: the oldest stays.
        remove.push(...running.sort(oldestFirst).slice(1));
      } else remove.push(...here.filter((p) => !isTerminating(p)));
    }
    // Pods pinned to nodes that are gone: nothing will ever run them (the pod GC's part upstream).
    for (const [node, here] of byNode) if (!known.has(node)) remove.push(...here.filter((p) => !isTerminating(p) || !specOf(p).nodeName));
    await syncNodes(ds, remove, create, hash, known);
    return { acted: remove.length + create.length > 0, wait };
  }

  async function syncNodes(ds: KubeObject, remove: KubeObject[], create: string[], hash: string, known: Set<string>): Promise<void> {
    const key = objectKey(ds);
    await Promise.all(
      create.map(async (node) => {
        try {
          const pod = await client.create(daemonPodFor(ds, node, hash));
          expectations.expectCreate(key, objectKey(pod));
          await recorder.normal(ds, 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`);
        } catch (err) {
          await recorder.warning(ds, 'FailedCreate', `Error creating: ${(err as Error).message}`);
          throw err;
        }
      }),
    );
    await Promise.all(remove.map((pod) => deletePod(ds, pod, known.has(targetNodeOf(pod) ?? '') ? undefined : 0)));
  }

  async function deletePod(ds: KubeObject, pod: KubeObject, gracePeriodSeconds?: number): Promise<void> {
    expectations.expectDelete(objectKey(ds), objectKey(pod));
    try {
      await client.delete(refOf(pod), { preconditions: { uid: pod.metadata.uid }, ...(gracePeriodSeconds !== undefined ? { gracePeriodSeconds } : {}) });
      await recorder.normal(ds, 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
    } catch (err) {
      if (isStatusError(err, 'NotFound')) return;
      await recorder.warning(ds, 'FailedDelete', `Error deleting: ${(err as Error).message}`);
      throw err;
    }
  }

  /** rollingUpdate without surge: old pods go while fewer than maxUnavailable nodes lack an available pod. */
  async function rollingUpdate(ds: KubeObject, byNode: Map<string, KubeObject[]>, hash: string): Promise<void> {
    const minReady = Number(specOf(ds).minReadySeconds ?? 0);
    const now = clock.now();
    const generation = ds.metadata.generation;
    const eligible = nodes.list().filter((n) => placementOn(ds, n).shouldRun);
    const maxUnavailable = maxUnavailableOf(ds, eligible.length);
    let unavailable = 0;
    const replaceNow: KubeObject[] = [];
    const candidates: KubeObject[] = [];
    for (const node of eligible) {
      const here = (byNode.get(node.metadata.name!) ?? []).filter((p) => !isTerminating(p));
      const fresh = here.filter((p) => isPodUpdated(p, hash, generation));
      const old = here.filter((p) => !isPodUpdated(p, hash, generation));
      if (here.length > 1 || here.length === 0) {
        unavailable++;
        continue;
      }
      if (fresh.length === 1) {
        if (!isPodAvailable(fresh[0]!, minReady, now)) unavailable++;
        continue;
      }
      const pod = old[0]!;
      if (!isPodAvailable(pod, minReady, now)) replaceNow.push(pod);
      else if (unavailable < maxUnavailable) candidates.push(pod);
    }
    const room = Math.max(0, Math.min(maxUnavailable - unavailable, candidates.length));
    const known = new Set(nodes.list().map((n) => n.metadata.name!));
    await syncNodes(ds, [...replaceNow, ...candidates.slice(0, room)], [], hash, known);
  }

  /** updateDaemonSetStatus; returns how long until a ready pod turns available, if one will. */
  async function writeStatus(ds: KubeObject, byNode: Map<string, KubeObject[]>, hash: string): Promise<number | undefined> {
    const minReady = Number(specOf(ds).minReadySeconds ?? 0);
    const now = clock.now();
    let desired = 0;
    let current = 0;
    let misscheduled = 0;
    let ready = 0;
    let available = 0;
    let updated = 0;
    const waits: number[] = [];
    for (const node of nodes.list()) {
      const here = [...(byNode.get(node.metadata.name!) ?? [])].sort(oldestFirst);
      const scheduled = here.length > 0;
      if (!placementOn(ds, node).shouldRun) {
        if (scheduled) misscheduled++;
        continue;
      }
      desired++;
      if (!scheduled) continue;
      current++;
      const pod = here[0]!;
      if (isPodReady(pod)) {
        ready++;
        const ms = msUntilAvailable(pod, minReady, now);
        if (ms === 0) available++;
        else if (ms !== undefined) waits.push(ms);
      }
      if (isPodUpdated(pod, hash, ds.metadata.generation)) updated++;
    }
    const status = omitEmpty(
      {
        currentNumberScheduled: current,
        numberMisscheduled: misscheduled,
        desiredNumberScheduled: desired,
        numberReady: ready,
        observedGeneration: ds.metadata.generation,
        updatedNumberScheduled: updated,
        numberAvailable: available,
        numberUnavailable: desired - available,
        collisionCount: statusOf(ds).collisionCount,
        conditions: statusOf(ds).conditions,
      },
      ['currentNumberScheduled', 'numberMisscheduled', 'desiredNumberScheduled', 'numberReady'],
    );
    if (!sameJson(status, ds.status ?? {})) await client.updateStatus({ ...ds, status });
    return waits.length ? Math.min(...waits) : undefined;
  }

  /** constructHistory: the template's ControllerRevision (its name ends in the hash the pods carry) and the pruning of unused ones. */
  async function syncRevisions(ds: KubeObject, owned: KubeObject[], hash: string): Promise<void> {
    const name = `${ds.metadata.name}-${hash}`;
    const labels = { ...((specOf(ds).template?.metadata?.labels ?? {}) as Record<string, string>), [REVISION_HASH_LABEL]: hash };
    const podHashes = owned.map((p) => p.metadata.labels?.[REVISION_HASH_LABEL]).filter((h): h is string => h !== undefined);
    await syncHistory(client, ds, revisions.byIndex(CONTROLLER_UID_INDEX, ds.metadata.uid ?? ''), { name, labels }, { liveNames: new Set(podHashes.map((h) => `${ds.metadata.name}-${h}`)) });
  }

  return afterSync([sets, pods, nodes, revisions], () =>
    runController({ name: 'daemonset-controller', queue, reconcile, workers: deps.workers ?? 2, recorder, objectFor: (k) => sets.getByKey(k) }),
  );
}

function selects(ds: KubeObject, pod: KubeObject): boolean {
  try {
    return matches(labelSelectorFromObject(specOf(ds).selector), pod.metadata.labels);
  } catch {
    return false;
  }
}

/** Only what placement reads: labels, taints and existence (heartbeats change nothing). */
function nodeChanged(old: KubeObject, node: KubeObject): boolean {
  return !sameJson(old.metadata.labels, node.metadata.labels) || !sameJson((old.spec as any)?.taints, (node.spec as any)?.taints);
}
