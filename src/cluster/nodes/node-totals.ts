// What the pods placed on one node take of it, kept as running totals: a pod placed or removed
// adds or subtracts its footprint, so a scheduling cycle reads a node's state without summing its
// pods again (kube-scheduler's NodeInfo does the same with AddPod and RemovePod).

import type { KubeObject } from '../../machinery/object.ts';
import type { Pod, Requests } from './pod-facts.ts';
import { allocatableOf, footprintOf, nodeState, type NodeState } from './scheduling-filters.ts';

// Informer nodes are replaced, never changed: their allocatable is parsed once per object.
const allocatables = new WeakMap<KubeObject, Requests>();

function allocatableCached(node: KubeObject): Requests {
  let a = allocatables.get(node);
  if (!a) allocatables.set(node, (a = allocatableOf(node)));
  return a;
}

const NO_PODS = Object.freeze([]) as never[];

export class NodeTotals {
  private readonly pods = new Map<string, Pod>();
  private readonly requested: Requests = {};
  private readonly nonZero = { cpu: 0, memory: 0 };
  private readonly ports = new Map<string, NodeState['usedPorts']>();
  private readonly antiAffinity = new Map<string, Pod>();
  private readonly groups = new Map<string, number>();
  /** A fractional quantity was added: sums may drift, so states are summed from the pods. */
  private inexact = false;
  private list: Pod[] | undefined;

  get size(): number {
    return this.pods.size;
  }

  /** Places the pod (or its newer version) on the node. */
  set(key: string, pod: Pod): void {
    const old = this.pods.get(key);
    if (old) this.take(key, old, -1);
    this.pods.set(key, pod);
    this.take(key, pod, 1);
    this.list = undefined;
  }

  delete(key: string): void {
    const old = this.pods.get(key);
    if (!old) return;
    this.pods.delete(key);
    this.take(key, old, -1);
    this.list = undefined;
  }

  /** A newer version of a placed pod that takes the same: kept without touching the totals. */
  refresh(key: string, pod: Pod): void {
    if (this.pods.has(key)) this.pods.set(key, pod);
  }

  /**
   * The node's state as of now, for one scheduling cycle (read while it runs, before anything is
   * placed again): its spreading groups are this node's own map, not a copy of up to a group per
   * Deployment in the cluster made for every cycle.
   */
  snapshot(node: KubeObject): NodeState {
    const allocatable = allocatableCached(node);
    if (this.inexact) return nodeState(node, [...this.pods.values()], allocatable);
    return {
      node,
      name: node.metadata.name!,
      labels: node.metadata.labels ?? {},
      allocatable,
      requested: { ...this.requested },
      nonZeroRequested: { ...this.nonZero },
      pods: (this.list ??= [...this.pods.values()]),
      usedPorts: this.ports.size > 0 ? [...this.ports.values()].flat() : [],
      antiAffinityPods: this.antiAffinity.size > 0 ? [...this.antiAffinity.values()] : NO_PODS,
      groups: this.groups,
    };
  }

  private take(key: string, pod: Pod, sign: 1 | -1): void {
    const f = footprintOf(pod);
    for (const k in f.requests) {
      const v = f.requests[k]!;
      if (!Number.isInteger(v)) this.inexact = true;
      const total = (this.requested[k] ?? 0) + sign * v;
      if (total === 0) delete this.requested[k];
      else this.requested[k] = total;
    }
    this.nonZero.cpu += sign * f.nonZero.cpu;
    this.nonZero.memory += sign * f.nonZero.memory;
    if (!Number.isInteger(f.nonZero.cpu) || !Number.isInteger(f.nonZero.memory)) this.inexact = true;
    if (f.ports.length > 0) {
      if (sign > 0) this.ports.set(key, f.ports);
      else this.ports.delete(key);
    }
    if (f.antiAffinity) {
      if (sign > 0) this.antiAffinity.set(key, pod);
      else this.antiAffinity.delete(key);
    }
    if (f.group) {
      const n = (this.groups.get(f.group) ?? 0) + sign;
      if (n === 0) this.groups.delete(f.group);
      else this.groups.set(f.group, n);
    }
  }
}
