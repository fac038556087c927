// Which namespaces hold at least one object of a kind, kept current from the store's watch. Admission
// plug-ins that consult a namespace's ResourceQuotas or LimitRanges on every create use it to skip
// the many namespaces that have none without a list. Only keys are tracked; a namespace that has
// some is still listed fresh from the store.

import type { MaybePromise } from '../../machinery/maybe-promise.ts';
import type { Store, Watcher } from '../../storage/store.ts';

export class NamespacesWithObjects {
  private counts: Map<string, number> | undefined;
  private starting: Promise<Map<string, number>> | undefined;
  private watcher: Watcher | undefined;

  /** `prefix` is where the kind's objects live (`/registry/core/resourcequotas/`). */
  constructor(
    private readonly store: () => Store,
    private readonly prefix: string,
  ) {}

  /** Answered at once once the watch runs. */
  has(namespace: string): MaybePromise<boolean> {
    if (this.counts) return (this.counts.get(namespace) ?? 0) > 0;
    return (this.starting ??= this.start()).then((counts) => (counts.get(namespace) ?? 0) > 0);
  }

  stop(): void {
    this.watcher?.stop();
    this.watcher = undefined;
    this.counts = undefined;
    this.starting = undefined;
  }

  private async start(): Promise<Map<string, number>> {
    const store = this.store();
    const counts = new Map<string, number>();
    try {
      const listed = await store.list(this.prefix);
      for (const item of listed.items) this.bump(counts, item.key, 1);
      this.watcher = await store.watch(this.prefix, listed.revision, {
        onEvent: (event) => {
          if (event.type === 'put' && event.createRevision === event.modRevision) this.bump(counts, event.key, 1);
          else if (event.type === 'delete') this.bump(counts, event.key, -1);
        },
        // A watch that ends (the store closing) makes the next question start over from a list.
        onError: () => this.stop(),
      });
      this.counts = counts;
      return counts;
    } finally {
      this.starting = undefined;
    }
  }

  private bump(counts: Map<string, number>, key: string, by: number): void {
    const namespace = key.slice(this.prefix.length, key.indexOf('/', this.prefix.length));
    counts.set(namespace, (counts.get(namespace) ?? 0) + by);
  }
}
