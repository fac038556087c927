// The SQLite Store (better-sqlite3, WAL, synchronous = FULL). Writes queue up and are applied by
// group commit: every write that arrives before the event loop's check phase goes into one
// transaction, each op checked against the state its predecessors left and given its own
// revision. Once the transaction is durable, watchers are fed the new rows and the promises settle.

import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import {
  CompactedError,
  KeyExistsError,
  KeyNotFoundError,
  RevisionMismatchError,
  StoreClosedError,
  prefixEnd,
  type ListOptions,
  type ListResult,
  type Store,
  type StoredValue,
  type StoreEvent,
  type WatchCallbacks,
  type Watcher,
} from './store.ts';
import { FutureRevisionError, listLowerBound, readRevision } from './revisions.ts';
import { createSchema, prepareFilteredList, prepareStatements, rowToEvent, rowToStored, type FilteredListStatements, type LogRow, type Statements } from './sqlite-schema.ts';
import { WatchHub } from './watch-hub.ts';

const COMPACTED_REVISION = 'compacted_revision';

/** WAL pages after which a commit checkpoints the WAL into the database file. */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** How many keys' newest rows stay in memory: the hot set of reads and of the writes' precondition checks. */
const LATEST_CACHE_KEYS = 20_000;

type WriteOp =
  | { kind: 'create'; key: string; value: string }
  | { kind: 'update'; key: string; value: string; expected: number | undefined }
  | { kind: 'delete'; key: string; expected: number | undefined };

interface PendingWrite {
  op: WriteOp;
  resolve(result: unknown): void;
  reject(err: unknown): void;
}

/** A cached "this key has no row". */
const NO_ROW = Object.freeze({ none: true });

type Outcome = { ok: true; result: unknown; row: LogRow } | { ok: false; error: Error };

export class SqliteStore implements Store {
  readonly backend = 'sqlite' as const;
  private readonly stmts: Statements;
  private readonly applyBatch: (batch: PendingWrite[]) => Outcome[];
  private revision: number;
  private compacted: number;
  private pending: PendingWrite[] = [];
  private flushHandle: NodeJS.Immediate | undefined;
  private readonly hub = new WatchHub();
  private closed = false;
  /**
   * Each recently used key's newest row (`null`: the key never existed). This process is the file's
   * only writer, so the cache changes exactly when a committed batch does; a batch in progress sees its
   * own rows through an overlay until it commits.
   */
  private readonly latestRows = new LRUCache<string, LogRow | typeof NO_ROW>({ max: LATEST_CACHE_KEYS });
  private batchRows: Map<string, LogRow> | undefined;
  /**
   * Every key that has had a row in the file (compaction may have removed them since): a key not
   * in it has no row, so a create of a new key (an Event, a Pod) does not search the file.
   */
  private readonly loggedKeys: Set<string>;
  /** List statements narrowed by value needles, by their number. */
  private readonly filteredLists = new Map<number, FilteredListStatements>();

  /** Opens (creating if needed) the store in the file at `path`. */
  static open(path: string): SqliteStore {
    const db = new Database(path);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      // A checkpoint copies the WAL's pages into the file and fsyncs it, inside whichever commit
      // crosses the bound. At SQLite's 1000 pages (4 MB) a burst of pod writes (~150 rows, ~600 KB a
      // batch) paid one every few commits; at 10000 pages the hot index pages are copied once for many
      // commits. Durability is the WAL's (synchronous = FULL), whatever the bound.
      db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
      createSchema(db);
      return new SqliteStore(path, db);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  private constructor(
    readonly path: string,
    private readonly db: Database.Database,
  ) {
    this.stmts = prepareStatements(db);
    this.loggedKeys = new Set(db.prepare<[], string>('SELECT DISTINCT key FROM kv_log').pluck().all());
    this.revision = this.stmts.lastId.get()?.seq ?? 0;
    this.compacted = this.stmts.readMeta.get(COMPACTED_REVISION)?.value ?? 0;
    this.applyBatch = db.transaction((batch: PendingWrite[]) => {
      this.batchRows = new Map();
      let revision = this.revision;
      const outcomes: Outcome[] = [];
      for (const { op } of batch) {
        try {
          const row = this.applyOne(op, revision + 1);
          revision = row.id;
          outcomes.push({ ok: true, row, result: this.resultOf(op, row) });
        } catch (err) {
          if (!(err instanceof KeyExistsError || err instanceof KeyNotFoundError || err instanceof RevisionMismatchError)) throw err;
          outcomes.push({ ok: false, error: err });
        }
      }
      return outcomes;
    });
  }

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
    const row = revision === this.revision ? this.latestRow(key) : this.stmts.latestAt.get(key, revision);
    return row && !row.deleted ? rowToStored(row) : undefined;
  }

  async list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
    this.ensureOpen();
    const revision = readRevision(opts.revision, this.revision, this.compacted);
    const hi = prefixEnd(prefix);
    const limit = opts.limit && opts.limit > 0 ? opts.limit : -1;
    const lo = listLowerBound(prefix, opts.startKey);
    const needles = opts.valueContains?.length ? opts.valueContains : undefined;
    let rows: LogRow[];
    let countAfter: (after: string) => number;
    if (needles) {
      const stmts = this.filteredList(needles.length);
      const bound: Record<string, string | number> = { hi, rev: revision };
      needles.forEach((n, i) => (bound[`n${i}`] = n));
      rows = stmts.list.all({ ...bound, lo, limit });
      countAfter = (after) => stmts.countAfter.get({ ...bound, lo: after })!.n;
    } else {
      rows = this.stmts.listFrom.all({ lo, hi, rev: revision, limit });
      countAfter = (after) => this.stmts.countAfter.get({ lo: after, hi, rev: revision })!.n;
    }
    const items = rows.map(rowToStored);
    let remaining = 0;
    if (limit > 0 && items.length === limit) remaining = countAfter(items[items.length - 1]!.key);
    return { items, revision, more: remaining > 0, remaining };
  }

  private filteredList(needles: number): FilteredListStatements {
    let stmts = this.filteredLists.get(needles);
    if (!stmts) this.filteredLists.set(needles, (stmts = prepareFilteredList(this.db, needles)));
    return stmts;
  }

  async count(prefix: string): Promise<number> {
    this.ensureOpen();
    return this.stmts.countFrom.get({ lo: prefix, hi: prefixEnd(prefix), rev: this.revision })!.n;
  }

  create(key: string, value: string): Promise<StoredValue> {
    return this.enqueue({ kind: 'create', key, value });
  }

  update(key: string, value: string, expectedModRevision?: number): Promise<StoredValue> {
    return this.enqueue({ kind: 'update', key, value, expected: expectedModRevision });
  }

  delete(key: string, expectedModRevision?: number): Promise<{ deleted: StoredValue; revision: number }> {
    return this.enqueue({ kind: 'delete', key, expected: expectedModRevision });
  }

  async watch(prefix: string, fromRevision: number, callbacks: WatchCallbacks): Promise<Watcher> {
    this.ensureOpen();
    if (!Number.isInteger(fromRevision) || fromRevision < 0) throw new RangeError(`invalid watch revision ${fromRevision}`);
    if (fromRevision < this.compacted) throw new CompactedError(fromRevision, this.compacted);
    // Read and register in one synchronous step: commits (and their publishing) cannot interleave.
    const history = fromRevision < this.revision ? this.stmts.history.all(prefix, prefixEnd(prefix), fromRevision).map(rowToEvent) : [];
    return this.hub.register(prefix, fromRevision, this.revision, history, callbacks);
  }

  async compact(revision: number): Promise<void> {
    this.ensureOpen();
    if (revision <= this.compacted) return;
    if (revision > this.revision) throw new FutureRevisionError(revision, this.revision);
    const previous = this.compacted;
    this.db.transaction(() => {
      this.stmts.deleteSuperseded.run(previous, revision);
      this.stmts.deleteTombstones.run(previous, revision);
      this.stmts.writeMeta.run(COMPACTED_REVISION, revision);
    })();
    this.compacted = revision;
    for (const [key, row] of this.latestRows.entries()) if (row !== NO_ROW && (row as LogRow).deleted && (row as LogRow).id <= revision) this.latestRows.delete(key);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.hub.failAll(new StoreClosedError());
    this.db.close();
  }

  private ensureOpen(): void {
    if (this.closed) throw new StoreClosedError();
  }

  private enqueue<T>(op: WriteOp): Promise<T> {
    if (this.closed) return Promise.reject(new StoreClosedError());
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ op, resolve: resolve as (r: unknown) => void, reject });
      this.flushHandle ??= setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    if (this.flushHandle) clearImmediate(this.flushHandle);
    this.flushHandle = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = this.applyBatch(batch);
      for (const [key, row] of this.batchRows!) {
        this.loggedKeys.add(key);
        this.remember(key, row);
      }
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    } finally {
      this.batchRows = undefined;
    }
    const events: StoreEvent[] = [];
    for (const o of outcomes) {
      if (o.ok) {
        events.push(rowToEvent(o.row));
        this.revision = o.row.id;
      }
    }
    this.hub.publish(events);
    outcomes.forEach((o, i) => (o.ok ? batch[i]!.resolve(o.result) : batch[i]!.reject(o.error)));
  }

  /** Checks the op's precondition against the key's newest row and appends its row at `revision`. */
  private applyOne(op: WriteOp, revision: number): LogRow {
    const found = this.batchRows!.get(op.key) ?? this.latestRow(op.key);
    const current = found && !found.deleted ? found : undefined;
    let row: LogRow;
    if (op.kind === 'create') {
      if (current) throw new KeyExistsError(op.key);
      row = { id: revision, key: op.key, created: 1, deleted: 0, create_revision: revision, prev_revision: found?.id ?? 0, value: op.value, old_value: null };
    } else {
      if (!current) throw new KeyNotFoundError(op.key);
      if (op.expected !== undefined && op.expected !== current.id) throw new RevisionMismatchError(op.key, op.expected, current.id);
      row = {
        id: revision,
        key: op.key,
        created: 0,
        deleted: op.kind === 'delete' ? 1 : 0,
        create_revision: current.create_revision,
        prev_revision: current.id,
        value: op.kind === 'delete' ? current.value : op.value,
        old_value: current.value,
      };
    }
    // The previous value stays in the row (watchers are fed it) but not in the file: the
    // predecessor row has it, and writing it twice made every update's commit twice as large.
    this.stmts.insert.run(row.id, row.key, row.created, row.deleted, row.create_revision, row.prev_revision, row.value, null);
    this.batchRows!.set(op.key, row);
    return row;
  }

  /** The key's newest committed row, from the cache or the file. */
  private latestRow(key: string): LogRow | undefined {
    const cached = this.latestRows.get(key);
    if (cached !== undefined) return cached === NO_ROW ? undefined : (cached as LogRow);
    if (!this.loggedKeys.has(key)) return undefined;
    const row = this.stmts.latest.get(key);
    this.remember(key, row ?? null);
    return row;
  }

  private remember(key: string, row: LogRow | null): void {
    // Only what reads need: the previous value is history, which the file keeps.
    this.latestRows.set(key, row === null ? NO_ROW : row.old_value !== null ? { ...row, old_value: null } : row);
  }

  private resultOf(op: WriteOp, row: LogRow): unknown {
    if (op.kind !== 'delete') return rowToStored(row);
    return { deleted: { key: row.key, value: row.value, createRevision: row.create_revision, modRevision: row.prev_revision }, revision: row.id };
  }
}
