// One shared informer per (kind, namespace, selectors) across every controller of a process,
// so each kind is listed and watched once however many controllers read it.

import type { KubeObject } from '../machinery/object.ts';
import type { Clock } from './clock.ts';
import type { GroupVersionKind, KubeClient } from './client.ts';
import { SharedInformer, type InformerOptions } from './informer.ts';

export interface InformerSelection {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
}

export class InformerFactory {
  private readonly informers = new Map<string, SharedInformer>();
  private started = false;

  constructor(
    readonly client: KubeClient,
    private readonly defaults: Pick<InformerOptions, 'clock' | 'resyncMs' | 'onError'> & { clock?: Clock } = {},
  ) {}

  /** The shared informer for the kind and selection; created on first ask, started at once if the factory runs. */
  informerFor<T extends KubeObject = KubeObject>(gvk: GroupVersionKind, selection: InformerSelection = {}): SharedInformer<T> {
    const key = [gvk.apiVersion, gvk.kind, selection.namespace ?? '', selection.labelSelector ?? '', selection.fieldSelector ?? ''].join('|');
    let informer = this.informers.get(key);
    if (!informer) {
      informer = new SharedInformer(this.client, gvk, { ...this.defaults, ...selection });
      this.informers.set(key, informer);
      if (this.started) informer.start();
    }
    return informer as unknown as SharedInformer<T>;
  }

  start(): void {
    this.started = true;
    for (const informer of this.informers.values()) informer.start();
  }

  async waitForCacheSync(): Promise<void> {
    await Promise.all([...this.informers.values()].map((i) => i.waitForSync()));
  }

  stop(): void {
    for (const informer of this.informers.values()) informer.stop();
    this.started = false;
  }
}
