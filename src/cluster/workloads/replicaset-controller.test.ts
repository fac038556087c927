import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import { startReplicaSetController } from './replicaset-controller.ts';
import { container, newWorkloadHarness } from './workload-test-support.ts';
import { REPLICASET_GVK } from './workload-deps.ts';

function replicaSet(replicas: number, extra: Record<string, unknown> = {}): KubeObject {
  return {
    ...REPLICASET_GVK,
    metadata: { name: 'web', namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web', tier: 'front' } }, spec: { containers: [container()] } }, ...extra },
  };
}

const rsRef = { ...REPLICASET_GVK, namespace: 'default', name: 'web' };

describe('ReplicaSet controller', () => {
  test('creates pods from the template, owned by the ReplicaSet, and reports readiness', async () => {
    const h = await newWorkloadHarness();
    h.run(startReplicaSetController(h.deps));
    const rs = await h.client.create(replicaSet(3));
    await h.until(async () => (await h.pods()).length === 3, '3 pods');
    const pods = await h.pods();
    for (const pod of pods) {
      assert.match(pod.metadata.name!, /^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      assert.deepEqual(pod.metadata.labels, { app: 'web', tier: 'front' });
      assert.deepEqual(pod.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    }
    await h.until(async () => ((await h.client.get(rsRef)).status as any)?.replicas === 3, 'status.replicas');
    let status = (await h.client.get(rsRef)).status as Record<string, unknown>;
    assert.deepEqual(status, { replicas: 3, fullyLabeledReplicas: 3, observedGeneration: 1 });
    await h.markReady(pods[0]!);
    await h.until(async () => ((await h.client.get(rsRef)).status as any).readyReplicas === 1, 'one ready');
    status = (await h.client.get(rsRef)).status as Record<string, unknown>;
    assert.equal(status.availableReplicas, 1);
    const created = (await h.events()).filter((e) => e.reason === 'SuccessfulCreate');
    assert.equal(created.length, 3);
    assert.match(String(created[0]!.message), /^Created pod: web-.{5}$/);
    await h.stop();
  });

  test('availability waits minReadySeconds on the clock', async () => {
    const h = await newWorkloadHarness();
    h.run(startReplicaSetController(h.deps));
    await h.client.create(replicaSet(1, { minReadySeconds: 10 }));
    await h.until(async () => (await h.pods()).length === 1);
    await h.markReady((await h.pods())[0]!);
    await h.until(async () => ((await h.client.get(rsRef)).status as any).readyReplicas === 1);
    assert.equal(((await h.client.get(rsRef)).status as any).availableReplicas, undefined);
    await h.clock.advance(9_000);
    assert.equal(((await h.client.get(rsRef)).status as any).availableReplicas, undefined);
    await h.clock.advance(1_100);
    await h.until(async () => ((await h.client.get(rsRef)).status as any).availableReplicas === 1, 'available after 10s');
    await h.stop();
  });

  test('scales down, adopts matching orphans and releases pods it no longer selects', async () => {
    const h = await newWorkloadHarness();
    await h.client.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'orphan', namespace: 'default', labels: { app: 'web' } }, spec: { containers: [container()] } });
    h.run(startReplicaSetController(h.deps));
    const rs = await h.client.create(replicaSet(2));
    await h.until(async () => (await h.pods()).length === 2, '1 created + 1 adopted');
    const orphan = (await h.pods()).find((p) => p.metadata.name === 'orphan')!;
    assert.equal(orphan.metadata.ownerReferences?.[0]?.uid, rs.metadata.uid);

    await h.client.patch(refOf(orphan), 'merge', { metadata: { labels: { app: 'other' } } });
    await h.until(async () => (await h.pods('app=web')).length === 2, 'replacement for the released pod');
    const released = await h.client.get(refOf(orphan));
    assert.equal(released.metadata.ownerReferences, undefined);

    await h.client.patch(rsRef, 'merge', { spec: { replicas: 1 } });
    await h.until(async () => (await h.pods('app=web')).length === 1, 'scaled to 1');
    await h.until(async () => ((await h.client.get(rsRef)).status as any).observedGeneration === 2);
    assert.ok((await h.events()).some((e) => e.reason === 'SuccessfulDelete' && String(e.message).startsWith('Deleted pod: web-')));
    await h.stop();
  });

  test('a terminating pod does not count: a replacement is created at once', async () => {
    const h = await newWorkloadHarness();
    h.run(startReplicaSetController(h.deps));
    await h.client.create(replicaSet(1));
    await h.until(async () => (await h.pods()).length === 1);
    const pod = (await h.pods())[0]!;
    await h.client.patch(refOf(pod), 'merge', { spec: { nodeName: 'node-1' } });
    await h.client.delete(refOf(pod));
    await h.until(async () => (await h.pods()).length === 2, 'replacement');
    const [a, b] = await h.pods();
    assert.equal([a, b].filter((p) => p!.metadata.deletionTimestamp).length, 1);
    await h.until(async () => ((await h.client.get(rsRef)).status as any).replicas === 1);
    await h.stop();
  });
});
