// The EndpointSliceTracker's job: remember the slices this controller wrote or deleted until
// the informer has caught up, so a sync that runs on a stale cache neither creates a second
// set of slices nor resurrects a deleted one.

import type { KubeObject } from '../../machinery/object.ts';

function revision(obj: KubeObject): number {
  return Number(obj.metadata.resourceVersion ?? 0);
}

export class SliceTracker<T extends KubeObject> {
  private readonly written = new Map<string, Map<string, T>>();
  private readonly deleted = new Map<string, Set<string>>();

  wrote(serviceKey: string, slice: T): void {
    let map = this.written.get(serviceKey);
    if (!map) this.written.set(serviceKey, (map = new Map()));
    map.set(slice.metadata.name!, slice);
  }

  removed(serviceKey: string, name: string): void {
    this.written.get(serviceKey)?.delete(name);
    let set = this.deleted.get(serviceKey);
    if (!set) this.deleted.set(serviceKey, (set = new Set()));
    set.add(name);
  }

  /** The slices as they are now: the informer's, overlaid with our newer writes and without our deletions. */
  current(serviceKey: string, cached: T[]): T[] {
    const byName = new Map(cached.map((s) => [s.metadata.name!, s]));
    const written = this.written.get(serviceKey);
    for (const [name, slice] of written ?? []) {
      const seen = byName.get(name);
      if (seen && revision(seen) >= revision(slice)) written!.delete(name);
      else byName.set(name, slice);
    }
    const deleted = this.deleted.get(serviceKey);
    for (const name of deleted ?? []) {
      if (byName.has(name) && !written?.has(name)) byName.delete(name);
      else if (!cached.some((s) => s.metadata.name === name)) deleted!.delete(name);
    }
    return [...byName.values()];
  }

  forget(serviceKey: string): void {
    this.written.delete(serviceKey);
    this.deleted.delete(serviceKey);
  }
}
