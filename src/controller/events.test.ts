import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../machinery/object.ts';
import { FakeClock } from './clock.ts';
import { EventRecorder } from './events.ts';
import { newTestClient, newTestServer } from './test-server.ts';

test('an Event is created with source and timestamps, and a repeat bumps count and lastTimestamp', async () => {
  const clock = new FakeClock('2026-03-01T10:00:00Z');
  const server = await newTestServer({ clock });
  const client = newTestClient(server);
  const pod = await client.create<KubeObject>({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
  const recorder = new EventRecorder(client, { component: 'my-controller', clock });
  const first = await recorder.warning(pod, 'ReconcileError', 'boom');
  assert.ok(first);
  assert.match(first.metadata.name!, /^p\.[0-9a-f]+$/);
  assert.equal(first.count, 1);
  assert.deepEqual(first.source, { component: 'my-controller' });
  assert.equal(first.type, 'Warning');
  assert.deepEqual(first.involvedObject, { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'p', uid: pod.metadata.uid, resourceVersion: pod.metadata.resourceVersion });
  await clock.advance(60_000);
  const second = await recorder.warning(pod, 'ReconcileError', 'boom');
  assert.equal(second!.metadata.name, first.metadata.name);
  assert.equal(second!.count, 2);
  assert.equal(second!.firstTimestamp, '2026-03-01T10:00:00Z');
  assert.equal(second!.lastTimestamp, '2026-03-01T10:01:00Z');
  await recorder.warning(pod, 'ReconcileError', 'another message');
  await recorder.normal({ apiVersion: 'v1', kind: 'Node', name: 'n1' }, 'Ready', 'node is ready');
  const events = await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'default' });
  assert.equal(events.items.length, 3);
  const nodeEvent = events.items.find((e) => (e.involvedObject as { kind: string }).kind === 'Node')!;
  assert.equal(nodeEvent.metadata.namespace, 'default');
});

test('an Event deleted meanwhile is created again; write failures are reported, not thrown', async () => {
  const server = await newTestServer();
  const client = newTestClient(server);
  const recorder = new EventRecorder(client, { component: 'c' });
  const about = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'cm' };
  const first = await recorder.normal(about, 'R', 'm');
  await client.delete({ apiVersion: 'v1', kind: 'Event', namespace: 'default', name: first!.metadata.name! });
  const again = await recorder.normal(about, 'R', 'm');
  assert.equal(again!.count, 1);
  const errors: unknown[] = [];
  const failing = new EventRecorder(client, { component: 'c', onError: (e) => errors.push(e) });
  assert.equal(await failing.normal({ ...about, namespace: 'missing' }, 'R', 'm'), undefined);
  assert.equal(errors.length, 1);
});

test('two recorders writing about one object at the same instant both get their Event', async () => {
  const clock = new FakeClock('2026-03-01T10:00:00Z');
  const server = await newTestServer({ clock });
  const client = newTestClient(server);
  const about = { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'p' };
  const scheduler = new EventRecorder(client, { component: 'default-scheduler', clock });
  const kubelet = new EventRecorder(client, { component: 'kubelet', clock });
  const [a, b] = await Promise.all([scheduler.normal(about, 'Scheduled', 'assigned'), kubelet.normal(about, 'Pulling', 'pulling')]);
  assert.ok(a && b);
  assert.notEqual(a.metadata.name, b.metadata.name);
  const events = await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'default' });
  assert.deepEqual(events.items.map((e) => e.reason).sort(), ['Pulling', 'Scheduled']);
});

test('a ReplicaSet creating 100 pods leaves 9 Events and one combined Event counting the rest its budget allows', async () => {
  const clock = new FakeClock('2026-03-01T10:00:00Z');
  const server = await newTestServer({ clock });
  const client = newTestClient(server);
  const recorder = new EventRecorder(client, { component: 'replicaset-controller', clock });
  const rs = { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', name: 'web', uid: 'u1' };
  const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => recorder.record(rs, 'Normal', 'SuccessfulCreate', `Created pod: web-${i}`)));
  assert.equal(outcomes.filter((o) => 'skipped' in o).length, 75);
  const events = (await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'default' })).items;
  assert.equal(events.length, 10);
  const combined = events.filter((e) => String(e.message).startsWith('(combined from similar events): '));
  assert.equal(combined.length, 1);
  assert.equal(combined[0]!.count, 16);
  assert.equal(combined[0]!.reportingComponent, '');
  assert.deepEqual((combined[0]!.source as object), { component: 'replicaset-controller' });
});
