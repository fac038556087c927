// How the SQLite store's file is written: the pragmas of a writing connection and the one
// transaction a group of requests is applied in. Both the store's own connection (small batches,
// when its writer thread is idle) and the writer thread's (sqlite-writer.ts) write this way.

import type Database from 'better-sqlite3';
import type { LogRow } from './sqlite-schema.ts';

/**
 * WAL pages after which a commit checkpoints the WAL into the database file itself: a bound the
 * store's checkpointer thread (sqlite-checkpointer.ts) keeps the WAL far below, reached only if
 * that thread cannot keep up or is gone.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 100_000;

export const COMPACTED_REVISION = 'compacted_revision';

/**
 * A log row as it goes into the file: id, key, created, deleted, create_revision, prev_revision,
 * value. The previous value stays out (the predecessor row has it, and writing it twice made every
 * update's commit twice as large), and out of the message to the thread.
 */
export type RowToWrite = [number, string, number, number, number, number, string];

export function rowToWrite(r: LogRow): RowToWrite {
  return [r.id, r.key, r.created, r.deleted, r.create_revision, r.prev_revision, r.value];
}

/** What the writer is asked to do, in the order the store asks. */
export type WriterRequest = { type: 'append'; rows: RowToWrite[] } | { type: 'compact'; previous: number; revision: number } | { type: 'close' };

/** The answer to the next `count` requests, in order. */
export type WriterAnswer = { ok: true; count: number } | { ok: false; count: number; message: string; code?: string };

/** What the thread posts: answers, and first of all that it has its connection. */
export type WriterReply = WriterAnswer | { ready: true };

export interface WriterConnection {
  readonly db: Database.Database;
  /** Applies the requests (no `close` among them) in one transaction: one fsync for them all. */
  apply(requests: WriterRequest[]): void;
  close(): void;
}

/** Makes `db` (a store's file, its schema created) a writing connection. */
export function writerConnection(db: Database.Database): WriterConnection {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // A checkpoint copies the WAL's pages into the file and fsyncs it, inside whichever commit
  // crosses the bound: at SQLite's 1000 pages (4 MB) a burst of pod writes paid one every few
  // commits, at 10000 one every second or two, and every commit behind it waited 100 ms and more.
  // The checkpointer thread does that work beside the commits. Durability is the WAL's
  // (synchronous = FULL), whatever the bound.
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  const insert = db.prepare<RowToWrite>(`INSERT INTO kv_log (id, key, created, deleted, create_revision, prev_revision, value) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const deleteSuperseded = db.prepare<[number, number]>(
    `DELETE FROM kv_log WHERE id IN (SELECT prev_revision FROM kv_log WHERE id > ? AND id <= ? AND prev_revision > 0)`,
  );
  const deleteTombstones = db.prepare<[number, number]>(`DELETE FROM kv_log WHERE id > ? AND id <= ? AND deleted = 1`);
  const writeMeta = db.prepare<[string, number]>(`INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
  const apply = db.transaction((requests: WriterRequest[]) => {
    for (const request of requests) {
      if (request.type === 'append') {
        for (const row of request.rows) insert.run(...row);
      } else if (request.type === 'compact') {
        deleteSuperseded.run(request.previous, request.revision);
        deleteTombstones.run(request.previous, request.revision);
        writeMeta.run(COMPACTED_REVISION, request.revision);
      }
    }
  });
  return { db, apply, close: () => db.close() };
}
