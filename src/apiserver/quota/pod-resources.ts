// What a pod asks for: per-container requests and limits, and the pod's totals as
// resourcehelper.PodRequests/PodLimits compute them (containers and sidecars add up, init
// containers set a floor, overhead adds on).

import { isPlainObject, plainObjects, type KubeObject } from '../../machinery/object.ts';
import { addLists, parseResourceList, type ResourceList } from './resource-list.ts';

export interface ContainerResources {
  name: string;
  /** `container` or `init container`, as messages name them. */
  role: 'container' | 'init container';
  sidecar: boolean;
  requests: ResourceList;
  limits: ResourceList;
}

type Json = Record<string, unknown>;

export function podSpecOf(pod: KubeObject): Json {
  return isPlainObject(pod.spec) ? pod.spec : {};
}

function containerList(spec: Json, field: 'containers' | 'initContainers'): Json[] {
  return plainObjects(spec[field]);
}

/**
 * Each container's resources. A limit without a request counts as the request too, as the Pod
 * defaulting of the API does (requests default to limits on Pods).
 */
export function containerResources(pod: KubeObject): ContainerResources[] {
  const spec = podSpecOf(pod);
  const read = (c: Json, role: ContainerResources['role']): ContainerResources => {
    const resources = isPlainObject(c.resources) ? c.resources : {};
    const limits = parseResourceList(resources.limits);
    const requests = { ...limits, ...parseResourceList(resources.requests) };
    return { name: String(c.name ?? ''), role, sidecar: role === 'init container' && c.restartPolicy === 'Always', requests, limits };
  };
  return [...containerList(spec, 'containers').map((c) => read(c, 'container')), ...containerList(spec, 'initContainers').map((c) => read(c, 'init container'))];
}

function maxInto(target: ResourceList, other: ResourceList): void {
  for (const [name, q] of Object.entries(other)) if (!target[name] || q.cmp(target[name]!) > 0) target[name] = q;
}

function podTotal(containers: ContainerResources[], pick: (c: ContainerResources) => ResourceList): ResourceList {
  let total: ResourceList = {};
  let sidecars: ResourceList = {};
  const initFloor: ResourceList = {};
  for (const c of containers) {
    if (c.role === 'container') total = addLists(total, pick(c));
  }
  for (const c of containers) {
    if (c.role !== 'init container') continue;
    if (c.sidecar) {
      total = addLists(total, pick(c));
      sidecars = addLists(sidecars, pick(c));
      maxInto(initFloor, sidecars);
    } else {
      maxInto(initFloor, addLists(pick(c), sidecars));
    }
  }
  maxInto(total, initFloor);
  return total;
}

export function podRequests(pod: KubeObject, opts: { overhead?: boolean } = {}): ResourceList {
  const total = podTotal(containerResources(pod), (c) => c.requests);
  return opts.overhead === false ? total : addLists(total, parseResourceList(podSpecOf(pod).overhead));
}

export function podLimits(pod: KubeObject, opts: { overhead?: boolean } = {}): ResourceList {
  const total = podTotal(containerResources(pod), (c) => c.limits);
  if (opts.overhead === false) return total;
  const overhead = parseResourceList(podSpecOf(pod).overhead);
  for (const name of Object.keys(total)) if (overhead[name]) total[name] = total[name]!.add(overhead[name]!);
  return total;
}

export function podPhase(pod: KubeObject): string {
  return String((pod.status as { phase?: string } | undefined)?.phase ?? '');
}

/** The pod's QoS class from its resources (what status.qosClass says once the pod is stored). */
export function podQOSClass(pod: KubeObject): 'BestEffort' | 'Burstable' | 'Guaranteed' {
  const containers = containerResources(pod);
  const positive = (list: ResourceList) => ['cpu', 'memory'].some((r) => (list[r]?.sign() ?? 0) > 0);
  const any = containers.some((c) => positive(c.requests) || positive(c.limits));
  if (!any) return 'BestEffort';
  const guaranteed = containers.every((c) =>
    ['cpu', 'memory'].every((r) => c.limits[r] !== undefined && c.requests[r] !== undefined && c.requests[r]!.cmp(c.limits[r]!) === 0),
  );
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
