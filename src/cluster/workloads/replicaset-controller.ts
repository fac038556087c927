// The ReplicaSet controller: keeps `spec.replicas` active pods from the template, adopting matching
// orphans, and reports how many are fully labeled, ready and available. The same controller runs
// v1 ReplicationControllers (as kube-controller-manager does), whose selector is a plain label map.

import { labelSelectorFromObject, matches, type LabelSelector, type LabelSelectorObject } from '../../machinery/labels.ts';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { isPodActive, isPodReady, msUntilAvailable, podPhase, podReadyCondition, removeCondition, setCondition, formatTime, type Condition } from './conditions.ts';
import { Expectations } from './expectations.ts';
import { claimCandidates, claimObjects, CONTROLLER_UID_INDEX, controllerUidIndex, newControllerRef, ownerKeyOf } from './owner.ts';
import { afterSync, isConflict, omitEmpty, POD_GVK, recorderFor, REPLICASET_GVK, sameJson, specOf, statusOf, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

/** Upstream's burstReplicas: at most this many creates or deletes per sync. */
const BURST_REPLICAS = 500;

/** What tells a ReplicaSet and a ReplicationController apart for the controller. */
export interface ReplicatedKind {
  gvk: { apiVersion: string; kind: string };
  /** The controller's component name in Events and its queue's name. */
  component: string;
  selectorOf(set: KubeObject): LabelSelectorObject | undefined;
}

export const REPLICASET_KIND: ReplicatedKind = { gvk: REPLICASET_GVK, component: 'replicaset-controller', selectorOf: (rs) => specOf(rs).selector };
export const REPLICATIONCONTROLLER_KIND: ReplicatedKind = {
  gvk: { apiVersion: 'v1', kind: 'ReplicationController' },
  component: 'replication-controller',
  selectorOf: (rc) => ({ matchLabels: (specOf(rc).selector ?? {}) as Record<string, string> }),
};

export function startReplicaSetController(deps: WorkloadControllerDeps, of: ReplicatedKind = REPLICASET_KIND): StoppableController {
  const { client, factory, clock } = deps;
  const kind = of.gvk.kind;
  const recorder = recorderFor(deps, of.component);
  const sets = factory.informerFor(of.gvk);
  const pods = factory.informerFor(POD_GVK);
  pods.addIndex(CONTROLLER_UID_INDEX, controllerUidIndex);
  const queue = new WorkQueue<string>({ clock });
  const expectations = new Expectations(clock);

  const enqueueSet = (rs: KubeObject) => queue.add(objectKey(rs));
  /** Wakes the pod's owner, or for an orphan every ReplicaSet that might adopt it. */
  const enqueueForPod = (pod: KubeObject) => {
    const owner = ownerKeyOf(pod, kind);
    if (owner) return queue.add(owner);
    if (pod.metadata.ownerReferences?.some((r) => r.controller)) return;
    for (const rs of sets.list(pod.metadata.namespace ?? '')) if (selectorMatches(of, rs, pod)) enqueueSet(rs);
  };
  sets.addEventHandler({ onAdd: enqueueSet, onUpdate: (_, rs) => enqueueSet(rs), onDelete: (rs) => expectations.forget(objectKey(rs)) });
  pods.addEventHandler({
    onAdd: enqueueForPod,
    onUpdate: (old, pod) => {
      enqueueForPod(pod);
      if (ownerKeyOf(old, kind) !== ownerKeyOf(pod, kind)) enqueueForPod(old);
    },
    onDelete: enqueueForPod,
  });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const rs = sets.getByKey(key);
    if (!rs) return expectations.forget(key);
    let selector: LabelSelector;
    try {
      selector = labelSelectorFromObject(of.selectorOf(rs));
    } catch (err) {
      await recorder.warning(rs, 'InvalidSelector', `invalid selector: ${(err as Error).message}`);
      return;
    }
    const inSync = expectations.satisfied(key, (k) => pods.getByKey(k));
    const active = claimCandidates(pods, rs).filter(isPodActive);
    const owned = await claimObjects(client, rs, selector, active);
    let failure: Error | undefined;
    if (inSync && !rs.metadata.deletionTimestamp) failure = await manageReplicas(rs, owned);
    try {
      await writeStatus(rs, owned, failure);
    } catch (err) {
      if (isConflict(err) || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
    if (failure) return { requeue: true };
    const minReady = Number(specOf(rs).minReadySeconds ?? 0);
    const waits = owned.map((p) => msUntilAvailable(p, minReady, clock.now())).filter((ms): ms is number => ms !== undefined && ms > 0);
    if (waits.length) return { requeueAfter: Math.min(...waits) };
  }

  async function manageReplicas(rs: KubeObject, owned: KubeObject[]): Promise<Error | undefined> {
    const key = objectKey(rs);
    const diff = owned.length - Number(specOf(rs).replicas ?? 1);
    if (diff < 0) {
      let remaining = Math.min(-diff, BURST_REPLICAS);
      // Slow start: batches of 1, 2, 4 … so a template that cannot be created fails once, not many times.
      for (let batch = 1; remaining > 0; batch *= 2) {
        const size = Math.min(batch, remaining);
        remaining -= size;
        const results = await Promise.all(Array.from({ length: size }, () => createPod(rs, key)));
        const failed = results.find((r) => r instanceof Error);
        if (failed) return failed;
      }
      return undefined;
    }
    if (diff > 0) {
      const victims = [...owned].sort(deletionOrder).slice(0, Math.min(diff, BURST_REPLICAS));
      await Promise.all(
        victims.map(async (pod) => {
          expectations.expectDelete(key, objectKey(pod));
          try {
            await client.delete(refOf(pod), { preconditions: { uid: pod.metadata.uid } });
            await recorder.normal(rs, 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name}`);
          } catch (err) {
            if (!isStatusError(err, 'NotFound')) {
              await recorder.warning(rs, 'FailedDelete', `Error deleting: ${(err as Error).message}`);
              throw err;
            }
          }
        }),
      );
    }
    return undefined;
  }

  async function createPod(rs: KubeObject, key: string): Promise<KubeObject | Error> {
    try {
      const pod = await client.create(podFromTemplate(rs));
      expectations.expectCreate(key, objectKey(pod));
      await recorder.normal(rs, 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`);
      return pod;
    } catch (err) {
      await recorder.warning(rs, 'FailedCreate', `Error creating: ${(err as Error).message}`);
      return err as Error;
    }
  }

  async function writeStatus(rs: KubeObject, owned: KubeObject[], failure: Error | undefined): Promise<void> {
    const minReady = Number(specOf(rs).minReadySeconds ?? 0);
    const now = clock.now();
    const templateLabels = (specOf(rs).template?.metadata?.labels ?? {}) as Record<string, string>;
    let conditions = statusOf(rs).conditions as Condition[] | undefined;
    if (failure) {
      const reason = Number(specOf(rs).replicas ?? 1) > owned.length ? 'FailedCreate' : 'FailedDelete';
      conditions = setCondition(conditions, { type: 'ReplicaFailure', status: 'True', reason, message: failure.message, lastTransitionTime: formatTime(now) });
    } else conditions = removeCondition(conditions, 'ReplicaFailure');
    const status = omitEmpty(
      {
        replicas: owned.length,
        fullyLabeledReplicas: owned.filter((p) => Object.entries(templateLabels).every(([k, v]) => p.metadata.labels?.[k] === v)).length,
        readyReplicas: owned.filter(isPodReady).length,
        availableReplicas: owned.filter((p) => msUntilAvailable(p, minReady, now) === 0).length,
        observedGeneration: rs.metadata.generation,
        conditions,
      },
      ['replicas'],
    );
    if (sameJson(status, rs.status ?? {})) return;
    await client.updateStatus({ ...rs, status });
  }

  return afterSync([sets, pods], () =>
    runController({ name: of.component, queue, reconcile, workers: deps.workers ?? 5, recorder, objectFor: (k) => sets.getByKey(k) }),
  );
}

function selectorMatches(of: ReplicatedKind, rs: KubeObject, pod: KubeObject): boolean {
  try {
    return matches(labelSelectorFromObject(of.selectorOf(rs)), pod.metadata.labels);
  } catch {
    return false;
  }
}

/** GetPodFromTemplate: the template's labels, annotations and spec, named after the ReplicaSet. */
export function podFromTemplate(rs: KubeObject): KubeObject {
  const template = (specOf(rs).template ?? {}) as { metadata?: Record<string, any>; spec?: Record<string, unknown> };
  const meta = template.metadata ?? {};
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: `${rs.metadata.name}-`,
      namespace: rs.metadata.namespace,
      ...(meta.labels ? { labels: { ...meta.labels } } : {}),
      ...(meta.annotations ? { annotations: { ...meta.annotations } } : {}),
      ...(meta.finalizers ? { finalizers: [...meta.finalizers] } : {}),
      ownerReferences: [newControllerRef(rs)],
    },
    spec: structuredClone(template.spec ?? {}),
  };
}

const PHASE_RANK: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** ActivePods ordering: the pods least worth keeping come first. */
function deletionOrder(a: KubeObject, b: KubeObject): number {
  const assigned = (p: KubeObject) => (specOf(p).nodeName ? 1 : 0);
  if (assigned(a) !== assigned(b)) return assigned(a) - assigned(b);
  const phase = (p: KubeObject) => PHASE_RANK[podPhase(p)] ?? 1;
  if (phase(a) !== phase(b)) return phase(a) - phase(b);
  const ready = (p: KubeObject) => (isPodReady(p) ? 1 : 0);
  if (ready(a) !== ready(b)) return ready(a) - ready(b);
  if (ready(a) && ready(b)) {
    const since = (p: KubeObject) => podReadyCondition(p)?.lastTransitionTime ?? '';
    if (since(a) !== since(b)) return since(a) > since(b) ? -1 : 1;
  }
  const restarts = (p: KubeObject) => ((statusOf(p).containerStatuses ?? []) as Array<{ restartCount?: number }>).reduce((n, c) => n + (c.restartCount ?? 0), 0);
  if (restarts(a) !== restarts(b)) return restarts(b) - restarts(a);
  const created = (p: KubeObject) => p.metadata.creationTimestamp ?? '';
  return created(a) === created(b) ? 0 : created(a) > created(b) ? -1 : 1;
}
