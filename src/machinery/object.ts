// The shapes every Kubernetes object shares. Kinds themselves stay untyped here:
// machinery knows metadata, not what a Pod means.

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time?: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: ManagedFieldsEntry[];
  [key: string]: unknown;
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}

export interface ListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface KubeList<T extends KubeObject = KubeObject> {
  apiVersion: string;
  kind: string;
  metadata: ListMeta;
  items: T[];
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent<T = KubeObject> {
  type: WatchEventType;
  object: T;
}

/** Splits "apps/v1" into group "apps" and version "v1"; "v1" is the core group "". */
export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return { group: '', version: apiVersion };
  return { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

export function formatApiVersion(group: string, version: string): string {
  return group === '' ? version : `${group}/${version}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The objects of a list (a pod's containers, a volume's items …); none when it is not a list. */
export function plainObjects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isPlainObject) : [];
}

export function deepClone<T>(value: T): T {
  return cloneValue(value) as T;
}

/**
 * Objects are JSON trees: copying them field by field is several times faster than structuredClone.
 * Anything that is not a plain object, an array or a primitive (a Date, a Buffer) still goes through structuredClone.
 */
function cloneValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = cloneValue(value[i]);
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  // for…in walks V8's cached key list; Object.keys would allocate an array for every object copied.
  for (const key in value) out[key] = cloneValue((value as Record<string, unknown>)[key]);
  return out;
}

/**
 * A copy with JSON's semantics, what `JSON.parse(JSON.stringify(value))` returns but several times
 * faster: fields holding undefined are dropped, undefined array items and non-finite numbers become
 * null, anything else that is no plain value (a Date) goes through its JSON form.
 */
export function jsonClone<T>(value: T): T {
  return jsonValue(value) as T;
}

function jsonValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return typeof value === 'number' && !Number.isFinite(value) ? null : value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      out[i] = item === undefined || typeof item === 'function' ? null : jsonValue(item);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return JSON.parse(JSON.stringify(value));
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined && typeof v !== 'function') out[key] = jsonValue(v);
  }
  return out;
}

/**
 * jsonClone of `value` that takes from `previous` (an earlier version of the same object, never
 * changed again) every subtree its own copy would equal, keys in the same order: the versions of
 * an object share what a write left alone, so a status write copies only the status, and who
 * compares two versions finds the untouched parts identical at once.
 */
export function jsonCloneSharing<T>(value: T, previous: unknown): T {
  return jsonValueSharing(value, previous) as T;
}

function jsonValueSharing(value: unknown, previous: unknown): unknown {
  if (typeof value !== 'object' || value === null || typeof previous !== 'object' || previous === null) return jsonValue(value);
  if (Array.isArray(value)) {
    if (!Array.isArray(previous)) return jsonValue(value);
    const out = new Array<unknown>(value.length);
    let same = value.length === previous.length;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      out[i] = item === undefined || typeof item === 'function' ? null : jsonValueSharing(item, previous[i]);
      if (out[i] !== previous[i]) same = false;
    }
    return same ? previous : out;
  }
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || Array.isArray(previous)) return jsonValue(value);
  const before = previous as Record<string, unknown>;
  const order = Object.keys(before);
  const out: Record<string, unknown> = {};
  let same = true;
  let at = 0;
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function') continue;
    const copy = jsonValueSharing(v, before[key]);
    out[key] = copy;
    if (same && (order[at] !== key || copy !== before[key])) same = false;
    at++;
  }
  return same && at === order.length ? previous : out;
}

/** Structural equality of JSON values (key order ignored). */
/** `list` with `fn` applied to each item: the same array when no item changed, else a copy sharing the unchanged items. */
export function mapSharing(list: unknown[], fn: (item: unknown) => unknown): unknown[] {
  let out: unknown[] | undefined;
  list.forEach((item, i) => {
    const next = fn(item);
    if (next !== item) (out ??= list.slice())[i] = next;
  });
  return out ?? list;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bb[i])) return false;
    return true;
  }
  // for…in rather than key arrays: this runs on every write, often over whole objects, and the
  // objects are JSON trees (no enumerable inherited keys).
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let defined = 0;
  for (const k in ao) {
    const v = ao[k];
    if (v === undefined) continue;
    defined++;
    if (!Object.hasOwn(bo, k) || !deepEqual(v, bo[k])) return false;
  }
  for (const k in bo) if (bo[k] !== undefined) defined--;
  return defined === 0;
}
