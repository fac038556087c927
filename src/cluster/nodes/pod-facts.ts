// What the scheduler and the kubelet read off a Pod: its resource requests, whether it still
// occupies a node, and its containers.

import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import { milliCPU, quantityValue } from './quantity.ts';

export interface Container {
  name: string;
  image?: string;
  imagePullPolicy?: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ hostPort?: number; containerPort?: number; protocol?: string; hostIP?: string }>;
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
  restartPolicy?: string;
}

export interface PodSpec {
  nodeName?: string;
  schedulerName?: string;
  nodeSelector?: Record<string, string>;
  affinity?: Record<string, any>;
  tolerations?: Array<{ key?: string; operator?: string; value?: string; effect?: string }>;
  containers?: Container[];
  initContainers?: Container[];
  /** Added through the ephemeralcontainers subresource (`kubectl debug`). */
  ephemeralContainers?: Container[];
  restartPolicy?: string;
  priority?: number;
  preemptionPolicy?: string;
  terminationGracePeriodSeconds?: number;
  schedulingGates?: unknown[];
  overhead?: Record<string, unknown>;
}

export interface PodStatus {
  phase?: string;
  conditions?: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

export type Pod = KubeObject & { spec: PodSpec; status?: PodStatus };

/** Requests in scheduler units: millicores, bytes, counts for everything else. */
export type Requests = Record<string, number>;

export function podSpec(pod: KubeObject): PodSpec {
  return (pod.spec ?? {}) as PodSpec;
}

export function ephemeralSpecs(pod: KubeObject): Container[] {
  return podSpec(pod).ephemeralContainers ?? [];
}

export function isTerminal(pod: KubeObject): boolean {
  const phase = (pod.status as PodStatus | undefined)?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

function containerRequests(c: Container): Requests {
  const out: Requests = {};
  // A limit without a request is the request (defaulting does this upstream; we read either).
  const merged = { ...(c.resources?.limits ?? {}), ...(c.resources?.requests ?? {}) };
  for (const [name, q] of Object.entries(merged)) out[name] = name === 'cpu' ? milliCPU(q) : quantityValue(q);
  return out;
}

function addInto(total: Requests, more: Requests): void {
  for (const [k, v] of Object.entries(more)) total[k] = (total[k] ?? 0) + v;
}

/** PodRequests: the sum over containers (and restartable init sidecars), at least every ordinary init container, plus overhead. */
export function podRequests(pod: KubeObject): Requests {
  const spec = podSpec(pod);
  const total: Requests = {};
  for (const c of spec.containers ?? []) addInto(total, containerRequests(c));
  const sidecars: Requests = {};
  for (const c of spec.initContainers ?? []) {
    const r = containerRequests(c);
    if (c.restartPolicy === 'Always') {
      addInto(total, r);
      addInto(sidecars, r);
      continue;
    }
    const withSidecars = { ...sidecars };
    addInto(withSidecars, r);
    for (const [k, v] of Object.entries(withSidecars)) total[k] = Math.max(total[k] ?? 0, v);
  }
  if (spec.overhead) addInto(total, containerRequests({ name: '', resources: { requests: spec.overhead } }));
  return total;
}

/** Requests for scoring: a container asking for nothing counts as 100m CPU and 200Mi, as upstream. */
export function nonZeroRequests(pod: KubeObject): { cpu: number; memory: number } {
  let cpu = 0;
  let memory = 0;
  for (const c of podSpec(pod).containers ?? []) {
    const r = containerRequests(c);
    cpu += r.cpu || 100;
    memory += r.memory || 200 * 2 ** 20;
  }
  return { cpu, memory };
}

export function priorityOf(pod: KubeObject): number {
  return podSpec(pod).priority ?? 0;
}

export function hostPorts(pod: KubeObject): Array<{ port: number; protocol: string; hostIP: string }> {
  const out: Array<{ port: number; protocol: string; hostIP: string }> = [];
  for (const c of [...(podSpec(pod).containers ?? []), ...(podSpec(pod).initContainers ?? [])]) {
    for (const p of c.ports ?? []) if (p.hostPort) out.push({ port: p.hostPort, protocol: p.protocol ?? 'TCP', hostIP: p.hostIP || '0.0.0.0' });
  }
  return out;
}

/** The pod informer index of the controllers that act on a node's pods, as upstream's `spec.nodeName` indexer. */
export const POD_NODE_INDEX = 'spec.nodeName';

export function podNodeIndex(pod: KubeObject): string[] {
  const node = podSpec(pod).nodeName;
  return node ? [node] : [];
}

// Informer objects are replaced, never changed: whether an update kept the spec is answered once
// for every handler that asks (the scheduler's cache and the kubelets both do, for each update).
// Keyed by the replaced object, so an answer lives no longer than the version it replaced.
const specKept = new WeakMap<KubeObject, { next: KubeObject; same: boolean }>();

/** Whether the update from `old` to `pod` left the spec as it was. */
export function sameSpec(old: KubeObject, pod: KubeObject): boolean {
  const known = specKept.get(old);
  if (known?.next === pod) return known.same;
  const same = deepEqual(old.spec, pod.spec);
  specKept.set(old, { next: pod, same });
  return same;
}
