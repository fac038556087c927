// What the node lifecycle controller concludes from a Node: its conditions once the kubelet
// fell silent, the taints its conditions call for, and the disruption state of its zone.

import type { KubeObject } from '../../machinery/object.ts';
import type { Taint } from './tolerations.ts';

export type Condition = Record<string, unknown> & { type: string; status: string };

export const TAINT_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** The conditions the controller turns Unknown when the kubelet stops posting status. */
const MONITORED = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];

/** nodeConditionToTaintKeyStatusMap: the NoSchedule taint each condition status calls for. */
const NO_SCHEDULE_BY_CONDITION: Record<string, Record<string, string>> = {
  Ready: { False: TAINT_NOT_READY, Unknown: TAINT_UNREACHABLE },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};
const NO_SCHEDULE_KEYS = new Set([...Object.values(NO_SCHEDULE_BY_CONDITION).flatMap((m) => Object.values(m)), TAINT_UNSCHEDULABLE]);
const NO_EXECUTE_KEYS = new Set([TAINT_NOT_READY, TAINT_UNREACHABLE]);

export function conditionsOf(node: KubeObject): Condition[] {
  return ((node.status as { conditions?: Condition[] } | undefined)?.conditions ?? []) as Condition[];
}

export function readyCondition(node: KubeObject): Condition | undefined {
  return conditionsOf(node).find((c) => c.type === 'Ready');
}

export function taintsOf(node: KubeObject): Taint[] {
  return ((node.spec as { taints?: Taint[] } | undefined)?.taints ?? []) as Taint[];
}

/** The node's conditions with the monitored ones Unknown, as after the grace period without a heartbeat. */
export function unknownConditions(node: KubeObject, now: string): Condition[] {
  const conditions = conditionsOf(node).map((c) => ({ ...c }));
  for (const type of MONITORED) {
    const c = conditions.find((x) => x.type === type);
    if (!c) {
      const created = node.metadata.creationTimestamp ?? now;
      conditions.push({ type, status: 'Unknown', lastHeartbeatTime: created, lastTransitionTime: now, reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.' });
    } else if (c.status !== 'Unknown') {
      Object.assign(c, { status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: now });
    }
  }
  return conditions;
}

/** The taints the node lifecycle controller wants on the node, from its conditions and spec.unschedulable. */
export function wantedTaints(node: KubeObject): Taint[] {
  const wanted: Taint[] = [];
  for (const c of conditionsOf(node)) {
    const key = NO_SCHEDULE_BY_CONDITION[c.type]?.[c.status];
    if (key) wanted.push({ key, effect: 'NoSchedule' });
  }
  if ((node.spec as { unschedulable?: boolean } | undefined)?.unschedulable) wanted.push({ key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' });
  const ready = readyCondition(node)?.status;
  if (ready === 'False') wanted.push({ key: TAINT_NOT_READY, effect: 'NoExecute' });
  if (ready === 'Unknown') wanted.push({ key: TAINT_UNREACHABLE, effect: 'NoExecute' });
  return wanted;
}

function managed(t: Taint): boolean {
  return (t.effect === 'NoSchedule' && NO_SCHEDULE_KEYS.has(t.key)) || (t.effect === 'NoExecute' && NO_EXECUTE_KEYS.has(t.key));
}

const same = (a: Taint, b: Taint) => a.key === b.key && a.effect === b.effect;

/**
 * The node's taints after adding the wanted ones (stamped with timeAdded) and removing the
 * controller's own that no longer apply; other taints are left alone. Undefined: no change.
 * `addNoExecute: false` adds no NoExecute taint (evictions stalled in a disrupted zone) but keeps those present.
 */
export function nextTaints(current: Taint[], wanted: Taint[], now: string, opts: { addNoExecute: boolean }): Taint[] | undefined {
  const keep = current.filter((t) => !managed(t) || wanted.some((w) => same(w, t)));
  const add = wanted.filter((w) => !current.some((t) => same(t, w)) && (w.effect !== 'NoExecute' || opts.addNoExecute));
  if (keep.length === current.length && add.length === 0) return undefined;
  return [...keep, ...add.map((t) => ({ ...t, timeAdded: now }))];
}

export type ZoneState = 'Normal' | 'PartialDisruption' | 'FullDisruption';

/** The zone a node belongs to for eviction decisions: its region and zone labels. */
export function zoneOf(node: KubeObject): string {
  const labels = node.metadata.labels ?? {};
  return `${labels['topology.kubernetes.io/region'] ?? ''}:\u0000:${labels['topology.kubernetes.io/zone'] ?? ''}`;
}

/** unhealthyZoneThreshold 0.55: more than two nodes down and at least 55% of the zone. */
export function zoneState(readyStatuses: string[]): ZoneState {
  const notReady = readyStatuses.filter((s) => s !== 'True').length;
  if (readyStatuses.length > 0 && notReady === readyStatuses.length) return 'FullDisruption';
  if (notReady > 2 && notReady / readyStatuses.length >= 0.55) return 'PartialDisruption';
  return 'Normal';
}
