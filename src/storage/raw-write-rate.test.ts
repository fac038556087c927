import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from './memory.ts';
import { jsonValueOfSize, measureRawWriteRate } from './raw-write-rate.ts';

test('jsonValueOfSize gives valid JSON of the requested length', () => {
  for (const n of [0, 5, 8, 9, 100, 4096]) {
    const v = jsonValueOfSize(n);
    assert.doesNotThrow(() => JSON.parse(v));
    assert.equal(v.length, Math.max(n, 8));
  }
});

test('measureRawWriteRate creates `count` keys of the given size and reports rate and latencies', async () => {
  const store = new MemoryStore();
  const result = await measureRawWriteRate(store, { count: 500, valueBytes: 256, concurrency: 16 });
  assert.equal(await store.currentRevision(), 500);
  assert.equal(await store.count('/raw-write-rate/'), 500);
  const { items } = await store.list('/raw-write-rate/', { limit: 1 });
  assert.equal(items[0]!.value.length, 256);
  assert.ok(result.writesPerSecond > 0 && Number.isFinite(result.writesPerSecond));
  assert.ok(result.p50Ms >= 0 && result.p99Ms >= result.p50Ms);
  await measureRawWriteRate(store, { count: 10, valueBytes: 10, concurrency: 50 });
  assert.equal(await store.count('/raw-write-rate/'), 510);
  await store.close();
});
