// kube-apiserver's side of KEP-1880 (multiple Service CIDRs, GA in 1.33): the default ServiceCIDR
// `kubernetes`, made from the configured range at start (the kubernetes-service-cidr-controller),
// and one IPAddress per ClusterIP a Service holds, named by the address, its parentRef the Service
// (the allocator's records, kept here by a repair loop over the watch: created for a Service that
// holds an address, deleted once no Service does).

import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import { canonicalIP, ipFamily } from '../machinery/net/ip.ts';
import type { Store, Watcher } from '../storage/store.ts';
import { IP_ADDRESSES_PREFIX } from './allocators.ts';
import { formatTime } from './registry/codec.ts';
import type { WriteContext } from './registry/context.ts';
import { deleteObject } from './registry/delete.ts';
import type { ResourceRegistry } from './registry/registry.ts';

export const DEFAULT_SERVICE_CIDR_NAME = 'kubernetes';
export const IP_FAMILY_LABEL = 'ipaddress.kubernetes.io/ip-family';
export const MANAGED_BY_LABEL = 'ipaddress.kubernetes.io/managed-by';
export const IP_ALLOCATOR = 'ipallocator.k8s.io';
const SERVICES_PREFIX = '/registry/core/services/';

interface Holder {
  namespace: string;
  name: string;
}

export interface ServiceIPAddressesDeps {
  store: Store;
  services: ResourceRegistry;
  ipAddresses: ResourceRegistry;
  serviceCIDRs: ResourceRegistry;
  serviceCidr: string;
  now: () => Date;
  context: () => WriteContext;
}

/** The ClusterIPs a stored Service holds (none for headless and ExternalName ones). */
function clusterIPsOf(svc: KubeObject): string[] {
  const spec = (svc.spec ?? {}) as { clusterIP?: string; clusterIPs?: string[] };
  const ips = spec.clusterIPs?.length ? spec.clusterIPs : spec.clusterIP ? [spec.clusterIP] : [];
  return ips.filter((ip) => ip !== 'None' && canonicalIP(ip) !== undefined);
}

export class ServiceIPAddresses {
  /** Address → the Service holding it, as the watch last showed. */
  private readonly holders = new Map<string, Holder>();
  private readonly watchers: Watcher[] = [];
  private readonly dirty = new Set<string>();
  private running?: Promise<void>;
  private stopped = false;

  constructor(private readonly deps: ServiceIPAddressesDeps) {}

  /** Creates the default ServiceCIDR when absent, then records every Service's addresses and keeps them recorded. */
  async start(): Promise<void> {
    await this.ensureDefaultServiceCIDR();
    const services = await this.deps.store.list(SERVICES_PREFIX);
    for (const sv of services.items) this.observe(JSON.parse(sv.value) as KubeObject);
    const recorded = await this.deps.store.list(IP_ADDRESSES_PREFIX);
    for (const sv of recorded.items) this.dirty.add(sv.key.slice(IP_ADDRESSES_PREFIX.length));
    for (const ip of this.holders.keys()) this.dirty.add(ip);
    this.watchers.push(
      await this.deps.store.watch(SERVICES_PREFIX, services.revision, {
        onEvent: (ev) => {
          if (ev.prevValue) this.forget(JSON.parse(ev.prevValue) as KubeObject);
          if (ev.type !== 'delete') this.observe(JSON.parse(ev.value) as KubeObject);
          this.kick();
        },
      }),
      await this.deps.store.watch(IP_ADDRESSES_PREFIX, recorded.revision, {
        onEvent: (ev) => {
          if (ev.type === 'delete') this.dirty.add(ev.key.slice(IP_ADDRESSES_PREFIX.length));
          this.kick();
        },
      }),
    );
    await this.sync();
  }

  stop(): void {
    this.stopped = true;
    for (const w of this.watchers) w.stop();
  }

  /** Resolves once every change seen so far is recorded. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async ensureDefaultServiceCIDR(): Promise<void> {
    if (await this.deps.serviceCIDRs.tryGet('', DEFAULT_SERVICE_CIDR_NAME)) return;
    const cidr: KubeObject = { apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR', metadata: { name: DEFAULT_SERVICE_CIDR_NAME }, spec: { cidrs: [this.deps.serviceCidr] } };
    try {
      await this.deps.serviceCIDRs.create('', cidr, this.deps.context());
    } catch (err) {
      if (isStatusError(err, 'AlreadyExists')) return; // another apiserver over the same store made it
      throw err;
    }
    const ready = { type: 'Ready', status: 'True', lastTransitionTime: formatTime(this.deps.now()), reason: '', message: 'Kubernetes default Service CIDR is ready' };
    await this.deps.serviceCIDRs.guaranteedUpdate('', DEFAULT_SERVICE_CIDR_NAME, this.deps.context(), 'status', (c) => ({ ...c, status: { conditions: [ready] } }));
  }

  private observe(svc: KubeObject): void {
    for (const ip of clusterIPsOf(svc)) {
      this.holders.set(ip, { namespace: svc.metadata.namespace ?? '', name: svc.metadata.name ?? '' });
      this.dirty.add(ip);
    }
  }

  private forget(svc: KubeObject): void {
    for (const ip of clusterIPsOf(svc)) {
      const h = this.holders.get(ip);
      if (h && h.namespace === svc.metadata.namespace && h.name === svc.metadata.name) this.holders.delete(ip);
      this.dirty.add(ip);
    }
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = this.sync().finally(() => {
      this.running = undefined;
      if (this.dirty.size && !this.stopped) this.kick();
    });
  }

  private async sync(): Promise<void> {
    while (this.dirty.size && !this.stopped) {
      const ip = this.dirty.values().next().value!;
      this.dirty.delete(ip);
      await this.reconcile(ip).catch(() => {
        // A write that failed (the store stopping, a race with another apiserver) is retried on the next event.
      });
    }
  }

  private async reconcile(ip: string): Promise<void> {
    const holder = this.holders.get(ip);
    const recorded = await this.deps.ipAddresses.tryGet('', ip);
    const ref = (recorded?.spec as { parentRef?: { resource?: string; namespace?: string; name?: string } } | undefined)?.parentRef;
    if (recorded) {
      const managed = recorded.metadata.labels?.[MANAGED_BY_LABEL] === IP_ALLOCATOR;
      const ours = ref?.resource === 'services' && ref.namespace === holder?.namespace && ref.name === holder?.name;
      if (!managed || ours) return; // another's record, or this Service's: nothing to do
      await deleteObject(this.deps.ipAddresses, '', ip, { preconditions: { uid: recorded.metadata.uid } }, this.deps.context()).catch((err) => {
        if (!isStatusError(err, 'NotFound') && !isStatusError(err, 'Conflict')) throw err;
      });
      return;
    }
    if (!holder) return;
    const address: KubeObject = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'IPAddress',
      metadata: { name: ip, labels: { [IP_FAMILY_LABEL]: ipFamily(ip)!, [MANAGED_BY_LABEL]: IP_ALLOCATOR } },
      spec: { parentRef: { resource: 'services', namespace: holder.namespace, name: holder.name } },
    };
    await this.deps.ipAddresses.create('', address, this.deps.context()).catch((err) => {
      if (!isStatusError(err, 'AlreadyExists')) throw err;
    });
  }
}
