// Namespace lifecycle: a terminating namespace has everything in it deleted, then its
// `kubernetes` finalizer removed, after which the server removes the namespace itself.

import type { ApiServer } from '../apiserver/api-server.ts';
import { decodeStored } from '../apiserver/registry/codec.ts';
import { deleteObject } from '../apiserver/registry/delete.ts';
import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import type { Watcher } from '../storage/store.ts';

const RETRY_MS = 200;

export class NamespaceController {
  private watcher?: Watcher;
  private readonly pending = new Set<string>();
  private timer?: NodeJS.Timeout;
  private busy = false;

  constructor(private readonly server: ApiServer) {}

  async start(): Promise<void> {
    const namespaces = this.server.registry('', 'namespaces');
    const list = await namespaces.list('');
    for (const ns of list.items) if (ns.metadata.deletionTimestamp) this.pending.add(ns.metadata.name!);
    this.watcher = await this.server.store.watch('/registry/core/namespaces/', Number(list.metadata.resourceVersion), {
      onEvent: (ev) => {
        if (ev.type === 'delete') return;
        const ns = decodeStored(ev.value, ev.modRevision);
        if (ns.metadata.deletionTimestamp) {
          this.pending.add(ns.metadata.name!);
          this.kick(0);
        }
      },
    });
    this.kick(0);
  }

  stop(): void {
    this.watcher?.stop();
    clearTimeout(this.timer);
  }

  private kick(delay: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delay);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.busy) return this.kick(RETRY_MS);
    this.busy = true;
    try {
      for (const name of [...this.pending]) {
        const done = await this.reconcile(name).catch(() => false);
        if (done) this.pending.delete(name);
      }
    } finally {
      this.busy = false;
    }
    if (this.pending.size) this.kick(RETRY_MS);
  }

  /** True once the namespace needs nothing more from this controller. */
  private async reconcile(name: string): Promise<boolean> {
    const namespaces = this.server.registry('', 'namespaces');
    const ns = await namespaces.tryGet('', name);
    if (!ns || !ns.metadata.deletionTimestamp) return true;
    let remaining = 0;
    const ctx = this.server.internalContext('namespace-controller');
    for (const served of this.server.catalog.all()) {
      if (!served.type.namespaced) continue;
      const items = await served.registry.list(name);
      for (const item of items.items) {
        remaining++;
        if (item.metadata.deletionTimestamp) continue;
        await deleteObject(served.registry, name, item.metadata.name!, { propagationPolicy: 'Background' }, ctx).catch((err) => {
          if (!isStatusError(err, 'NotFound')) throw err;
        });
      }
    }
    if (remaining > 0) return false;
    if (((ns.spec as { finalizers?: string[] } | undefined)?.finalizers ?? []).length === 0) return true;
    await namespaces.guaranteedUpdate('', name, ctx, 'finalize', (current: KubeObject) => {
      current.spec = { ...(current.spec as object), finalizers: [] };
      return current;
    });
    return true;
  }
}
