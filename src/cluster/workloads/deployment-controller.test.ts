import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { flushAsync, refOf } from '../../controller/index.ts';
import { isPodReady } from './conditions.ts';
import { startDeploymentController } from './deployment-controller.ts';
import { startReplicaSetController } from './replicaset-controller.ts';
import { container, newWorkloadHarness, type WorkloadHarness } from './workload-test-support.ts';
import { DEPLOYMENT_GVK, REPLICASET_GVK } from './workload-deps.ts';

const dRef = { ...DEPLOYMENT_GVK, namespace: 'default', name: 'web' };

function deployment(replicas: number, spec: Record<string, unknown> = {}, image = 'nginx:1.25'): KubeObject {
  return {
    ...DEPLOYMENT_GVK,
    metadata: { name: 'web', namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [container(image)] } }, ...spec },
  };
}

async function start(): Promise<WorkloadHarness> {
  const h = await newWorkloadHarness();
  h.run(startReplicaSetController(h.deps), startDeploymentController(h.deps));
  return h;
}

async function replicaSets(h: WorkloadHarness): Promise<KubeObject[]> {
  return (await h.client.list(REPLICASET_GVK, { namespace: 'default' })).items;
}

async function readyAll(h: WorkloadHarness): Promise<void> {
  for (const pod of await h.pods()) if (!isPodReady(pod) && !pod.metadata.deletionTimestamp) await h.markReady(pod);
}

const status = async (h: WorkloadHarness) => (await h.client.get(dRef)).status as Record<string, any>;
const condition = (s: Record<string, any>, type: string) => (s.conditions ?? []).find((c: { type: string }) => c.type === type);
const setImage = (h: WorkloadHarness, image: string) =>
  h.client.patch(dRef, 'strategic', { spec: { template: { spec: { containers: [{ name: 'app', image }] } } } });

describe('Deployment controller', () => {
  test('creates a ReplicaSet named by the template hash and becomes Available and complete', async () => {
    const h = await start();
    const d = await h.client.create(deployment(3));
    await h.until(async () => (await h.pods()).length === 3, '3 pods');
    const [rs] = await replicaSets(h);
    const hash = rs!.metadata.labels!['pod-template-hash']!;
    assert.match(hash, /^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
    assert.equal(rs!.metadata.name, `web-${hash}`);
    assert.equal(rs!.metadata.annotations!['deployment.kubernetes.io/revision'], '1');
    assert.deepEqual((rs!.spec as any).selector, { matchLabels: { app: 'web', 'pod-template-hash': hash } });
    assert.equal(rs!.metadata.ownerReferences![0]!.uid, d.metadata.uid);
    assert.ok((await h.pods()).every((p) => p.metadata.labels!['pod-template-hash'] === hash));

    let s = await status(h);
    assert.equal(condition(s, 'Available').status, 'False');
    assert.equal(condition(s, 'Available').reason, 'MinimumReplicasUnavailable');
    await readyAll(h);
    await h.until(async () => (await status(h)).availableReplicas === 3, 'available');
    s = await status(h);
    assert.equal(s.replicas, 3);
    assert.equal(s.updatedReplicas, 3);
    assert.equal(s.readyReplicas, 3);
    assert.equal(s.unavailableReplicas, undefined);
    assert.equal(s.observedGeneration, 1);
    assert.deepEqual(
      { ...condition(s, 'Available'), lastUpdateTime: undefined, lastTransitionTime: undefined },
      { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.', lastUpdateTime: undefined, lastTransitionTime: undefined },
    );
    assert.equal(condition(s, 'Progressing').reason, 'NewReplicaSetAvailable');
    assert.equal(condition(s, 'Progressing').message, `ReplicaSet "web-${hash}" has successfully progressed.`);
    assert.equal((await h.client.get(dRef)).metadata.annotations!['deployment.kubernetes.io/revision'], '1');
    const scaling = (await h.events()).filter((e) => e.reason === 'ScalingReplicaSet');
    assert.deepEqual(scaling.map((e) => e.message), [`Scaled up replica set web-${hash} from 0 to 3`]);
    await h.stop();
  });

  test('a rolling update stays within maxSurge and maxUnavailable and retires the old ReplicaSet', async () => {
    const h = await start();
    await h.client.create(deployment(4, { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } } }));
    await h.until(async () => (await h.pods()).length === 4);
    await readyAll(h);
    await h.until(async () => condition(await status(h), 'Progressing')?.reason === 'NewReplicaSetAvailable', 'first rollout');
    const oldName = (await replicaSets(h))[0]!.metadata.name;
    await setImage(h, 'nginx:1.26');
    await h.until(async () => (await replicaSets(h)).length === 2, 'new ReplicaSet');
    for (let round = 0; round < 100; round++) {
      const sets = await replicaSets(h);
      const total = sets.reduce((n, rs) => n + Number((rs.spec as any).replicas), 0);
      assert.ok(total <= 5, `at most replicas+maxSurge pods wanted, got ${total}`);
      const s = await status(h);
      // The status of the new template (generation 2), not the first rollout's, still there a moment after the image change.
      if (s.observedGeneration === 2 && s.updatedReplicas === 4 && s.replicas === 4 && s.availableReplicas === 4) break;
      assert.ok((s.availableReplicas ?? 0) >= 4 || round === 0, `availability may not drop below 4 (got ${s.availableReplicas})`);
      await readyAll(h);
      await flushAsync(10);
    }
    await h.until(async () => condition(await status(h), 'Progressing')?.reason === 'NewReplicaSetAvailable', 'second rollout complete');
    const sets = await replicaSets(h);
    const old = sets.find((rs) => rs.metadata.name === oldName)!;
    const fresh = sets.find((rs) => rs.metadata.name !== oldName)!;
    assert.equal((old.spec as any).replicas, 0);
    assert.equal((fresh.spec as any).replicas, 4);
    assert.equal(fresh.metadata.annotations!['deployment.kubernetes.io/revision'], '2');
    assert.equal((await h.client.get(dRef)).metadata.annotations!['deployment.kubernetes.io/revision'], '2');
    const messages = (await h.events()).filter((e) => e.reason === 'ScalingReplicaSet').map((e) => String(e.message));
    assert.ok(messages.includes(`Scaled up replica set ${fresh.metadata.name} from 0 to 1`));
    assert.ok(messages.includes(`Scaled down replica set ${oldName} from 4 to 3`));
    assert.ok((await h.pods()).every((p) => (p.spec as any).containers[0].image === 'nginx:1.26'));
    await h.stop();
  });

  test('Recreate scales the old ReplicaSet to zero and waits for its pods to be gone', async () => {
    const h = await start();
    await h.client.create(deployment(2, { strategy: { type: 'Recreate' } }));
    await h.until(async () => (await h.pods()).length === 2);
    for (const pod of await h.pods()) await h.client.patch(refOf(pod), 'merge', { spec: { nodeName: 'node-1' } });
    await readyAll(h);
    await h.until(async () => (await status(h)).availableReplicas === 2);
    await setImage(h, 'nginx:1.26');
    await h.until(async () => (await h.pods()).every((p) => p.metadata.deletionTimestamp), 'old pods terminating');
    await h.clock.advance(1000);
    assert.equal((await replicaSets(h)).length, 1, 'no new ReplicaSet while old pods remain');
    for (const pod of await h.pods()) await h.client.delete(refOf(pod), { gracePeriodSeconds: 0 });
    await h.until(async () => (await h.pods()).length === 2 && (await replicaSets(h)).length === 2, 'new pods');
    assert.ok((await h.pods()).every((p) => (p.spec as any).containers[0].image === 'nginx:1.26'));
    await h.stop();
  });

  test('revisionHistoryLimit prunes old ReplicaSets', async () => {
    const h = await start();
    await h.client.create(deployment(1, { revisionHistoryLimit: 1 }));
    for (const image of ['nginx:1.26', 'nginx:1.27']) {
      await h.until(async () => (await h.pods()).length >= 1);
      await readyAll(h);
      await h.until(async () => condition(await status(h), 'Progressing')?.reason === 'NewReplicaSetAvailable');
      await setImage(h, image);
      await h.until(async () => (await status(h)).observedGeneration >= 2);
    }
    for (let i = 0; i < 10; i++) {
      await readyAll(h);
      await flushAsync(10);
    }
    await h.until(async () => condition(await status(h), 'Progressing')?.reason === 'NewReplicaSetAvailable' && (await status(h)).observedGeneration === 3);
    await h.until(async () => (await replicaSets(h)).length === 2, 'one old ReplicaSet kept');
    const revisions = (await replicaSets(h)).map((rs) => rs.metadata.annotations!['deployment.kubernetes.io/revision']).sort();
    assert.deepEqual(revisions, ['2', '3']);
    await h.stop();
  });

  test('a rollout that makes no progress exceeds its deadline', async () => {
    const h = await start();
    await h.client.create(deployment(1, { progressDeadlineSeconds: 60 }));
    await h.until(async () => (await h.pods()).length === 1);
    await h.clock.advance(30_000);
    assert.notEqual(condition(await status(h), 'Progressing').reason, 'ProgressDeadlineExceeded');
    await h.clock.advance(31_000);
    await h.until(async () => condition(await status(h), 'Progressing').reason === 'ProgressDeadlineExceeded', 'deadline');
    const p = condition(await status(h), 'Progressing');
    assert.equal(p.status, 'False');
    assert.match(p.message, /^ReplicaSet "web-.+" has timed out progressing\.$/);
    await h.stop();
  });

  test('scaling a Deployment resizes its ReplicaSet', async () => {
    const h = await start();
    await h.client.create(deployment(2));
    await h.until(async () => (await h.pods()).length === 2);
    await h.client.patch(dRef, 'merge', { spec: { replicas: 5 } });
    await h.until(async () => (await h.pods()).length === 5, 'scaled up');
    const [rs] = await replicaSets(h);
    assert.equal(rs!.metadata.annotations!['deployment.kubernetes.io/desired-replicas'], '5');
    const messages = (await h.events()).filter((e) => e.reason === 'ScalingReplicaSet').map((e) => e.message);
    assert.ok(messages.includes(`Scaled up replica set ${rs!.metadata.name} from 2 to 5`));
    await h.stop();
  });
});
