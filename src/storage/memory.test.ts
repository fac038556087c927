import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from './memory.ts';
import { runStoreConformance } from './conformance.ts';

runStoreConformance('memory', async () => new MemoryStore());

describe('MemoryStore', () => {
  test('compaction drops superseded versions, tombstones and replay events', async () => {
    const s = new MemoryStore();
    for (let round = 0; round < 50; round++) {
      await s.create('/k/a', `v${round}`);
      await s.delete('/k/a');
    }
    await s.create('/k/b', 'b');
    const internals = s as unknown as { versions: Map<string, unknown[]>; keys: string[]; events: unknown[] };
    assert.equal(internals.versions.get('/k/a')!.length, 100);
    await s.compact(await s.currentRevision());
    assert.equal(internals.versions.has('/k/a'), false);
    assert.deepEqual(internals.keys, ['/k/b']);
    assert.equal(internals.events.length, 0);
    assert.deepEqual((await s.list('/k/')).items.map((i) => i.value), ['b']);
    await s.close();
  });

  test('returned values are copies: mutating them does not change the store', async () => {
    const s = new MemoryStore();
    const created = await s.create('/k/a', 'v');
    created.value = 'mutated';
    (await s.list('/k/')).items[0]!.value = 'mutated';
    assert.equal((await s.get('/k/a'))?.value, 'v');
    await s.close();
  });
});
