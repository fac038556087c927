// The kubelets' side of node lifecycle: each inventory machine registers its Node once, keeps
// the labels and status it owns up to date (posting status when it changes, or every 5 minutes
// as a heartbeat), and renews its Lease in kube-node-lease every 10 seconds.
// A Node deleted after registration stays deleted, as a running kubelet does not re-register.
// A failed machine (simulated-power.ts) does none of this; back, its kubelet starts again.

import { formatMicroTime, formatTime } from '../../apiserver/registry/codec.ts';
import { isStatusError } from '../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import type { Clock } from '../../controller/clock.ts';
import type { KubeClient } from '../../controller/client.ts';
import { runWhenSynced } from '../../controller/controller.ts';
import { EventRecorder } from '../../controller/events.ts';
import { recordEvent } from './record-event.ts';
import type { InformerFactory } from '../../controller/informer-factory.ts';
import { WorkQueue } from '../../controller/workqueue.ts';
import type { Inventory, InventoryNode } from './inventory.ts';
import { nodeLabels, nodeStatus, podCIDRFor, registeredNode } from './node-object.ts';
import { isFailed } from './simulated-power.ts';

/** The kubelet's nodeLeaseDurationSeconds. */
export const LEASE_DURATION_SECONDS = 40;
/** nodeStatusReportFrequency: status is posted at least this often even without a change. */
export const NODE_STATUS_REPORT_MS = 5 * 60_000;
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';

export interface NodeRegistrarDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  inventory: Inventory;
  /** nodeLeaseDurationSeconds; the Lease is renewed every quarter of it. */
  leaseDurationSeconds?: number;
}

const NODE = { apiVersion: 'v1', kind: 'Node' };
const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' };

function withoutHeartbeats(status: unknown): unknown {
  const s = (status ?? {}) as { conditions?: Array<Record<string, unknown>> };
  return { ...s, conditions: (s.conditions ?? []).map(({ lastHeartbeatTime: _, ...c }) => c) };
}

function lastHeartbeat(node: KubeObject): number {
  const ready = ((node.status as { conditions?: Array<Record<string, unknown>> })?.conditions ?? []).find((c) => c.type === 'Ready');
  return Date.parse(String(ready?.lastHeartbeatTime ?? '')) || 0;
}

export function startNodeRegistrar(deps: NodeRegistrarDeps): { stop(): Promise<void> } {
  const { client, factory, clock, inventory } = deps;
  const leaseDurationSeconds = deps.leaseDurationSeconds ?? LEASE_DURATION_SECONDS;
  const renewMs = (leaseDurationSeconds * 1000) / 4;
  const nodes = factory.informerFor(NODE);
  const queue = new WorkQueue<string>({ clock });
  const byName = new Map(inventory.nodes.map((n, i) => [n.name, { node: n, index: i }]));
  const registered = new Set<string>();
  const down = new Set<string>();
  const leases = new Map<string, KubeObject>();
  const renewedAt = new Map<string, number>();
  const recorders = new Map<string, EventRecorder>();

  function recorderFor(name: string): EventRecorder {
    let r = recorders.get(name);
    if (!r) recorders.set(name, (r = new EventRecorder(client, { component: 'kubelet', host: name, clock })));
    return r;
  }

  async function announceStart(node: InventoryNode): Promise<void> {
    // The kubelet refers to its Node by name, with the name as UID.
    const ref = { kind: 'Node', name: node.name, uid: node.name };
    const rec = recorderFor(node.name);
    await recordEvent(rec, 'Normal', ref, 'Starting', 'Starting kubelet.');
    await recordEvent(rec, 'Normal', ref, 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
    for (const s of ['NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID', 'NodeReady']) {
      await recordEvent(rec, 'Normal', ref, s, `Node ${node.name} status is now: ${s}`);
    }
  }

  async function ensureSpecAndLabels(current: KubeObject, node: InventoryNode, index: number): Promise<KubeObject> {
    const labels = { ...(current.metadata.labels ?? {}) };
    const owned = nodeLabels(node);
    let changed = false;
    for (const [k, v] of Object.entries(owned)) if (labels[k] !== v) ((labels[k] = v), (changed = true));
    const spec = { ...((current.spec as Record<string, unknown>) ?? {}) };
    if (!spec.podCIDR) {
      spec.podCIDR = podCIDRFor(index);
      spec.podCIDRs = [spec.podCIDR];
      changed = true;
    }
    if (!changed) return current;
    return client.update({ ...current, metadata: { ...current.metadata, labels }, spec });
  }

  async function renewLease(node: KubeObject): Promise<void> {
    const name = node.metadata.name!;
    const now = formatMicroTime(clock.now());
    const spec = { holderIdentity: name, leaseDurationSeconds, renewTime: now };
    const ownerReferences = [{ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid! }];
    let lease = leases.get(name);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        if (!lease) {
          try {
            lease = await client.get({ ...LEASE, namespace: NODE_LEASE_NAMESPACE, name });
          } catch (err) {
            if (!isStatusError(err, 'NotFound')) throw err;
            lease = await client.create({ ...LEASE, metadata: { name, namespace: NODE_LEASE_NAMESPACE, ownerReferences }, spec });
            leases.set(name, lease);
            return;
          }
        }
        lease = await client.update({ ...lease, metadata: { ...lease.metadata, ownerReferences }, spec });
        leases.set(name, lease);
        return;
      } catch (err) {
        if (!isStatusError(err, 'Conflict') && !isStatusError(err, 'NotFound') && !isStatusError(err, 'AlreadyExists')) throw err;
        lease = undefined;
        leases.delete(name);
      }
    }
  }

  async function reconcile(name: string) {
    const entry = byName.get(name);
    if (!entry) return;
    const { node, index } = entry;
    let current = nodes.get(undefined, name);
    if (!current) {
      if (registered.has(name)) return;
      try {
        current = await client.create(registeredNode(node, index, formatTime(clock.now())));
      } catch (err) {
        if (!isStatusError(err, 'AlreadyExists')) throw err;
        current = await client.get({ ...NODE, name });
      }
      registered.add(name);
      await announceStart(node);
    } else if (isFailed(current)) {
      down.add(name);
      renewedAt.delete(name);
      return;
    } else if (!registered.has(name) || down.has(name)) {
      registered.add(name);
      down.delete(name);
      await announceStart(node);
    }
    current = await ensureSpecAndLabels(current, node, index);
    const desired = nodeStatus(node, formatTime(clock.now()), current.status as Record<string, unknown>);
    const stale = clock.now().getTime() - lastHeartbeat(current) >= NODE_STATUS_REPORT_MS;
    if (stale || !deepEqual(withoutHeartbeats(desired), withoutHeartbeats(current.status))) {
      current = await client.updateStatus({ ...current, status: desired });
    }
    const now = clock.now().getTime();
    const due = (renewedAt.get(name) ?? -Infinity) + renewMs;
    if (now >= due) {
      await renewLease(current);
      renewedAt.set(name, now);
      return { requeueAfter: renewMs };
    }
    return { requeueAfter: due - now };
  }

  nodes.addEventHandler({
    onAdd: (n) => byName.has(n.metadata.name!) && queue.add(n.metadata.name!),
    onUpdate: (_, n) => byName.has(n.metadata.name!) && queue.add(n.metadata.name!),
    onDelete: (n) => {
      leases.delete(n.metadata.name!);
      renewedAt.delete(n.metadata.name!);
    },
  });
  factory.start();
  return runWhenSynced({ name: 'node-registrar', queue, reconcile, workers: 2 }, [nodes], () => {
    for (const name of byName.keys()) queue.add(name);
  });
}
