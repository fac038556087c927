// The scheduler's cache, as kube-scheduler's: every node with the pods placed on it (those bound,
// and those the scheduler has just bound but the informer has not shown yet — "assumed") and the
// totals the filters read. A node's totals move with each pod placed or removed (node-totals.ts), and
// its state is taken again only after its pods or the node changed, so one scheduling cycle costs
// the nodes, not the pods of the cluster.

import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import { objectKey } from '../../controller/client.ts';
import type { SharedInformer } from '../../controller/informer.ts';
import { isTerminal, podSpec, sameSpec, type Pod } from './pod-facts.ts';
import { NodeTotals } from './node-totals.ts';
import type { NodeState } from './scheduling-filters.ts';

export class SchedulingCache {
  /** node name → the pods that occupy the node and what they take. */
  private readonly placed = new Map<string, NodeTotals>();
  /** pod key → the node it occupies in `placed`. */
  private readonly nodeOf = new Map<string, string>();
  private readonly assumed = new Map<string, string>();
  private readonly states = new Map<string, NodeState>();
  private readonly dirty = new Set<string>();
  /** The states sorted by name, until a node's state changes or a node goes. */
  private sorted: NodeState[] | undefined;
  /** Each node's index in `sorted`. */
  private position = new Map<string, number>();

  constructor(
    private readonly pods: SharedInformer<Pod>,
    private readonly nodes: SharedInformer,
  ) {
    pods.addEventHandler({
      onAdd: (p) => this.place(p),
      onUpdate: (old, p) => {
        if (podSpec(p).nodeName) this.assumed.delete(objectKey(p));
        if (!schedulingRelevant(old, p)) return this.refresh(p);
        this.place(p);
      },
      onDelete: (p) => {
        const key = objectKey(p);
        this.assumed.delete(key);
        this.unplace(key);
      },
    });
    nodes.addEventHandler({
      onAdd: (n) => this.dirty.add(n.metadata.name!),
      onUpdate: (_, n) => this.dirty.add(n.metadata.name!),
      onDelete: (n) => {
        this.states.delete(n.metadata.name!);
        this.dirty.delete(n.metadata.name!);
        this.sorted = undefined;
      },
    });
  }

  isAssumed(key: string): boolean {
    return this.assumed.has(key);
  }

  /** The pod was bound to `node`: count it there until the informer shows it bound. */
  assume(pod: Pod, node: string): void {
    const key = objectKey(pod);
    this.assumed.set(key, node);
    this.put(key, pod, node);
  }

  /** Binding the assumed pod failed: it no longer counts on the node, unless the informer shows it bound. */
  forget(key: string): void {
    if (!this.assumed.delete(key)) return;
    const pod = this.pods.getByKey(key);
    if (!pod || !podSpec(pod).nodeName) this.unplace(key);
  }

  /** Every node's state, sorted by name: the same array while nothing changed (callers do not modify it). */
  nodeStates(): NodeState[] {
    if (this.dirty.size === 0 && this.sorted) return this.sorted;
    let sorted = this.sorted?.slice();
    for (const name of this.dirty) {
      const node = this.nodes.get(undefined, name);
      if (!node) continue;
      const state = this.totalsOf(name).snapshot(node);
      const at = sorted ? this.position.get(name) : undefined;
      if (sorted && at !== undefined && sorted[at]?.name === name) sorted[at] = state;
      else sorted = undefined;
      this.states.set(name, state);
    }
    this.dirty.clear();
    if (!sorted) {
      sorted = [...this.states.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      this.position = new Map(sorted.map((s, i) => [s.name, i]));
    }
    this.sorted = sorted;
    return sorted;
  }

  private totalsOf(node: string): NodeTotals {
    let totals = this.placed.get(node);
    if (!totals) this.placed.set(node, (totals = new NodeTotals()));
    return totals;
  }

  private place(p: Pod): void {
    const key = objectKey(p);
    const node = podSpec(p).nodeName ?? this.assumed.get(key);
    if (!node || isTerminal(p)) return this.unplace(key);
    this.put(key, p, node);
  }

  /** A change the filters do not read: keep the newer object without summing the node again. */
  private refresh(p: Pod): void {
    const key = objectKey(p);
    const node = this.nodeOf.get(key);
    if (node) this.placed.get(node)?.refresh(key, p);
  }

  private put(key: string, p: Pod, node: string): void {
    const previous = this.nodeOf.get(key);
    if (previous && previous !== node) this.unplace(key);
    this.totalsOf(node).set(key, p);
    this.nodeOf.set(key, node);
    this.dirty.add(node);
  }

  private unplace(key: string): void {
    const node = this.nodeOf.get(key);
    if (!node) return;
    this.nodeOf.delete(key);
    this.placed.get(node)?.delete(key);
    this.dirty.add(node);
  }
}

/** Whether a pod update can change what the filters and scores read of its node. */
function schedulingRelevant(old: KubeObject, p: KubeObject): boolean {
  return (
    podSpec(old).nodeName !== podSpec(p).nodeName ||
    isTerminal(old) !== isTerminal(p) ||
    !!old.metadata.deletionTimestamp !== !!p.metadata.deletionTimestamp ||
    !deepEqual(old.metadata.labels, p.metadata.labels) ||
    !deepEqual(old.metadata.ownerReferences, p.metadata.ownerReferences) ||
    !sameSpec(old, p)
  );
}
