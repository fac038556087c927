// IP addresses and prefixes as Go's net/netip sees them: parsed to numbers (BigInt, so IPv6 fits),
// printed in canonical form, and compared for containment.

import { isIP } from 'node:net';

export type IPFamily = 'IPv4' | 'IPv6';

export interface Prefix {
  family: IPFamily;
  /** The first address of the range. */
  base: bigint;
  bits: number;
  /** The prefix as written, when it parsed. */
  text: string;
}

const BITS: Record<IPFamily, number> = { IPv4: 32, IPv6: 128 };

export function ipFamily(text: string): IPFamily | undefined {
  const v = isIP(text);
  return v === 4 ? 'IPv4' : v === 6 ? 'IPv6' : undefined;
}

/** The address as a number, or undefined when `text` is not an IP address. */
export function ipToBigInt(text: string): bigint | undefined {
  const family = ipFamily(text);
  if (family === 'IPv4') return text.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
  if (family !== 'IPv6') return undefined;
  const canonical = canonicalIP(text)!;
  const [head, tail] = canonical.includes('::') ? canonical.split('::') : [canonical, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const words = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return words.reduce((n, w) => (n << 16n) | BigInt(parseInt(w, 16)), 0n);
}

export function bigIntToIP(n: bigint, family: IPFamily): string {
  if (family === 'IPv4') return [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 255n)).join('.');
  const words = Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
  return canonicalIP(words.join(':'))!;
}

/** netip.Addr.String(): dotted IPv4, RFC 5952 IPv6; undefined for what is not an address. */
export function canonicalIP(text: string): string | undefined {
  const family = ipFamily(text);
  if (family === 'IPv4') return text.split('.').map(Number).join('.');
  if (family === 'IPv6') return new URL(`http://[${text}]`).hostname.slice(1, -1);
  return undefined;
}

/** A CIDR such as 10.96.0.0/16; undefined when it does not parse. */
export function parsePrefix(text: string): Prefix | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const addr = text.slice(0, slash);
  const bitsText = text.slice(slash + 1);
  const family = ipFamily(addr);
  if (!family || !/^\d{1,3}$/.test(bitsText)) return undefined;
  const bits = Number(bitsText);
  if (bits > BITS[family]) return undefined;
  const host = BITS[family] - bits;
  const base = (ipToBigInt(addr)! >> BigInt(host)) << BigInt(host);
  return { family, base, bits, text };
}

/** Whether the prefix is written as its own network address in canonical form (netip.Prefix.Masked().String()). */
export function isCanonicalPrefix(p: Prefix): boolean {
  return p.text === `${bigIntToIP(p.base, p.family)}/${p.bits}`;
}

export function prefixSize(p: Prefix): bigint {
  return 1n << BigInt(BITS[p.family] - p.bits);
}

export function prefixContainsIP(p: Prefix, ip: string): boolean {
  const n = ipToBigInt(ip);
  return n !== undefined && ipFamily(ip) === p.family && n >= p.base && n < p.base + prefixSize(p);
}

/** Whether `outer` holds every address of `inner`. */
export function prefixContainsPrefix(outer: Prefix, inner: Prefix): boolean {
  return outer.family === inner.family && outer.bits <= inner.bits && inner.base >= outer.base && inner.base < outer.base + prefixSize(outer);
}
