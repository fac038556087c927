import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock, realClock } from './clock.ts';

test('fake clock fires due timers in time order, reading each timer’s due time', async () => {
  const clock = new FakeClock('2026-01-01T00:00:00Z');
  const fired: string[] = [];
  clock.setTimeout(() => fired.push(`b@${clock.now().toISOString()}`), 200);
  clock.setTimeout(() => fired.push(`a@${clock.now().toISOString()}`), 100);
  clock.setTimeout(() => fired.push('late'), 1000);
  await clock.advance(500);
  assert.deepEqual(fired, ['a@2026-01-01T00:00:00.100Z', 'b@2026-01-01T00:00:00.200Z']);
  assert.equal(clock.now().toISOString(), '2026-01-01T00:00:00.500Z');
  assert.equal(clock.pending, 1);
});

test('timers set by a firing callback fire in the same advance when due', async () => {
  const clock = new FakeClock();
  const at: number[] = [];
  const start = clock.now().getTime();
  const tick = () => {
    at.push(clock.now().getTime() - start);
    if (at.length < 3) clock.setTimeout(tick, 10);
  };
  clock.setTimeout(tick, 10);
  await clock.advance(100);
  assert.deepEqual(at, [10, 20, 30]);
});

test('cleared timers do not fire; sleep resolves when the clock passes it; set never goes back', async () => {
  const clock = new FakeClock('2026-01-01T00:00:00Z');
  let fired = false;
  const t = clock.setTimeout(() => (fired = true), 5);
  clock.clearTimeout(t);
  let woke = false;
  void clock.sleep(1000).then(() => (woke = true));
  await clock.advance(999);
  assert.equal(woke, false);
  await clock.set('2026-01-01T00:00:01Z');
  assert.equal(woke, true);
  assert.equal(fired, false);
  await clock.set('2025-01-01T00:00:00Z');
  assert.equal(clock.now().toISOString(), '2026-01-01T00:00:01.000Z');
});

test('real clock sleeps and cancels', async () => {
  const before = Date.now();
  await realClock.sleep(20);
  assert.ok(Date.now() - before >= 15);
  let fired = false;
  realClock.clearTimeout(realClock.setTimeout(() => (fired = true), 5));
  await realClock.sleep(20);
  assert.equal(fired, false);
});
