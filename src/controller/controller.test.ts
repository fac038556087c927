import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../machinery/object.ts';
import { FakeClock, flushAsync } from './clock.ts';
import { runController } from './controller.ts';
import { EventRecorder } from './events.ts';
import { newTestClient, newTestServer } from './test-server.ts';
import { WorkQueue } from './workqueue.ts';

test('keys are reconciled; requeueAfter polls on the clock', async () => {
  const clock = new FakeClock();
  const queue = new WorkQueue({ clock });
  const seen: string[] = [];
  const c = runController({
    name: 'poller',
    queue,
    reconcile(key) {
      seen.push(key);
      return key === 'poll' ? { requeueAfter: 1000 } : undefined;
    },
  });
  queue.add('once');
  queue.add('poll');
  await flushAsync();
  assert.deepEqual(seen, ['once', 'poll']);
  await clock.advance(999);
  assert.equal(seen.length, 2);
  await clock.advance(1);
  assert.deepEqual(seen, ['once', 'poll', 'poll']);
  await c.stop();
});

test('a failing key backs off exponentially and succeeds later; its backoff is forgotten on success', async () => {
  const clock = new FakeClock();
  const queue = new WorkQueue({ clock });
  const at: number[] = [];
  const start = clock.now().getTime();
  let failures = 3;
  const errors: string[] = [];
  const c = runController({
    name: 'flaky',
    queue,
    reconcile() {
      at.push(clock.now().getTime() - start);
      if (failures-- > 0) throw new Error('not yet');
    },
    onError: (key, err) => errors.push(`${key}: ${(err as Error).message}`),
  });
  queue.add('k');
  await clock.advance(100);
  assert.deepEqual(at, [0, 5, 15, 35]);
  assert.equal(errors.length, 3);
  assert.equal(queue.numRequeues('k'), 0);
  await c.stop();
});

test('several workers never reconcile the same key at once', async () => {
  const queue = new WorkQueue();
  let active = 0;
  let maxActive = 0;
  const inFlight = new Set<string>();
  let overlap = false;
  let runs = 0;
  const c = runController({
    name: 'parallel',
    queue,
    workers: 4,
    async reconcile(key) {
      if (inFlight.has(key)) overlap = true;
      inFlight.add(key);
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 5));
      if (runs++ < 3) queue.add('a');
      active--;
      inFlight.delete(key);
    },
  });
  for (const k of ['a', 'b', 'c', 'd']) queue.add(k);
  await new Promise((r) => setTimeout(r, 60));
  await c.stop();
  assert.equal(overlap, false);
  assert.ok(maxActive > 1);
});

test('a reconcile error becomes a Warning Event ReconcileError on the object, from the controller', async () => {
  const server = await newTestServer();
  const client = newTestClient(server);
  const cm = await client.create<KubeObject>({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'broken', namespace: 'default' } });
  const clock = new FakeClock();
  const queue = new WorkQueue({ clock });
  const c = runController({
    name: 'configmap-controller',
    queue,
    reconcile: () => {
      throw new Error('cannot reconcile');
    },
    recorder: new EventRecorder(client, { component: 'configmap-controller', clock }),
    objectFor: (key) => (key === 'default/broken' ? cm : undefined),
    onError: () => {},
  });
  queue.add('default/broken');
  await clock.advance(1);
  await clock.advance(10);
  await c.stop();
  const events = (await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'default' })).items;
  assert.equal(events.length, 1);
  const e = events[0]!;
  assert.equal(e.type, 'Warning');
  assert.equal(e.reason, 'ReconcileError');
  assert.equal(e.message, 'cannot reconcile');
  assert.equal((e.source as { component: string }).component, 'configmap-controller');
  assert.equal((e.involvedObject as { uid: string }).uid, cm.metadata.uid);
  assert.ok((e.count as number) >= 2);
});
