import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import { newWorkloadHarness, type WorkloadHarness } from '../workloads/workload-test-support.ts';
import { desiredGroups, planSlices, startEndpointSliceController } from './endpointslice-controller.ts';
import { ENDPOINTSLICE_GVK } from './pod-endpoints.ts';
import { service } from './test-support.ts';
import { runningPod } from './test-support.ts';

async function slicesOf(h: WorkloadHarness, svc: string): Promise<any[]> {
  const list = await h.client.list(ENDPOINTSLICE_GVK, { namespace: 'default', labelSelector: `kubernetes.io/service-name=${svc}` });
  return list.items as any[];
}

describe('EndpointSlice controller', () => {
  test('one slice owned by the Service, labelled, with every pod and its conditions', async () => {
    const h = await newWorkloadHarness();
    h.run(startEndpointSliceController(h.deps));
    await runningPod(h, 'a', '10.244.0.2');
    await runningPod(h, 'b', '10.244.0.3', { ready: false });
    const svc = await h.client.create(service('web', { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 'http' }] }, { tier: 'front' }));
    await h.until(async () => (await slicesOf(h, 'web'))[0]?.endpoints?.length === 2, 'slice with two endpoints');
    const [slice] = await slicesOf(h, 'web');
    assert.match(slice.metadata.name, /^web-[a-z0-9]{5}$/);
    assert.deepEqual(slice.metadata.labels, {
      tier: 'front',
      'kubernetes.io/service-name': 'web',
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
    });
    assert.deepEqual(slice.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: svc.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    assert.equal(slice.addressType, 'IPv4');
    assert.deepEqual(slice.ports, [{ name: '', port: 8080, protocol: 'TCP' }]);
    const byName = Object.fromEntries(slice.endpoints.map((e: any) => [e.targetRef.name, e]));
    assert.deepEqual(byName.a.addresses, ['10.244.0.2']);
    assert.deepEqual(byName.a.conditions, { ready: true, serving: true, terminating: false });
    assert.deepEqual(byName.b.conditions, { ready: false, serving: false, terminating: false });
    assert.equal(byName.a.nodeName, 'node-1');
    await h.stop();
  });

  test('keeps an empty placeholder until pods come, then updates the same slice as they scale', async () => {
    const h = await newWorkloadHarness();
    h.run(startEndpointSliceController(h.deps));
    await h.client.create(service('web', { selector: { app: 'web' }, ports: [{ name: 'http', port: 80 }] }));
    await h.until(async () => (await slicesOf(h, 'web')).length === 1, 'placeholder');
    const [placeholder] = await slicesOf(h, 'web');
    assert.equal((placeholder.endpoints ?? []).length, 0);
    assert.equal((placeholder.ports ?? []).length, 0);
    const pods: KubeObject[] = [];
    for (let i = 0; i < 3; i++) pods.push(await runningPod(h, `p${i}`, `10.244.1.${i + 2}`));
    await h.until(async () => (await slicesOf(h, 'web'))[0]?.endpoints?.length === 3, 'three endpoints');
    let slices = await slicesOf(h, 'web');
    assert.equal(slices.length, 1);
    assert.equal(slices[0].metadata.name, placeholder.metadata.name);
    assert.deepEqual(slices[0].ports, [{ name: 'http', port: 80, protocol: 'TCP' }]);
    for (const p of pods.slice(1)) await h.client.delete(refOf(p), { gracePeriodSeconds: 0 });
    await h.until(async () => (await slicesOf(h, 'web'))[0]?.endpoints?.length === 1, 'one endpoint');
    slices = await slicesOf(h, 'web');
    assert.equal(slices.length, 1);
    assert.equal(slices[0].endpoints[0].targetRef.name, 'p0');
    await h.stop();
  });

  test('a terminating pod stays listed as terminating, serving but not ready', async () => {
    const h = await newWorkloadHarness();
    h.run(startEndpointSliceController(h.deps));
    const pod = await runningPod(h, 'a', '10.244.2.2');
    await h.client.patch(refOf(pod), 'merge', { metadata: { finalizers: ['test/hold'] } });
    await h.client.create(service('web', { selector: { app: 'web' }, ports: [{ port: 80 }] }));
    await h.until(async () => (await slicesOf(h, 'web'))[0]?.endpoints?.length === 1, 'one endpoint');
    await h.client.delete(refOf(pod), { gracePeriodSeconds: 30 });
    await h.until(async () => (await slicesOf(h, 'web'))[0]?.endpoints?.[0]?.conditions?.terminating === true, 'terminating');
    assert.deepEqual((await slicesOf(h, 'web'))[0].endpoints[0].conditions, { ready: false, serving: true, terminating: true });
    await h.stop();
  });
});

describe('planSlices', () => {
  const svc: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'big', namespace: 'default', uid: 'u1' }, spec: { clusterIP: '10.96.0.9', selector: { app: 'big' }, ports: [{ port: 80 }] } };
  const pods = Array.from({ length: 250 }, (_, i) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `p${i}`, namespace: 'default', uid: `uid-${i}`, labels: { app: 'big' } },
    spec: { nodeName: 'n1' },
    status: { podIP: `10.244.${Math.floor(i / 200)}.${i % 200}`, conditions: [{ type: 'Ready', status: 'True' }] },
  }));

  test('at most 100 endpoints a slice', () => {
    const plan = planSlices(svc, [], desiredGroups(svc, pods, () => undefined));
    assert.deepEqual(plan.create.map((s) => s.endpoints!.length), [100, 100, 50]);
    assert.equal(plan.keep.length + plan.remove.length, 0);
  });

  test('existing endpoints stay in their slice; a slice left empty is deleted', () => {
    const groups = desiredGroups(svc, pods.slice(0, 150), () => undefined);
    const first = planSlices(svc, [], groups).create.map((s, i) => ({ ...s, metadata: { ...s.metadata, name: `big-${i}` } }));
    const shrunk = planSlices(svc, first, desiredGroups(svc, pods.slice(100, 150), () => undefined));
    assert.deepEqual(shrunk.remove.map((s) => s.metadata.name), ['big-0']);
    assert.deepEqual(shrunk.keep.map((s) => [s.metadata.name, s.endpoints!.length]), [['big-1', 50]]);
    assert.equal(shrunk.create.length, 0);
  });
});
