// MetalLB's address pools as its config reconciler reads them (internal/config): each IPAddressPool
// in MetalLB's namespace becomes a set of address ranges, with its autoAssign, avoidBuggyIPs and
// allocateTo; a pool that does not parse, or ranges that overlap, make the whole configuration invalid.

import type { KubeObject } from '../../../machinery/object.ts';
import { labelSelectorFromObject, type LabelSelector } from '../../../machinery/labels.ts';
import { bigIntToIP, ipFamily, ipToBigInt, parsePrefix, prefixSize, type IPFamily } from '../../../machinery/net/ip.ts';

/** One block of consecutive addresses: a CIDR, or a piece of a start-end range. */
export interface AddressRange {
  family: IPFamily;
  first: bigint;
  last: bigint;
  /** As MetalLB prints the CIDR (`192.168.100.200/29`). */
  text: string;
}

export interface Pool {
  name: string;
  ranges: AddressRange[];
  autoAssign: boolean;
  avoidBuggyIPs: boolean;
  /** spec.allocateTo; undefined when the pool serves any service. */
  allocateTo?: {
    priority: number;
    namespaces: Set<string>;
    namespaceSelectors: LabelSelector[];
    serviceSelectors: LabelSelector[];
  };
}

type Rec = Record<string, any>;

/** config.ParseCIDR: a CIDR, or a range `a-b` summarised into the CIDRs that cover it exactly. */
export function parseAddresses(text: string): AddressRange[] | string {
  if (!text.includes('-')) {
    const p = parsePrefix(text);
    if (!p) return `invalid CIDR ${JSON.stringify(text)}`;
    return [{ family: p.family, first: p.base, last: p.base + prefixSize(p) - 1n, text: `${bigIntToIP(p.base, p.family)}/${p.bits}` }];
  }
  const [startText, endText] = [text.slice(0, text.indexOf('-')), text.slice(text.indexOf('-') + 1)];
  const start = startText.trim();
  const end = endText.trim();
  const family = ipFamily(start);
  if (!family) return `invalid IP range ${JSON.stringify(text)}: invalid start IP ${JSON.stringify(startText)}`;
  if (!ipFamily(end)) return `invalid IP range ${JSON.stringify(text)}: invalid end IP ${JSON.stringify(endText)}`;
  const first = ipToBigInt(start)!;
  const last = ipToBigInt(end)!;
  if (ipFamily(end) !== family || first > last) return `invalid IP range ${JSON.stringify(text)}: start IP ${JSON.stringify(start)} is after the end IP ${JSON.stringify(end)}`;
  return summarize(family, first, last);
}

function summarize(family: IPFamily, first: bigint, last: bigint): AddressRange[] {
  const width = family === 'IPv4' ? 32 : 128;
  const out: AddressRange[] = [];
  let at = first;
  while (at <= last) {
    let bits = width;
    // The largest aligned block that starts here and stays within the range.
    while (bits > 0) {
      const size = 1n << BigInt(width - bits + 1);
      if (at % size !== 0n || at + size - 1n > last) break;
      bits--;
    }
    const size = 1n << BigInt(width - bits);
    out.push({ family, first: at, last: at + size - 1n, text: `${bigIntToIP(at, family)}/${bits}` });
    at += size;
  }
  return out;
}

function poolFromResource(pool: KubeObject): Pool | string {
  const name = pool.metadata.name!;
  const spec = (pool.spec ?? {}) as Rec;
  const addresses = Array.isArray(spec.addresses) ? (spec.addresses as unknown[]).map(String) : [];
  if (addresses.length === 0) return 'pool has no prefixes defined';
  const ranges: AddressRange[] = [];
  for (const text of addresses) {
    const parsed = parseAddresses(text);
    if (typeof parsed === 'string') return `invalid CIDR ${JSON.stringify(text)} in pool ${JSON.stringify(name)}: ${parsed}`;
    ranges.push(...parsed);
  }
  const result: Pool = { name, ranges, autoAssign: spec.autoAssign !== false, avoidBuggyIPs: spec.avoidBuggyIPs === true };
  const to = spec.allocateTo as Rec | undefined;
  if (to) {
    const namespaces = new Set<string>();
    for (const ns of (to.namespaces ?? []) as string[]) {
      if (namespaces.has(ns)) return 'duplicate definition in namespaces field';
      namespaces.add(ns);
    }
    const selectors = (list: unknown): LabelSelector[] => ((Array.isArray(list) ? list : []) as Rec[]).map((s) => labelSelectorFromObject(s));
    try {
      result.allocateTo = { priority: Number(to.priority ?? 0), namespaces, namespaceSelectors: selectors(to.namespaceSelectors), serviceSelectors: selectors(to.serviceSelectors) };
    } catch (err) {
      return `invalid label selector in ip pool ${name}: ${(err as Error).message}`;
    }
  }
  return result;
}

function overlaps(a: AddressRange, b: AddressRange): boolean {
  return a.family === b.family && a.first <= b.last && b.first <= a.last;
}

/**
 * The pools of a configuration, by name, or what makes it invalid. They are read in name order, as
 * a list answers them, unless `asGiven` (the webhook checks a new pool after the stored ones).
 */
export function poolsFromResources(resources: KubeObject[], asGiven = false): Map<string, Pool> | string {
  const pools = new Map<string, Pool>();
  const seen: AddressRange[] = [];
  const ordered = asGiven ? resources : [...resources].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
  for (const resource of ordered) {
    const pool = poolFromResource(resource);
    if (typeof pool === 'string') return `parsing address pool ${resource.metadata.name}: ${pool}`;
    for (const range of pool.ranges) {
      const other = seen.find((r) => overlaps(r, range));
      if (other) return `CIDR ${JSON.stringify(range.text)} in pool ${JSON.stringify(pool.name)} overlaps with already defined CIDR ${JSON.stringify(other.text)}`;
      seen.push(range);
    }
    pools.set(pool.name, pool);
  }
  return pools;
}

/** ipConfusesBuggyFirmwares: an IPv4 address ending in .0 or .255. */
export function confusesBuggyFirmware(ip: bigint, family: IPFamily): boolean {
  if (family !== 'IPv4') return false;
  const last = ip & 255n;
  return last === 0n || last === 255n;
}

export function poolContains(pool: Pool, ip: string): boolean {
  const family = ipFamily(ip);
  const n = ipToBigInt(ip);
  if (!family || n === undefined) return false;
  if (pool.avoidBuggyIPs && confusesBuggyFirmware(n, family)) return false;
  return pool.ranges.some((r) => r.family === family && n >= r.first && n <= r.last);
}

/** poolCount: how many addresses of each family the pool can give. */
export function poolCapacity(pool: Pool): Record<IPFamily, bigint> {
  const total: Record<IPFamily, bigint> = { IPv4: 0n, IPv6: 0n };
  for (const r of pool.ranges) {
    let size = r.last - r.first + 1n;
    if (pool.avoidBuggyIPs && r.family === 'IPv4') {
      if (size >= 256n) size -= (size / 256n) * 2n;
      else {
        if (confusesBuggyFirmware(r.first, r.family)) size--;
        if (r.last !== r.first && confusesBuggyFirmware(r.last, r.family)) size--;
      }
    }
    total[r.family] += size;
  }
  return total;
}
