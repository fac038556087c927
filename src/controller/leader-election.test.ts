import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../machinery/object.ts';
import { FakeClock } from './clock.ts';
import type { KubeClient } from './client.ts';
import { LeaderElector, type LeaseSpec } from './leader-election.ts';
import { newTestClient, newTestServer } from './test-server.ts';

const LEASE_REF = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace: 'kube-system', name: 'cozylab-controllers' };

async function setup() {
  const clock = new FakeClock('2026-01-01T00:00:00Z');
  const server = await newTestServer({ clock });
  const client = newTestClient(server);
  const log: string[] = [];
  const elector = (identity: string, c: KubeClient = client, releaseOnStop = false) =>
    new LeaderElector({
      client: c,
      clock,
      identity,
      releaseOnStop,
      lease: { namespace: 'kube-system', name: 'cozylab-controllers' },
      onStartedLeading: () => void log.push(`${identity} started`),
      onStoppedLeading: () => void log.push(`${identity} stopped`),
    });
  return { clock, client, log, elector };
}

test('of two electors exactly one leads; when it stops renewing the other takes over after the lease expires', async () => {
  const { clock, client, log, elector } = await setup();
  const a = elector('a');
  const b = elector('b');
  a.start();
  await clock.advance(1);
  b.start();
  await clock.advance(30_000);
  assert.deepEqual([a.isLeader(), b.isLeader()], [true, false]);
  assert.deepEqual(log, ['a started']);
  const lease = await client.get<KubeObject & { spec: LeaseSpec }>(LEASE_REF);
  assert.equal(lease.spec.holderIdentity, 'a');
  assert.equal(lease.spec.leaseDurationSeconds, 15);
  assert.equal(lease.spec.renewTime, '2026-01-01T00:00:30.000000Z');
  assert.equal(b.leader, 'a');

  await a.stop();
  assert.deepEqual(log, ['a started', 'a stopped']);
  await clock.advance(12_000);
  assert.equal(b.isLeader(), false, 'the lease has not expired yet');
  await clock.advance(6_000);
  assert.equal(b.isLeader(), true);
  const taken = await client.get<KubeObject & { spec: LeaseSpec }>(LEASE_REF);
  assert.equal(taken.spec.holderIdentity, 'b');
  assert.equal(taken.spec.leaseTransitions, 1);
  await b.stop();
});

test('releasing on stop hands the lease over at the next retry', async () => {
  const { clock, elector } = await setup();
  const a = elector('a', undefined, true);
  const b = elector('b');
  a.start();
  await clock.advance(1);
  b.start();
  await clock.advance(5_000);
  await a.stop();
  await clock.advance(2_000);
  assert.equal(b.isLeader(), true);
  await b.stop();
});

test('a leader that cannot renew within the renew deadline stops leading', async () => {
  const { clock, client, log, elector } = await setup();
  let down = false;
  const flaky: KubeClient = Object.create(client);
  flaky.get = ((ref: never) => (down ? Promise.reject(new Error('connection refused')) : client.get(ref))) as KubeClient['get'];
  const a = elector('a', flaky);
  a.start();
  await clock.advance(1);
  assert.equal(a.isLeader(), true);
  down = true;
  await clock.advance(8_000);
  assert.equal(a.isLeader(), true);
  await clock.advance(4_000);
  assert.equal(a.isLeader(), false);
  assert.deepEqual(log, ['a started', 'a stopped']);
  await a.stop();
});
