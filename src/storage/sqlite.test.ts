import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore } from './sqlite.ts';
import { writerConnection, WAL_AUTOCHECKPOINT_PAGES } from './sqlite-writer-connection.ts';
import { runStoreConformance } from './conformance.ts';
import { collectEvents } from './conformance-support.ts';
import { KeyExistsError, RevisionMismatchError, type Store } from './store.ts';

const dir = mkdtempSync(join(tmpdir(), 'cozylab-sqlite-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(dir, `store-${++files}.db`);

async function reopen(s: Store): Promise<Store> {
  const path = (s as SqliteStore).path;
  await s.close();
  return SqliteStore.open(path);
}

runStoreConformance('sqlite', async () => SqliteStore.open(freshPath()), reopen);

/** Rows of the log table, read through a second connection (what is on disk). */
function logRows(path: string) {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT id, key, created, deleted, create_revision, prev_revision, value, old_value FROM kv_log ORDER BY id').all();
  } finally {
    db.close();
  }
}

describe('SqliteStore', () => {
  test('writes through a WAL connection with synchronous = FULL', async () => {
    const path = freshPath();
    const s = SqliteStore.open(path);
    const writer = writerConnection(new Database(path));
    assert.equal(writer.db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(writer.db.pragma('synchronous', { simple: true }), 2);
    assert.equal(writer.db.pragma('wal_autocheckpoint', { simple: true }), WAL_AUTOCHECKPOINT_PAGES);
    writer.close();
    await s.close();
  });

  test('a checkpointer thread copies the WAL into the database file between commits, not inside one', async () => {
    const path = freshPath();
    const s = SqliteStore.open(path, { checkpointEveryRows: 100 });
    try {
      const value = 'x'.repeat(1000);
      await Promise.all(Array.from({ length: 250 }, (_, i) => s.create(`/cp/${i}`, value)));
      // The writer's own autocheckpoint bound is far away: only the checkpointer copies these pages.
      assert.ok(250 * 1000 < WAL_AUTOCHECKPOINT_PAGES * 4096);
      for (let waited = 0; s.checkpoints === 0; waited += 10) {
        assert.ok(waited < 5000, 'no checkpoint within 5 s of 250 rows committed');
        await new Promise((r) => setTimeout(r, 10));
      }
      // The database file alone (its WAL left behind) holds what the checkpoint copied.
      const copy = freshPath();
      copyFileSync(path, copy);
      const db = new Database(copy, { readonly: true });
      const rows = (db.prepare('SELECT count(*) AS n FROM kv_log').get() as { n: number }).n;
      db.close();
      assert.ok(rows >= 100, `the database file holds ${rows} rows`);
    } finally {
      await s.close();
    }
  });

  test('keeps one log row per write with created/deleted flags and previous revision (the old value is its predecessor\'s)', async () => {
    const path = freshPath();
    const s = SqliteStore.open(path);
    await s.create('/l/a', 'a1');
    await s.update('/l/a', 'a2');
    await s.delete('/l/a');
    await s.create('/l/a', 'a3');
    assert.deepEqual(logRows(path), [
      { id: 1, key: '/l/a', created: 1, deleted: 0, create_revision: 1, prev_revision: 0, value: 'a1', old_value: null },
      { id: 2, key: '/l/a', created: 0, deleted: 0, create_revision: 1, prev_revision: 1, value: 'a2', old_value: null },
      { id: 3, key: '/l/a', created: 0, deleted: 1, create_revision: 1, prev_revision: 2, value: 'a2', old_value: null },
      { id: 4, key: '/l/a', created: 1, deleted: 0, create_revision: 4, prev_revision: 3, value: 'a3', old_value: null },
    ]);
    await s.close();
  });

  test('compaction deletes superseded rows and tombstones from the file', async () => {
    const path = freshPath();
    const s = SqliteStore.open(path);
    await s.create('/l/a', 'a1'); // 1
    await s.update('/l/a', 'a2'); // 2
    await s.create('/l/b', 'b1'); // 3
    await s.delete('/l/b'); // 4
    await s.update('/l/a', 'a3'); // 5
    await s.compact(4);
    assert.deepEqual(logRows(path).map((r) => (r as { id: number }).id), [2, 5]);
    await s.compact(5);
    assert.deepEqual(logRows(path).map((r) => (r as { id: number }).id), [5]);
    await s.close();
  });

  test('writes issued in one event-loop turn commit in one transaction', async () => {
    const s = SqliteStore.open(freshPath());
    const internals = s as unknown as { applyBatch: (batch: unknown[]) => unknown };
    const batchSizes: number[] = [];
    const apply = internals.applyBatch;
    internals.applyBatch = (batch) => {
      batchSizes.push(batch.length);
      return apply.call(s, batch);
    };
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => s.create(`/gc/${i}`, 'v')));
    assert.deepEqual(results.map((r) => r.modRevision), Array.from({ length: 100 }, (_, i) => i + 1));
    assert.deepEqual(batchSizes, [100]);
    for (let i = 0; i < 3; i++) await s.update('/gc/0', `again${i}`);
    assert.deepEqual(batchSizes, [100, 1, 1, 1]);
    await s.close();
  });

  test('a watch on a reopened file replays the log with previous values', async () => {
    const path = freshPath();
    const first = SqliteStore.open(path);
    await first.create('/rw/a', 'a1');
    await first.update('/rw/a', 'a2');
    await first.close();
    const s = SqliteStore.open(path);
    const c = collectEvents();
    await s.watch('/rw/', 0, c.callbacks);
    await s.delete('/rw/a');
    await c.waitForCount(3);
    assert.deepEqual(
      c.events.map((e) => [e.modRevision, e.type, e.value, e.prevValue]),
      [
        [1, 'put', 'a1', undefined],
        [2, 'put', 'a2', 'a1'],
        [3, 'delete', 'a2', 'a2'],
      ],
    );
    await s.close();
  });

  test('a watch replaying past a compaction still gets previous values, also from rows of older files', async () => {
    const path = freshPath();
    const first = SqliteStore.open(path);
    await first.create('/cp/a', 'a1'); // 1
    await first.update('/cp/a', 'a2'); // 2
    await first.update('/cp/a', 'a3'); // 3
    await first.compact(2);
    await first.close();
    // A row written when the file still held old values keeps its own.
    const db = new Database(path);
    db.prepare(`INSERT INTO kv_log (id, key, created, deleted, create_revision, prev_revision, value, old_value) VALUES (4, '/cp/a', 0, 0, 1, 3, 'a4', 'a3')`).run();
    db.close();
    const s = SqliteStore.open(path);
    const c = collectEvents();
    await s.watch('/cp/', 2, c.callbacks);
    await c.waitForCount(2);
    assert.deepEqual(
      c.events.map((e) => [e.modRevision, e.value, e.prevValue]),
      [
        [3, 'a3', 'a2'],
        [4, 'a4', 'a3'],
      ],
    );
    await s.close();
  });
});

describe('SqliteStore writer thread', () => {
  const turn = () => new Promise((r) => setImmediate(r));

  test('a large batch is committed off this thread: not visible until durable, then in the file and published once', async () => {
    const path = freshPath();
    const s = SqliteStore.open(path);
    const c = collectEvents();
    await s.watch('/big/', 0, c.callbacks);
    const writes = Promise.all(Array.from({ length: 100 }, (_, i) => s.create(`/big/${String(i).padStart(3, '0')}`, `v${i}`)));
    await turn(); // the batch has gone to the writer thread
    assert.equal(await s.currentRevision(), 0);
    assert.equal(await s.get('/big/000'), undefined);
    assert.equal((await s.list('/big/')).items.length, 0);
    const late = collectEvents();
    await s.watch('/big/', 0, late.callbacks);
    await writes;
    assert.equal(await s.currentRevision(), 100);
    assert.equal((await s.get('/big/099'))?.value, 'v99');
    assert.equal(logRows(path).length, 100);
    await c.waitForCount(100);
    await late.waitForCount(100);
    assert.deepEqual(late.events.map((e) => e.modRevision), Array.from({ length: 100 }, (_, i) => i + 1));
    await s.close();
  });

  test('writes made while a batch is being committed are checked against it', async () => {
    const s = SqliteStore.open(freshPath());
    const first = Promise.all(Array.from({ length: 50 }, (_, i) => s.create(`/ck/${i}`, 'a')));
    await turn();
    const update = s.update('/ck/0', 'b', 1);
    const duplicate = s.create('/ck/1', 'again');
    const stale = s.update('/ck/2', 'c', 99);
    await first;
    assert.equal((await update).modRevision, 51);
    await assert.rejects(duplicate, KeyExistsError);
    await assert.rejects(stale, RevisionMismatchError);
    assert.equal((await s.get('/ck/0'))?.value, 'b');
    assert.equal(await s.currentRevision(), 51);
    await s.close();
  });

  test('a failed small commit is refused alone; a failed thread commit makes the store refuse writes, keeping what was stored', async () => {
    const path = freshPath();
    const s = SqliteStore.open(path);
    await s.create('/f/kept', 'v');
    const other = new Database(path);
    other.exec(`CREATE TRIGGER refuse BEFORE INSERT ON kv_log WHEN NEW.key LIKE '/f/bad%' BEGIN SELECT RAISE(ABORT, 'refused by test'); END`);
    other.close();
    await assert.rejects(s.create('/f/bad', 'x'), /refused by test/);
    assert.equal((await s.create('/f/next', 'v')).modRevision, 2);
    const batch = Array.from({ length: 50 }, (_, i) => s.create(i === 25 ? '/f/bad' : `/f/many${i}`, 'x'));
    for (const w of batch) await assert.rejects(w, /refused by test/);
    await assert.rejects(s.create('/f/after', 'v'), /refused by test/);
    assert.equal(await s.currentRevision(), 2);
    assert.deepEqual((await s.list('/f/')).items.map((i) => i.key), ['/f/kept', '/f/next']);
    await s.close();
    const again = SqliteStore.open(path);
    assert.deepEqual((await again.list('/f/')).items.map((i) => i.key), ['/f/kept', '/f/next']);
    await again.close();
  });
});
