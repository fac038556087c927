// The objects a registry's watches decoded, by store key: a read of the same revision copies one
// (a structured copy is about three times cheaper than parsing the JSON again) instead of decoding
// the stored text. Watches share these objects read-only (see watch.ts), so each still holds
// exactly what the store holds at its resourceVersion.

import { growingLru } from '../../machinery/growing-lru.ts';
import { deepClone, type KubeObject } from '../../machinery/object.ts';

/** Keys remembered per registry; the objects are mostly the ones informers hold anyway. */
const MAX_KEYS = 10_000;

export class DecodedObjects {
  private readonly byKey = growingLru<string, KubeObject>(MAX_KEYS);

  remember(key: string, obj: KubeObject): void {
    this.byKey.set(key, obj);
  }

  forget(key: string): void {
    this.byKey.delete(key);
  }

  /** A copy of the object decoded at `modRevision`, if it is the one remembered. */
  copyAt(key: string, modRevision: number): KubeObject | undefined {
    const obj = this.byKey.get(key);
    return obj !== undefined && obj.metadata.resourceVersion === String(modRevision) ? deepClone(obj) : undefined;
  }
}
