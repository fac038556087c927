import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock, flushAsync, InformerFactory, InProcessClient } from '../../controller/index.ts';
import { newTestServer } from '../../controller/test-server.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { startResourceQuotaController } from './resource-quota-controller.ts';

const POD = { apiVersion: 'v1', kind: 'Pod' };
const QUOTA_REF = { apiVersion: 'v1', kind: 'ResourceQuota', namespace: 'default', name: 'compute' };

function pod(name: string, cpu = '250m', extra: Record<string, unknown> = {}): KubeObject {
  return {
    ...POD,
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu }, limits: { cpu } } }], ...extra },
  };
}

async function harness(resyncMs = 60_000) {
  const clock = new FakeClock();
  const server = await newTestServer({ clock });
  const client = new InProcessClient(server, { fieldManager: 'test' });
  const factory = new InformerFactory(client, { clock });
  const controller = startResourceQuotaController({ client, factory, clock, resyncMs });
  factory.start();
  const status = async () => (await client.get(QUOTA_REF)).status as { hard?: Record<string, string>; used?: Record<string, string> } | undefined;
  return {
    clock,
    client,
    status,
    async until(check: (s: Awaited<ReturnType<typeof status>>) => boolean, what: string) {
      for (let i = 0; i < 200; i++) {
        if (check(await status())) return;
        await flushAsync(3);
        await clock.advance(0);
      }
      assert.fail(`timed out waiting for ${what}: ${JSON.stringify(await status())}`);
    },
    async stop() {
      await controller.stop();
      factory.stop();
    },
  };
}

describe('resource quota controller', () => {
  test('fills status.hard and status.used, counting what already exists', async () => {
    const h = await harness();
    await h.client.create(pod('a'));
    await h.client.create({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'default' }, spec: { hard: { pods: '10', 'requests.cpu': '2000m', 'count/configmaps': '3', services: '2' } } });
    await h.until((s) => s?.used?.pods === '1', 'pods counted');
    assert.deepEqual(await h.status(), {
      hard: { 'count/configmaps': '3', pods: '10', 'requests.cpu': '2', services: '2' },
      used: { 'count/configmaps': '0', pods: '1', 'requests.cpu': '250m', services: '0' },
    });
    await h.client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' } });
    await h.until((s) => s?.used?.['count/configmaps'] === '1', 'configmap counted');
    await h.stop();
  });

  test('deleting pods and pods finishing lower used; spec changes reach status.hard', async () => {
    const h = await harness();
    await h.client.create({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'default' }, spec: { hard: { pods: '5', 'count/pods': '5', 'requests.cpu': '2' } } });
    await h.until((s) => s?.used !== undefined, 'first sync');
    for (const n of ['a', 'b', 'c']) await h.client.create(pod(n));
    await h.until((s) => s?.used?.pods === '3' && s.used['requests.cpu'] === '750m', 'three pods');
    await h.client.delete({ ...POD, namespace: 'default', name: 'a' });
    await h.until((s) => s?.used?.pods === '2', 'deleted pod released');
    await h.client.patch({ ...POD, namespace: 'default', name: 'b' }, 'merge', { status: { phase: 'Failed' } }, { subresource: 'status' });
    await h.until((s) => s?.used?.pods === '1', 'failed pod released');
    assert.deepEqual((await h.status())?.used, { 'count/pods': '2', pods: '1', 'requests.cpu': '250m' });
    await h.client.patch({ ...QUOTA_REF }, 'merge', { spec: { hard: { pods: '1', 'count/pods': null, 'requests.cpu': null } } });
    await h.until((s) => JSON.stringify(s) === JSON.stringify({ hard: { pods: '1' }, used: { pods: '1' } }), 'hard follows spec');
    await h.stop();
  });

  test('the periodic resync corrects a charge that never became an object', async () => {
    const h = await harness(30_000);
    await h.client.create({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'default' }, spec: { hard: { pods: '5' } } });
    await h.until((s) => s?.used?.pods === '0', 'first sync');
    await h.client.create(pod('web'));
    await h.until((s) => s?.used?.pods === '1', 'pod counted');
    // Admission charges before the store refuses a duplicate name: a charge with no pod behind it.
    await assert.rejects(h.client.create(pod('web')), /already exists/);
    assert.equal((await h.status())?.used?.pods, '2');
    await h.clock.advance(30_000);
    await h.until((s) => s?.used?.pods === '1', 'resync recounted');
    await h.stop();
  });
});
