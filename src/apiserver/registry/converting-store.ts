// A Store through which a resource served in one version reads and writes the objects stored in
// another (autoscaling/v1 HorizontalPodAutoscalers over their autoscaling/v2 storage): the same
// keys, revisions and watch, with each value converted on the way in and out.

import type { KubeObject } from '../../machinery/object.ts';
import type { ListOptions, ListResult, Store, StoredValue, StoreEvent, WatchCallbacks, Watcher } from '../../storage/store.ts';

export interface VersionConversion {
  /** The served version's object as the storage version holds it. */
  toStorage(obj: KubeObject): KubeObject;
  /** A stored object as the served version shows it. */
  fromStorage(obj: KubeObject): KubeObject;
}

export class ConvertingStore implements Store {
  readonly backend: Store['backend'];
  /** Each store event converted once, however many watches of the served version receive it. */
  private readonly converted = new WeakMap<StoreEvent, StoreEvent>();

  constructor(
    private readonly base: Store,
    private readonly conversion: VersionConversion,
  ) {
    this.backend = base.backend;
  }

  private out(text: string): string {
    return JSON.stringify(this.conversion.fromStorage(JSON.parse(text) as KubeObject));
  }

  private in(text: string): string {
    return JSON.stringify(this.conversion.toStorage(JSON.parse(text) as KubeObject));
  }

  private outValue(sv: StoredValue): StoredValue {
    return { ...sv, value: this.out(sv.value) };
  }

  currentRevision(): Promise<number> {
    return this.base.currentRevision();
  }

  compactedRevision(): Promise<number> {
    return this.base.compactedRevision();
  }

  async get(key: string, opts?: { revision?: number }): Promise<StoredValue | undefined> {
    const sv = await this.base.get(key, opts);
    return sv && this.outValue(sv);
  }

  async list(prefix: string, opts?: ListOptions): Promise<ListResult> {
    // Value needles are written in the served version's terms: the stored text cannot be searched with them.
    const { valueContains: _needles, ...rest } = opts ?? {};
    const result = await this.base.list(prefix, rest);
    return { ...result, items: result.items.map((sv) => this.outValue(sv)) };
  }

  count(prefix: string): Promise<number> {
    return this.base.count(prefix);
  }

  async create(key: string, value: string): Promise<StoredValue> {
    return this.outValue(await this.base.create(key, this.in(value)));
  }

  async update(key: string, value: string, expectedModRevision?: number): Promise<StoredValue> {
    return this.outValue(await this.base.update(key, this.in(value), expectedModRevision));
  }

  async delete(key: string, expectedModRevision?: number): Promise<{ deleted: StoredValue; revision: number }> {
    const result = await this.base.delete(key, expectedModRevision);
    return { ...result, deleted: this.outValue(result.deleted) };
  }

  watch(prefix: string, fromRevision: number, callbacks: WatchCallbacks): Promise<Watcher> {
    return this.base.watch(prefix, fromRevision, {
      onEvent: (ev) => callbacks.onEvent(this.event(ev)),
      onError: callbacks.onError,
    });
  }

  private event(ev: StoreEvent): StoreEvent {
    let out = this.converted.get(ev);
    if (!out) {
      out = { ...ev, value: this.out(ev.value), ...(ev.prevValue !== undefined ? { prevValue: this.out(ev.prevValue) } : {}) };
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
