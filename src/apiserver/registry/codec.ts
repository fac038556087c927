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

let lastSecond = Number.NaN;
let lastSecondText = '';

/** RFC 3339 with whole seconds, as Kubernetes writes metav1.Time. */
export function formatTime(d: Date): string {
  // Every write stamps the time (managedFields, timestamps), mostly within the same second as the
  // last one: that second's text is kept. toISOString is YYYY-MM-DDTHH:mm:ss.sssZ for every year a clock gives.
  const second = Math.floor(d.getTime() / 1000);
  if (second !== lastSecond) {
    lastSecondText = `${d.toISOString().slice(0, 19)}Z`;
    lastSecond = second;
  }
  return lastSecondText;
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
