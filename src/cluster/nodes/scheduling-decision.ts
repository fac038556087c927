// One scheduling cycle for one pod: filter every node, score the feasible ones (least requested,
// balanced allocation, spreading a controller's pods), or explain the failure exactly as
// kube-scheduler's FitError does and find preemption victims as DefaultPreemption does.

import { filterNode, footprintOf, nodeState, spreadGroupOf, type FilterFailure, type NodeState } from './scheduling-filters.ts';
import { podSpec, priorityOf, type Pod } from './pod-facts.ts';

export type Decision =
  | { kind: 'bind'; node: string }
  | { kind: 'preempt'; node: string; victims: Pod[]; message: string }
  | { kind: 'unschedulable'; message: string };

const NO_NODES = 'no nodes available to schedule pods';

/** FitError.Error(): "0/3 nodes are available: 1 <reason>, 2 <reason>." with reasons counted and sorted. */
export function fitErrorMessage(numNodes: number, failures: Map<string, { reasons: string[] }>, postFilterMessage = ''): string {
  const histogram = new Map<string, number>();
  for (const f of failures.values()) for (const r of f.reasons) histogram.set(r, (histogram.get(r) ?? 0) + 1);
  const parts = [...histogram].map(([reason, n]) => `${n} ${reason}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let msg = `0/${numNodes} nodes are available:`;
  if (parts.length > 0) msg += ` ${parts.join(', ')}.`;
  if (postFilterMessage) msg += ` ${postFilterMessage}.`;
  return msg;
}

function fits(pod: Pod, node: NodeState, all: NodeState[]): boolean {
  return filterNode(pod, node, all) === undefined;
}

/** The node as it would be without the given pods. */
function withoutPods(node: NodeState, gone: Pod[], all: NodeState[]): { node: NodeState; all: NodeState[] } {
  const trimmed = nodeState(node.node, node.pods.filter((p) => !gone.includes(p)), node.allocatable);
  return { node: trimmed, all: all.map((n) => (n.name === node.name ? trimmed : n)) };
}

interface Candidate {
  node: string;
  victims: Pod[];
}

/** SelectVictimsOnNode: remove every lower-priority pod, then give back as many as still fit, highest priority first. */
function victimsOn(pod: Pod, node: NodeState, all: NodeState[]): { victims?: Pod[]; reasons: string[] } {
  const lower = node.pods.filter((p) => priorityOf(p) < priorityOf(pod) && !p.metadata.deletionTimestamp);
  if (lower.length === 0) return { reasons: ['No preemption victims found for incoming pod'] };
  const emptied = withoutPods(node, lower, all);
  const failure = filterNode(pod, emptied.node, emptied.all);
  if (failure) return { reasons: failure.reasons };
  const victims: Pod[] = [];
  let removed = [...lower];
  for (const p of [...lower].sort((a, b) => priorityOf(b) - priorityOf(a))) {
    const back = removed.filter((r) => r !== p);
    const trial = withoutPods(node, back, all);
    if (fits(pod, trial.node, trial.all)) removed = back;
    else victims.push(p);
  }
  return { victims, reasons: [] };
}

function postFilter(pod: Pod, failures: Map<string, FilterFailure>, states: NodeState[]): { message: string; candidate?: Candidate } {
  if (podSpec(pod).preemptionPolicy === 'Never') return { message: 'preemption: not eligible due to preemptionPolicy=Never.' };
  const statuses = new Map<string, { reasons: string[] }>();
  const candidates: Candidate[] = [];
  for (const node of states) {
    const failure = failures.get(node.name);
    if (!failure) continue;
    if (!failure.resolvable) {
      statuses.set(node.name, { reasons: ['Preemption is not helpful for scheduling'] });
      continue;
    }
    const { victims, reasons } = victimsOn(pod, node, states);
    if (victims) candidates.push({ node: node.name, victims });
    else statuses.set(node.name, { reasons });
  }
  if (candidates.length === 0) return { message: `preemption: ${fitErrorMessage(states.length, statuses)}` };
  // pickOneNodeForPreemption: the lowest highest-priority victim, then the fewest victims.
  const highest = (c: Candidate) => Math.max(...c.victims.map(priorityOf), -Infinity);
  candidates.sort((a, b) => highest(a) - highest(b) || a.victims.length - b.victims.length || (a.node < b.node ? -1 : 1));
  return { message: '', candidate: candidates[0] };
}

function freePercent(allocatable: number | undefined, used: number): number {
  return allocatable ? Math.max(0, Math.floor(((allocatable - used) * 100) / allocatable)) : 0;
}

function usedFraction(allocatable: number | undefined, used: number): number {
  return allocatable ? Math.min(1, used / allocatable) : 1;
}

/** LeastAllocated and BalancedAllocation over cpu and memory, with the pod's non-zero requests added. */
function resourceScores(want: { cpu: number; memory: number }, node: NodeState): { least: number; balanced: number } {
  const cpu = want.cpu + node.nonZeroRequested.cpu;
  const memory = want.memory + node.nonZeroRequested.memory;
  const { cpu: cpuAlloc, memory: memoryAlloc } = node.allocatable;
  return {
    least: Math.floor((freePercent(cpuAlloc, cpu) + freePercent(memoryAlloc, memory)) / 2),
    balanced: Math.floor((1 - Math.abs(usedFraction(cpuAlloc, cpu) - usedFraction(memoryAlloc, memory)) / 2) * 100),
  };
}

function pickNode(pod: Pod, feasible: NodeState[]): string {
  const group = spreadGroupOf(pod);
  const want = footprintOf(pod).nonZero;
  let maxCount = 0;
  const groupCounts: number[] = [];
  for (const n of feasible) {
    const count = group ? n.groups.get(group) ?? 0 : 0;
    groupCounts.push(count);
    if (count > maxCount) maxCount = count;
  }
  let bestName = '';
  let bestScore = -Infinity;
  for (let i = 0; i < feasible.length; i++) {
    const n = feasible[i]!;
    const { least, balanced } = resourceScores(want, n);
    const spread = maxCount === 0 ? 100 : Math.floor(((maxCount - groupCounts[i]!) * 100) / maxCount);
    const score = least + balanced + 2 * spread;
    if (score > bestScore || (score === bestScore && n.name < bestName)) {
      bestName = n.name;
      bestScore = score;
    }
  }
  return bestName;
}

export function decide(pod: Pod, states: NodeState[]): Decision {
  if (states.length === 0) return { kind: 'unschedulable', message: NO_NODES };
  const failures = new Map<string, FilterFailure>();
  const feasible: NodeState[] = [];
  for (const node of states) {
    const failure = filterNode(pod, node, states);
    if (failure) failures.set(node.name, failure);
    else feasible.push(node);
  }
  if (feasible.length > 0) return { kind: 'bind', node: pickNode(pod, feasible) };
  const post = postFilter(pod, failures, states);
  const message = fitErrorMessage(states.length, failures, post.message);
  if (post.candidate) return { kind: 'preempt', node: post.candidate.node, victims: post.candidate.victims, message };
  return { kind: 'unschedulable', message };
}
