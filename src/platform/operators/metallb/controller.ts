// MetalLB's controller (controller/service.go): each LoadBalancer Service without a
// loadBalancerClass gets an address from an IPAddressPool of MetalLB's namespace, written to its
// status with the pool in the metallb.io/ip-allocated-from-pool annotation; each pool's status
// counts what is assigned and what is left. Events: IPAllocated, AllocationFailed, ClearAssignment.

import { isPodReady } from '../../../cluster/workloads/conditions.ts';
import { deepEqual, type KubeObject } from '../../../machinery/object.ts';
import { isStatusError } from '../../../machinery/errors.ts';
import { EventRecorder, objectKey, runWhenSynced, WorkQueue, type Clock, type InformerFactory, type KubeClient, type ReconcileResult, type SharedInformer } from '../../../controller/index.ts';
import { ipFamily, type IPFamily } from '../../../machinery/net/ip.ts';
import { Allocator, goQuotedIPs, parseIP, type Port, type SharingKeys } from './allocator.ts';
import { poolsFromResources } from './pools.ts';

export const METALLB_NAMESPACE = 'cozy-metallb';

/** A MetalLB pod that does its work: ready, and not being deleted. */
export function isServing(pod: KubeObject): boolean {
  return !pod.metadata.deletionTimestamp && isPodReady(pod);
}
export const POOL_GVK = { apiVersion: 'metallb.io/v1beta1', kind: 'IPAddressPool' };
const SERVICE_GVK = { apiVersion: 'v1', kind: 'Service' };
const NAMESPACE_GVK = { apiVersion: 'v1', kind: 'Namespace' };

const ANNOTATION = {
  addressPool: ['metallb.io/address-pool', 'metallb.universe.tf/address-pool'],
  loadBalancerIPs: ['metallb.io/loadBalancerIPs', 'metallb.universe.tf/loadBalancerIPs'],
  allowSharedIP: ['metallb.io/allow-shared-ip', 'metallb.universe.tf/allow-shared-ip'],
  allocatedFromPool: 'metallb.io/ip-allocated-from-pool',
  deprecatedPrefix: 'metallb.universe.tf/',
};

type Rec = Record<string, any>;

function annotation(svc: KubeObject, names: string[]): string {
  const annotations = svc.metadata.annotations ?? {};
  for (const name of names) if (name in annotations) return annotations[name]!;
  return '';
}

function portsOf(svc: KubeObject): Port[] {
  return (((svc.spec as Rec | undefined)?.ports ?? []) as Rec[]).map((p) => `${p.protocol ?? 'TCP'}/${p.port}`);
}

function sharingKeys(svc: KubeObject): SharingKeys {
  const spec = (svc.spec ?? {}) as Rec;
  const backend = spec.externalTrafficPolicy === 'Local' ? Object.entries((spec.selector ?? {}) as Record<string, string>).sort().map(([k, v]) => `${k}=${v}`).join(',') : '';
  return { sharing: annotation(svc, ANNOTATION.allowSharedIP), backend };
}

function serviceFamily(svc: KubeObject): IPFamily | undefined {
  const spec = (svc.spec ?? {}) as Rec;
  const first = (spec.ipFamilies as string[] | undefined)?.[0];
  if (first === 'IPv4' || first === 'IPv6') return first;
  return typeof spec.clusterIP === 'string' ? ipFamily(spec.clusterIP) : undefined;
}

function ingressIPs(svc: KubeObject): string[] {
  const ingress = ((svc.status as Rec | undefined)?.loadBalancer?.ingress ?? []) as Rec[];
  return ingress.flatMap((i) => (typeof i.ip === 'string' && i.ip ? [i.ip] : []));
}

/** getDesiredLbIPs: the addresses the service asks for, by annotation or spec.loadBalancerIP. */
function desiredIPs(svc: KubeObject): string[] | { error: string } {
  const fromAnnotation = annotation(svc, ANNOTATION.loadBalancerIPs);
  const fromSpec = String((svc.spec as Rec | undefined)?.loadBalancerIP ?? '');
  if (!fromAnnotation && !fromSpec) return [];
  if (fromAnnotation && fromSpec) return { error: `service can not have both ${ANNOTATION.loadBalancerIPs[0]} and svc.Spec.LoadBalancerIP` };
  if (fromAnnotation) {
    const ips = fromAnnotation.split(',').map(parseIP);
    if (ips.some((ip) => !ip)) return { error: `invalid ${ANNOTATION.loadBalancerIPs[0]}: ${JSON.stringify(fromAnnotation)}` };
    return ips as string[];
  }
  const ip = parseIP(fromSpec);
  return ip ? [ip] : { error: `invalid spec.loadBalancerIP ${JSON.stringify(fromSpec)}` };
}

/** What a convergence decided: the addresses and pool to record, or nothing (cleared). */
interface Converged {
  ips: string[];
  pool?: string;
}

export interface MetallbDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
}

export function startMetallbController(deps: MetallbDeps): { stop(): Promise<void> } {
  const services = deps.factory.informerFor(SERVICE_GVK);
  const pools = deps.factory.informerFor(POOL_GVK, { namespace: METALLB_NAMESPACE });
  const namespaces = deps.factory.informerFor(NAMESPACE_GVK);
  // The controller works while its pod is ready: on a failed node it stops until the pod runs elsewhere.
  const controllerPods = deps.factory.informerFor({ apiVersion: 'v1', kind: 'Pod' }, { namespace: METALLB_NAMESPACE, labelSelector: 'app.kubernetes.io/component=controller' });
  const running = () => controllerPods.list().some(isServing);
  const recorder = new EventRecorder(deps.client, { component: 'metallb-controller', clock: deps.clock });
  const allocator = new Allocator(() => namespaces.list().map((ns) => ({ name: ns.metadata.name!, labels: ns.metadata.labels ?? {} })));
  const queue = new WorkQueue<string>({ clock: deps.clock });
  const poolQueue = new WorkQueue<string>({ clock: deps.clock });
  let configured = false;
  let recovered = false;

  const enqueueAll = () => services.list().forEach((s) => queue.add(objectKey(s)));
  const enqueuePools = () => pools.list().forEach((p) => poolQueue.add(p.metadata.name!));

  /** SetPools: a valid configuration replaces the last one; an invalid one is refused and the last stays. */
  function loadPools(): void {
    const parsed = poolsFromResources(pools.list());
    if (typeof parsed === 'string') {
      console.error(`metallb-controller: configuration error: ${parsed}`);
      return;
    }
    allocator.setPools(parsed);
    configured = true;
    enqueueAll();
    enqueuePools();
  }

  /** On start, the addresses services already hold are taken before any is handed out. */
  function recoverAssignments(): void {
    if (recovered) return;
    recovered = true;
    for (const svc of services.list()) {
      const ips = ingressIPs(svc);
      if (isOurs(svc) && ips.length > 0) allocator.assign(objectKey(svc), svc, ips.map((ip) => parseIP(ip) ?? ip), portsOf(svc), sharingKeys(svc));
    }
  }

  function isOurs(svc: KubeObject): boolean {
    const spec = (svc.spec ?? {}) as Rec;
    return spec.type === 'LoadBalancer' && !spec.loadBalancerClass;
  }

  /** convergeBalancer, as a decision: what the service's status and annotation should say. */
  async function converge(key: string, svc: KubeObject): Promise<Converged> {
    const clear = (): Converged => {
      allocator.unassign(key);
      return { ips: [] };
    };
    if ((svc.spec as Rec | undefined)?.type !== 'LoadBalancer') return clear();
    if (!allocator.hasPools()) return clear();
    const family = serviceFamily(svc);
    if (!family) return clear();
    let ips = ingressIPs(svc).map((ip) => parseIP(ip) ?? ip);
    if (ips.length > 0) {
      const refused = allocator.assign(key, svc, ips, portsOf(svc), sharingKeys(svc));
      if (refused) {
        await recorder.normal(svc, 'ClearAssignment', `current IP for ${JSON.stringify(key)} not allowed by config, will attempt for new IP assignment: ${refused}`);
        ips = clear().ips;
      }
      const desiredPool = annotation(svc, ANNOTATION.addressPool);
      if (ips.length > 0 && desiredPool && allocator.pool(key) !== desiredPool) ips = clear().ips;
      const desired = desiredIPs(svc);
      if (!Array.isArray(desired)) {
        await recorder.warning(svc, 'LoadBalancerFailed', `invalid requested loadbalancer IPs: ${desired.error}`);
        return { ips, pool: allocator.pool(key) };
      }
      if (desired.length > 0 && [...desired].sort().join() !== [...ips].sort().join()) ips = clear().ips;
    }
    if (ips.length === 0) {
      const allocated = allocate(key, svc, family);
      if (!Array.isArray(allocated)) {
        await recorder.warning(svc, 'AllocationFailed', `Failed to allocate IP for ${JSON.stringify(key)}: ${allocated.error}`);
        return clear();
      }
      ips = allocated;
      await recorder.normal(svc, 'IPAllocated', `Assigned IP ${goQuotedIPs(ips)}`);
    }
    return { ips, pool: allocator.pool(key) };
  }

  /** allocateIPs: the addresses asked for, else the pool asked for, else any pool that fits. */
  function allocate(key: string, svc: KubeObject, family: IPFamily): string[] | { error: string } {
    const desired = desiredIPs(svc);
    if (!Array.isArray(desired)) return desired;
    const desiredPool = annotation(svc, ANNOTATION.addressPool);
    const ports = portsOf(svc);
    const keys = sharingKeys(svc);
    if (desired.length > 0) {
      if (desired.some((ip) => ipFamily(ip) !== family)) return { error: `requested loadBalancer IP(s) ${goQuotedIPs(desired)} does not match the ipFamily of the service` };
      const refused = allocator.assign(key, svc, desired, ports, keys);
      if (refused) return { error: refused };
      if (desiredPool && allocator.pool(key) !== desiredPool) {
        allocator.unassign(key);
        return { error: `requested loadBalancer IP(s) ${goQuotedIPs(desired)} is not compatible with requested address pool ${desiredPool}` };
      }
      return desired;
    }
    if (desiredPool) return allocator.allocateFromPool(key, svc, family, desiredPool, ports, keys);
    return allocator.allocate(key, svc, family, ports, keys);
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    if (!configured || !running()) return;
    recoverAssignments();
    const svc = services.getByKey(key);
    if (!svc) {
      if (allocator.pool(key)) {
        allocator.unassign(key);
        enqueueAll();
        enqueuePools();
      }
      return;
    }
    const spec = (svc.spec ?? {}) as Rec;
    if (spec.loadBalancerClass) return;
    const before = allocator.pool(key);
    const held = allocator.ips(key)?.join();
    const result = await converge(key, svc);
    if (allocator.pool(key) !== before || allocator.ips(key)?.join() !== held) enqueuePools();
    // An address given back may be what a waiting service needs.
    if (held && !allocator.ips(key)) enqueueAll();
    return write(svc, result);
  }

  async function write(svc: KubeObject, result: Converged): Promise<ReconcileResult | void> {
    const ingress = result.ips.map((ip) => ({ ip }));
    const annotations = { ...(svc.metadata.annotations ?? {}) };
    if (result.ips.length > 0 && result.pool) annotations[ANNOTATION.allocatedFromPool] = result.pool;
    else delete annotations[ANNOTATION.allocatedFromPool];
    const current = ((svc.status as Rec | undefined)?.loadBalancer?.ingress ?? []) as Rec[];
    const sameIngress = current.length === ingress.length && current.every((c, i) => c.ip === ingress[i]!.ip && !c.hostname);
    const sameAnnotation = svc.metadata.annotations?.[ANNOTATION.allocatedFromPool] === annotations[ANNOTATION.allocatedFromPool];
    if (sameIngress && sameAnnotation) return;
    for (const name of Object.keys(svc.metadata.annotations ?? {})) {
      if (name.startsWith(ANNOTATION.deprecatedPrefix)) await recorder.warning(svc, 'deprecatedAnnotation', `Service uses deprecated annotation ${name}`);
    }
    const loadBalancer = ingress.length > 0 ? { ingress } : {};
    try {
      await deps.client.updateStatus({ ...svc, metadata: { ...svc.metadata, annotations }, status: { ...(svc.status ?? {}), loadBalancer } });
    } catch (err) {
      if (isStatusError(err, 'Conflict') || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
  }

  async function reconcilePool(name: string): Promise<ReconcileResult | void> {
    const pool = pools.get(METALLB_NAMESPACE, name);
    if (!pool || !configured || !running()) return;
    const status = allocator.counters(name);
    const current = (pool.status ?? {}) as Rec;
    if (Object.entries(status).every(([k, v]) => current[k] === v)) return;
    try {
      await deps.client.updateStatus({ ...pool, status });
    } catch (err) {
      if (isStatusError(err, 'Conflict') || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
  }

  services.addEventHandler({ onAdd: (s) => queue.add(objectKey(s)), onUpdate: (_, s) => queue.add(objectKey(s)), onDelete: (s) => queue.add(objectKey(s)) });
  pools.addEventHandler({ onAdd: loadPools, onUpdate: (before, after) => { if (!deepEqual(before.spec, after.spec)) loadPools(); else poolQueue.add(after.metadata.name!); }, onDelete: loadPools });
  namespaces.addEventHandler({ onUpdate: (before, after) => { if (!deepEqual(before.metadata.labels, after.metadata.labels)) enqueueAll(); } });

  let wasRunning = false;
  const onControllerPod = () => {
    if (running() === wasRunning) return;
    wasRunning = running();
    enqueueAll();
    enqueuePools();
  };
  controllerPods.addEventHandler({ onAdd: onControllerPod, onUpdate: onControllerPod, onDelete: onControllerPod });

  const informers: Array<SharedInformer<KubeObject>> = [services, pools, namespaces, controllerPods];
  const controllers = [
    runWhenSynced({ name: 'metallb-controller', queue, reconcile, workers: 1 }, informers, loadPools),
    runWhenSynced({ name: 'metallb-pool-status', queue: poolQueue, reconcile: reconcilePool, workers: 1 }, informers),
  ];
  return {
    async stop() {
      queue.shutDown();
      poolQueue.shutDown();
      await Promise.all(controllers.map((c) => c.stop()));
    },
  };
}
