// The objects of a registry as last written or decoded, by store key: watches hand them to every
// receiver (see watch.ts), and a read of the same revision copies one (a structured copy is about
// three times cheaper than parsing the JSON again) instead of decoding the stored text. Receivers
// share these objects read-only, so each still holds exactly what the store holds at its resourceVersion.

import { growingLru } from '../../machinery/growing-lru.ts';
import { deepClone, type KubeObject } from '../../machinery/object.ts';

/** Keys remembered per registry; the objects are mostly the ones informers hold anyway. */
const MAX_KEYS = 10_000;

/** COZYLAB_FREEZE_WATCH_OBJECTS=1 freezes the shared objects, so a receiver that writes to one throws (a test-suite audit). */
const freezeShared = process.env.COZYLAB_FREEZE_WATCH_OBJECTS === '1';

export class DecodedObjects {
  private readonly byKey = growingLru<string, KubeObject>(MAX_KEYS);
  /** Objects being written, by key, with the text they are stored as; they lack their resourceVersion yet. */
  private readonly writing = new Map<string, { text: string; obj: KubeObject }>();

  /**
   * A registry is about to store `obj` (its own copy, without resourceVersion) as `text`: when that
   * write's event or answer comes back, `obj` becomes the key's object instead of a decode of `text`.
   */
  expectWrite(key: string, text: string, obj: KubeObject): void {
    this.writing.set(key, { text, obj });
  }

  /** The write of `text` to `key` failed: nothing will claim its object. */
  abandonWrite(key: string, text: string): void {
    if (this.writing.get(key)?.text === text) this.writing.delete(key);
  }

  /**
   * `text` was stored at `modRevision`: the expected object, now remembered and shared, when it is
   * the one this registry wrote (the store hands back the very string it was given).
   */
  claimWrite(key: string, text: string, modRevision: number): KubeObject | undefined {
    const pending = this.writing.get(key);
    if (pending === undefined) return undefined;
    this.writing.delete(key);
    if (pending.text !== text) return undefined;
    pending.obj.metadata.resourceVersion = String(modRevision);
    this.remember(key, pending.obj);
    return pending.obj;
  }

  /** Keeps `obj` as the key's object at its resourceVersion; from now on it is shared and must not change. */
  remember(key: string, obj: KubeObject): void {
    if (freezeShared) deepFreeze(obj);
    this.byKey.set(key, obj);
  }

  forget(key: string): void {
    this.byKey.delete(key);
  }

  /** The shared object of the key at `modRevision`, if it is the one remembered: read it, never change it. */
  sharedAt(key: string, modRevision: number): KubeObject | undefined {
    const obj = this.byKey.get(key);
    return obj !== undefined && obj.metadata.resourceVersion === String(modRevision) ? obj : undefined;
  }

  /** A copy of the object at `modRevision`, if it is the one remembered. */
  copyAt(key: string, modRevision: number): KubeObject | undefined {
    const obj = this.sharedAt(key, modRevision);
    return obj === undefined ? undefined : deepClone(obj);
  }
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
