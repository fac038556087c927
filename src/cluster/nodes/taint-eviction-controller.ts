// The taint eviction controller (the "taint manager"): a pod on a node with NoExecute taints it
// does not tolerate is deleted at once; one tolerating them all for a while (tolerationSeconds,
// 300 s by default from the DefaultTolerationSeconds admission plug-in) is deleted when the
// shortest of those runs out, counted from when the controller first saw it tainted; one
// tolerating forever stays. The pod gets the DisruptionTarget condition, then a plain delete:
// on an unreachable node no kubelet finishes it, so it stays Terminating, as on Kubernetes.

import { formatTime } from '../../apiserver/registry/codec.ts';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { Clock } from '../../controller/clock.ts';
import { objectKey, refOf, splitKey, type KubeClient } from '../../controller/client.ts';
import { runWhenSynced } from '../../controller/controller.ts';
import { EventRecorder } from '../../controller/events.ts';
import type { InformerFactory } from '../../controller/informer-factory.ts';
import { WorkQueue } from '../../controller/workqueue.ts';
import { deepEqual } from '../../machinery/object.ts';
import { taintsOf } from './node-health.ts';
import { POD_NODE_INDEX, podNodeIndex, podSpec, type Pod } from './pod-facts.ts';
import { recordEvent } from './record-event.ts';
import { matchingTolerations, minTolerationMs, type Toleration } from './tolerations.ts';

export const TAINT_EVICTION_CONTROLLER = 'taint-eviction-controller';
const RETRIES = 5;

export interface TaintEvictionDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
}

/** A pod's pending or done eviction, as upstream's TimedWorkerQueue entry. */
interface Eviction {
  uid: string;
  createdAt: number;
  fired: boolean;
}

function noExecuteTaints(node: KubeObject | undefined) {
  return node ? taintsOf(node).filter((t) => t.effect === 'NoExecute') : [];
}

export function startTaintEvictionController(deps: TaintEvictionDeps): { stop(): Promise<void> } {
  const { client, factory, clock } = deps;
  const nodes = factory.informerFor({ apiVersion: 'v1', kind: 'Node' });
  const pods = factory.informerFor<Pod>({ apiVersion: 'v1', kind: 'Pod' });
  pods.addIndex(POD_NODE_INDEX, podNodeIndex);
  const queue = new WorkQueue<string>({ clock });
  const recorder = new EventRecorder(client, { component: TAINT_EVICTION_CONTROLLER, clock });
  const evictions = new Map<string, Eviction>();

  /** Upstream refers to the pod by namespace and name only. */
  const podRef = (key: string) => {
    const { namespace, name } = splitKey(key);
    return { apiVersion: 'v1', kind: 'Pod', namespace, name };
  };

  async function cancel(key: string): Promise<void> {
    const e = evictions.get(key);
    evictions.delete(key);
    if (e && !e.fired) await recordEvent(recorder, 'Normal', podRef(key), 'TaintManagerEviction', `Cancelling deletion of Pod ${key}`);
  }

  async function evict(key: string, e: Eviction): Promise<void> {
    e.fired = true;
    await recordEvent(recorder, 'Normal', podRef(key), 'TaintManagerEviction', `Marking for deletion Pod ${key}`);
    for (let attempt = 1; ; attempt++) {
      try {
        return await addConditionAndDelete(key, e.uid);
      } catch (err) {
        if (isStatusError(err, 'NotFound')) return;
        if (isStatusError(err, 'Conflict') && attempt < RETRIES) continue;
        e.fired = false;
        throw err;
      }
    }
  }

  async function addConditionAndDelete(key: string, uid: string): Promise<void> {
    const pod = await client.get<Pod>(podRef(key));
    if (pod.metadata.uid !== uid) return;
    const conditions = (pod.status?.conditions ?? []) as Array<Record<string, unknown>>;
    if (!conditions.some((c) => c.type === 'DisruptionTarget' && c.status === 'True')) {
      const target = { type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: formatTime(clock.now()), reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' };
      await client.updateStatus({ ...pod, status: { ...pod.status, conditions: [...conditions.filter((c) => c.type !== 'DisruptionTarget'), target] } });
    }
    await client.delete(refOf(pod), { preconditions: { uid } });
  }

  async function reconcile(key: string) {
    const pod = pods.getByKey(key);
    if (!pod) return cancel(key);
    let e = evictions.get(key);
    if (e && e.uid !== pod.metadata.uid) {
      evictions.delete(key);
      e = undefined;
    }
    const taints = noExecuteTaints(nodes.get(undefined, podSpec(pod).nodeName ?? ''));
    if (taints.length === 0) return cancel(key);
    const now = clock.now().getTime();
    const { allTolerated, used } = matchingTolerations(taints, (podSpec(pod).tolerations ?? []) as Toleration[]);
    const allowedMs = allTolerated ? minTolerationMs(used) : 0;
    if (allowedMs === undefined) return cancel(key);
    if (!allTolerated && e && !e.fired) await cancel(key);
    if (!e || !evictions.has(key)) evictions.set(key, (e = { uid: pod.metadata.uid!, createdAt: now, fired: false }));
    if (e.fired) return;
    const fireAt = e.createdAt + allowedMs;
    if (now < fireAt) return { requeueAfter: fireAt - now };
    await evict(key, e);
    return undefined;
  }

  const tolerationsOf = (p: Pod) => podSpec(p).tolerations ?? [];
  // Only pods on NoExecute-tainted nodes, or with an eviction pending, have anything to decide.
  const concerns = (p: Pod) => evictions.has(objectKey(p)) || noExecuteTaints(nodes.get(undefined, podSpec(p).nodeName ?? '')).length > 0;
  pods.addEventHandler({
    onAdd: (p) => concerns(p) && queue.add(objectKey(p)),
    onUpdate: (old, p) => {
      if ((podSpec(old).nodeName !== podSpec(p).nodeName || !deepEqual(tolerationsOf(old), tolerationsOf(p))) && concerns(p)) queue.add(objectKey(p));
    },
    onDelete: (p) => evictions.has(objectKey(p)) && queue.add(objectKey(p)),
  });
  const enqueuePodsOf = (node: KubeObject) => {
    for (const p of pods.byIndex(POD_NODE_INDEX, node.metadata.name!)) queue.add(objectKey(p));
  };
  nodes.addEventHandler({
    onAdd: (n) => noExecuteTaints(n).length > 0 && enqueuePodsOf(n),
    onUpdate: (old, n) => !deepEqual(noExecuteTaints(old), noExecuteTaints(n)) && enqueuePodsOf(n),
    onDelete: enqueuePodsOf,
  });
  factory.start();
  return runWhenSynced({ name: TAINT_EVICTION_CONTROLLER, queue, reconcile, workers: 2 }, [nodes, pods]);
}
