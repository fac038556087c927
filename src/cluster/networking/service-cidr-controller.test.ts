import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { newWorkloadHarness } from '../workloads/workload-test-support.ts';
import { DELETION_GRACE_MS, IP_ADDRESS_GVK, SERVICE_CIDR_FINALIZER, SERVICE_CIDR_GVK, startServiceCIDRController } from './service-cidr-controller.ts';

type Cidr = KubeObject & { status?: { conditions?: Array<{ type: string; status: string; reason: string; message: string }> } };

test('a ServiceCIDR gets the protection finalizer and Ready; deleted, it waits for its allocated addresses, then a grace period', async () => {
  const h = await newWorkloadHarness();
  h.run(startServiceCIDRController(h.deps));
  const get = () => h.client.get<Cidr>({ ...SERVICE_CIDR_GVK, name: 'newcidr1' }).catch(() => undefined);
  await h.client.create({ ...SERVICE_CIDR_GVK, metadata: { name: 'newcidr1' }, spec: { cidrs: ['10.100.0.0/24'] } });
  await h.until(async () => (await get())?.status?.conditions?.[0]?.status === 'True', 'Ready');
  const ready = (await get())!;
  assert.deepEqual(ready.metadata.finalizers, [SERVICE_CIDR_FINALIZER]);
  assert.deepEqual(ready.status!.conditions!.map((c) => [c.type, c.status, c.reason, c.message]), [['Ready', 'True', '', 'Kubernetes Service CIDR is ready']]);

  const address = await h.client.create({
    ...IP_ADDRESS_GVK,
    metadata: { name: '10.100.0.5', labels: { 'ipaddress.kubernetes.io/ip-family': 'IPv4', 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' } },
    spec: { parentRef: { resource: 'services', namespace: 'default', name: 'in-new' } },
  });
  await h.client.delete({ ...SERVICE_CIDR_GVK, name: 'newcidr1' });
  await h.until(async () => (await get())?.status?.conditions?.[0]?.status === 'False', 'blocked');
  const blocked = (await get())!.status!.conditions![0]!;
  assert.equal(blocked.reason, 'Terminating');
  assert.equal(blocked.message, 'There are still IPAddresses referencing the ServiceCIDR, please remove them or create a new ServiceCIDR');

  await h.client.delete({ ...IP_ADDRESS_GVK, name: address.metadata.name! });
  await h.clock.advance(DELETION_GRACE_MS - 1000);
  assert.ok(await get(), 'still within the grace period');
  await h.clock.advance(1000);
  await h.until(async () => (await get()) === undefined, 'gone');
  await h.stop();
});

test('a deleted ServiceCIDR inside another range goes at once, whatever addresses it holds', async () => {
  const h = await newWorkloadHarness();
  h.run(startServiceCIDRController(h.deps));
  await h.client.create({ ...SERVICE_CIDR_GVK, metadata: { name: 'wide' }, spec: { cidrs: ['10.100.0.0/16'] } });
  await h.client.create({ ...SERVICE_CIDR_GVK, metadata: { name: 'narrow' }, spec: { cidrs: ['10.100.0.0/24'] } });
  await h.client.create({ ...IP_ADDRESS_GVK, metadata: { name: '10.100.0.5', labels: { 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' } }, spec: { parentRef: { resource: 'services', namespace: 'default', name: 'x' } } });
  const get = () => h.client.get<Cidr>({ ...SERVICE_CIDR_GVK, name: 'narrow' }).catch(() => undefined);
  await h.until(async () => (await get())?.metadata.finalizers?.length === 1, 'finalizer');
  await h.client.delete({ ...SERVICE_CIDR_GVK, name: 'narrow' });
  await h.clock.advance(DELETION_GRACE_MS);
  await h.until(async () => (await get()) === undefined, 'gone');
  await h.stop();
});
