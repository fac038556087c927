// ClusterIP and NodePort allocation. ClusterIPs come from the ServiceCIDRs (networking.k8s.io/v1)
// that are not being deleted; an address is taken when a Service holds it or an IPAddress object
// records it (kube-apiserver's allocator keeps one per allocated IP, see service-ip-addresses.ts).

import { randomBytes, randomInt } from 'node:crypto';
import { bigIntToIP, ipToBigInt, parsePrefix, prefixContainsIP, prefixSize, type Prefix } from '../machinery/net/ip.ts';
import type { Store } from '../storage/store.ts';
import type { StrategyServices } from './registry/strategy.ts';

const NODE_PORT_MIN = 30000;
const NODE_PORT_MAX = 32767;

/** kube-apiserver's --service-cluster-ip-range default, which the `kubernetes` ServiceCIDR is made from. */
export const DEFAULT_SERVICE_CIDR = '10.96.0.0/16';

/** calculateRangeOffset: the lower addresses kept for Services that name theirs, min(max(16, size/16), 256); none in a range of 16 or fewer. */
function staticBandSize(rangeSize: bigint): bigint {
  if (rangeSize <= 16n) return 0n;
  const band = rangeSize / 16n;
  return band < 16n ? 16n : band > 256n ? 256n : band;
}

/** A uniformly random bigint in [0, n). */
function randomBelow(n: bigint): bigint {
  return n <= 2n ** 48n ? BigInt(randomInt(Number(n))) : BigInt.asUintN(64, randomBytes(8).readBigUInt64BE()) % n;
}

export const SERVICE_CIDRS_PREFIX = '/registry/networking.k8s.io/servicecidrs/';
export const IP_ADDRESSES_PREFIX = '/registry/networking.k8s.io/ipaddresses/';

interface StoredServiceCIDR {
  metadata?: { deletionTimestamp?: string };
  spec?: { cidrs?: string[] };
}

export class ServiceAllocators implements StrategyServices {
  private readonly usedIps = new Set<string>();
  private readonly usedPorts = new Set<number>();
  private seeded?: Promise<void>;
  private readonly configured: Prefix;

  constructor(
    private readonly store: Store,
    readonly serviceCidr = DEFAULT_SERVICE_CIDR,
  ) {
    this.configured = parsePrefix(serviceCidr)!;
  }

  private seed(): Promise<void> {
    this.seeded ??= (async () => {
      const list = await this.store.list('/registry/core/services/');
      for (const sv of list.items) {
        const spec = (JSON.parse(sv.value) as { spec?: { clusterIP?: string; ports?: { nodePort?: number }[] } }).spec;
        if (spec?.clusterIP && spec.clusterIP !== 'None') this.usedIps.add(spec.clusterIP);
        for (const p of spec?.ports ?? []) if (p.nodePort) this.usedPorts.add(p.nodePort);
      }
    })();
    return this.seeded;
  }

  /** The first address of the configured range (10.96.0.1) is the `kubernetes` Service's. */
  firstIP(): string {
    return bigIntToIP(this.configured.base + 1n, this.configured.family);
  }

  /** The IPv4 ranges to allocate from: every ServiceCIDR not being deleted; the configured range before any exists. */
  private async ranges(): Promise<Prefix[]> {
    const list = await this.store.list(SERVICE_CIDRS_PREFIX);
    if (list.items.length === 0) return [this.configured];
    const ranges: Prefix[] = [];
    for (const sv of list.items) {
      const cidr = JSON.parse(sv.value) as StoredServiceCIDR;
      if (cidr.metadata?.deletionTimestamp) continue;
      for (const text of cidr.spec?.cidrs ?? []) {
        const p = parsePrefix(text);
        if (p?.family === 'IPv4') ranges.push(p);
      }
    }
    return ranges;
  }

  /**
   * A free address, as kube-apiserver picks one (KEP-3070): at random in the upper part of a range,
   * the lower part (its first 16–256 addresses) only once the upper is full, so addresses chosen by
   * hand there (kube-dns's 10.96.0.10) are not taken by chance.
   */
  async allocateClusterIP(): Promise<string> {
    await this.seed();
    for (const range of await this.ranges()) {
      // The network and broadcast addresses of a range are never handed out: offsets 1 … usable.
      const usable = prefixSize(range) - 2n;
      if (usable <= 0n) continue;
      const band = staticBandSize(prefixSize(range));
      for (const [first, last] of [[band + 1n, usable], [1n, band]] as const) {
        const span = last - first + 1n;
        if (span <= 0n) continue;
        const start = randomBelow(span);
        for (let i = 0n; i < span; i++) {
          const ip = bigIntToIP(range.base + first + ((start + i) % span), range.family);
          if (await this.claim(ip)) return ip;
        }
      }
    }
    throw new Error('failed to allocate a serviceIP: range is full');
  }

  async reserveClusterIP(ip: string): Promise<string | undefined> {
    await this.seed();
    if (ipToBigInt(ip) === undefined) return undefined; // the Service's validation names what is wrong with it
    const ranges = await this.ranges();
    if (!ranges.some((r) => prefixContainsIP(r, ip))) {
      return `failed to allocate IP ${ip}: the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${ranges.map((r) => r.text).join(',')}`;
    }
    if (!(await this.claim(ip))) return `failed to allocate IP ${ip}: provided IP is already allocated`;
    return undefined;
  }

  /**
   * Takes `ip` unless a Service or an IPAddress record holds it. It is marked taken before the
   * record is looked up, so Services created at once (a Helm release's) never get the same address.
   */
  private async claim(ip: string): Promise<boolean> {
    if (this.usedIps.has(ip)) return false;
    this.usedIps.add(ip);
    if ((await this.store.get(`${IP_ADDRESSES_PREFIX}${ip}`)) === undefined) return true;
    this.usedIps.delete(ip);
    return false;
  }

  async releaseClusterIP(ip: string): Promise<void> {
    this.usedIps.delete(ip);
  }

  async allocateNodePort(): Promise<number> {
    await this.seed();
    for (let p = NODE_PORT_MIN; p <= NODE_PORT_MAX; p++) {
      if (!this.usedPorts.has(p)) {
        this.usedPorts.add(p);
        return p;
      }
    }
    throw new Error('range is full: no more node ports available');
  }

  async reserveNodePort(port: number): Promise<string | undefined> {
    await this.seed();
    if (port < NODE_PORT_MIN || port > NODE_PORT_MAX) {
      return `provided port is not in the valid range. The range of valid ports is ${NODE_PORT_MIN}-${NODE_PORT_MAX}`;
    }
    if (this.usedPorts.has(port)) return 'provided port is already allocated';
    this.usedPorts.add(port);
    return undefined;
  }

  async releaseNodePort(port: number): Promise<void> {
    this.usedPorts.delete(port);
  }
}
