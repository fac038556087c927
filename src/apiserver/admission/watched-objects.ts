// A cluster-scoped kind as a watch keeps it, for admission plug-ins configured by objects
// (admission policies, webhook configurations): every write passes admission, so a write that
// none of them concerns should cost a look at a list rather than a read of the store.

import type { KubeObject } from '../../machinery/object.ts';
import { decodeStored } from '../registry/codec.ts';
import { collectionPrefix } from '../registry/keys.ts';
import type { ResourceRegistry } from '../registry/registry.ts';

export class WatchedObjects {
  private readonly byName = new Map<string, KubeObject>();
  private started?: Promise<void>;
  private ready = false;
  /** The objects in name order, made again after one changes. */
  private list?: KubeObject[];

  constructor(private readonly registry: () => ResourceRegistry) {}

  private start(): Promise<void> {
    this.started ??= (async () => {
      const registry = this.registry();
      const listed = await registry.list('');
      for (const o of listed.items) this.byName.set(o.metadata.name!, o);
      await registry.store.watch(collectionPrefix(registry.rt, ''), Number(listed.metadata.resourceVersion), {
        onEvent: (ev) => {
          this.list = undefined;
          const name = ev.key.slice(ev.key.lastIndexOf('/') + 1);
          if (ev.type === 'delete') this.byName.delete(name);
          else this.byName.set(name, decodeStored(ev.value, ev.modRevision));
        },
      });
      this.ready = true;
    })();
    return this.started;
  }

  /** Every object, sorted by name; once the watch runs, without waiting or copying. */
  all(): KubeObject[] | Promise<KubeObject[]> {
    if (this.ready) return (this.list ??= [...this.byName.values()].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1)));
    return this.start().then(() => this.all());
  }

  /** One object by name; undefined before the watch has started (ask `all()` first). */
  get(name: string): KubeObject | undefined {
    return this.byName.get(name);
  }
}
