import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import { newWorkloadHarness, type WorkloadHarness } from '../workloads/workload-test-support.ts';
import { startEndpointsController } from './endpoints-controller.ts';
import { ENDPOINTS_GVK } from './pod-endpoints.ts';
import { runningPod, service } from './test-support.ts';

async function endpointsOf(h: WorkloadHarness, name: string): Promise<KubeObject | undefined> {
  return h.client.get({ ...ENDPOINTS_GVK, namespace: 'default', name }).catch(() => undefined);
}

describe('endpoints controller', () => {
  test('lists ready pods under addresses and the others under notReadyAddresses, with named target ports resolved', async () => {
    const h = await newWorkloadHarness();
    h.run(startEndpointsController(h.deps));
    await runningPod(h, 'web-b', '10.244.0.12');
    await runningPod(h, 'web-a', '10.244.0.3');
    await runningPod(h, 'web-c', '10.244.0.7', { ready: false });
    await runningPod(h, 'other', '10.244.0.9', { labels: { app: 'other' } });
    await h.client.create(service('web', { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] }, { tier: 'front' }));
    await h.until(async () => (await endpointsOf(h, 'web'))?.subsets !== undefined, 'Endpoints web');
    const ep = (await endpointsOf(h, 'web'))!;
    assert.deepEqual(ep.metadata.labels, { tier: 'front' });
    const subsets = ep.subsets as any[];
    assert.equal(subsets.length, 1);
    assert.deepEqual(subsets[0].ports, [{ port: 8080, protocol: 'TCP' }]);
    assert.deepEqual(subsets[0].addresses.map((a: any) => a.ip), ['10.244.0.3', '10.244.0.12']);
    assert.deepEqual(subsets[0].notReadyAddresses.map((a: any) => a.ip), ['10.244.0.7']);
    const first = subsets[0].addresses[0];
    assert.equal(first.nodeName, 'node-1');
    assert.deepEqual({ kind: first.targetRef.kind, name: first.targetRef.name, namespace: first.targetRef.namespace }, { kind: 'Pod', name: 'web-a', namespace: 'default' });
    assert.ok(first.targetRef.uid);
    await h.stop();
  });

  test('follows pods becoming ready and going away, and is deleted with its Service', async () => {
    const h = await newWorkloadHarness();
    h.run(startEndpointsController(h.deps));
    await h.client.create(service('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] }));
    await h.until(async () => (await endpointsOf(h, 'web')) !== undefined, 'empty Endpoints');
    assert.equal((await endpointsOf(h, 'web'))!.subsets, undefined);
    const a = await runningPod(h, 'a', '10.244.1.2');
    await runningPod(h, 'b', '10.244.1.3');
    const count = async () => (((await endpointsOf(h, 'web'))?.subsets as any[] | undefined)?.[0]?.addresses ?? []).length;
    await h.until(async () => (await count()) === 2, 'two addresses');
    assert.deepEqual(((await endpointsOf(h, 'web'))!.subsets as any[])[0].ports, [{ name: 'http', port: 8080, protocol: 'TCP' }]);
    await h.client.delete(refOf(a), { gracePeriodSeconds: 0 });
    await h.until(async () => (await count()) === 1, 'one address');
    await h.client.delete({ apiVersion: 'v1', kind: 'Service', namespace: 'default', name: 'web' });
    await h.until(async () => (await endpointsOf(h, 'web')) === undefined, 'Endpoints deleted');
    await h.stop();
  });

  test('a headless Service gives hostnames to pods of its subdomain and labels its Endpoints headless', async () => {
    const h = await newWorkloadHarness();
    h.run(startEndpointsController(h.deps));
    await runningPod(h, 'db-0', '10.244.2.5', { labels: { app: 'db' }, spec: { hostname: 'db-0', subdomain: 'db' } });
    await h.client.create(service('db', { clusterIP: 'None', selector: { app: 'db' }, ports: [{ port: 5432 }] }));
    await h.until(async () => (await endpointsOf(h, 'db'))?.subsets !== undefined, 'Endpoints db');
    const ep = (await endpointsOf(h, 'db'))!;
    assert.deepEqual(ep.metadata.labels, { 'service.kubernetes.io/headless': '' });
    assert.equal((ep.subsets as any[])[0].addresses[0].hostname, 'db-0');
    await h.stop();
  });

  test('publishNotReadyAddresses lists unready pods as addresses', async () => {
    const h = await newWorkloadHarness();
    h.run(startEndpointsController(h.deps));
    await runningPod(h, 'a', '10.244.3.2', { ready: false });
    await h.client.create(service('web', { selector: { app: 'web' }, publishNotReadyAddresses: true, ports: [{ port: 80 }] }));
    await h.until(async () => (await endpointsOf(h, 'web'))?.subsets !== undefined, 'Endpoints web');
    const subset = ((await endpointsOf(h, 'web'))!.subsets as any[])[0];
    assert.deepEqual(subset.addresses.map((a: any) => a.ip), ['10.244.3.2']);
    assert.equal(subset.notReadyAddresses, undefined);
    await h.stop();
  });

  test('leaves the Endpoints of a Service without selector to their owner', async () => {
    const h = await newWorkloadHarness();
    h.run(startEndpointsController(h.deps));
    await h.client.create(service('external', { ports: [{ port: 5432 }] }));
    const manual = { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'external', namespace: 'default' }, subsets: [{ addresses: [{ ip: '192.0.2.10' }], ports: [{ port: 5432 }] }] };
    await h.client.create(manual);
    await runningPod(h, 'a', '10.244.4.2');
    for (let i = 0; i < 20; i++) await h.clock.advance(0);
    assert.deepEqual(((await endpointsOf(h, 'external'))!.subsets as any[])[0].addresses, [{ ip: '192.0.2.10' }]);
    await h.stop();
  });
});
