import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import { isPodReady } from './conditions.ts';
import { startStatefulSetController } from './statefulset-controller.ts';
import { container, newWorkloadHarness, type WorkloadHarness } from './workload-test-support.ts';
import { PVC_GVK, STATEFULSET_GVK } from './workload-deps.ts';
import { CONTROLLER_REVISION_GVK } from './controller-history.ts';

const stsRef = { ...STATEFULSET_GVK, namespace: 'default', name: 'db' };

function statefulSet(replicas: number, spec: Record<string, unknown> = {}): KubeObject {
  return {
    ...STATEFULSET_GVK,
    metadata: { name: 'db', namespace: 'default' },
    spec: {
      replicas,
      serviceName: 'db',
      selector: { matchLabels: { app: 'db' } },
      template: { metadata: { labels: { app: 'db' } }, spec: { containers: [container('postgres:16')] } },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      ...spec,
    },
  };
}

async function start(): Promise<WorkloadHarness> {
  const h = await newWorkloadHarness();
  h.run(startStatefulSetController(h.deps));
  return h;
}

const names = async (h: WorkloadHarness) => (await h.pods()).map((p) => p.metadata.name);
const claims = async (h: WorkloadHarness) => (await h.client.list(PVC_GVK, { namespace: 'default' })).items.map((c) => c.metadata.name).sort();
const status = async (h: WorkloadHarness) => ((await h.client.get(stsRef)).status ?? {}) as Record<string, any>;

async function readyAll(h: WorkloadHarness): Promise<void> {
  for (const pod of await h.pods()) if (!isPodReady(pod) && !pod.metadata.deletionTimestamp) await h.markReady(pod);
}

/** Plays the kubelet until `check` holds: every pod that appears is made Running and Ready. */
async function readyUntil(h: WorkloadHarness, check: () => Promise<boolean>, what: string): Promise<void> {
  await h.until(async () => {
    await readyAll(h);
    return check();
  }, what);
}

describe('StatefulSet controller', () => {
  test('OrderedReady creates ordinals one at a time, each after its claim, once the previous is Running and Ready', async () => {
    const h = await start();
    const sts = await h.client.create(statefulSet(3));
    await h.until(async () => (await names(h)).length === 1, 'db-0');
    await h.clock.advance(5000);
    assert.deepEqual(await names(h), ['db-0'], 'db-1 waits for db-0');
    assert.deepEqual(await claims(h), ['data-db-0']);
    const pod0 = (await h.pods())[0]!;
    assert.deepEqual(pod0.metadata.labels, { app: 'db', 'statefulset.kubernetes.io/pod-name': 'db-0', 'apps.kubernetes.io/pod-index': '0', 'controller-revision-hash': pod0.metadata.labels!['controller-revision-hash'] });
    assert.match(pod0.metadata.labels!['controller-revision-hash']!, /^db-[bcdfghjklmnpqrstvwxz2456789]+$/);
    assert.equal((pod0.spec as any).hostname, 'db-0');
    assert.equal((pod0.spec as any).subdomain, 'db');
    assert.deepEqual((pod0.spec as any).volumes, [{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }]);
    assert.equal(pod0.metadata.ownerReferences![0]!.uid, sts.metadata.uid);
    const claim = await h.client.get({ ...PVC_GVK, namespace: 'default', name: 'data-db-0' });
    assert.deepEqual(claim.metadata.labels, { app: 'db' });

    await h.markReady(pod0);
    await h.until(async () => (await names(h)).length === 2, 'db-1');
    assert.deepEqual(await names(h), ['db-0', 'db-1']);
    await readyUntil(h, async () => (await status(h)).readyReplicas === 3, 'all ready');
    const s = await status(h);
    assert.equal(s.replicas, 3);
    assert.equal(s.availableReplicas, 3);
    assert.equal(s.currentReplicas, 3);
    assert.equal(s.updatedReplicas, 3);
    assert.equal(s.observedGeneration, 1);
    assert.equal(s.currentRevision, s.updateRevision);
    assert.equal(s.updateRevision, pod0.metadata.labels!['controller-revision-hash']);
    const messages = (await h.events()).filter((e) => e.reason === 'SuccessfulCreate').map((e) => e.message);
    assert.ok(messages.includes('create Claim data-db-0 Pod db-0 in StatefulSet db success'));
    assert.ok(messages.includes('create Pod db-2 in StatefulSet db successful'));
    await h.stop();
  });

  test('scale down removes the highest ordinal first and keeps the claims', async () => {
    const h = await start();
    await h.client.create(statefulSet(3));
    await readyUntil(h, async () => (await status(h)).readyReplicas === 3, '3 ready');
    // Bound to a node, a deleted pod stays terminating until the kubelet (here: the test) lets it go.
    for (const pod of await h.pods()) await h.client.patch(refOf(pod), 'merge', { spec: { nodeName: 'node-1' } });
    await h.client.patch(stsRef, 'merge', { spec: { replicas: 1 } });
    const terminating = async () => (await h.pods()).filter((p) => p.metadata.deletionTimestamp).map((p) => p.metadata.name);
    await h.until(async () => (await terminating()).length > 0, 'a pod terminating');
    await h.clock.advance(1000);
    assert.deepEqual(await terminating(), ['db-2'], 'db-2 goes first, db-1 waits for it');
    await h.client.delete({ ...refOf((await h.pods())[2]!) }, { gracePeriodSeconds: 0 });
    await h.until(async () => (await terminating()).join() === 'db-1', 'then db-1');
    await h.client.delete({ ...refOf((await h.pods())[1]!) }, { gracePeriodSeconds: 0 });
    await h.until(async () => (await names(h)).length === 1, 'scaled to 1');
    assert.deepEqual(await names(h), ['db-0']);
    assert.deepEqual(await claims(h), ['data-db-0', 'data-db-1', 'data-db-2']);
    await h.until(async () => (await status(h)).replicas === 1);
    await h.stop();
  });

  test('Parallel creates every ordinal at once', async () => {
    const h = await start();
    await h.client.create(statefulSet(3, { podManagementPolicy: 'Parallel' }));
    await h.until(async () => (await names(h)).length === 3, 'all pods');
    assert.deepEqual(await names(h), ['db-0', 'db-1', 'db-2']);
    assert.equal((await h.pods()).filter((p) => isPodReady(p)).length, 0);
    await h.stop();
  });

  test('a pod stuck terminating on an unreachable node is not replaced until it is gone', async () => {
    const h = await start();
    await h.client.create(statefulSet(2));
    await readyUntil(h, async () => (await status(h)).readyReplicas === 2, '2 ready');
    const pod1 = (await h.pods()).find((p) => p.metadata.name === 'db-1')!;
    await h.client.patch(refOf(pod1), 'merge', { spec: { nodeName: 'lost-node' } });
    await h.client.delete(refOf(pod1));
    await h.until(async () => (await status(h)).replicas === 1, 'terminating pod not counted');
    await h.clock.advance(120_000);
    const pods = await h.pods();
    assert.deepEqual(pods.map((p) => p.metadata.name), ['db-0', 'db-1']);
    assert.equal(pods[1]!.metadata.uid, pod1.metadata.uid, 'the same db-1, still terminating');
    assert.ok(pods[1]!.metadata.deletionTimestamp);

    await h.client.delete(refOf(pod1), { gracePeriodSeconds: 0 });
    await h.until(async () => {
      const p = (await h.pods()).find((x) => x.metadata.name === 'db-1');
      return p !== undefined && p.metadata.uid !== pod1.metadata.uid;
    }, 'db-1 recreated');
    await h.stop();
  });

  test('a template change rolls pods from the highest ordinal down, each after the one above is ready', async () => {
    const h = await start();
    await h.client.create(statefulSet(3));
    await readyUntil(h, async () => (await status(h)).readyReplicas === 3, '3 ready');
    const before = (await status(h)).currentRevision;
    await h.client.patch(stsRef, 'strategic', { spec: { template: { spec: { containers: [{ name: 'app', image: 'postgres:17' }] } } } });
    await h.until(async () => (await status(h)).updateRevision !== before, 'new revision');
    await h.until(async () => (await h.pods()).some((p) => p.metadata.name === 'db-2' && (p.spec as any).containers[0].image === 'postgres:17'), 'db-2 updated');
    let s = await status(h);
    assert.equal(s.currentRevision, before);
    assert.equal(s.updatedReplicas, 1);
    const images = async () => (await h.pods()).map((p) => (p.spec as any).containers[0].image);
    assert.deepEqual(await images(), ['postgres:16', 'postgres:16', 'postgres:17']);
    await readyUntil(h, async () => (await images()).every((i) => i === 'postgres:17') && (await status(h)).readyReplicas === 3, 'all updated');
    s = await status(h);
    assert.equal(s.currentRevision, s.updateRevision);
    assert.equal(s.currentReplicas, 3);
    await h.stop();
  });

  test('each template is a ControllerRevision; a return renumbers it; unused ones beyond revisionHistoryLimit are pruned', async () => {
    const h = await start();
    await h.client.create(statefulSet(1, { revisionHistoryLimit: 1 }));
    const revisions = async () =>
      (await h.client.list(CONTROLLER_REVISION_GVK, { namespace: 'default' })).items
        .map((r) => [(r as any).revision, (r as any).data.spec.template.spec.containers[0].image, r.metadata.name] as [number, string, string])
        .sort((a, b) => a[0] - b[0]);
    const rollTo = async (image: string) => {
      await h.client.patch(stsRef, 'strategic', { spec: { template: { spec: { containers: [{ name: 'app', image }] } } } });
      await readyUntil(h, async () => (await h.pods()).every((p) => (p.spec as any).containers[0].image === image) && (await status(h)).currentRevision === (await status(h)).updateRevision && (await status(h)).readyReplicas === 1, image);
    };
    await readyUntil(h, async () => (await status(h)).readyReplicas === 1, 'ready');
    const first = await revisions();
    assert.deepEqual(first.map(([n, i]) => [n, i]), [[1, 'postgres:16']]);
    assert.equal(first[0]![2], (await status(h)).updateRevision);
    const cr = (await h.client.list(CONTROLLER_REVISION_GVK, { namespace: 'default' })).items[0]!;
    assert.equal(cr.metadata.ownerReferences?.[0]?.name, 'db');
    assert.equal(cr.metadata.labels?.['controller.kubernetes.io/hash'], first[0]![2].slice('db-'.length));
    assert.equal((cr as any).data.spec.template.$patch, 'replace');
    await rollTo('postgres:17');
    await h.until(async () => (await revisions()).length === 2, 'two revisions');
    await rollTo('postgres:16');
    await h.until(async () => (await revisions()).at(-1)?.[0] === 3, 'renumbered');
    assert.deepEqual((await revisions()).map(([n, i]) => [n, i]), [[2, 'postgres:17'], [3, 'postgres:16']]);
    await rollTo('postgres:18');
    await h.until(async () => (await revisions()).length === 2 && (await revisions()).at(-1)?.[1] === 'postgres:18', 'pruned to the limit');
    assert.deepEqual((await revisions()).map(([n, i]) => [n, i]), [[3, 'postgres:16'], [4, 'postgres:18']]);
    await h.stop();
  });
});
