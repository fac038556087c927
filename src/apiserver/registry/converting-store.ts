// A Store through which a resource served in one version reads and writes the objects stored in
// another (autoscaling/v1 HorizontalPodAutoscalers over their autoscaling/v2 storage, events.k8s.io
// Events over core/v1's): the same revisions and watch, each value converted on the way in and out,
// and keys moved to where the stored resource keeps them when the two groups differ.

import type { KubeObject } from '../../machinery/object.ts';
import type { ListOptions, ListResult, Store, StoredValue, StoreEvent, WatchCallbacks, Watcher } from '../../storage/store.ts';

export interface VersionConversion {
  /** The served version's object as the storage version holds it. */
  toStorage(obj: KubeObject): KubeObject;
  /** A stored object as the served version shows it. */
  fromStorage(obj: KubeObject): KubeObject;
  /** The stored resource's key prefix (`/registry/core/events/`), when it is not the served one's. */
  storedPrefix?: string;
}

export class ConvertingStore implements Store {
  readonly backend: Store['backend'];
  /** Each store event converted once, however many watches of the served version receive it. */
  private readonly converted = new WeakMap<StoreEvent, StoreEvent>();

  constructor(
    private readonly base: Store,
    private readonly conversion: VersionConversion,
    /** The served resource's key prefix, needed with `conversion.storedPrefix`. */
    private readonly servedPrefix = '',
  ) {
    this.backend = base.backend;
  }

  /** A served key (or prefix, or continue key) as the stored resource's. */
  private stored(key: string): string {
    const to = this.conversion.storedPrefix;
    return to && key.startsWith(this.servedPrefix) ? to + key.slice(this.servedPrefix.length) : key;
  }

  private served(key: string): string {
    const from = this.conversion.storedPrefix;
    return from && key.startsWith(from) ? this.servedPrefix + key.slice(from.length) : key;
  }

  private out(text: string): string {
    return JSON.stringify(this.conversion.fromStorage(JSON.parse(text) as KubeObject));
  }

  private in(text: string): string {
    return JSON.stringify(this.conversion.toStorage(JSON.parse(text) as KubeObject));
  }

  private outValue(sv: StoredValue): StoredValue {
    return { ...sv, key: this.served(sv.key), value: this.out(sv.value) };
  }

  currentRevision(): Promise<number> {
    return this.base.currentRevision();
  }

  compactedRevision(): Promise<number> {
    return this.base.compactedRevision();
  }

  async get(key: string, opts?: { revision?: number }): Promise<StoredValue | undefined> {
    const sv = await this.base.get(this.stored(key), opts);
    return sv && this.outValue(sv);
  }

  async list(prefix: string, opts?: ListOptions): Promise<ListResult> {
    // Value needles are written in the served version's terms: the stored text cannot be searched with them.
    const { valueContains: _needles, startKey, ...rest } = opts ?? {};
    const result = await this.base.list(this.stored(prefix), { ...rest, ...(startKey !== undefined ? { startKey: this.stored(startKey) } : {}) });
    return { ...result, items: result.items.map((sv) => this.outValue(sv)) };
  }

  count(prefix: string): Promise<number> {
    return this.base.count(this.stored(prefix));
  }

  async create(key: string, value: string): Promise<StoredValue> {
    return this.outValue(await this.base.create(this.stored(key), this.in(value)));
  }

  async update(key: string, value: string, expectedModRevision?: number): Promise<StoredValue> {
    return this.outValue(await this.base.update(this.stored(key), this.in(value), expectedModRevision));
  }

  async delete(key: string, expectedModRevision?: number): Promise<{ deleted: StoredValue; revision: number }> {
    const result = await this.base.delete(this.stored(key), expectedModRevision);
    return { ...result, deleted: this.outValue(result.deleted) };
  }

  watch(prefix: string, fromRevision: number, callbacks: WatchCallbacks): Promise<Watcher> {
    return this.base.watch(this.stored(prefix), fromRevision, {
      onEvent: (ev) => callbacks.onEvent(this.event(ev)),
      onError: callbacks.onError,
    });
  }

  private event(ev: StoreEvent): StoreEvent {
    let out = this.converted.get(ev);
    if (!out) {
      out = { ...ev, key: this.served(ev.key), value: this.out(ev.value), ...(ev.prevValue !== undefined ? { prevValue: this.out(ev.prevValue) } : {}) };
      this.converted.set(ev, out);
    }
    return out;
  }

  compact(revision: number): Promise<void> {
    return this.base.compact(revision);
  }

  /** The base store belongs to the server: closing a view of it closes nothing. */
  async close(): Promise<void> {}
}
