// The EndpointSlice controller of kube-controller-manager: for every Service with a selector,
// EndpointSlices `<service>-<random>` owned by the Service, one set per combination of resolved
// ports, at most 100 endpoints each, every selected pod with an IP listed with its ready /
// serving / terminating conditions. A Service with no endpoints keeps one empty placeholder slice.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { newControllerRef } from '../workloads/owner.ts';
import { afterSync, isConflict, sameJson, type StoppableController } from '../workloads/workload-deps.ts';
import type { EndpointControllerDeps } from './deps.ts';
import { SliceTracker } from './slice-tracker.ts';
import {
  ENDPOINTSLICE_GVK,
  findPort,
  HEADLESS_LABEL,
  hostnameFor,
  isHeadless,
  isPodReady,
  isTerminating,
  managesEndpoints,
  nodeNameOf,
  NODE_GVK,
  podIP,
  podTargetRef,
  POD_GVK,
  publishesNotReady,
  selects,
  servicePorts,
  SERVICE_GVK,
  shouldPodBeInEndpoints,
} from './pod-endpoints.ts';

export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
export const MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';
export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
/** --max-endpoints-per-slice default. */
export const MAX_ENDPOINTS_PER_SLICE = 100;
const ZONE_LABEL = 'topology.kubernetes.io/zone';

interface SlicePort {
  name: string;
  port: number;
  protocol: string;
  appProtocol?: string;
}

export interface SliceEndpoint {
  addresses: string[];
  conditions: { ready: boolean; serving: boolean; terminating: boolean };
  hostname?: string;
  nodeName?: string;
  targetRef: ReturnType<typeof podTargetRef>;
  zone?: string;
}

type Slice = KubeObject & { endpoints?: SliceEndpoint[] | null; ports?: SlicePort[] | null; addressType?: string };

/** getEndpointPorts: every service port that resolves on the pod, named "" when the service port has no name. */
function slicePorts(svc: KubeObject, pod: KubeObject): SlicePort[] {
  const ports: SlicePort[] = [];
  for (const sp of servicePorts(svc)) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    ports.push({ name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP', ...(sp.appProtocol ? { appProtocol: sp.appProtocol } : {}) });
  }
  return ports;
}

function portsKey(ports: SlicePort[] | null | undefined): string {
  return JSON.stringify([...(ports ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.port - b.port || a.protocol.localeCompare(b.protocol)));
}

/** podToEndpoint: serving is the pod's readiness, ready additionally requires it not be terminating. */
export function podToEndpoint(pod: KubeObject, svc: KubeObject, node: KubeObject | undefined): SliceEndpoint {
  const serving = isPodReady(pod);
  const terminating = isTerminating(pod);
  const ready = publishesNotReady(svc) || (serving && !terminating);
  const nodeName = nodeNameOf(pod);
  const zone = node?.metadata.labels?.[ZONE_LABEL];
  const hostname = hostnameFor(pod, svc);
  return {
    addresses: [podIP(pod)],
    conditions: { ready, serving, terminating },
    ...(hostname ? { hostname } : {}),
    ...(nodeName ? { nodeName } : {}),
    targetRef: podTargetRef(pod),
    ...(zone ? { zone } : {}),
  };
}

/** setEndpointSliceLabels: the Service's labels except the reserved ones, then the reserved ones set by us. */
export function sliceLabels(svc: KubeObject): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [k, v] of Object.entries(svc.metadata.labels ?? {})) if (![SERVICE_NAME_LABEL, MANAGED_BY_LABEL, HEADLESS_LABEL].includes(k)) labels[k] = v;
  if (isHeadless(svc)) labels[HEADLESS_LABEL] = '';
  labels[SERVICE_NAME_LABEL] = svc.metadata.name ?? '';
  labels[MANAGED_BY_LABEL] = CONTROLLER_NAME;
  return labels;
}

interface DesiredGroup {
  ports: SlicePort[];
  endpoints: SliceEndpoint[];
}

export function desiredGroups(svc: KubeObject, pods: KubeObject[], nodeOf: (name: string) => KubeObject | undefined): Map<string, DesiredGroup> {
  const groups = new Map<string, DesiredGroup>();
  for (const pod of pods) {
    if (!selects(svc, pod) || !shouldPodBeInEndpoints(pod, true)) continue;
    const ports = slicePorts(svc, pod);
    const key = portsKey(ports);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { ports, endpoints: [] }));
    const node = nodeNameOf(pod);
    group.endpoints.push(podToEndpoint(pod, svc, node ? nodeOf(node) : undefined));
  }
  return groups;
}

/** The slices a Service should have, reusing the existing ones: endpoints stay in the slice they were in, new ones fill the fullest slice with room. */
export function planSlices(svc: KubeObject, existing: Slice[], groups: Map<string, DesiredGroup>): { keep: Slice[]; create: Slice[]; remove: Slice[] } {
  const labels = sliceLabels(svc);
  const ownerRefs = [newControllerRef(svc)];
  const keep: Slice[] = [];
  const create: Slice[] = [];
  const remove: Slice[] = [];
  const byKey = new Map<string, Slice[]>();
  for (const slice of [...existing].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1))) {
    const key = portsKey(slice.ports);
    byKey.set(key, [...(byKey.get(key) ?? []), slice]);
  }
  const fresh = (ports: SlicePort[] | null, endpoints: SliceEndpoint[] | null): Slice => ({
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { generateName: `${svc.metadata.name}-`, namespace: svc.metadata.namespace, labels, ownerReferences: ownerRefs },
    addressType: 'IPv4',
    endpoints,
    ports,
  });
  for (const [key, group] of groups) {
    const pool = new Map(group.endpoints.map((e) => [e.addresses[0]!, e]));
    const slices = (byKey.get(key) ?? []).map((slice) => {
      const endpoints: SliceEndpoint[] = [];
      for (const e of slice.endpoints ?? []) {
        const wanted = pool.get(e.addresses[0] ?? '');
        if (wanted && endpoints.length < MAX_ENDPOINTS_PER_SLICE) {
          endpoints.push(wanted);
          pool.delete(e.addresses[0]!);
        }
      }
      return { slice, endpoints };
    });
    byKey.delete(key);
    const remaining = [...pool.values()];
    // getSliceToFill, applied one endpoint at a time: the fullest slice that still has room.
    while (remaining.length > 0) {
      const target = slices.filter((s) => s.endpoints.length < MAX_ENDPOINTS_PER_SLICE).sort((a, b) => b.endpoints.length - a.endpoints.length)[0];
      if (!target) break;
      target.endpoints.push(remaining.shift()!);
    }
    for (const { slice, endpoints } of slices) {
      if (endpoints.length === 0) remove.push(slice);
      else keep.push({ ...slice, metadata: { ...slice.metadata, labels, ownerReferences: ownerRefs }, addressType: 'IPv4', endpoints, ports: group.ports.length ? group.ports : null });
    }
    for (let i = 0; i < remaining.length; i += MAX_ENDPOINTS_PER_SLICE) create.push(fresh(group.ports.length ? group.ports : null, remaining.slice(i, i + MAX_ENDPOINTS_PER_SLICE)));
  }
  const leftovers = [...byKey.values()].flat();
  if (groups.size === 0) {
    // The placeholder: one slice without ports or endpoints, so watchers see the Service is known.
    const placeholder = leftovers.find((s) => (s.endpoints ?? []).length === 0 && (s.ports ?? []).length === 0);
    if (placeholder) keep.push({ ...placeholder, metadata: { ...placeholder.metadata, labels, ownerReferences: ownerRefs }, endpoints: null, ports: null });
    else create.push(fresh(null, null));
    remove.push(...leftovers.filter((s) => s !== placeholder));
  } else remove.push(...leftovers);
  // finalize(): a slice about to be deleted takes the place of one about to be created.
  while (create.length > 0 && remove.length > 0) {
    const slice = create.pop()!;
    const reused = remove.shift()!;
    keep.push({ ...slice, metadata: { ...reused.metadata, labels, ownerReferences: ownerRefs } });
  }
  return { keep, create, remove };
}

/** What a sync decides about a slice; null and [] are the same to it, as they are after a round trip. */
function sliceContent(s: Slice): unknown {
  return {
    labels: s.metadata.labels ?? {},
    owners: (s.metadata.ownerReferences ?? []).map((r) => r.uid),
    addressType: s.addressType,
    endpoints: s.endpoints ?? [],
    ports: s.ports ?? [],
  };
}

export function startEndpointSliceController(deps: EndpointControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const services = factory.informerFor(SERVICE_GVK);
  const pods = factory.informerFor(POD_GVK);
  const nodes = factory.informerFor(NODE_GVK);
  const slices = factory.informerFor<Slice>(ENDPOINTSLICE_GVK);
  slices.addIndex('service', (s) => (s.metadata.labels?.[MANAGED_BY_LABEL] === CONTROLLER_NAME && s.metadata.labels?.[SERVICE_NAME_LABEL] ? [`${s.metadata.namespace}/${s.metadata.labels[SERVICE_NAME_LABEL]}`] : []));
  const queue = new WorkQueue<string>({ clock });
  const tracker = new SliceTracker<Slice>();

  const enqueueService = (svc: KubeObject) => queue.add(objectKey(svc));
  const enqueueSelecting = (pod: KubeObject) => {
    for (const svc of services.list(pod.metadata.namespace ?? '')) if (selects(svc, pod)) enqueueService(svc);
  };
  const enqueueForSlice = (slice: KubeObject) => {
    const name = slice.metadata.labels?.[SERVICE_NAME_LABEL];
    if (name && slice.metadata.labels?.[MANAGED_BY_LABEL] === CONTROLLER_NAME) queue.add(`${slice.metadata.namespace}/${name}`);
  };
  services.addEventHandler({ onAdd: enqueueService, onUpdate: (_, svc) => enqueueService(svc), onDelete: enqueueService });
  pods.addEventHandler({
    onAdd: enqueueSelecting,
    onUpdate: (old, pod) => {
      enqueueSelecting(pod);
      enqueueSelecting(old);
    },
    onDelete: enqueueSelecting,
  });
  slices.addEventHandler({ onUpdate: (_, s) => enqueueForSlice(s), onDelete: enqueueForSlice });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const svc = services.getByKey(key);
    // A deleted Service's slices go with it through their owner reference.
    if (!svc) return tracker.forget(key);
    if (!managesEndpoints(svc) || svc.metadata.deletionTimestamp) return;
    const existing = tracker.current(key, slices.byIndex('service', key)).filter((s) => s.metadata.ownerReferences?.some((r) => r.uid === svc.metadata.uid && r.kind === 'Service'));
    const groups = desiredGroups(svc, pods.list(svc.metadata.namespace ?? ''), (name) => nodes.get(undefined, name));
    const plan = planSlices(svc, existing, groups);
    try {
      for (const slice of plan.keep) {
        const before = existing.find((s) => s.metadata.name === slice.metadata.name);
        if (before && sameJson(sliceContent(before), sliceContent(slice))) continue;
        tracker.wrote(key, await client.update(slice));
      }
      for (const slice of plan.create) tracker.wrote(key, await client.create(slice));
      for (const slice of plan.remove) {
        await client.delete(refOf(slice), { preconditions: { uid: slice.metadata.uid } });
        tracker.removed(key, slice.metadata.name!);
      }
    } catch (err) {
      // The cache was behind: the next sync starts from what the informer sees then.
      if (isConflict(err) || isStatusError(err, 'NotFound') || isStatusError(err, 'AlreadyExists')) return { requeue: true };
      throw err;
    }
  }

  return afterSync([services, pods, nodes, slices], () =>
    runController({ name: 'endpointslice-controller', queue, reconcile, workers: deps.workers ?? 5, objectFor: (k) => services.getByKey(k) }),
  );
}
