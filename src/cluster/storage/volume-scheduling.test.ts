import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { FakeClock, flushAsync, InformerFactory } from '../../controller/index.ts';
import { newTestClient, newTestServer } from '../../controller/test-server.ts';
import { startNodeControllers } from '../nodes/index.ts';
import { startStorageControllers } from './index.ts';
import { PVC_GVK, PV_GVK, STORAGECLASS_GVK } from './storage-facts.ts';

async function cluster(opts: { storage: boolean }) {
  const clock = new FakeClock();
  const server = await newTestServer({ clock });
  const client = newTestClient(server);
  const factory = new InformerFactory(client, { clock });
  const running = [startNodeControllers({ client, factory, clock }), ...(opts.storage ? [startStorageControllers({ client, factory, clock })] : [])];
  factory.start();
  const settle = async (rounds = 30) => {
    for (let i = 0; i < rounds; i++) {
      await flushAsync(3);
      await clock.advance(0);
    }
  };
  await settle();
  return {
    clock,
    client,
    settle,
    pod: async (name: string) => (await client.get({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name })) as any,
    claim: async (name: string) => (await client.get({ ...PVC_GVK, namespace: 'default', name })) as any,
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
      factory.stop();
    },
  };
}

const claim = (name: string, storageClassName?: string): KubeObject => ({
  ...PVC_GVK,
  metadata: { name, namespace: 'default' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...(storageClassName ? { storageClassName } : {}) },
});

const podWith = (name: string, claimName: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'main', image: 'nginx:1.27' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName } }] },
});

test('a pod whose claim is missing or unbound is unschedulable with the scheduler message', async () => {
  const c = await cluster({ storage: false });
  try {
    await c.client.create(podWith('orphan', 'nothing'));
    await c.settle();
    const cond = (await c.pod('orphan')).status.conditions.find((x: any) => x.type === 'PodScheduled');
    assert.equal(cond.message, '0/3 nodes are available: persistentvolumeclaim "nothing" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.');
    // No provisioner runs here: a claim of an Immediate class stays unbound.
    await c.client.create({ ...STORAGECLASS_GVK, metadata: { name: 'manual' }, provisioner: 'example.com/none' });
    await c.client.create(claim('nothing', 'manual'));
    await c.settle();
    const again = (await c.pod('orphan')).status.conditions.find((x: any) => x.type === 'PodScheduled');
    assert.equal(again.message, '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.');
    assert.equal((await c.pod('orphan')).spec.nodeName, undefined);
  } finally {
    await c.stop();
  }
});

test('a pod with a local claim: the scheduler selects the node, the volume is made there, then the pod runs', async () => {
  const c = await cluster({ storage: true });
  try {
    await c.client.create(claim('cache', 'local'));
    await c.client.create(podWith('app', 'cache'));
    for (let i = 0; i < 10 && (await c.pod('app')).status?.phase !== 'Running'; i++) {
      await c.settle();
      await c.clock.advance(1000);
    }
    const pod = await c.pod('app');
    assert.equal(pod.status.phase, 'Running');
    const pvc = await c.claim('cache');
    assert.equal(pvc.metadata.annotations['volume.kubernetes.io/selected-node'], pod.spec.nodeName);
    assert.equal(pvc.status.phase, 'Bound');
    const pv = (await c.client.get({ ...PV_GVK, name: pvc.spec.volumeName })) as any;
    assert.deepEqual(pv.spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values, [pod.spec.nodeName]);
  } finally {
    await c.stop();
  }
});

test('the kubelet does not start a pod whose claim is not Bound', async () => {
  const c = await cluster({ storage: false });
  try {
    await c.client.create({ ...STORAGECLASS_GVK, metadata: { name: 'manual' }, provisioner: 'example.com/none' });
    await c.client.create(claim('pending', 'manual'));
    // Placed by hand on a node, past the scheduler.
    await c.client.create({ ...podWith('placed', 'pending'), spec: { ...(podWith('placed', 'pending').spec as object), nodeName: 'node1' } });
    await c.settle();
    await c.clock.advance(5000);
    await c.settle();
    assert.notEqual((await c.pod('placed')).status?.phase, 'Running');
    const pvc = await c.claim('pending');
    await c.client.updateStatus({ ...pvc, status: { phase: 'Bound' } });
    for (let i = 0; i < 10 && (await c.pod('placed')).status?.phase !== 'Running'; i++) {
      await c.settle();
      await c.clock.advance(1000);
    }
    assert.equal((await c.pod('placed')).status.phase, 'Running');
  } finally {
    await c.stop();
  }
});
