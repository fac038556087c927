// kube-apiserver's own endpoint reconciler: the `default/kubernetes` Service (the first address of
// the service range, port 443 → the secure port) and its Endpoints and EndpointSlice pointing at
// this server. Run at every start, so a new port or address replaces the old one.

import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import type { WriteContext } from './registry/context.ts';
import type { ResourceRegistry } from './registry/registry.ts';

export interface KubernetesServiceRegistries {
  services: ResourceRegistry;
  endpoints: ResourceRegistry;
  endpointSlices: ResourceRegistry;
}

const NAME = 'kubernetes';
const NAMESPACE = 'default';

/** The advertise address: the listening IPv4 address, or loopback when listening on every address or a name. */
export function advertiseAddress(host: string): string {
  return /^\d+\.\d+\.\d+\.\d+$/.test(host) && host !== '0.0.0.0' ? host : '127.0.0.1';
}

export function kubernetesService(clusterIP: string, port: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: NAME, namespace: NAMESPACE, labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      type: 'ClusterIP',
      clusterIP,
      clusterIPs: [clusterIP],
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: port }],
      sessionAffinity: 'None',
    },
  };
}

export function kubernetesEndpoints(address: string, port: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: NAME, namespace: NAMESPACE, labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
    subsets: [{ addresses: [{ ip: address }], ports: [{ name: 'https', port, protocol: 'TCP' }] }],
  };
}

export function kubernetesEndpointSlice(address: string, port: number): KubeObject {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: NAME, namespace: NAMESPACE, labels: { 'kubernetes.io/service-name': NAME } },
    addressType: 'IPv4',
    endpoints: [{ addresses: [address], conditions: { ready: true } }],
    ports: [{ name: 'https', port, protocol: 'TCP' }],
  };
}

/** Creates the object, or rewrites the fields it owns when they differ from what is stored. */
async function ensure(registry: ResourceRegistry, desired: KubeObject, owned: string[], ctx: WriteContext): Promise<void> {
  const current = await registry.tryGet(NAMESPACE, NAME);
  if (!current) {
    await registry.create(NAMESPACE, desired, ctx).catch((err) => {
      if (!isStatusError(err, 'AlreadyExists')) throw err;
    });
    return;
  }
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  // A spec is compared on the fields we set; the rest is defaulting.
  const changed = owned.some((f) =>
    f === 'spec' ? Object.entries(desired.spec as object).some(([k, v]) => !same((current.spec as Record<string, unknown>)?.[k], v)) : !same(current[f], desired[f]),
  );
  const labelsChanged = Object.entries(desired.metadata.labels ?? {}).some(([k, v]) => current.metadata.labels?.[k] !== v);
  if (!changed && !labelsChanged) return;
  const next: KubeObject = { ...current, metadata: { ...current.metadata, labels: { ...current.metadata.labels, ...desired.metadata.labels } } };
  for (const f of owned) next[f] = desired[f];
  if (owned.includes('spec')) next.spec = { ...(current.spec as object), ...(desired.spec as object) };
  await registry.update(NAMESPACE, NAME, next, ctx);
}

export async function reconcileKubernetesService(
  registries: KubernetesServiceRegistries,
  opts: { clusterIP: string; host: string; port: number; ctx: WriteContext },
): Promise<void> {
  const address = advertiseAddress(opts.host);
  await ensure(registries.services, kubernetesService(opts.clusterIP, opts.port), ['spec'], opts.ctx);
  await ensure(registries.endpoints, kubernetesEndpoints(address, opts.port), ['subsets'], opts.ctx);
  await ensure(registries.endpointSlices, kubernetesEndpointSlice(address, opts.port), ['addressType', 'endpoints', 'ports'], opts.ctx);
}
