// The watch part of the store conformance suite.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CompactedError, StoreClosedError, type Store, type StoreEvent } from './store.ts';
import { brief, collectEvents, sleep, waitFor, withStore, type MakeStore } from './conformance-support.ts';

/** Every '/c/' write of the concurrent-writes test: per key a create, updates and a delete, keys in parallel. */
async function writeChains(s: Store, keys: number, onWrite: () => void): Promise<void> {
  await Promise.all(
    Array.from({ length: keys }, async (_, i) => {
      const key = `/c/${i}`;
      let rev = (await s.create(key, `${i}-0`)).modRevision;
      onWrite();
      await s.create(`/other/${i}`, 'noise');
      for (let n = 1; n <= 3; n++) {
        rev = (await s.update(key, `${i}-${n}`, rev)).modRevision;
        onWrite();
      }
      await s.delete(key, rev);
      onWrite();
    }),
  );
}

export function registerWatchConformance(makeStore: MakeStore): void {
  test('watches of shallow and deep prefixes, with or without a closing slash, see exactly the keys they prefix', () =>
    withStore(makeStore, async (s) => {
      const prefixes = ['/', '/p/', '/p/a/', '/p/a/b/', '/p/a/b/c', '/p/a/b/c/', '/p/a/bc/', '/p/a/b/cd/e/'];
      const keys = ['/p/a/b/c', '/p/a/b/c/1', '/p/a/b/cd/e/2', '/p/a/bc/3', '/p/a/b/4', '/p/x', '/q/a/b/c/5'];
      const collectors = prefixes.map(() => collectEvents());
      const watchers = await Promise.all(prefixes.map((p, i) => s.watch(p, 0, collectors[i]!.callbacks)));
      for (const key of keys) await s.create(key, 'v');
      await sleep(20);
      prefixes.forEach((p, i) => {
        assert.deepEqual(collectors[i]!.events.map((e) => e.key), keys.filter((k) => k.startsWith(p)), `watch of ${p}`);
      });
      for (const w of watchers) w.stop();
    }));

  test('watch from a revision delivers history, then live events, in order, with prevValue, prefix filtered', () =>
    withStore(makeStore, async (s) => {
      await s.create('/w/a', 'a1'); // 1
      await s.update('/w/a', 'a2'); // 2
      await s.create('/x/a', 'x'); // 3
      await s.delete('/w/a'); // 4
      const c = collectEvents();
      const watcher = await s.watch('/w/', 1, c.callbacks);
      await s.create('/w/b', 'b1'); // 5
      await s.create('/x/b', 'x'); // 6
      await s.update('/w/b', 'b2'); // 7
      await c.waitForCount(4);
      await sleep(10);
      assert.deepEqual(c.events.map(brief), [
        '2 put /w/a=a2 prev=a1 created=1',
        '4 delete /w/a=a2 prev=a2 created=1',
        '5 put /w/b=b1 prev=- created=5',
        '7 put /w/b=b2 prev=b1 created=5',
      ]);
      assert.equal('prevValue' in c.events[2]!, false);
      watcher.stop();
    }));

  test('watch callbacks run after the write call returns, never inside it', () =>
    withStore(makeStore, async (s) => {
      let insideWrite = false;
      const seen: boolean[] = [];
      await s.watch('/', 0, { onEvent: () => seen.push(insideWrite) });
      for (let i = 0; i < 5; i++) {
        insideWrite = true;
        const p = s.create(`/async/${i}`, 'v');
        insideWrite = false;
        await p;
      }
      await waitFor(() => seen.length === 5, '5 events');
      assert.deepEqual(seen, [false, false, false, false, false]);
    }));

  test('watch delivers every event exactly once, in revision order, across many concurrent writes', () =>
    withStore(makeStore, async (s) => {
      const all = collectEvents();
      await s.watch('/c/', 0, all.callbacks);
      const keys = 40;
      const total = keys * 5;
      let written = 0;
      let midWatch: Promise<{ from: number; events: StoreEvent[] }> | undefined;
      await writeChains(s, keys, () => {
        if (++written === total / 2) {
          midWatch = (async () => {
            const from = await s.currentRevision();
            const c = collectEvents();
            await s.watch('/c/', from, c.callbacks);
            return { from, events: c.events };
          })();
        }
      });
      await all.waitForCount(total);
      await sleep(20);
      assert.equal(all.events.length, total);
      for (let i = 1; i < all.events.length; i++) assert.ok(all.events[i]!.modRevision > all.events[i - 1]!.modRevision);
      assert.ok(all.events.every((e) => e.key.startsWith('/c/')));
      assert.equal(all.events.filter((e) => e.type === 'delete').length, keys);
      const replayed = collectEvents();
      await s.watch('/c/', 0, replayed.callbacks);
      await replayed.waitForCount(total);
      assert.deepEqual(replayed.events.map(brief), all.events.map(brief));
      const mid = await midWatch!;
      const expected = all.events.filter((e) => e.modRevision > mid.from).map(brief);
      await waitFor(() => mid.events.length >= expected.length, 'the mid-stream watch to catch up');
      assert.deepEqual(mid.events.map(brief), expected);
    }));

  test('watch from a future revision delivers only the events after it', () =>
    withStore(makeStore, async (s) => {
      const c = collectEvents();
      await s.watch('/f/', 2, c.callbacks);
      for (let i = 1; i <= 4; i++) await s.create(`/f/${i}`, 'v');
      await c.waitForCount(2);
      await sleep(10);
      assert.deepEqual(c.events.map((e) => e.modRevision), [3, 4]);
    }));

  test('watch from a compacted revision fails with CompactedError; from the compacted revision it works', () =>
    withStore(makeStore, async (s) => {
      for (let i = 1; i <= 5; i++) await s.create(`/wc/${i}`, 'v');
      await s.compact(3);
      await assert.rejects(s.watch('/wc/', 2, collectEvents().callbacks), (err: unknown) =>
        err instanceof CompactedError && err.requested === 2 && err.compacted === 3);
      const c = collectEvents();
      await s.watch('/wc/', 3, c.callbacks);
      await c.waitForCount(2);
      assert.deepEqual(c.events.map((e) => e.key), ['/wc/4', '/wc/5']);
    }));

  test('stop() ends delivery, including events already queued', () =>
    withStore(makeStore, async (s) => {
      const c = collectEvents();
      const watcher = await s.watch('/st/', 0, c.callbacks);
      await s.create('/st/1', 'v');
      await c.waitForCount(1);
      const pending = s.create('/st/2', 'v');
      watcher.stop();
      await pending;
      await s.create('/st/3', 'v');
      await sleep(20);
      assert.deepEqual(c.events.map((e) => e.key), ['/st/1']);
      assert.deepEqual(c.errors, []);
    }));

  test('close() flushes pending writes, errors pending watchers and rejects later calls', async () => {
    const s = await makeStore();
    const c = collectEvents();
    await s.watch('/cl/', 0, c.callbacks);
    const inFlight = s.create('/cl/a', 'v');
    await s.close();
    assert.equal((await inFlight).modRevision, 1);
    await waitFor(() => c.errors.length === 1, 'the watch error');
    assert.ok(c.errors[0] instanceof StoreClosedError);
    assert.deepEqual(c.events.map((e) => e.key), ['/cl/a']);
    await assert.rejects(s.create('/cl/b', 'v'), StoreClosedError);
    await assert.rejects(s.get('/cl/a'), StoreClosedError);
    await assert.rejects(s.list('/cl/'), StoreClosedError);
    await assert.rejects(s.watch('/cl/', 0, collectEvents().callbacks), StoreClosedError);
    await s.close();
  });
}
