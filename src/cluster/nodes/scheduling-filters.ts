// kube-scheduler's default filter plugins, in their order, each answering with the reasons
// upstream prints: NodeUnschedulable, TaintToleration, NodeAffinity, NodePorts,
// NodeResourcesFit and InterPodAffinity. A node fails at the first plugin that rejects it.

import { labelSelectorFromObject, matches, type LabelSelectorObject } from '../../machinery/labels.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { hostPorts, nonZeroRequests, podRequests, podSpec, type Pod, type Requests } from './pod-facts.ts';
import { milliCPU, quantityValue } from './quantity.ts';

// The filters run for every node in every scheduling cycle: on the path of a pod that fits they
// allocate nothing (no closures, no empty arrays), which the 10,000-pod benchmark measures.
const NONE = Object.freeze([]) as never[];

export interface Taint {
  key: string;
  value?: string;
  effect: string;
}

export interface NodeState {
  node: KubeObject;
  name: string;
  labels: Record<string, string>;
  allocatable: Requests;
  requested: Requests;
  /** Requests for scoring (a container asking for nothing counts as 100m and 200Mi). */
  nonZeroRequested: { cpu: number; memory: number };
  pods: Pod[];
  /** The host ports the node's pods hold. */
  usedPorts: Array<{ port: number; protocol: string; hostIP: string }>;
  /** The node's pods that carry required anti-affinity terms (existing pods' anti-affinity). */
  antiAffinityPods: Pod[];
  /** How many of the node's pods are in each spreading group (see spreadGroupOf). */
  groups: Map<string, number>;
}

/** Unschedulable: preemption might help; UnschedulableAndUnresolvable: it cannot. */
export interface FilterFailure {
  reasons: string[];
  resolvable: boolean;
}

export const ERR_UNSCHEDULABLE = 'node(s) were unschedulable';
export const ERR_NODE_AFFINITY = "node(s) didn't match Pod's node affinity/selector";
export const ERR_NODE_PORTS = "node(s) didn't have free ports for the requested pod ports";
export const ERR_POD_AFFINITY = "node(s) didn't match pod affinity rules";
export const ERR_POD_ANTI_AFFINITY = "node(s) didn't match pod anti-affinity rules";
export const ERR_EXISTING_ANTI_AFFINITY = "node(s) didn't satisfy existing pods anti-affinity rules";

export function allocatableOf(node: KubeObject): Requests {
  const alloc = ((node.status as { allocatable?: Record<string, unknown> })?.allocatable ?? {}) as Record<string, unknown>;
  const allocatable: Requests = {};
  for (const [k, v] of Object.entries(alloc)) allocatable[k] = k === 'cpu' ? milliCPU(v) : quantityValue(v);
  return allocatable;
}

/**
 * The group a pod is spread with: the pods of its controller, or (without one) the pods with exactly
 * its labels; undefined for an unowned pod without labels.
 */
export function spreadGroupOf(pod: Pod): string | undefined {
  const ns = pod.metadata.namespace ?? '';
  const owner = pod.metadata.ownerReferences?.find((o) => o.controller);
  if (owner) return `${ns}|uid|${owner.uid}`;
  const labels = pod.metadata.labels ?? {};
  return Object.keys(labels).length > 0 ? `${ns}|labels|${JSON.stringify(labels)}` : undefined;
}

interface PodFootprint {
  requests: Requests;
  /** The requested hugepages and extended resources, sorted, as NodeResourcesFit reports them. */
  scalars: string[];
  nonZero: { cpu: number; memory: number };
  ports: NodeState['usedPorts'];
  antiAffinity: boolean;
  group: string | undefined;
}

// Informer objects are replaced, never changed, on update: what a pod takes is read off it once.
const footprints = new WeakMap<Pod, PodFootprint>();

export function footprintOf(p: Pod): PodFootprint {
  let f = footprints.get(p);
  if (!f) {
    const requests = podRequests(p);
    const scalars = Object.keys(requests)
      .filter((r) => r.startsWith('hugepages-') || r.includes('/'))
      .sort();
    f = { requests, scalars, nonZero: nonZeroRequests(p), ports: hostPorts(p), antiAffinity: requiredTerms(p, 'podAntiAffinity').length > 0, group: spreadGroupOf(p) };
    footprints.set(p, f);
  }
  return f;
}

/** A node and what its pods take of it, summed once so every filter and score reads totals. */
export function nodeState(node: KubeObject, pods: Pod[], allocatable: Requests = allocatableOf(node)): NodeState {
  const requested: Requests = {};
  const nonZeroRequested = { cpu: 0, memory: 0 };
  const usedPorts: NodeState['usedPorts'] = [];
  const antiAffinityPods: Pod[] = [];
  const groups = new Map<string, number>();
  for (const p of pods) {
    const f = footprintOf(p);
    for (const k in f.requests) requested[k] = (requested[k] ?? 0) + f.requests[k]!;
    nonZeroRequested.cpu += f.nonZero.cpu;
    nonZeroRequested.memory += f.nonZero.memory;
    if (f.ports.length) usedPorts.push(...f.ports);
    if (f.antiAffinity) antiAffinityPods.push(p);
    if (f.group) groups.set(f.group, (groups.get(f.group) ?? 0) + 1);
  }
  return { node, name: node.metadata.name!, labels: node.metadata.labels ?? {}, allocatable, requested, nonZeroRequested, pods, usedPorts, antiAffinityPods, groups };
}

/** The node's taints, plus the ones the node lifecycle controller puts on a node that is not Ready. */
export function effectiveTaints(node: KubeObject): Taint[] {
  const taints = [...(((node.spec as { taints?: Taint[] })?.taints ?? []) as Taint[])];
  const ready = ((node.status as { conditions?: Array<{ type: string; status: string }> })?.conditions ?? []).find((c) => c.type === 'Ready');
  if (ready?.status !== 'True') {
    const key = ready?.status === 'False' ? 'node.kubernetes.io/not-ready' : 'node.kubernetes.io/unreachable';
    if (!taints.some((t) => t.key === key && t.effect === 'NoSchedule')) taints.push({ key, effect: 'NoSchedule' });
  }
  return taints;
}

// Informer nodes are replaced, never changed: their effective taints are read once per object.
const nodeTaints = new WeakMap<KubeObject, Taint[]>();

function effectiveTaintsCached(node: KubeObject): Taint[] {
  let taints = nodeTaints.get(node);
  if (!taints) nodeTaints.set(node, (taints = effectiveTaints(node)));
  return taints;
}

export function tolerates(pod: Pod, taint: Taint): boolean {
  for (const t of podSpec(pod).tolerations ?? NONE) {
    if (t.effect && t.effect !== taint.effect) continue;
    if (t.operator === 'Exists' ? !t.key || t.key === taint.key : t.key === taint.key && (t.value ?? '') === (taint.value ?? '')) return true;
  }
  return false;
}


/** The first of the node's taints with a scheduling effect that the pod does not tolerate. */
function untoleratedTaint(pod: Pod, node: KubeObject): Taint | undefined {
  for (const t of effectiveTaintsCached(node)) {
    if ((t.effect === 'NoSchedule' || t.effect === 'NoExecute') && !tolerates(pod, t)) return t;
  }
  return undefined;
}

type NodeSelectorRequirement = { key: string; operator: string; values?: string[] };
type NodeSelectorTerm = { matchExpressions?: NodeSelectorRequirement[]; matchFields?: NodeSelectorRequirement[] };

function requirementMatches(req: NodeSelectorRequirement, values: Record<string, string>): boolean {
  const has = Object.hasOwn(values, req.key);
  const v = values[req.key];
  switch (req.operator) {
    case 'In':
      return has && (req.values ?? []).includes(v!);
    case 'NotIn':
      return !has || !(req.values ?? []).includes(v!);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      const want = Number(req.values?.[0]);
      const got = Number(v);
      if (!has || !/^-?\d+$/.test(v!) || !Number.isInteger(want)) return false;
      return req.operator === 'Gt' ? got > want : got < want;
    }
    default:
      return false;
  }
}

function termMatches(term: NodeSelectorTerm, node: NodeState): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  return exprs.every((r) => requirementMatches(r, node.labels)) && fields.every((r) => requirementMatches(r, { 'metadata.name': node.name }));
}

export function matchesNodeAffinity(pod: Pod, node: NodeState): boolean {
  const spec = podSpec(pod);
  const selector = spec.nodeSelector;
  if (selector) for (const k in selector) if (node.labels[k] !== selector[k]) return false;
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution as { nodeSelectorTerms?: NodeSelectorTerm[] } | undefined;
  if (!required) return true;
  return (required.nodeSelectorTerms ?? []).some((t) => termMatches(t, node));
}

const BASIC_RESOURCES = ['cpu', 'memory', 'ephemeral-storage'];

/** NodeResourcesFit's reasons, in its order: pods, cpu, memory, ephemeral-storage, then extended resources. */
export function insufficientResources(pod: Pod, node: NodeState): string[] {
  let reasons: string[] | undefined;
  if (node.pods.length + 1 > (node.allocatable.pods ?? 0)) (reasons ??= []).push('Too many pods');
  const { requests: req, scalars } = footprintOf(pod);
  for (const r of BASIC_RESOURCES) if ((req[r] ?? 0) > 0 && req[r]! > (node.allocatable[r] ?? 0) - (node.requested[r] ?? 0)) (reasons ??= []).push(`Insufficient ${r}`);
  for (const r of scalars) if (req[r]! > 0 && req[r]! > (node.allocatable[r] ?? 0) - (node.requested[r] ?? 0)) (reasons ??= []).push(`Insufficient ${r}`);
  return reasons ?? NONE;
}

function portsConflict(pod: Pod, node: NodeState): boolean {
  const used = node.usedPorts;
  if (used.length === 0) return false;
  return footprintOf(pod).ports.some((w) => used.some((u) => u.port === w.port && u.protocol === w.protocol && (u.hostIP === '0.0.0.0' || w.hostIP === '0.0.0.0' || u.hostIP === w.hostIP)));
}

interface AffinityTerm {
  labelSelector?: LabelSelectorObject;
  namespaces?: string[];
  namespaceSelector?: LabelSelectorObject;
  topologyKey: string;
}

function requiredTerms(pod: Pod, kind: 'podAffinity' | 'podAntiAffinity'): AffinityTerm[] {
  return (podSpec(pod).affinity?.[kind]?.requiredDuringSchedulingIgnoredDuringExecution as AffinityTerm[] | undefined) ?? NONE;
}

/** Whether `other` is a pod the term (written in `owner`) selects. A namespaceSelector of {} selects every namespace. */
function termSelects(term: AffinityTerm, owner: Pod, other: Pod): boolean {
  const ns = other.metadata.namespace ?? '';
  const allNamespaces = term.namespaceSelector !== undefined && Object.keys(term.namespaceSelector).length === 0;
  const inNamespaces = allNamespaces || (term.namespaces?.length ? term.namespaces.includes(ns) : ns === owner.metadata.namespace);
  return inNamespaces && matches(labelSelectorFromObject(term.labelSelector ?? null), other.metadata.labels ?? {});
}

function sameDomain(a: NodeState, b: NodeState, key: string): boolean {
  return Object.hasOwn(a.labels, key) && a.labels[key] === b.labels[key];
}

/** The nodes of the last scheduling cycle asked about, and their pods with required anti-affinity. */
let antiAffinityFor: NodeState[] | undefined;
let antiAffinityFound: Array<{ node: NodeState; pod: Pod }> = NONE;

/** The existing pods with required anti-affinity, over all nodes of one scheduling cycle (found once per cycle). */
function antiAffinityPodsOf(all: NodeState[]): Array<{ node: NodeState; pod: Pod }> {
  if (all !== antiAffinityFor) {
    antiAffinityFor = all;
    antiAffinityFound = NONE;
    for (const n of all) {
      if (n.antiAffinityPods.length === 0) continue;
      if (antiAffinityFound === NONE) antiAffinityFound = [];
      for (const pod of n.antiAffinityPods) antiAffinityFound.push({ node: n, pod });
    }
  }
  return antiAffinityFound;
}

function interPodAffinityReason(pod: Pod, node: NodeState, all: NodeState[]): string | undefined {
  const affinity = requiredTerms(pod, 'podAffinity');
  if (affinity.length > 0) {
    const satisfied = affinity.every((t) => all.some((n) => sameDomain(n, node, t.topologyKey) && n.pods.some((p) => termSelects(t, pod, p))));
    // The first pod of a group that selects itself may go anywhere the topology key exists.
    const anyMatch = affinity.some((t) => all.some((n) => n.pods.some((p) => termSelects(t, pod, p))));
    const selfMatch = affinity.every((t) => termSelects(t, pod, pod) && Object.hasOwn(node.labels, t.topologyKey));
    if (!satisfied && (anyMatch || !selfMatch)) return ERR_POD_AFFINITY;
  }
  const antiAffinity = requiredTerms(pod, 'podAntiAffinity');
  for (let i = 0; i < antiAffinity.length; i++) {
    const t = antiAffinity[i]!;
    if (all.some((n) => sameDomain(n, node, t.topologyKey) && n.pods.some((p) => termSelects(t, pod, p)))) return ERR_POD_ANTI_AFFINITY;
  }
  const existingAntiAffinity = antiAffinityPodsOf(all);
  if (existingAntiAffinity.length === 0) return undefined;
  for (const { node: n, pod: existing } of existingAntiAffinity) {
    for (const t of requiredTerms(existing, 'podAntiAffinity')) {
      if (sameDomain(n, node, t.topologyKey) && termSelects(t, existing, pod)) return ERR_EXISTING_ANTI_AFFINITY;
    }
  }
  return undefined;
}

/** Runs the filters on one node: undefined when the pod fits. */
export function filterNode(pod: Pod, node: NodeState, all: NodeState[]): FilterFailure | undefined {
  if ((node.node.spec as { unschedulable?: boolean })?.unschedulable && !tolerates(pod, { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' })) {
    return { reasons: [ERR_UNSCHEDULABLE], resolvable: false };
  }
  const untolerated = untoleratedTaint(pod, node.node);
  if (untolerated) return { reasons: [`node(s) had untolerated taint {${untolerated.key}: ${untolerated.value ?? ''}}`], resolvable: false };
  if (!matchesNodeAffinity(pod, node)) return { reasons: [ERR_NODE_AFFINITY], resolvable: false };
  if (portsConflict(pod, node)) return { reasons: [ERR_NODE_PORTS], resolvable: true };
  const insufficient = insufficientResources(pod, node);
  if (insufficient.length > 0) return { reasons: insufficient, resolvable: true };
  const affinity = interPodAffinityReason(pod, node, all);
  if (affinity) return { reasons: [affinity], resolvable: affinity !== ERR_POD_AFFINITY };
  return undefined;
}
