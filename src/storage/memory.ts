// The in-memory Store: every key keeps its versions (MVCC) so reads at an older revision work
// until compaction, and a log of one event per revision feeds watch replay. Writes apply
// synchronously; watchers hear about them from a microtask, in revision order.

import {
  CompactedError,
  KeyExistsError,
  KeyNotFoundError,
  RevisionMismatchError,
  StoreClosedError,
  type ListOptions,
  type ListResult,
  type Store,
  type StoredValue,
  type StoreEvent,
  type WatchCallbacks,
  type Watcher,
} from './store.ts';
import { FutureRevisionError, listLowerBound, readRevision } from './revisions.ts';
import { WatchHub } from './watch-hub.ts';

interface KeyVersion {
  modRevision: number;
  createRevision: number;
  /** For a delete (tombstone): the value that was deleted. */
  value: string;
  deleted: boolean;
}

/** Index of the first element of the sorted `keys` that is >= `key`. */
function lowerIndex(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The newest version at or below `revision`, if any. */
function versionAt(versions: KeyVersion[], revision: number): KeyVersion | undefined {
  for (let i = versions.length - 1; i >= 0; i--) if (versions[i]!.modRevision <= revision) return versions[i];
  return undefined;
}

function stored(key: string, v: KeyVersion): StoredValue {
  return { key, value: v.value, createRevision: v.createRevision, modRevision: v.modRevision };
}

export class MemoryStore implements Store {
  readonly backend = 'memory' as const;
  private revision = 0;
  private compacted = 0;
  /** Every key with a retained version, sorted (but those in `newKeys`). */
  private keys: string[] = [];
  /**
   * Keys created since the last range read, not yet in `keys`: a create appends here, and the next
   * list merges them in at once. Inserting each into the sorted array moved half of it every time,
   * which made tens of thousands of creates (pods and their Events) quadratic.
   */
  private newKeys: string[] = [];
  private readonly versions = new Map<string, KeyVersion[]>();
  /** Keys holding more than one live version (old versions or a tombstone): what compaction visits. */
  private readonly compactable = new Set<string>();
  /** One event per revision: events[i] has revision compacted + 1 + i. */
  private events: StoreEvent[] = [];
  private readonly hub = new WatchHub();
  private closed = false;

  async currentRevision(): Promise<number> {
    this.ensureOpen();
    return this.revision;
  }

  async compactedRevision(): Promise<number> {
    this.ensureOpen();
    return this.compacted;
  }

  async get(key: string, opts?: { revision?: number }): Promise<StoredValue | undefined> {
    this.ensureOpen();
    const revision = readRevision(opts?.revision, this.revision, this.compacted);
    const versions = this.versions.get(key);
    const v = versions && versionAt(versions, revision);
    return v && !v.deleted ? stored(key, v) : undefined;
  }

  async list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
    this.ensureOpen();
    const revision = readRevision(opts.revision, this.revision, this.compacted);
    const limit = opts.limit && opts.limit > 0 ? opts.limit : Infinity;
    const items: StoredValue[] = [];
    let remaining = 0;
    const keys = this.sortedKeys();
    for (let i = lowerIndex(keys, listLowerBound(prefix, opts.startKey)); i < keys.length; i++) {
      const key = keys[i]!;
      if (!key.startsWith(prefix)) break;
      const v = versionAt(this.versions.get(key)!, revision);
      if (!v || v.deleted) continue;
      if (opts.valueContains && !opts.valueContains.every((n) => v.value.includes(n))) continue;
      if (items.length < limit) items.push(stored(key, v));
      else remaining++;
    }
    return { items, revision, more: remaining > 0, remaining };
  }

  async count(prefix: string): Promise<number> {
    this.ensureOpen();
    let n = 0;
    const keys = this.sortedKeys();
    for (let i = lowerIndex(keys, prefix); i < keys.length; i++) {
      const key = keys[i]!;
      if (!key.startsWith(prefix)) break;
      const versions = this.versions.get(key)!;
      if (!versions[versions.length - 1]!.deleted) n++;
    }
    return n;
  }

  async create(key: string, value: string): Promise<StoredValue> {
    this.ensureOpen();
    const current = this.latest(key);
    if (current) throw new KeyExistsError(key);
    const revision = this.revision + 1;
    const v: KeyVersion = { modRevision: revision, createRevision: revision, value, deleted: false };
    this.append(key, v, { type: 'put', key, value, modRevision: revision, createRevision: revision });
    return stored(key, v);
  }

  async update(key: string, value: string, expectedModRevision?: number): Promise<StoredValue> {
    this.ensureOpen();
    const current = this.checked(key, expectedModRevision);
    const revision = this.revision + 1;
    const v: KeyVersion = { modRevision: revision, createRevision: current.createRevision, value, deleted: false };
    this.append(key, v, {
      type: 'put',
      key,
      value,
      prevValue: current.value,
      modRevision: revision,
      createRevision: current.createRevision,
    });
    return stored(key, v);
  }

  async delete(key: string, expectedModRevision?: number): Promise<{ deleted: StoredValue; revision: number }> {
    this.ensureOpen();
    const current = this.checked(key, expectedModRevision);
    const revision = this.revision + 1;
    const tombstone: KeyVersion = { modRevision: revision, createRevision: current.createRevision, value: current.value, deleted: true };
    this.append(key, tombstone, {
      type: 'delete',
      key,
      value: current.value,
      prevValue: current.value,
      modRevision: revision,
      createRevision: current.createRevision,
    });
    return { deleted: stored(key, current), revision };
  }

  async watch(prefix: string, fromRevision: number, callbacks: WatchCallbacks): Promise<Watcher> {
    this.ensureOpen();
    if (!Number.isInteger(fromRevision) || fromRevision < 0) throw new RangeError(`invalid watch revision ${fromRevision}`);
    if (fromRevision < this.compacted) throw new CompactedError(fromRevision, this.compacted);
    const history = fromRevision < this.revision ? this.events.slice(fromRevision - this.compacted) : [];
    return this.hub.register(prefix, fromRevision, this.revision, history, callbacks);
  }

  async compact(revision: number): Promise<void> {
    this.ensureOpen();
    if (revision <= this.compacted) return;
    if (revision > this.revision) throw new FutureRevisionError(revision, this.revision);
    const emptied = new Set<string>();
    for (const key of this.compactable) {
      const versions = this.versions.get(key)!;
      let keep = versions.length - 1;
      while (keep > 0 && versions[keep]!.modRevision > revision) keep--;
      // versions[keep] is the newest at or below `revision` (or the oldest of all, above it).
      if (versions[keep]!.modRevision <= revision && versions[keep]!.deleted) keep++;
      if (keep > 0) versions.splice(0, keep);
      if (versions.length === 0) {
        this.versions.delete(key);
        emptied.add(key);
        this.compactable.delete(key);
      } else if (versions.length === 1 && !versions[0]!.deleted) {
        this.compactable.delete(key);
      }
    }
    if (emptied.size > 0) this.keys = this.sortedKeys().filter((k) => !emptied.has(k));
    this.events.splice(0, revision - this.compacted);
    this.compacted = revision;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.hub.failAll(new StoreClosedError());
    this.versions.clear();
    this.compactable.clear();
    this.keys = [];
    this.newKeys = [];
    this.events = [];
  }

  private ensureOpen(): void {
    if (this.closed) throw new StoreClosedError();
  }

  /** `keys` with the keys created since merged in, in order. */
  private sortedKeys(): string[] {
    if (this.newKeys.length === 0) return this.keys;
    const added = this.newKeys.sort();
    this.newKeys = [];
    const merged = new Array<string>(this.keys.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.keys.length && j < added.length) merged[k++] = this.keys[i]! < added[j]! ? this.keys[i++]! : added[j++]!;
    while (i < this.keys.length) merged[k++] = this.keys[i++]!;
    while (j < added.length) merged[k++] = added[j++]!;
    this.keys = merged;
    return merged;
  }

  private latest(key: string): KeyVersion | undefined {
    const versions = this.versions.get(key);
    const v = versions?.[versions.length - 1];
    return v && !v.deleted ? v : undefined;
  }

  private checked(key: string, expectedModRevision: number | undefined): KeyVersion {
    const current = this.latest(key);
    if (!current) throw new KeyNotFoundError(key);
    if (expectedModRevision !== undefined && expectedModRevision !== current.modRevision) {
      throw new RevisionMismatchError(key, expectedModRevision, current.modRevision);
    }
    return current;
  }

  private append(key: string, v: KeyVersion, event: StoreEvent): void {
    const versions = this.versions.get(key);
    if (versions) {
      versions.push(v);
      this.compactable.add(key);
    } else {
      this.newKeys.push(key);
      this.versions.set(key, [v]);
    }
    this.revision = v.modRevision;
    this.events.push(event);
    this.hub.publish([event]);
  }
}
