// The endpoints controller of kube-controller-manager: for every Service with a selector, an
// Endpoints object of the same name listing the selected pods — ready ones under `addresses`,
// the others under `notReadyAddresses` — repacked into one subset per set of resolved ports.
// Services without a selector keep the Endpoints their owner writes; a deleted Service takes
// its Endpoints along.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, runController, splitKey, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { afterSync, isConflict, sameJson, type StoppableController } from '../workloads/workload-deps.ts';
import type { EndpointControllerDeps } from './deps.ts';
import {
  compareIPs,
  ENDPOINTS_GVK,
  findPort,
  HEADLESS_LABEL,
  hostnameFor,
  isHeadless,
  isPodReady,
  managesEndpoints,
  nodeNameOf,
  podIP,
  podTargetRef,
  POD_GVK,
  publishesNotReady,
  selects,
  servicePorts,
  SERVICE_GVK,
  shouldPodBeInEndpoints,
  type ServicePort,
} from './pod-endpoints.ts';

interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef: ReturnType<typeof podTargetRef>;
}

interface EndpointPort {
  name?: string;
  port: number;
  protocol: string;
  appProtocol?: string;
}

export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: EndpointPort[];
}

function endpointPort(sp: ServicePort, port: number): EndpointPort {
  return { ...(sp.name ? { name: sp.name } : {}), port, protocol: sp.protocol ?? 'TCP', ...(sp.appProtocol ? { appProtocol: sp.appProtocol } : {}) };
}

function addressOf(pod: KubeObject, svc: KubeObject): EndpointAddress {
  const hostname = hostnameFor(pod, svc);
  const nodeName = nodeNameOf(pod);
  return { ip: podIP(pod), ...(hostname ? { hostname } : {}), ...(nodeName ? { nodeName } : {}), targetRef: podTargetRef(pod) };
}

function comparePorts(a: EndpointPort, b: EndpointPort): number {
  return (a.name ?? '').localeCompare(b.name ?? '') || a.port - b.port || a.protocol.localeCompare(b.protocol);
}

/**
 * The subsets of a Service over the pods of its namespace, as RepackSubsets leaves them: one subset
 * per set of resolved ports, addresses sorted by IP. A pod whose ports resolve to nothing is left out.
 */
export function desiredSubsets(svc: KubeObject, pods: KubeObject[]): EndpointSubset[] {
  const tolerateUnready = publishesNotReady(svc);
  const subsets = new Map<string, EndpointSubset>();
  for (const pod of pods) {
    if (!selects(svc, pod) || !shouldPodBeInEndpoints(pod, tolerateUnready)) continue;
    const declared = servicePorts(svc);
    const ports: EndpointPort[] = [];
    for (const sp of declared) {
      const port = findPort(pod, sp);
      if (port !== undefined) ports.push(endpointPort(sp, port));
    }
    // Only a headless Service may list addresses without ports.
    if (ports.length === 0 && (declared.length > 0 || !isHeadless(svc))) continue;
    ports.sort(comparePorts);
    const key = JSON.stringify(ports);
    let subset = subsets.get(key);
    if (!subset) subsets.set(key, (subset = ports.length ? { ports } : {}));
    const list = tolerateUnready || isPodReady(pod) ? (subset.addresses ??= []) : (subset.notReadyAddresses ??= []);
    list.push(addressOf(pod, svc));
  }
  return [...subsets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, subset]) => {
      subset.addresses?.sort((a, b) => compareIPs(a.ip, b.ip));
      subset.notReadyAddresses?.sort((a, b) => compareIPs(a.ip, b.ip));
      return subset;
    });
}

/** The Service's labels, plus the headless label when it has no cluster IP. */
export function endpointsLabels(svc: KubeObject): Record<string, string> | undefined {
  const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}) };
  if (isHeadless(svc)) labels[HEADLESS_LABEL] = '';
  else delete labels[HEADLESS_LABEL];
  return Object.keys(labels).length ? labels : undefined;
}

export function startEndpointsController(deps: EndpointControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const services = factory.informerFor(SERVICE_GVK);
  const pods = factory.informerFor(POD_GVK);
  const endpoints = factory.informerFor(ENDPOINTS_GVK);
  const queue = new WorkQueue<string>({ clock });

  const enqueueService = (svc: KubeObject) => queue.add(objectKey(svc));
  const enqueueSelecting = (pod: KubeObject) => {
    for (const svc of services.list(pod.metadata.namespace ?? '')) if (selects(svc, pod)) enqueueService(svc);
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
  // Someone else changed or removed our Endpoints: put them back.
  const enqueueForEndpoints = (ep: KubeObject) => queue.add(objectKey(ep));
  endpoints.addEventHandler({ onUpdate: (_, ep) => enqueueForEndpoints(ep), onDelete: enqueueForEndpoints });

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const { namespace, name } = splitKey(key);
    const svc = services.getByKey(key);
    const current = endpoints.getByKey(key);
    if (!svc) {
      if (!current) return;
      try {
        await client.delete({ ...ENDPOINTS_GVK, namespace, name });
      } catch (err) {
        if (!isStatusError(err, 'NotFound')) throw err;
      }
      return;
    }
    if (!managesEndpoints(svc)) return;
    const subsets = desiredSubsets(svc, pods.list(namespace));
    const labels = endpointsLabels(svc);
    if (current && sameJson(current.subsets ?? [], subsets) && sameJson(current.metadata.labels ?? {}, labels ?? {})) return;
    const metadata = { ...(current?.metadata ?? { name, namespace }), labels };
    if (!labels) delete metadata.labels;
    const desired: KubeObject = { apiVersion: 'v1', kind: 'Endpoints', metadata, ...(subsets.length ? { subsets } : {}) };
    try {
      if (current) await client.update(desired);
      else await client.create(desired);
    } catch (err) {
      if (isConflict(err) || isStatusError(err, 'AlreadyExists') || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
  }

  return afterSync([services, pods, endpoints], () =>
    runController({ name: 'endpoints-controller', queue, reconcile, workers: deps.workers ?? 5, objectFor: (k) => services.getByKey(k) }),
  );
}
