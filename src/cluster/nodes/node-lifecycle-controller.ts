// kube-controller-manager's node lifecycle controller: it watches each Node's heartbeats (its
// Lease renewals and status posts). When none came for the node monitor grace period, the
// node's conditions become Unknown ("Kubelet stopped posting node status."), its pods
// Ready=False, and it gets the `node.kubernetes.io/unreachable` taints (`not-ready` when the
// kubelet itself reports Ready=False); a node posting Ready again loses them. NoExecute taints
// are held back where upstream halts evictions: every node down (master disruption mode) or
// a zone mostly down. Pod eviction from NoExecute taints is the taint eviction controller's.

import { formatTime } from '../../apiserver/registry/codec.ts';
import { isStatusError } from '../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import type { Clock } from '../../controller/clock.ts';
import type { KubeClient } from '../../controller/client.ts';
import { runWhenSynced } from '../../controller/controller.ts';
import { EventRecorder } from '../../controller/events.ts';
import type { InformerFactory } from '../../controller/informer-factory.ts';
import { WorkQueue } from '../../controller/workqueue.ts';
import { conditionsOf, nextTaints, readyCondition, taintsOf, TAINT_NOT_READY, TAINT_UNREACHABLE, unknownConditions, wantedTaints, zoneOf, zoneState } from './node-health.ts';
import { POD_NODE_INDEX, podNodeIndex, type Pod } from './pod-facts.ts';
import { recordEvent } from './record-event.ts';

/** --node-monitor-grace-period. */
export const NODE_MONITOR_GRACE_PERIOD_MS = 40_000;
export const NODE_CONTROLLER = 'node-controller';

export interface NodeLifecycleDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  gracePeriodMs?: number;
}

const NODE = { apiVersion: 'v1', kind: 'Node' };
const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' };

/** What the controller last saw of a node, timed by its own clock as upstream's nodeHealthData. */
interface NodeHealth {
  /** When a heartbeat (new status heartbeat or Lease renewal) was last seen. */
  probeAt: number;
  heartbeat?: unknown;
  renewTime: number;
  readyStatus: string;
  /** The pods still to be marked not ready after the node stopped being Ready. */
  markPods: boolean;
}

function renewTimeOf(lease: KubeObject | undefined): number {
  return Date.parse(String((lease?.spec as { renewTime?: string } | undefined)?.renewTime ?? '')) || 0;
}

function readyStatusOf(node: KubeObject): string {
  return readyCondition(node)?.status ?? 'Unknown';
}

export function startNodeLifecycleController(deps: NodeLifecycleDeps): { stop(): Promise<void> } {
  const { client, factory, clock } = deps;
  const grace = deps.gracePeriodMs ?? NODE_MONITOR_GRACE_PERIOD_MS;
  const nodes = factory.informerFor(NODE);
  const leases = factory.informerFor(LEASE, { namespace: 'kube-node-lease' });
  const pods = factory.informerFor<Pod>({ apiVersion: 'v1', kind: 'Pod' });
  pods.addIndex(POD_NODE_INDEX, podNodeIndex);
  const queue = new WorkQueue<string>({ clock });
  const recorder = new EventRecorder(client, { component: NODE_CONTROLLER, clock });
  const health = new Map<string, NodeHealth>();

  function observe(node: KubeObject, now: number): NodeHealth {
    const name = node.metadata.name!;
    const heartbeat = readyCondition(node)?.lastHeartbeatTime;
    const renewTime = renewTimeOf(leases.get('kube-node-lease', name));
    let h = health.get(name);
    if (!h) {
      h = { probeAt: now, heartbeat, renewTime, readyStatus: readyStatusOf(node), markPods: false };
      health.set(name, h);
      return h;
    }
    if (heartbeat !== h.heartbeat) Object.assign(h, { probeAt: now, heartbeat });
    if (renewTime > h.renewTime) Object.assign(h, { probeAt: now, renewTime });
    return h;
  }

  /** Upstream's handleDisruption, for one node: whether its NoExecute taints may be added, or must go. */
  function evictionTainting(node: KubeObject): { add: boolean; removeAll: boolean } {
    const all = nodes.list().map((n) => (n.metadata.name === node.metadata.name ? node : n));
    const zones = new Map<string, string[]>();
    for (const n of all) zones.set(zoneOf(n), [...(zones.get(zoneOf(n)) ?? []), readyStatusOf(n)]);
    const states = [...zones.values()].map(zoneState);
    if (states.length > 0 && states.every((s) => s === 'FullDisruption')) return { add: false, removeAll: true };
    const tainted = taintsOf(node).some((t) => t.effect === 'NoExecute' && (t.key === TAINT_NOT_READY || t.key === TAINT_UNREACHABLE));
    // Evictions in a partially disrupted small zone run at rate 0; a node already tainted is still swapped.
    return { add: zoneState(zones.get(zoneOf(node)) ?? []) !== 'PartialDisruption' || tainted, removeAll: false };
  }

  async function applyTaints(node: KubeObject, stamp: string): Promise<void> {
    const mode = evictionTainting(node);
    const wanted = wantedTaints(node).filter((t) => t.effect !== 'NoExecute' || !mode.removeAll);
    const taints = nextTaints(taintsOf(node), wanted, stamp, { addNoExecute: mode.add });
    if (!taints) return;
    const { taints: _, ...spec } = (node.spec ?? {}) as Record<string, unknown>;
    await client.update({ ...node, spec: taints.length > 0 ? { ...spec, taints } : spec });
  }

  /** MarkPodsNotReady: the Ready condition of every pod on the node goes False. */
  async function markPodsNotReady(name: string, stamp: string): Promise<void> {
    for (const pod of pods.byIndex(POD_NODE_INDEX, name)) {
      const conditions = (pod.status?.conditions ?? []) as Array<{ type: string; status: string }>;
      if (!conditions.some((c) => c.type === 'Ready' && c.status !== 'False')) continue;
      const updated = conditions.map((c) => (c.type === 'Ready' ? { ...c, status: 'False', lastTransitionTime: stamp } : c));
      try {
        await client.updateStatus({ ...pod, status: { ...pod.status, conditions: updated } });
      } catch (err) {
        if (isStatusError(err, 'NotFound')) continue;
        throw err;
      }
      await recordEvent(recorder, 'Warning', pod, 'NodeNotReady', 'Node is not ready');
    }
  }

  async function reconcile(name: string) {
    const observed = nodes.get(undefined, name);
    if (!observed) {
      health.delete(name);
      return;
    }
    const now = clock.now().getTime();
    const stamp = formatTime(clock.now());
    const added = !health.has(name);
    const h = observe(observed, now);
    const silent = now - h.probeAt >= grace;
    let node = observed;
    try {
      // Every node this controller starts knowing of (so each of them again after a restart), as upstream records it.
      if (added) await recordEvent(recorder, 'Normal', { kind: 'Node', name, uid: node.metadata.uid }, 'RegisteredNode', `Node ${name} event: Registered Node ${name} in Controller`);
      if (silent) {
        const conditions = unknownConditions(node, stamp);
        if (!deepEqual(conditions, conditionsOf(node))) node = await client.updateStatus({ ...node, status: { ...(node.status ?? {}), conditions } });
      }
      const ready = readyStatusOf(node);
      if (ready !== h.readyStatus) {
        if (h.readyStatus === 'True') {
          await recordEvent(recorder, 'Normal', { kind: 'Node', name, uid: node.metadata.uid }, 'NodeNotReady', `Node ${name} status is now: NodeNotReady`);
          h.markPods = true;
        }
        h.readyStatus = ready;
        // A node changing health can change its zone's disruption state, and so the others' taints.
        for (const other of nodes.keys()) if (other !== name) queue.add(other);
      }
      if (h.markPods) {
        await markPodsNotReady(name, stamp);
        h.markPods = false;
      }
      await applyTaints(node, stamp);
    } catch (err) {
      if (isStatusError(err, 'Conflict')) return { requeue: true };
      if (isStatusError(err, 'NotFound')) return;
      throw err;
    }
    return silent ? undefined : { requeueAfter: Math.max(1, h.probeAt + grace - now) };
  }

  nodes.addEventHandler({
    onAdd: (n) => queue.add(n.metadata.name!),
    onUpdate: (_, n) => queue.add(n.metadata.name!),
    onDelete: (n) => {
      if (health.delete(n.metadata.name!)) {
        const name = n.metadata.name!;
        void recordEvent(recorder, 'Normal', { kind: 'Node', name, uid: n.metadata.uid }, 'RemovingNode', `Node ${name} event: Removing Node ${name} from Controller`).catch(() => undefined);
      }
      for (const other of nodes.keys()) queue.add(other);
    },
  });
  leases.addEventHandler({
    onAdd: (l) => queue.add(l.metadata.name!),
    onUpdate: (_, l) => queue.add(l.metadata.name!),
  });
  factory.start();
  return runWhenSynced({ name: 'node-lifecycle-controller', queue, reconcile, workers: 2 }, [nodes, leases, pods]);
}
