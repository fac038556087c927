// The behaviour every Store backend must show, as node:test cases. Each backend's test file
// calls runStoreConformance with a factory for fresh, empty stores.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CompactedError, KeyExistsError, KeyNotFoundError, RevisionMismatchError, type Store } from './store.ts';
import { FutureRevisionError } from './revisions.ts';
import { withStore, type MakeStore } from './conformance-support.ts';
import { registerWatchConformance } from './conformance-watch.ts';

const keysOf = (r: { items: { key: string }[] }) => r.items.map((i) => i.key);

export function runStoreConformance(name: string, makeStore: MakeStore, reopen?: (s: Store) => Promise<Store>): void {
  describe(`${name} store conformance`, () => {
    test('revision starts at 0 and moves by exactly 1 per successful write, never on a failed one', () =>
      withStore(makeStore, async (s) => {
        assert.equal(await s.currentRevision(), 0);
        assert.equal(await s.compactedRevision(), 0);
        const a = await s.create('/r/a', 'v1');
        assert.deepEqual(a, { key: '/r/a', value: 'v1', createRevision: 1, modRevision: 1 });
        await assert.rejects(s.create('/r/a', 'again'), KeyExistsError);
        await assert.rejects(s.update('/r/missing', 'x'), KeyNotFoundError);
        assert.equal(await s.currentRevision(), 1);
        assert.equal((await s.update('/r/a', 'v2')).modRevision, 2);
        await assert.rejects(s.update('/r/a', 'v3', 1), RevisionMismatchError);
        await assert.rejects(s.delete('/r/a', 1), RevisionMismatchError);
        assert.equal(await s.currentRevision(), 2);
        const d = await s.delete('/r/a');
        assert.deepEqual(d, { deleted: { key: '/r/a', value: 'v2', createRevision: 1, modRevision: 2 }, revision: 3 });
        await assert.rejects(s.delete('/r/a'), KeyNotFoundError);
        assert.equal(await s.currentRevision(), 3);
      }));

    test('get returns the current value, the value at an older revision, and nothing for absent keys', () =>
      withStore(makeStore, async (s) => {
        await s.create('/g/a', 'a1');
        await s.update('/g/a', 'a2');
        await s.create('/g/b', 'b1');
        assert.deepEqual(await s.get('/g/a'), { key: '/g/a', value: 'a2', createRevision: 1, modRevision: 2 });
        assert.deepEqual(await s.get('/g/a', { revision: 1 }), { key: '/g/a', value: 'a1', createRevision: 1, modRevision: 1 });
        assert.equal(await s.get('/g/b', { revision: 2 }), undefined);
        assert.equal(await s.get('/g/none'), undefined);
        await s.delete('/g/a');
        assert.equal(await s.get('/g/a'), undefined);
        assert.equal((await s.get('/g/a', { revision: 3 }))?.value, 'a2');
        await assert.rejects(s.get('/g/a', { revision: 99 }), FutureRevisionError);
      }));

    test('create is create-if-absent; delete then re-create resets createRevision', () =>
      withStore(makeStore, async (s) => {
        await s.create('/c/k', 'one');
        await assert.rejects(s.create('/c/k', 'two'), (err: unknown) => err instanceof KeyExistsError && err.key === '/c/k');
        assert.equal((await s.get('/c/k'))?.value, 'one');
        await s.delete('/c/k');
        const again = await s.create('/c/k', 'three');
        assert.deepEqual(again, { key: '/c/k', value: 'three', createRevision: 3, modRevision: 3 });
        const updated = await s.update('/c/k', 'four');
        assert.deepEqual(updated, { key: '/c/k', value: 'four', createRevision: 3, modRevision: 4 });
      }));

    test('update and delete honour the expected modRevision', () =>
      withStore(makeStore, async (s) => {
        const k = await s.create('/u/k', 'v1');
        const v2 = await s.update('/u/k', 'v2', k.modRevision);
        assert.equal(v2.value, 'v2');
        await assert.rejects(s.update('/u/k', 'stale', k.modRevision), (err: unknown) =>
          err instanceof RevisionMismatchError && err.key === '/u/k' && err.expected === 1 && err.actual === 2);
        await assert.rejects(s.update('/u/none', 'x', 1), (err: unknown) => err instanceof KeyNotFoundError && err.key === '/u/none');
        await assert.rejects(s.delete('/u/none', 1), KeyNotFoundError);
        await assert.rejects(s.delete('/u/k', 1), (err: unknown) => err instanceof RevisionMismatchError && err.actual === 2);
        assert.equal((await s.get('/u/k'))?.value, 'v2');
        const d = await s.delete('/u/k', 2);
        assert.equal(d.revision, 3);
        assert.equal(d.deleted.value, 'v2');
      }));

    test('writes issued together apply in call order, each with its own revision and outcome', () =>
      withStore(makeStore, async (s) => {
        const results = await Promise.allSettled([
          s.create('/o/k', 'a'),
          s.update('/o/k', 'b', 1),
          s.update('/o/k', 'stale', 1),
          s.create('/o/k', 'dup'),
          s.delete('/o/k', 2),
          s.create('/o/k', 'c'),
        ]);
        const [created, updated, stale, dup, deleted, recreated] = results;
        assert.deepEqual(created, { status: 'fulfilled', value: { key: '/o/k', value: 'a', createRevision: 1, modRevision: 1 } });
        assert.deepEqual(updated, { status: 'fulfilled', value: { key: '/o/k', value: 'b', createRevision: 1, modRevision: 2 } });
        assert.ok(stale.status === 'rejected' && stale.reason instanceof RevisionMismatchError);
        assert.ok(dup.status === 'rejected' && dup.reason instanceof KeyExistsError);
        assert.ok(deleted.status === 'fulfilled' && deleted.value.revision === 3);
        assert.deepEqual(recreated, { status: 'fulfilled', value: { key: '/o/k', value: 'c', createRevision: 4, modRevision: 4 } });
        assert.equal(await s.currentRevision(), 4);
      }));

    test('of many concurrent compare-and-swap updates exactly one wins', () =>
      withStore(makeStore, async (s) => {
        const k = await s.create('/cas/k', '0');
        const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => s.update('/cas/k', `w${i}`, k.modRevision)));
        assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
        assert.ok(results.every((r) => r.status === 'fulfilled' || r.reason instanceof RevisionMismatchError));
        assert.equal(await s.currentRevision(), 2);
      }));

    test('list returns the keys under a prefix in key order, isolated from sibling prefixes', () =>
      withStore(makeStore, async (s) => {
        for (const k of ['/a/b/3', '/a/bc/x', '/a/b/1', '/a/ba', '/a/b/2', '/a/a', '/a/b/gone']) await s.create(k, k);
        await s.delete('/a/b/gone');
        const b = await s.list('/a/b/');
        assert.deepEqual(keysOf(b), ['/a/b/1', '/a/b/2', '/a/b/3']);
        assert.deepEqual(b.items[0], { key: '/a/b/1', value: '/a/b/1', createRevision: 3, modRevision: 3 });
        assert.equal(b.revision, 8);
        assert.equal(b.more, false);
        assert.deepEqual(keysOf(await s.list('/a/bc/')), ['/a/bc/x']);
        assert.deepEqual(keysOf(await s.list('/a/b')), ['/a/b/1', '/a/b/2', '/a/b/3', '/a/ba', '/a/bc/x']);
        assert.deepEqual(keysOf(await s.list('/a/')), ['/a/a', '/a/b/1', '/a/b/2', '/a/b/3', '/a/ba', '/a/bc/x']);
        assert.equal(await s.count('/a/b/'), 3);
        assert.equal(await s.count('/a/'), 6);
        assert.equal(await s.count('/z/'), 0);
      }));

    test('list pages with limit and startKey, with more/remaining, at a fixed revision', () =>
      withStore(makeStore, async (s) => {
        for (let i = 0; i < 7; i++) await s.create(`/p/k${i}`, `v${i}`);
        await s.create('/q/other', 'x');
        const first = await s.list('/p/', { limit: 3 });
        assert.deepEqual(keysOf(first), ['/p/k0', '/p/k1', '/p/k2']);
        assert.equal(first.more, true);
        assert.equal(first.remaining, 4);
        // Writes between pages must not show in a list continued at the first page's revision.
        await s.update('/p/k3', 'changed');
        await s.delete('/p/k4');
        await s.create('/p/k5a', 'new');
        const second = await s.list('/p/', { limit: 3, startKey: '/p/k2\u0000', revision: first.revision });
        assert.deepEqual(keysOf(second), ['/p/k3', '/p/k4', '/p/k5']);
        assert.equal(second.items[0]!.value, 'v3');
        assert.equal(second.revision, first.revision);
        assert.equal(second.remaining, 1);
        const third = await s.list('/p/', { limit: 3, startKey: '/p/k5\u0000', revision: first.revision });
        assert.deepEqual(keysOf(third), ['/p/k6']);
        assert.equal(third.more, false);
        assert.equal(third.remaining, 0);
        const now = await s.list('/p/', { limit: 6 });
        assert.deepEqual(keysOf(now), ['/p/k0', '/p/k1', '/p/k2', '/p/k3', '/p/k5', '/p/k5a']);
        assert.equal(now.more, true);
        assert.equal(now.remaining, 1);
        const exact = await s.list('/p/', { limit: 7 });
        assert.equal(exact.more, false);
        assert.equal(exact.remaining, 0);
        assert.deepEqual(keysOf(await s.list('/p/', { startKey: '/p/k6' })), ['/p/k6']);
        assert.deepEqual(keysOf(await s.list('/p/', { startKey: '/q/' })), []);
        assert.deepEqual(keysOf(await s.list('/p/', { startKey: '/' })), keysOf(await s.list('/p/')));
      }));

    test('list narrowed to values that contain given strings, paged and counted among those only', () =>
      withStore(makeStore, async (s) => {
        for (let i = 0; i < 6; i++) await s.create(`/n/k${i}`, JSON.stringify({ labels: { team: i % 2 ? 'odd' : 'even', n: String(i) } }));
        await s.create('/n/x', '{"note":"it is odd"}');
        const odd = '"team":"odd"';
        assert.deepEqual(keysOf(await s.list('/n/', { valueContains: [odd] })), ['/n/k1', '/n/k3', '/n/k5']);
        assert.deepEqual(keysOf(await s.list('/n/', { valueContains: [odd, '"n":"3"'] })), ['/n/k3']);
        assert.deepEqual(keysOf(await s.list('/n/', { valueContains: [odd, 'absent'] })), []);
        assert.equal((await s.list('/n/', { valueContains: [] })).items.length, 7);
        const page = await s.list('/n/', { valueContains: [odd], limit: 1 });
        assert.deepEqual(keysOf(page), ['/n/k1']);
        assert.equal(page.more, true);
        assert.equal(page.remaining, 2);
        const rest = await s.list('/n/', { valueContains: [odd], limit: 2, startKey: '/n/k1\u0000', revision: page.revision });
        assert.deepEqual(keysOf(rest), ['/n/k3', '/n/k5']);
        assert.equal(rest.more, false);
        await s.update('/n/k1', JSON.stringify({ labels: { team: 'even' } }));
        assert.deepEqual(keysOf(await s.list('/n/', { valueContains: [odd] })), ['/n/k3', '/n/k5']);
        assert.deepEqual(keysOf(await s.list('/n/', { valueContains: [odd], revision: page.revision })), ['/n/k1', '/n/k3', '/n/k5']);
      }));

    test('list at an older revision shows the keys as they were then', () =>
      withStore(makeStore, async (s) => {
        await s.create('/h/a', 'a1');
        await s.create('/h/b', 'b1');
        const then = await s.currentRevision();
        await s.update('/h/a', 'a2');
        await s.delete('/h/b');
        await s.create('/h/c', 'c1');
        const old = await s.list('/h/', { revision: then });
        assert.equal(old.revision, then);
        assert.deepEqual(old.items.map((i) => `${i.key}=${i.value}`), ['/h/a=a1', '/h/b=b1']);
        const now = await s.list('/h/');
        assert.deepEqual(now.items.map((i) => `${i.key}=${i.value}`), ['/h/a=a2', '/h/c=c1']);
        await assert.rejects(s.list('/h/', { revision: 1000 }), FutureRevisionError);
      }));

    test('compaction: reads below the compacted revision fail, the latest value of every live key stays', () =>
      withStore(makeStore, async (s) => {
        await s.create('/k/a', 'a1'); // 1
        await s.update('/k/a', 'a2'); // 2
        await s.create('/k/b', 'b1'); // 3
        await s.delete('/k/b'); // 4
        await s.create('/k/c', 'c1'); // 5
        await s.update('/k/c', 'c2'); // 6
        await s.compact(5);
        assert.equal(await s.compactedRevision(), 5);
        await assert.rejects(s.list('/k/', { revision: 4 }), (err: unknown) =>
          err instanceof CompactedError && err.requested === 4 && err.compacted === 5);
        await assert.rejects(s.get('/k/a', { revision: 3 }), CompactedError);
        const at5 = await s.list('/k/', { revision: 5 });
        assert.deepEqual(at5.items.map((i) => `${i.key}=${i.value}@${i.modRevision}`), ['/k/a=a2@2', '/k/c=c1@5']);
        assert.equal((await s.get('/k/a', { revision: 5 }))?.value, 'a2');
        assert.deepEqual((await s.list('/k/')).items.map((i) => `${i.key}=${i.value}`), ['/k/a=a2', '/k/c=c2']);
        assert.equal(await s.get('/k/b'), undefined);
        assert.equal(await s.count('/k/'), 2);
        await s.compact(3);
        assert.equal(await s.compactedRevision(), 5);
        await assert.rejects(s.compact(100), FutureRevisionError);
        const b = await s.create('/k/b', 'b2');
        assert.deepEqual(b, { key: '/k/b', value: 'b2', createRevision: 7, modRevision: 7 });
      }));

    test('compaction at the current revision keeps every live key with its latest value', () =>
      withStore(makeStore, async (s) => {
        for (let i = 0; i < 40; i++) await s.create(`/m/${String(i).padStart(2, '0')}`, `v${i}`);
        for (let round = 0; round < 3; round++) {
          for (let i = 0; i < 40; i += 2) await s.update(`/m/${String(i).padStart(2, '0')}`, `r${round}-${i}`);
        }
        for (let i = 0; i < 40; i += 5) await s.delete(`/m/${String(i).padStart(2, '0')}`);
        const before = await s.list('/m/');
        await s.compact(await s.currentRevision());
        const after = await s.list('/m/');
        assert.deepEqual(after, before);
        assert.equal(await s.count('/m/'), 32);
        assert.equal(await s.currentRevision(), 40 + 60 + 8);
      }));

    registerWatchConformance(makeStore);

    if (reopen) {
      test('data, revision and compacted revision survive a reopen', () =>
        withStore(makeStore, async (first) => {
          await first.create('/s/a', 'a1'); // 1
          await first.create('/s/b', 'b1'); // 2
          await first.update('/s/a', 'a2'); // 3
          await first.create('/s/gone', 'x'); // 4
          await first.delete('/s/gone'); // 5
          await first.compact(3);
          const list = await first.list('/s/');
          const s = await reopen(first);
          assert.equal(await s.currentRevision(), 5);
          assert.equal(await s.compactedRevision(), 3);
          assert.deepEqual(await s.list('/s/'), list);
          assert.equal((await s.get('/s/gone', { revision: 4 }))?.value, 'x');
          await assert.rejects(s.get('/s/a', { revision: 2 }), CompactedError);
          assert.equal((await s.create('/s/c', 'c1')).modRevision, 6);
          return s;
        }));

      test('the revision continues after a reopen even when compaction removed the newest rows', () =>
        withStore(makeStore, async (first) => {
          await first.create('/t/a', 'a'); // 1
          await first.delete('/t/a'); // 2
          await first.compact(2);
          const s = await reopen(first);
          assert.equal(await s.currentRevision(), 2);
          assert.equal((await s.create('/t/a', 'again')).createRevision, 3);
          return s;
        }));
    }
  });
}
