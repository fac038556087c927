// The revisioned key-value store the API server keeps every object in, with etcd's semantics:
// one cluster-wide revision bumped by every write, compare-and-swap writes, range reads at a
// revision, ordered watches from a revision, and compaction of old revisions.

export interface StoredValue {
  key: string;
  /** The serialized object (JSON text). */
  value: string;
  /** Revision of the write that created the key (resets when the key is deleted and re-created). */
  createRevision: number;
  /** Revision of the last write to the key: the object's resourceVersion. */
  modRevision: number;
}

export interface ListOptions {
  /** Read as of this revision (0 or absent: the current one). Fails with CompactedError below the compacted revision. */
  revision?: number;
  /** At most this many items (0 or absent: all). */
  limit?: number;
  /** Start at this key (inclusive); used to continue a paged list. */
  startKey?: string;
  /**
   * Only items whose value contains every one of these strings (`remaining` counts only those). A
   * store that maps values (a view) may ignore it, so callers still check what they get.
   */
  valueContains?: string[];
}

export interface ListResult {
  items: StoredValue[];
  /** The revision the list was read at. */
  revision: number;
  /** True when `limit` cut the result short. */
  more: boolean;
  /** When `more`: how many keys under the prefix come after the last returned one. */
  remaining: number;
}

export type StoreEventType = 'put' | 'delete';

export interface StoreEvent {
  type: StoreEventType;
  key: string;
  /** put: the new value; delete: the value as it was before the delete. */
  value: string;
  /** The value before this write, when the key existed. */
  prevValue?: string;
  /** Revision of this write. */
  modRevision: number;
  createRevision: number;
}

export interface Watcher {
  stop(): void;
}

export interface WatchCallbacks {
  /** Every event under the prefix with revision > fromRevision, in revision order, each once. */
  onEvent(event: StoreEvent): void;
  /** The watch cannot continue (store closed, history lost); no more events follow. */
  onError?(err: Error): void;
}

export interface Store {
  readonly backend: 'memory' | 'sqlite' | 'etcd';
  /** The revision of the newest write (0 for an empty store). */
  currentRevision(): Promise<number>;
  /** The oldest revision still readable; reads and watches below it fail with CompactedError. */
  compactedRevision(): Promise<number>;
  get(key: string, opts?: { revision?: number }): Promise<StoredValue | undefined>;
  /** Keys starting with `prefix`, in key order. */
  list(prefix: string, opts?: ListOptions): Promise<ListResult>;
  /** How many keys start with `prefix` now. */
  count(prefix: string): Promise<number>;
  /** Creates the key if absent, else KeyExistsError. Resolves once durable, with the new revision. */
  create(key: string, value: string): Promise<StoredValue>;
  /**
   * Replaces the value if the key exists and, when given, its modRevision equals `expectedModRevision`;
   * else KeyNotFoundError / RevisionMismatchError. Resolves once durable.
   */
  update(key: string, value: string, expectedModRevision?: number): Promise<StoredValue>;
  /** Deletes the key under the same precondition as update. Resolves with the deleted value and the delete's revision. */
  delete(key: string, expectedModRevision?: number): Promise<{ deleted: StoredValue; revision: number }>;
  /**
   * Delivers every event under `prefix` with revision > `fromRevision` (history first, then live).
   * Throws CompactedError when `fromRevision` is below the compacted revision.
   */
  watch(prefix: string, fromRevision: number, callbacks: WatchCallbacks): Promise<Watcher>;
  /** Forgets history at or below `revision` (the latest value of every live key is kept). */
  compact(revision: number): Promise<void>;
  /** Flushes and releases the store; pending watches get onError. */
  close(): Promise<void>;
}

export class KeyExistsError extends Error {
  constructor(readonly key: string) {
    super(`key exists: ${key}`);
    this.name = 'KeyExistsError';
  }
}

export class KeyNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`key not found: ${key}`);
    this.name = 'KeyNotFoundError';
  }
}

export class RevisionMismatchError extends Error {
  constructor(
    readonly key: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`revision mismatch on ${key}: expected ${expected}, found ${actual}`);
    this.name = 'RevisionMismatchError';
  }
}

export class CompactedError extends Error {
  constructor(
    readonly requested: number,
    readonly compacted: number,
  ) {
    super(`required revision ${requested} has been compacted (compacted revision ${compacted})`);
    this.name = 'CompactedError';
  }
}

export class StoreClosedError extends Error {
  constructor() {
    super('store is closed');
    this.name = 'StoreClosedError';
  }
}

/** The smallest string greater than every string that starts with `prefix` (etcd's range end). */
export function prefixEnd(prefix: string): string {
  return prefix + '\uffff';
}
