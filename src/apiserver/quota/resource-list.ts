// ResourceList arithmetic, as k8s.io/apiserver/pkg/quota/v1 does it: add, subtract, mask to a set
// of names, compare against hard limits, and print `cpu=2,memory=1Gi` for messages.

import { isPlainObject } from '../../machinery/object.ts';
import { Quantity } from '../../machinery/quantity.ts';

export type ResourceList = Record<string, Quantity>;

/** The quantities of a `{ cpu: '2', memory: '1Gi' }` map; values that are not quantities are left out. */
export function parseResourceList(raw: unknown): ResourceList {
  const out: ResourceList = {};
  if (!isPlainObject(raw)) return out;
  for (const [name, value] of Object.entries(raw)) {
    const q = Quantity.from(value);
    if (q) out[name] = q;
  }
  return out;
}

/** Back to the wire form, each quantity canonical. */
export function formatResourceList(list: ResourceList): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(list).sort()) out[name] = list[name]!.toString();
  return out;
}

export function addLists(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = { ...a };
  for (const [name, q] of Object.entries(b)) out[name] = out[name] ? out[name]!.add(q) : q;
  return out;
}

/** a - b for every name in a, never below zero (quota.SubtractWithNonNegativeResult). */
export function subtractNonNegative(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = {};
  for (const [name, q] of Object.entries(a)) {
    const diff = b[name] ? q.sub(b[name]!) : q;
    out[name] = diff.sign() < 0 ? Quantity.ZERO : diff;
  }
  return out;
}

/** Only the named resources. */
export function mask(list: ResourceList, names: Iterable<string>): ResourceList {
  const out: ResourceList = {};
  for (const name of names) if (list[name]) out[name] = list[name]!;
  return out;
}

export function removeZeros(list: ResourceList): ResourceList {
  const out: ResourceList = {};
  for (const [name, q] of Object.entries(list)) if (!q.isZero()) out[name] = q;
  return out;
}

/** The names in `list` that exceed `limits` (a name without a limit is not exceeded). */
export function exceededResources(list: ResourceList, limits: ResourceList): string[] {
  return Object.keys(list)
    .filter((name) => limits[name] !== undefined && list[name]!.cmp(limits[name]!) > 0)
    .sort();
}

export function equalLists(a: ResourceList, b: ResourceList): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const name of names) if (!a[name] || !b[name] || a[name]!.cmp(b[name]!) !== 0) return false;
  return true;
}

/** `cpu=2,memory=1Gi`, sorted by name, as the quota admission message prints a list. */
export function prettyPrint(list: ResourceList): string {
  return Object.keys(list)
    .sort()
    .map((name) => `${name}=${list[name]!.toString()}`)
    .join(',');
}
