// What both endpoints controllers read off a Service and its pods: which pods a Service
// selects, whether a pod belongs in its endpoints, the port a service port resolves to on a
// pod (named targetPorts through container ports), and when an address carries a hostname.

import type { KubeObject } from '../../machinery/object.ts';

export const SERVICE_GVK = { apiVersion: 'v1', kind: 'Service' };
export const POD_GVK = { apiVersion: 'v1', kind: 'Pod' };
export const NODE_GVK = { apiVersion: 'v1', kind: 'Node' };
export const ENDPOINTS_GVK = { apiVersion: 'v1', kind: 'Endpoints' };
export const ENDPOINTSLICE_GVK = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice' };

/** v1.IsHeadlessService: on the Endpoints and EndpointSlices of a Service without a cluster IP. */
export const HEADLESS_LABEL = 'service.kubernetes.io/headless';

export interface ServicePort {
  name?: string;
  port: number;
  targetPort?: number | string;
  protocol?: string;
  appProtocol?: string;
}

interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: string;
}

interface PodContainer {
  ports?: ContainerPort[];
  restartPolicy?: string;
}

function serviceSpec(svc: KubeObject): Record<string, any> {
  return (svc.spec ?? {}) as Record<string, any>;
}

function podSpecOf(pod: KubeObject): Record<string, any> {
  return (pod.spec ?? {}) as Record<string, any>;
}

function podStatusOf(pod: KubeObject): Record<string, any> {
  return (pod.status ?? {}) as Record<string, any>;
}

/** The selector as a label map; undefined (or empty) means the Service's endpoints are managed by hand. */
export function serviceSelector(svc: KubeObject): Record<string, string> | undefined {
  const selector = serviceSpec(svc).selector as Record<string, string> | undefined;
  return selector && Object.keys(selector).length > 0 ? selector : undefined;
}

/** Services of type ExternalName have no endpoints; neither do Services without a selector. */
export function managesEndpoints(svc: KubeObject): boolean {
  return serviceSpec(svc).type !== 'ExternalName' && serviceSelector(svc) !== undefined;
}

export function selects(svc: KubeObject, pod: KubeObject): boolean {
  const selector = serviceSelector(svc);
  if (!selector || pod.metadata.namespace !== svc.metadata.namespace) return false;
  const labels = pod.metadata.labels ?? {};
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

export function isHeadless(svc: KubeObject): boolean {
  const ip = serviceSpec(svc).clusterIP;
  return ip === 'None' || ip === undefined || ip === '';
}

export function servicePorts(svc: KubeObject): ServicePort[] {
  return (serviceSpec(svc).ports ?? []) as ServicePort[];
}

export function publishesNotReady(svc: KubeObject): boolean {
  return serviceSpec(svc).publishNotReadyAddresses === true;
}

export function isPodReady(pod: KubeObject): boolean {
  const conditions = (podStatusOf(pod).conditions ?? []) as Array<{ type: string; status: string }>;
  return conditions.some((c) => c.type === 'Ready' && c.status === 'True');
}

export function isTerminating(pod: KubeObject): boolean {
  return Boolean(pod.metadata.deletionTimestamp);
}

/** ShouldPodBeInEndpoints: not finished, has an IP, and not terminating unless terminating pods are wanted. */
export function shouldPodBeInEndpoints(pod: KubeObject, includeTerminating: boolean): boolean {
  const status = podStatusOf(pod);
  const restartPolicy = podSpecOf(pod).restartPolicy ?? 'Always';
  if (restartPolicy === 'Never' && (status.phase === 'Failed' || status.phase === 'Succeeded')) return false;
  if (restartPolicy === 'OnFailure' && status.phase === 'Succeeded') return false;
  if (!status.podIP) return false;
  return includeTerminating || !isTerminating(pod);
}

export function podIP(pod: KubeObject): string {
  return String(podStatusOf(pod).podIP ?? '');
}

export function nodeNameOf(pod: KubeObject): string | undefined {
  const node = podSpecOf(pod).nodeName;
  return typeof node === 'string' && node ? node : undefined;
}

/** FindPort: a numeric targetPort as is, a named one through the pod's containers (and sidecars) of the same protocol. */
export function findPort(pod: KubeObject, port: ServicePort): number | undefined {
  const target = port.targetPort ?? port.port;
  if (typeof target === 'number') return target;
  if (/^\d+$/.test(target)) return Number(target);
  const protocol = port.protocol ?? 'TCP';
  const spec = podSpecOf(pod);
  const sidecars = ((spec.initContainers ?? []) as PodContainer[]).filter((c) => c.restartPolicy === 'Always');
  for (const c of [...((spec.containers ?? []) as PodContainer[]), ...sidecars]) {
    for (const p of c.ports ?? []) if (p.name === target && (p.protocol ?? 'TCP') === protocol) return p.containerPort;
  }
  return undefined;
}

/** ShouldSetHostname: the pod names a hostname and lives in the Service's subdomain. */
export function hostnameFor(pod: KubeObject, svc: KubeObject): string | undefined {
  const spec = podSpecOf(pod);
  const hostname = typeof spec.hostname === 'string' ? spec.hostname : '';
  if (!hostname || spec.subdomain !== svc.metadata.name || pod.metadata.namespace !== svc.metadata.namespace) return undefined;
  return hostname;
}

export function podTargetRef(pod: KubeObject): { kind: string; namespace: string; name: string; uid: string } {
  return { kind: 'Pod', namespace: pod.metadata.namespace ?? '', name: pod.metadata.name ?? '', uid: pod.metadata.uid ?? '' };
}

/** Dotted-quad order, so addresses sort as RepackSubsets sorts them. */
export function compareIPs(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 4; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return a < b ? -1 : a > b ? 1 : 0;
}
