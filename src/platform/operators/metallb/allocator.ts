// MetalLB's allocator (internal/allocator): which service holds which address of which pool, with
// the rules for sharing an address (same sharing key, same backends, no port used twice), pools
// pinned to namespaces or services first, and the counters each IPAddressPool's status shows.

import type { KubeObject } from '../../../machinery/object.ts';
import { matches } from '../../../machinery/labels.ts';
import { bigIntToIP, ipFamily, ipToBigInt, type IPFamily } from '../../../machinery/net/ip.ts';
import { confusesBuggyFirmware, poolCapacity, poolContains, type Pool } from './pools.ts';

/** `TCP/80`, as MetalLB's Port prints. */
export type Port = string;

export interface SharingKeys {
  /** metallb.io/allow-shared-ip, '' when the service does not share. */
  sharing: string;
  /** The service's selector when its externalTrafficPolicy is Local: sharing needs the same backends then. */
  backend: string;
}

interface Allocation extends SharingKeys {
  pool: string;
  ips: string[];
  ports: Port[];
}

export interface PoolCounters {
  assignedIPv4: number;
  assignedIPv6: number;
  availableIPv4: number;
  availableIPv6: number;
}

export class Allocator {
  private pools = new Map<string, Pool>();
  private readonly allocated = new Map<string, Allocation>();
  /** Which services hold each address (sharingKeyForIP / servicesOnIP): a candidate address is checked without a scan. */
  private readonly onIP = new Map<string, Set<string>>();

  /** `namespaces`: the cluster's namespaces and their labels, for pools that select namespaces. */
  constructor(private readonly namespaces: () => Array<{ name: string; labels: Record<string, string> }> = () => []) {}

  /** SetPools: an allocation no pool holds any more is dropped, one that moved to another pool follows it. */
  setPools(pools: Map<string, Pool>): void {
    this.pools = pools;
    for (const [svc, alloc] of [...this.allocated]) {
      const pool = this.poolFor(alloc.ips);
      if (!pool) this.unassign(svc);
      else alloc.pool = pool.name;
    }
  }

  hasPools(): boolean {
    return this.pools.size > 0;
  }

  pool(svc: string): string | undefined {
    return this.allocated.get(svc)?.pool;
  }

  ips(svc: string): string[] | undefined {
    return this.allocated.get(svc)?.ips;
  }

  unassign(svc: string): void {
    for (const ip of this.allocated.get(svc)?.ips ?? []) this.release(svc, ip);
    this.allocated.delete(svc);
  }

  private release(svc: string, ip: string): void {
    const holders = this.onIP.get(ip);
    holders?.delete(svc);
    if (holders?.size === 0) this.onIP.delete(ip);
  }

  /** Assign: gives the service these addresses, or says why it may not have them. */
  assign(svcKey: string, svc: KubeObject, ips: string[], ports: Port[], keys: SharingKeys): string | undefined {
    const pool = this.poolFor(ips);
    if (!pool) return `${goQuotedIPs(ips)} is not allowed in config`;
    if (!this.compatible(pool, svc)) return `pool ${pool.name} not compatible for ip assignment`;
    if (ips.length > 2) return `more than two addresses ${goQuotedIPs(ips)}`;
    if (ips.length === 2 && ipFamily(ips[0]!) === ipFamily(ips[1]!)) return `${JSON.stringify(ips[0])} ${JSON.stringify(ips[1])} has the same family`;
    for (const ip of ips) {
      const refused = this.checkSharing(svcKey, ip, ports, keys);
      if (refused) return refused;
    }
    for (const ip of this.allocated.get(svcKey)?.ips ?? []) if (!ips.includes(ip)) this.release(svcKey, ip);
    this.allocated.set(svcKey, { pool: pool.name, ips, ports: [...ports], ...keys });
    for (const ip of ips) {
      let holders = this.onIP.get(ip);
      if (!holders) this.onIP.set(ip, (holders = new Set()));
      holders.add(svcKey);
    }
    return undefined;
  }

  /** Allocate: the pools pinned to the service first, then every auto-assigning pool for anyone. */
  allocate(svcKey: string, svc: KubeObject, family: IPFamily, ports: Port[], keys: SharingKeys): string[] | { error: string } {
    const current = this.allocated.get(svcKey);
    if (current) {
      const refused = this.assign(svcKey, svc, current.ips, ports, keys);
      return refused ? { error: refused } : current.ips;
    }
    const general = [...this.pools.values()].filter((p) => p.autoAssign && !p.allocateTo);
    for (const candidates of [this.pinnedPools(svc), general]) {
      for (const pool of candidates) {
        const ip = this.freeIP(pool, family, svcKey, ports, keys);
        if (ip && !this.assign(svcKey, svc, [ip], ports, keys)) return [ip];
      }
    }
    return { error: 'no available IPs' };
  }

  /** AllocateFromPool: the pool the service names in metallb.io/address-pool. */
  allocateFromPool(svcKey: string, svc: KubeObject, family: IPFamily, poolName: string, ports: Port[], keys: SharingKeys): string[] | { error: string } {
    const current = this.allocated.get(svcKey);
    if (current) {
      const refused = this.assign(svcKey, svc, current.ips, ports, keys);
      return refused ? { error: refused } : current.ips;
    }
    const pool = this.pools.get(poolName);
    if (!pool) return { error: `unknown pool ${JSON.stringify(poolName)}` };
    const ip = this.freeIP(pool, family, svcKey, ports, keys);
    if (!ip) return { error: `no available IPs in pool ${pool.name}` };
    const refused = this.assign(svcKey, svc, [ip], ports, keys);
    return refused ? { error: refused } : [ip];
  }

  counters(poolName: string): PoolCounters {
    const pool = this.pools.get(poolName);
    const inUse = { IPv4: new Set<string>(), IPv6: new Set<string>() };
    for (const alloc of this.allocated.values()) {
      if (alloc.pool !== poolName) continue;
      for (const ip of alloc.ips) inUse[ipFamily(ip) ?? 'IPv4'].add(ip);
    }
    const capacity = pool ? poolCapacity(pool) : { IPv4: 0n, IPv6: 0n };
    const clamp = (n: bigint) => Number(n > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : n);
    return {
      assignedIPv4: inUse.IPv4.size,
      assignedIPv6: inUse.IPv6.size,
      availableIPv4: clamp(capacity.IPv4 - BigInt(inUse.IPv4.size)),
      availableIPv6: clamp(capacity.IPv6 - BigInt(inUse.IPv6.size)),
    };
  }

  private poolFor(ips: string[]): Pool | undefined {
    return [...this.pools.values()].find((p) => ips.every((ip) => poolContains(p, ip)));
  }

  private compatible(pool: Pool, svc: KubeObject): boolean {
    const to = pool.allocateTo;
    if (!to) return true;
    const ns = svc.metadata.namespace ?? '';
    if (this.namespacesOf(pool).size > 0 && !this.namespacesOf(pool).has(ns)) return false;
    if (to.serviceSelectors.length > 0) return to.serviceSelectors.some((s) => matches(s, svc.metadata.labels ?? {}));
    return true;
  }

  /** The namespaces a pool is for: those it names and those its namespaceSelectors match now. */
  private namespacesOf(pool: Pool): Set<string> {
    const to = pool.allocateTo!;
    if (to.namespaceSelectors.length === 0) return to.namespaces;
    const selected = this.namespaces().filter((ns) => to.namespaceSelectors.some((s) => matches(s, ns.labels)));
    return new Set([...to.namespaces, ...selected.map((ns) => ns.name)]);
  }

  /** pinnedPoolsForService: auto-assigning pools whose allocateTo takes this service, by priority. */
  private pinnedPools(svc: KubeObject): Pool[] {
    const pinned = [...this.pools.values()].filter((p) => p.autoAssign && p.allocateTo && this.pinnedTo(p, svc));
    return pinned.sort((a, b) => {
      const pa = a.allocateTo!.priority;
      const pb = b.allocateTo!.priority;
      if (pa > 0 && pb > 0) return pa - pb;
      if (pa === 0 && pb > 0) return 1;
      if (pb === 0 && pa > 0) return -1;
      return a.name.localeCompare(b.name);
    });
  }

  private pinnedTo(pool: Pool, svc: KubeObject): boolean {
    const to = pool.allocateTo!;
    const byNamespace = this.namespacesOf(pool).has(svc.metadata.namespace ?? '');
    return (byNamespace || to.serviceSelectors.length > 0) && this.compatible(pool, svc);
  }

  /** getIPFromCIDR over the pool's ranges: the first address of the family the service may have. */
  private freeIP(pool: Pool, family: IPFamily, svcKey: string, ports: Port[], keys: SharingKeys): string | undefined {
    for (const range of pool.ranges) {
      if (range.family !== family) continue;
      for (let n = range.first; n <= range.last; n++) {
        if (pool.avoidBuggyIPs && confusesBuggyFirmware(n, family)) continue;
        const ip = bigIntToIP(n, family);
        if (!this.checkSharing(svcKey, ip, ports, keys)) return ip;
      }
    }
    return undefined;
  }

  /** checkSharing: why the service may not use this address, if it may not. */
  private checkSharing(svcKey: string, ip: string, ports: Port[], keys: SharingKeys): string | undefined {
    const holders = [...(this.onIP.get(ip) ?? [])].filter((svc) => svc !== svcKey).map((svc) => [svc, this.allocated.get(svc)!] as const);
    if (holders.length === 0) return undefined;
    const existing = holders[0]![1];
    const refused = sharingRefused(existing, keys);
    if (refused) return `can't change sharing key for ${JSON.stringify(svcKey)}, address also in use by ${holders.map(([svc]) => svc).join(',')}`;
    for (const port of ports) {
      if (holders.some(([, a]) => a.ports.includes(port))) return `port ${port} is already in use on ${JSON.stringify(ip)}`;
    }
    return undefined;
  }
}

function sharingRefused(existing: SharingKeys, next: SharingKeys): string | undefined {
  if (existing.sharing === '') return 'existing service does not allow sharing';
  if (next.sharing === '') return 'new service does not allow sharing';
  if (existing.sharing !== next.sharing) return `sharing key ${JSON.stringify(next.sharing)} does not match existing sharing key ${JSON.stringify(existing.sharing)}`;
  if (existing.backend !== next.backend) return `backend key ${JSON.stringify(next.backend)} does not match existing sharing key ${JSON.stringify(existing.backend)}`;
  return undefined;
}

/** Go's %q of a []net.IP: `["192.168.100.200"]`. */
export function goQuotedIPs(ips: string[]): string {
  return `[${ips.map((ip) => JSON.stringify(ip)).join(' ')}]`;
}

/** An address MetalLB accepts (net.ParseIP), canonical; undefined otherwise. */
export function parseIP(text: string): string | undefined {
  const family = ipFamily(text.trim());
  return family ? bigIntToIP(ipToBigInt(text.trim())!, family) : undefined;
}
