import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ComponentProbes } from './component-status.ts';
import { ServerHealth } from './health.ts';
import { MemoryStore } from '../storage/memory.ts';

describe('ComponentProbes', () => {
  test('a component with no probe reads as kube-apiserver finds a stopped one: its healthz connection refused', async () => {
    const probes = new ComponentProbes();
    assert.deepEqual(await probes.status('scheduler'), {
      kind: 'ComponentStatus',
      apiVersion: 'v1',
      metadata: { name: 'scheduler' },
      conditions: [{ type: 'Healthy', status: 'Unknown', error: 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused' }],
    });
  });

  test('a probe answers healthy or not, and a failing one is Unhealthy with its error', async () => {
    const probes = new ComponentProbes();
    probes.set('controller-manager', async () => ({ healthy: true, message: 'ok' }));
    probes.set('etcd-0', async () => {
      throw new Error('the store is closed');
    });
    assert.deepEqual((await probes.status('controller-manager')).conditions, [{ type: 'Healthy', status: 'True', message: 'ok' }]);
    assert.deepEqual((await probes.status('etcd-0')).conditions, [{ type: 'Healthy', status: 'False', error: 'the store is closed' }]);
    probes.delete('controller-manager');
    assert.equal((await probes.status('controller-manager')).conditions[0]!.status, 'Unknown');
    assert.deepEqual(probes.names(), ['scheduler', 'controller-manager', 'etcd-0']);
  });
});

test('etcd-0 is the store answering: ok while it does, Unhealthy with the reason once it does not', async () => {
  const store = new MemoryStore();
  const health = new ServerHealth(store);
  assert.deepEqual(await health.storeProbe(), { healthy: true, message: 'ok' });
  await store.close();
  const closed = await health.storeProbe();
  assert.equal(closed.healthy, false);
  assert.match((closed as { error: string }).error, /closed/);
});
