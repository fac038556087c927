import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock } from '../controller/clock.ts';
import { newTestClient, newTestServer } from '../controller/test-server.ts';
import type { KubeObject } from '../machinery/object.ts';
import { LeaderElections, leaderElected } from './leader-elected.ts';

function component(log: string[], name: string) {
  return () => {
    log.push(`${name} started`);
    return { stop: async () => void log.push(`${name} stopped`) };
  };
}

test('two processes over one store: each gated component runs once, in the process that holds its Lease, and moves when that one stops', async () => {
  const clock = new FakeClock('2026-01-01T00:00:00Z');
  const server = await newTestServer({ clock });
  const client = newTestClient(server);
  const log: string[] = [];
  const first = new LeaderElections(client, clock, 'host-a_1');
  const second = new LeaderElections(client, clock, 'host-b_2');
  const a = [first.run('kube-controller-manager', component(log, 'a/workloads')), first.run('kube-controller-manager', component(log, 'a/nodes')), first.run('kube-scheduler', component(log, 'a/scheduler'))];
  await clock.advance(1);
  const b = [second.run('kube-controller-manager', component(log, 'b/workloads')), second.run('kube-scheduler', component(log, 'b/scheduler'))];
  await clock.advance(20_000);
  assert.deepEqual(log.sort(), ['a/nodes started', 'a/scheduler started', 'a/workloads started']);
  const leases = await client.list<KubeObject & { spec: { holderIdentity: string } }>({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' }, { namespace: 'kube-system' });
  assert.deepEqual(leases.items.map((l) => [l.metadata.name, l.spec.holderIdentity]), [['kube-controller-manager', 'host-a_1'], ['kube-scheduler', 'host-a_1']]);

  log.length = 0;
  for (const s of a) await s.stop();
  assert.deepEqual(log.sort(), ['a/nodes stopped', 'a/scheduler stopped', 'a/workloads stopped']);
  await clock.advance(2_100); // the next retry: the released Leases are taken at once
  assert.deepEqual(log.sort(), ['a/nodes stopped', 'a/scheduler stopped', 'a/workloads stopped', 'b/scheduler started', 'b/workloads started']);
  for (const s of b) await s.stop();
});

test('without elections a component starts at once', () => {
  const log: string[] = [];
  leaderElected('kube-scheduler', undefined, component(log, 'scheduler'));
  assert.deepEqual(log, ['scheduler started']);
});
