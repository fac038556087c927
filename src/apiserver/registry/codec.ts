// Objects in the store are JSON without resourceVersion: the revision of the write is the version.

import type { KubeObject } from '../../machinery/object.ts';
import type { StoredValue } from '../../storage/store.ts';

export function encodeForStore(obj: KubeObject): string {
  const { resourceVersion: _rv, ...metadata } = obj.metadata;
  return JSON.stringify({ ...obj, metadata });
}

export function decodeStored(value: string, modRevision: number): KubeObject {
  const obj = JSON.parse(value) as KubeObject;
  obj.metadata.resourceVersion = String(modRevision);
  return obj;
}

export function decodeStoredValue(sv: StoredValue): KubeObject {
  return decodeStored(sv.value, sv.modRevision);
}

/** RFC 3339 with whole seconds, as Kubernetes writes metav1.Time. */
export function formatTime(d: Date): string {
  // toISOString is YYYY-MM-DDTHH:mm:ss.sssZ for every year a clock gives.
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** metav1.MicroTime: RFC 3339 with microseconds. */
export function formatMicroTime(d: Date): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export function parseResourceVersion(rv: string | undefined, what = 'resourceVersion'): number {
  if (rv === undefined || rv === '') return 0;
  if (!/^\d+$/.test(rv)) throw new InvalidResourceVersion(rv, what);
  return Number(rv);
}

export class InvalidResourceVersion extends Error {
  constructor(
    readonly value: string,
    readonly what: string,
  ) {
    super(`invalid ${what}: ${value}`);
  }
}
