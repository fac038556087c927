// A Store that shows objects of one resource as another (HelmReleases as applications, Secrets as
// TenantSecrets, Namespaces as TenantNamespaces): view keys map onto the target resource's keys of
// the real store, so revisions, resourceVersions, uids, compare-and-swap and watch are the target's
// own. Reads convert from the store directly; writes go through the target's registry, so the
// target gets its defaults, generation, managed fields and finalizer-aware deletion as any client's write.

import { LRUCache } from 'lru-cache';
import { isStatusError, methodNotSupported } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { INTERNAL_USER } from '../../apiserver/auth/user.ts';
import { decodeStored, encodeForStore } from '../../apiserver/registry/codec.ts';
import type { WriteContext } from '../../apiserver/registry/context.ts';
import { deleteObject } from '../../apiserver/registry/delete.ts';
import type { ResourceRegistry } from '../../apiserver/registry/registry.ts';
import {
  KeyExistsError,
  KeyNotFoundError,
  RevisionMismatchError,
  type ListOptions,
  type ListResult,
  type Store,
  type StoreEvent,
  type StoredValue,
  type WatchCallbacks,
  type Watcher,
} from '../../storage/store.ts';

export interface ViewMapping {
  /** `/registry/<group>/<plural>/` of the view. */
  viewPrefix: string;
  /** `/registry/<group>/<plural>/` of the target resource. */
  targetPrefix: string;
  namespaced: boolean;
  /** Target names are the view's with this prefix (`postgres-`). */
  namePrefix: string;
  /** The view of a target object; undefined when the object is not part of the view. */
  toView(target: KubeObject): KubeObject | undefined;
  /** The target for a view object (`live` is the target as it is, on update); absent for read-only views. */
  toTarget?(view: KubeObject, live?: KubeObject): KubeObject;
  /** Whether a delete of the view object may delete this target (default: yes). */
  deletable?(target: KubeObject, viewName: string): boolean;
  /** The target's registry, looked up at each write (a CRD may have been re-served). */
  targetRegistry(): ResourceRegistry;
  /** Who writes the target (`cozystack-api`). */
  fieldManager: string;
  /**
   * What `toView` reads besides the target, for the target at this key (informer objects, which are
   * replaced on every change, never changed in place). When given, views are cached per target key
   * and revision and reused while these inputs are the same objects; a poll of an unchanged object
   * then costs no decode.
   */
  viewInputs?(targetKey: string): readonly unknown[];
}

interface CachedView {
  modRevision: number;
  createRevision: number;
  inputs: readonly unknown[];
  view: StoredValue | undefined;
}

/** Views kept per store: enough for every object a poll or a controller list touches at once. */
const VIEW_CACHE_SIZE = 4096;

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class ViewStore implements Store {
  readonly backend: Store['backend'];
  private readonly cache = new LRUCache<string, CachedView>({ max: VIEW_CACHE_SIZE });

  constructor(
    private readonly base: Store,
    private readonly m: ViewMapping,
  ) {
    this.backend = base.backend;
  }

  currentRevision(): Promise<number> {
    return this.base.currentRevision();
  }

  compactedRevision(): Promise<number> {
    return this.base.compactedRevision();
  }

  /** `<view><ns>/<rest>` → `<target><ns>/<namePrefix><rest>`; `rest` may be empty or a continue key. */
  targetKey(key: string): string {
    const rest = key.slice(this.m.viewPrefix.length);
    if (!this.m.namespaced) return rest === '' ? this.m.targetPrefix : this.m.targetPrefix + this.m.namePrefix + rest;
    const slash = rest.indexOf('/');
    if (slash < 0) return this.m.targetPrefix + rest;
    return `${this.m.targetPrefix}${rest.slice(0, slash + 1)}${this.m.namePrefix}${rest.slice(slash + 1)}`;
  }

  viewKey(targetKey: string): string {
    const rest = targetKey.slice(this.m.targetPrefix.length);
    if (!this.m.namespaced) return this.m.viewPrefix + rest.slice(this.m.namePrefix.length);
    const slash = rest.indexOf('/');
    return `${this.m.viewPrefix}${rest.slice(0, slash + 1)}${rest.slice(slash + 1 + this.m.namePrefix.length)}`;
  }

  private view(targetKey: string, value: string, modRevision: number, createRevision: number, cacheable = true): StoredValue | undefined {
    const name = targetKey.slice(targetKey.lastIndexOf('/') + 1);
    if (!name.startsWith(this.m.namePrefix) || name.length === this.m.namePrefix.length) return undefined;
    if (!this.m.viewInputs || !cacheable) return this.convert(targetKey, value, modRevision, createRevision);
    // A key's value at a revision never changes: with the same inputs, neither does its view.
    const inputs = this.m.viewInputs(targetKey);
    const cached = this.cache.get(targetKey);
    if (cached && cached.modRevision === modRevision && cached.createRevision === createRevision && sameInputs(cached.inputs, inputs)) {
      return cached.view && { ...cached.view };
    }
    const view = this.convert(targetKey, value, modRevision, createRevision);
    this.cache.set(targetKey, { modRevision, createRevision, inputs, view });
    return view && { ...view };
  }

  private convert(targetKey: string, value: string, modRevision: number, createRevision: number): StoredValue | undefined {
    const viewed = this.m.toView(decodeStored(value, modRevision));
    if (!viewed) return undefined;
    return { key: this.viewKey(targetKey), value: encodeForStore(viewed), modRevision, createRevision };
  }

  async get(key: string, opts?: { revision?: number }): Promise<StoredValue | undefined> {
    const sv = await this.base.get(this.targetKey(key), opts);
    return sv ? this.view(sv.key, sv.value, sv.modRevision, sv.createRevision) : undefined;
  }

  async list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
    const targetPrefix = this.targetKey(prefix);
    const limit = opts.limit && opts.limit > 0 ? opts.limit : 0;
    const items: StoredValue[] = [];
    let startKey = opts.startKey ? this.targetKey(opts.startKey) : undefined;
    let revision = opts.revision;
    let more = false;
    let remaining = 0;
    for (;;) {
      const chunk = await this.base.list(targetPrefix, { revision, startKey, limit: limit ? 256 : undefined });
      revision = chunk.revision;
      for (const sv of chunk.items) {
        const v = this.view(sv.key, sv.value, sv.modRevision, sv.createRevision);
        if (!v) continue;
        if (limit && items.length >= limit) {
          more = true;
          remaining++;
        } else items.push(v);
      }
      if (!chunk.more) break;
      startKey = chunk.items[chunk.items.length - 1]!.key + '\u0000';
    }
    return { items, revision: revision ?? (await this.base.currentRevision()), more, remaining };
  }

  async count(prefix: string): Promise<number> {
    return (await this.list(prefix)).items.length;
  }

  async create(key: string, value: string): Promise<StoredValue> {
    const toTarget = this.writable('create');
    const viewed = JSON.parse(value) as KubeObject;
    const target = toTarget(viewed);
    const created = await this.target(() => this.m.targetRegistry().create(target.metadata.namespace ?? '', target, this.writer()), key);
    return this.fromTarget(created, key);
  }

  async update(key: string, value: string, expectedModRevision?: number): Promise<StoredValue> {
    const toTarget = this.writable('update');
    const viewed = JSON.parse(value) as KubeObject;
    const namespace = this.m.namespaced ? (viewed.metadata.namespace ?? '') : '';
    const name = this.m.namePrefix + viewed.metadata.name;
    const registry = this.m.targetRegistry();
    const live = await registry.tryGet(namespace, name);
    if (!live || !this.m.toView(live)) throw new KeyNotFoundError(key);
    if (viewed.metadata.deletionTimestamp && !live.metadata.deletionTimestamp) {
      // A deletion waiting on the view object's own finalizers (foreground): the target goes now.
      const rv = String(expectedModRevision ?? live.metadata.resourceVersion);
      const result = await this.target(() => deleteObject(registry, namespace, name, { preconditions: { resourceVersion: rv } }, this.writer()), key);
      return this.fromTarget(result.object, key);
    }
    const updated = await this.target(
      () =>
        registry.guaranteedUpdate(namespace, name, this.writer(), '', (current) => {
          if (expectedModRevision && current.metadata.resourceVersion !== String(expectedModRevision)) {
            throw new RevisionMismatchError(key, expectedModRevision, Number(current.metadata.resourceVersion));
          }
          if (!this.m.toView(current)) throw new KeyNotFoundError(key);
          return toTarget(viewed, current);
        }),
      key,
    );
    return this.fromTarget(updated, key);
  }

  /** Deletes the target as a client would: while its finalizers are pending, target and view stay. */
  async delete(key: string, expectedModRevision?: number): Promise<{ deleted: StoredValue; revision: number }> {
    this.writable('delete');
    const sv = await this.base.get(this.targetKey(key));
    if (!sv) throw new KeyNotFoundError(key);
    const target = decodeStored(sv.value, sv.modRevision);
    const viewName = key.slice(key.lastIndexOf('/') + 1);
    if (!this.m.toView(target) || this.m.deletable?.(target, viewName) === false) throw new KeyNotFoundError(key);
    if (expectedModRevision && sv.modRevision !== expectedModRevision) throw new RevisionMismatchError(key, expectedModRevision, sv.modRevision);
    const preconditions = { resourceVersion: String(sv.modRevision) };
    const namespace = this.m.namespaced ? (target.metadata.namespace ?? '') : '';
    const result = await this.target(() => deleteObject(this.m.targetRegistry(), namespace, target.metadata.name!, { preconditions }, this.writer()), key);
    return { deleted: this.fromTarget(result.object, key), revision: await this.base.currentRevision() };
  }

  async watch(prefix: string, fromRevision: number, callbacks: WatchCallbacks): Promise<Watcher> {
    return this.base.watch(this.targetKey(prefix), fromRevision, {
      onEvent: (ev) => {
        const out = this.translate(ev);
        if (out) callbacks.onEvent(out);
      },
      onError: callbacks.onError,
    });
  }

  /** A target event as the view's: a target that leaves the view is a delete, one that enters it a create. */
  private translate(ev: StoreEvent): StoreEvent | undefined {
    const now = this.view(ev.key, ev.value, ev.modRevision, ev.createRevision);
    // The previous value comes with the event's revision: it is converted without the cache, where it
    // would stand for the new value.
    const before = ev.prevValue !== undefined ? this.view(ev.key, ev.prevValue, ev.modRevision, ev.createRevision, false) : undefined;
    if (ev.type === 'delete') return now ? { ...ev, key: now.key, value: now.value, prevValue: undefined } : undefined;
    if (now) return { ...ev, key: now.key, value: now.value, prevValue: before?.value };
    if (before) return { type: 'delete', key: before.key, value: before.value, modRevision: ev.modRevision, createRevision: ev.createRevision };
    return undefined;
  }

  async compact(): Promise<void> {}

  async close(): Promise<void> {}

  private writer(): WriteContext {
    return { user: INTERNAL_USER, dryRun: false, fieldManager: this.m.fieldManager, warnings: [] };
  }

  private writable(verb: string): NonNullable<ViewMapping['toTarget']> {
    if (!this.m.toTarget) throw methodNotSupported({ group: '', resource: this.m.viewPrefix.split('/').slice(-2, -1)[0]! }, verb);
    return this.m.toTarget;
  }

  private fromTarget(target: KubeObject, key: string): StoredValue {
    const rv = Number(target.metadata.resourceVersion ?? 0);
    const viewed = this.m.toView(target) ?? { apiVersion: '', kind: '', metadata: { name: key.slice(key.lastIndexOf('/') + 1) } };
    return { key, value: encodeForStore(viewed), modRevision: rv, createRevision: rv };
  }

  /** Runs a target write, turning its errors into the store errors the view's registry expects. */
  private async target<T>(write: () => Promise<T>, key: string): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isStatusError(err, 'NotFound')) throw new KeyNotFoundError(key);
      if (isStatusError(err, 'AlreadyExists')) throw new KeyExistsError(key);
      if (isStatusError(err, 'Conflict')) throw new RevisionMismatchError(key, 0, 0);
      throw err;
    }
  }
}
