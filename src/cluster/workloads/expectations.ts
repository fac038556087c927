// ControllerExpectations, checked against the informer cache: after a controller creates or
// deletes pods it must not act on a cache that has not seen those writes yet, or it would create
// (or delete) the same pods twice. Expectations lapse after a TTL in case an event was missed.

import type { KubeObject } from '../../machinery/object.ts';
import type { Clock } from '../../controller/index.ts';

const EXPECTATIONS_TTL_MS = 5 * 60 * 1000;

interface Pending {
  creates: Set<string>;
  deletes: Set<string>;
  since: number;
}

export class Expectations {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = EXPECTATIONS_TTL_MS,
  ) {}

  expectCreate(ownerKey: string, objectKey: string): void {
    this.entry(ownerKey).creates.add(objectKey);
  }

  expectDelete(ownerKey: string, objectKey: string): void {
    this.entry(ownerKey).deletes.add(objectKey);
  }

  /** True once the cache shows every expected create and delete (a terminating object counts as deleted). */
  satisfied(ownerKey: string, cached: (objectKey: string) => KubeObject | undefined): boolean {
    const p = this.pending.get(ownerKey);
    if (!p) return true;
    for (const key of p.creates) if (cached(key)) p.creates.delete(key);
    for (const key of p.deletes) {
      const obj = cached(key);
      if (!obj || obj.metadata.deletionTimestamp) p.deletes.delete(key);
    }
    if ((p.creates.size === 0 && p.deletes.size === 0) || this.clock.now().getTime() - p.since > this.ttlMs) {
      this.pending.delete(ownerKey);
      return true;
    }
    return false;
  }

  forget(ownerKey: string): void {
    this.pending.delete(ownerKey);
  }

  private entry(ownerKey: string): Pending {
    let p = this.pending.get(ownerKey);
    if (!p) this.pending.set(ownerKey, (p = { creates: new Set(), deletes: new Set(), since: this.clock.now().getTime() }));
    return p;
  }
}
