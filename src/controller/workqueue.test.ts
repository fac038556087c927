import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock } from './clock.ts';
import { ControllerRateLimiter, WorkQueue } from './workqueue.ts';

test('an item added twice is handed out once', async () => {
  const q = new WorkQueue();
  q.add('a');
  q.add('b');
  q.add('a');
  assert.equal(q.length, 2);
  assert.equal(await q.get(), 'a');
  assert.equal(await q.get(), 'b');
});

test('an item added while processing is re-queued once after done, never handed out twice at once', async () => {
  const q = new WorkQueue();
  q.add('a');
  const item = await q.get();
  q.add('a');
  q.add('a');
  assert.equal(q.length, 0);
  let second: string | undefined;
  void q.get().then((i) => (second = i));
  await Promise.resolve();
  assert.equal(second, undefined);
  q.done(item!);
  await Promise.resolve();
  assert.equal(second, 'a');
  q.done('a');
  assert.equal(q.length, 0);
});

test('addAfter waits on the clock, and the earliest pending add wins', async () => {
  const clock = new FakeClock();
  const q = new WorkQueue({ clock });
  q.addAfter('a', 1000);
  q.addAfter('a', 300);
  q.addAfter('a', 2000);
  await clock.advance(299);
  assert.equal(q.length, 0);
  await clock.advance(1);
  assert.equal(q.length, 1);
  await clock.advance(5000);
  assert.equal(q.length, 1);
});

test('per-item backoff doubles from 5 ms, is capped, and forget resets it', () => {
  const clock = new FakeClock();
  const rl = new ControllerRateLimiter<string>(clock, { maxDelayMs: 40, burst: 1000 });
  assert.deepEqual([rl.when('x'), rl.when('x'), rl.when('x'), rl.when('x'), rl.when('x')], [5, 10, 20, 40, 40]);
  assert.equal(rl.numRequeues('x'), 5);
  assert.equal(rl.when('y'), 5);
  rl.forget('x');
  assert.equal(rl.when('x'), 5);
});

test('the default cap is 1000 s', () => {
  const rl = new ControllerRateLimiter<string>(new FakeClock(), { burst: 1e9, qps: 1e9 });
  let d = 0;
  for (let i = 0; i < 40; i++) d = rl.when('x');
  assert.equal(d, 1000_000);
});

test('the token bucket allows a burst, then spaces retries at qps', async () => {
  const clock = new FakeClock();
  const rl = new ControllerRateLimiter<string>(clock, { qps: 10, burst: 2 });
  assert.equal(rl.when('a'), 5);
  assert.equal(rl.when('b'), 5);
  assert.equal(rl.when('c'), 100);
  assert.equal(rl.when('d'), 200);
  await clock.advance(1000);
  assert.equal(rl.when('e'), 5);
});

test('addRateLimited re-adds after the backoff', async () => {
  const clock = new FakeClock();
  const q = new WorkQueue({ clock });
  q.addRateLimited('k');
  q.addRateLimited('k');
  await clock.advance(4);
  assert.equal(q.length, 0);
  await clock.advance(1);
  assert.equal(q.length, 1);
  assert.equal(q.numRequeues('k'), 2);
});

test('shutDown drains what is queued, then get answers undefined; waiting adds are dropped', async () => {
  const clock = new FakeClock();
  const q = new WorkQueue({ clock });
  let waiter: string | undefined | null = null;
  void q.get().then((i) => (waiter = i));
  q.shutDown();
  await Promise.resolve();
  assert.equal(waiter, undefined);

  const q2 = new WorkQueue({ clock });
  q2.add('a');
  q2.addAfter('b', 10);
  q2.shutDown();
  assert.equal(clock.pending, 0);
  assert.equal(await q2.get(), 'a');
  assert.equal(await q2.get(), undefined);
  q2.add('c');
  assert.equal(q2.length, 0);
});

test('with priorityOf, the highest-priority waiting item goes first and equal ones keep their order', async () => {
  const priority: Record<string, number> = { low: 0, high: 5, mid: 2, mid2: 2 };
  const q = new WorkQueue<string>({ priorityOf: (item) => priority[item] ?? 0 });
  for (const item of ['low', 'mid', 'high', 'mid2']) q.add(item);
  const order: Array<string | undefined> = [];
  for (let i = 0; i < 4; i++) order.push(await q.get());
  assert.deepEqual(order, ['high', 'mid', 'mid2', 'low']);
});
