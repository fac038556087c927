// The SQLite layout of the store, after kine: one append-only log row per write, the row
// id being the write's revision. A key's current value is its row with the highest id.

import type Database from 'better-sqlite3';
import type { StoredValue, StoreEvent } from './store.ts';

export interface LogRow {
  id: number;
  key: string;
  created: number;
  deleted: number;
  create_revision: number;
  /** Id of the key's previous row (0 when the key had none): what compaction supersedes. */
  prev_revision: number;
  /** put: the new value; delete: the value that was deleted. */
  value: string;
  /**
   * The value this row replaced (null for a create). Rows written since the column stopped being
   * filled hold null in the file and take it from their predecessor when read back.
   */
  old_value: string | null;
}

export function createSchema(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS kv_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      key TEXT NOT NULL,
      created INTEGER NOT NULL,
      deleted INTEGER NOT NULL,
      create_revision INTEGER NOT NULL,
      prev_revision INTEGER NOT NULL,
      value TEXT NOT NULL,
      old_value TEXT
    );
    CREATE INDEX IF NOT EXISTS kv_log_key_id ON kv_log (key, id);
    CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
  `);
}

export function rowToStored(row: LogRow): StoredValue {
  return { key: row.key, value: row.value, createRevision: row.create_revision, modRevision: row.id };
}

export function rowToEvent(row: LogRow): StoreEvent {
  const event: StoreEvent = {
    type: row.deleted ? 'delete' : 'put',
    key: row.key,
    value: row.value,
    modRevision: row.id,
    createRevision: row.create_revision,
  };
  if (row.old_value !== null) event.prevValue = row.old_value;
  return event;
}

/** The statements the store reads with, prepared once (sqlite-writer-connection.ts has those that write). */
export function prepareStatements(db: Database.Database) {
  const newestPerKey = `SELECT MAX(id) AS id FROM kv_log WHERE key >= @lo AND key < @hi AND id <= @rev GROUP BY key`;
  const newestPerKeyAfter = `SELECT MAX(id) AS id FROM kv_log WHERE key > @lo AND key < @hi AND id <= @rev GROUP BY key`;
  return {
    latestAt: db.prepare<[string, number], LogRow>(`SELECT * FROM kv_log WHERE key = ? AND id <= ? ORDER BY id DESC LIMIT 1`),
    // Walks the (key, id) index in key order, so LIMIT stops the walk early.
    listFrom: db.prepare<{ lo: string; hi: string; rev: number; limit: number }, LogRow>(
      `SELECT l.* FROM kv_log l WHERE l.key >= @lo AND l.key < @hi AND l.deleted = 0
         AND l.id = (SELECT MAX(x.id) FROM kv_log x WHERE x.key = l.key AND x.id <= @rev)
       ORDER BY l.key LIMIT @limit`,
    ),
    countFrom: db.prepare<{ lo: string; hi: string; rev: number }, { n: number }>(
      `SELECT COUNT(*) AS n FROM kv_log l JOIN (${newestPerKey}) m ON l.id = m.id WHERE l.deleted = 0`,
    ),
    countAfter: db.prepare<{ lo: string; hi: string; rev: number }, { n: number }>(
      `SELECT COUNT(*) AS n FROM kv_log l JOIN (${newestPerKeyAfter}) m ON l.id = m.id WHERE l.deleted = 0`,
    ),
    // `+key` keeps the planner on the id range: a watch usually starts close to the newest revision.
    // A row's previous value is its predecessor's: compaction keeps the newest row of each key at
    // or below the compacted revision, so every row a watch can still replay has it.
    history: db.prepare<[string, string, number, number], LogRow>(
      `SELECT l.id, l.key, l.created, l.deleted, l.create_revision, l.prev_revision, l.value,
         CASE WHEN l.created = 1 THEN NULL ELSE COALESCE(l.old_value, p.value) END AS old_value
       FROM kv_log l LEFT JOIN kv_log p ON p.id = l.prev_revision
       WHERE +l.key >= ? AND +l.key < ? AND l.id > ? AND l.id <= ? ORDER BY l.id`,
    ),
    lastId: db.prepare<[], { seq: number | null }>(
      `SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'kv_log'), 0), COALESCE((SELECT MAX(id) FROM kv_log), 0)) AS seq`,
    ),
    readMeta: db.prepare<[string], { value: number }>(`SELECT value FROM meta WHERE name = ?`),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;

/** `AND instr(l.value, @n0) > 0 …`: the rows whose value holds every needle. */
function needleClause(count: number): string {
  return Array.from({ length: count }, (_, i) => ` AND instr(l.value, @n${i}) > 0`).join('');
}

export interface FilteredListStatements {
  list: Database.Statement<Record<string, string | number>, LogRow>;
  countAfter: Database.Statement<Record<string, string | number>, { n: number }>;
}

/** listFrom and countAfter narrowed to values that contain `count` needles (@n0 …). */
export function prepareFilteredList(db: Database.Database, count: number): FilteredListStatements {
  const needles = needleClause(count);
  return {
    list: db.prepare(
      `SELECT l.* FROM kv_log l WHERE l.key >= @lo AND l.key < @hi AND l.deleted = 0
         AND l.id = (SELECT MAX(x.id) FROM kv_log x WHERE x.key = l.key AND x.id <= @rev)${needles}
       ORDER BY l.key LIMIT @limit`,
    ),
    countAfter: db.prepare(
      `SELECT COUNT(*) AS n FROM kv_log l JOIN (SELECT MAX(id) AS id FROM kv_log WHERE key > @lo AND key < @hi AND id <= @rev GROUP BY key) m
         ON l.id = m.id WHERE l.deleted = 0${needles}`,
    ),
  };
}
