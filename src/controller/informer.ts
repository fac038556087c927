// A shared informer, as client-go's: list, then watch from the list's resourceVersion; re-watch
// from the last resourceVersion seen when a watch ends; relist when that is too old (410).
// Keeps a cache with secondary indexes and tells handlers about adds, updates and deletes.
// Objects handed out are the cache's own: read them, do not mutate them.

import type { KubeObject } from '../machinery/object.ts';
import { realClock, type Clock } from './clock.ts';
import { isGone, objectKey, type ClientWatchEvent, type GroupVersionKind, type KubeClient, type WatchHandle } from './client.ts';

export interface InformerOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  clock?: Clock;
  /** Every this many ms, handlers get onUpdate(obj, obj) for every cached object (0: never). */
  resyncMs?: number;
  /** Page size of the initial list. */
  pageSize?: number;
  /** Where failing handlers and list/watch failures are reported (default console.error). */
  onError?: (err: unknown) => void;
}

export interface InformerEventHandler<T extends KubeObject = KubeObject> {
  onAdd?(obj: T): void;
  onUpdate?(oldObj: T, newObj: T): void;
  /** The last state the informer knew of the deleted object. */
  onDelete?(obj: T): void;
}

export type IndexFunc<T extends KubeObject = KubeObject> = (obj: T) => string[];

interface Index<T extends KubeObject> {
  fn: IndexFunc<T>;
  values: Map<string, Set<string>>;
}

const BACKOFF_INITIAL_MS = 800;
const BACKOFF_MAX_MS = 30_000;

export class SharedInformer<T extends KubeObject = KubeObject> {
  private readonly cache = new Map<string, T>();
  private readonly handlers = new Set<InformerEventHandler<T>>();
  private readonly indexes = new Map<string, Index<T>>();
  private readonly clock: Clock;
  private synced = false;
  private syncWaiters: Array<() => void> = [];
  private started = false;
  private stopped = false;
  private stopSignal!: () => void;
  private readonly stopPromise = new Promise<void>((resolve) => (this.stopSignal = resolve));
  private watchHandle?: WatchHandle;
  private resourceVersion = '';

  constructor(
    private readonly client: KubeClient,
    readonly gvk: GroupVersionKind,
    private readonly opts: InformerOptions = {},
  ) {
    this.clock = opts.clock ?? realClock;
  }

  /** The resourceVersion of the last list, watch event or bookmark applied. */
  get lastResourceVersion(): string {
    return this.resourceVersion;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.run();
    if (this.opts.resyncMs) this.scheduleResync(this.opts.resyncMs);
  }

  stop(): void {
    this.stopped = true;
    this.watchHandle?.stop();
    this.stopSignal();
  }

  hasSynced(): boolean {
    return this.synced;
  }

  waitForSync(): Promise<void> {
    if (this.synced) return Promise.resolve();
    return new Promise((resolve) => this.syncWaiters.push(resolve));
  }

  /** Registers handlers; once synced, a new handler first hears onAdd for everything cached. Returns an unregister function. */
  addEventHandler(handler: InformerEventHandler<T>): () => void {
    this.handlers.add(handler);
    if (this.synced) for (const obj of this.cache.values()) this.call(() => handler.onAdd?.(obj));
    return () => this.handlers.delete(handler);
  }

  addIndex(name: string, fn: IndexFunc<T>): void {
    const index: Index<T> = { fn, values: new Map() };
    this.indexes.set(name, index);
    for (const [key, obj] of this.cache) this.indexAdd(index, key, obj);
  }

  byIndex(name: string, value: string): T[] {
    const index = this.indexes.get(name);
    if (!index) throw new Error(`informer: no index "${name}"`);
    const out: T[] = [];
    for (const k of index.values.get(value) ?? []) {
      const obj = this.cache.get(k);
      if (obj) out.push(obj);
    }
    return out;
  }

  get(namespace: string | undefined, name: string): T | undefined {
    return this.cache.get(namespace ? `${namespace}/${name}` : name);
  }

  getByKey(key: string): T | undefined {
    return this.cache.get(key);
  }

  list(namespace?: string): T[] {
    if (namespace === undefined) return [...this.cache.values()];
    const out: T[] = [];
    for (const o of this.cache.values()) if ((o.metadata.namespace ?? '') === namespace) out.push(o);
    return out;
  }

  keys(): string[] {
    return [...this.cache.keys()];
  }

  private async run(): Promise<void> {
    let relist = true;
    let failures = 0;
    while (!this.stopped) {
      try {
        if (relist) {
          await this.listAndReplace();
          relist = false;
        }
        const outcome = await this.watchOnce();
        if (outcome === 'gone') relist = true;
        if (outcome === 'error') throw new Error('watch ended with an error');
        failures = 0;
      } catch (err) {
        if (this.stopped) break;
        if (isGone(err)) relist = true;
        else this.report(err);
        failures++;
        await Promise.race([this.clock.sleep(Math.min(BACKOFF_INITIAL_MS * 2 ** (failures - 1), BACKOFF_MAX_MS)), this.stopPromise]);
      }
    }
  }

  private selection() {
    return { namespace: this.opts.namespace, labelSelector: this.opts.labelSelector, fieldSelector: this.opts.fieldSelector };
  }

  private async listAndReplace(): Promise<void> {
    const items: T[] = [];
    let cont: string | undefined;
    let rv = '';
    do {
      const page = await this.client.list<T>(this.gvk, { ...this.selection(), limit: this.opts.pageSize ?? 500, continue: cont });
      if (!rv) rv = page.metadata.resourceVersion ?? '';
      items.push(...page.items);
      cont = page.metadata.continue;
    } while (cont && !this.stopped);
    if (this.stopped) return;
    const fresh = new Map(items.map((o) => [objectKey(o), o]));
    for (const [key, old] of [...this.cache]) if (!fresh.has(key)) this.remove(key, old);
    for (const [key, obj] of fresh) this.upsert(key, obj);
    this.resourceVersion = rv;
    if (!this.synced) {
      this.synced = true;
      for (const resolve of this.syncWaiters.splice(0)) resolve();
    }
  }

  /** One watch from the last resourceVersion, until it ends. */
  private async watchOnce(): Promise<'ended' | 'gone' | 'error'> {
    let outcome: 'ended' | 'gone' | 'error' = 'ended';
    const onEvent = (event: ClientWatchEvent<T>) => {
      if (this.stopped) return;
      if (event.type === 'ERROR') {
        outcome = isGone(event.error) ? 'gone' : 'error';
        if (outcome === 'error') this.report(event.error);
        this.watchHandle?.stop();
        return;
      }
      const obj = event.object;
      if (obj.metadata.resourceVersion) this.resourceVersion = obj.metadata.resourceVersion;
      if (event.type === 'BOOKMARK') return;
      const key = objectKey(obj);
      if (event.type === 'DELETED') {
        const old = this.cache.get(key);
        if (old) this.remove(key, obj);
      } else this.upsert(key, obj);
    };
    const handle = await this.client.watch<T>(this.gvk, { ...this.selection(), resourceVersion: this.resourceVersion, allowWatchBookmarks: true }, onEvent);
    this.watchHandle = handle;
    if (this.stopped) handle.stop();
    await Promise.race([handle.done, this.stopPromise]);
    handle.stop();
    return outcome;
  }

  private upsert(key: string, obj: T): void {
    const old = this.cache.get(key);
    this.cache.set(key, obj);
    for (const index of this.indexes.values()) {
      if (old) this.indexRemove(index, key, old);
      this.indexAdd(index, key, obj);
    }
    for (const h of this.handlers) this.call(() => (old ? h.onUpdate?.(old, obj) : h.onAdd?.(obj)));
  }

  private remove(key: string, last: T): void {
    const old = this.cache.get(key);
    this.cache.delete(key);
    for (const index of this.indexes.values()) if (old) this.indexRemove(index, key, old);
    for (const h of this.handlers) this.call(() => h.onDelete?.(last));
  }

  private indexAdd(index: Index<T>, key: string, obj: T): void {
    for (const v of index.fn(obj)) {
      let keys = index.values.get(v);
      if (!keys) index.values.set(v, (keys = new Set()));
      keys.add(key);
    }
  }

  private indexRemove(index: Index<T>, key: string, obj: T): void {
    for (const v of index.fn(obj)) {
      const keys = index.values.get(v);
      keys?.delete(key);
      if (keys?.size === 0) index.values.delete(v);
    }
  }

  private scheduleResync(ms: number): void {
    this.clock.setTimeout(() => {
      if (this.stopped) return;
      if (this.synced) for (const obj of this.cache.values()) for (const h of this.handlers) this.call(() => h.onUpdate?.(obj, obj));
      this.scheduleResync(ms);
    }, ms);
  }

  private call(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.report(err);
    }
  }

  private report(err: unknown): void {
    (this.opts.onError ?? ((e) => console.error(`informer ${this.gvk.apiVersion}/${this.gvk.kind}:`, e)))(err);
  }
}
