import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { startDeploymentController } from './deployment-controller.ts';
import { DISRUPTION_TIMEOUT_MS, PDB_GVK, scaledValue, startDisruptionController } from './disruption-controller.ts';
import { startReplicaSetController } from './replicaset-controller.ts';
import { container, newWorkloadHarness, type WorkloadHarness } from './workload-test-support.ts';
import { DEPLOYMENT_GVK } from './workload-deps.ts';

const pdbRef = { ...PDB_GVK, namespace: 'default', name: 'web' };

function budget(spec: Record<string, unknown>): KubeObject {
  return { ...PDB_GVK, metadata: { name: 'web', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'web' } }, ...spec } };
}

async function start(replicas: number): Promise<WorkloadHarness> {
  const h = await newWorkloadHarness();
  h.run(startReplicaSetController(h.deps), startDeploymentController(h.deps), startDisruptionController(h.deps));
  await h.client.create({
    ...DEPLOYMENT_GVK,
    metadata: { name: 'web', namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [container()] } } },
  });
  await h.until(async () => (await h.pods()).length === replicas, `${replicas} pods`);
  return h;
}

const status = async (h: WorkloadHarness) => ((await h.client.get(pdbRef)).status ?? {}) as Record<string, any>;

describe('disruption controller', () => {
  test('scaledValue rounds percentages up', () => {
    assert.equal(scaledValue('50%', 3), 2);
    assert.equal(scaledValue(1, 3), 1);
  });

  test('minAvailable: healthy pods are the Ready ones; disruptions allowed are what is above the minimum', async () => {
    const h = await start(3);
    await h.client.create(budget({ minAvailable: 2 }));
    await h.until(async () => (await status(h)).expectedPods === 3, 'status');
    assert.deepEqual({ ...(await status(h)), conditions: undefined }, { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 2, expectedPods: 3, observedGeneration: 1, conditions: undefined });
    assert.equal((await status(h)).conditions[0].reason, 'InsufficientPods');
    for (const pod of await h.pods()) await h.markReady(pod);
    await h.until(async () => (await status(h)).currentHealthy === 3, 'three healthy');
    const s = await status(h);
    assert.equal(s.disruptionsAllowed, 1);
    assert.deepEqual({ type: s.conditions[0].type, status: s.conditions[0].status, reason: s.conditions[0].reason, message: s.conditions[0].message }, { type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: '' });
    await h.stop();
  });

  test('maxUnavailable counts against the replicas the Deployment wants, not the pods that exist', async () => {
    const h = await start(4);
    for (const pod of await h.pods()) await h.markReady(pod);
    await h.client.create(budget({ maxUnavailable: '25%' }));
    await h.until(async () => (await status(h)).currentHealthy === 4, 'status');
    assert.equal((await status(h)).expectedPods, 4);
    assert.equal((await status(h)).desiredHealthy, 3);
    assert.equal((await status(h)).disruptionsAllowed, 1);
    await h.stop();
  });

  test('a pod the eviction recorded counts as disrupted until it is deleted, or for two minutes', async () => {
    const h = await start(3);
    for (const pod of await h.pods()) await h.markReady(pod);
    await h.client.create(budget({ minAvailable: 1 }));
    await h.until(async () => (await status(h)).disruptionsAllowed === 2, 'two allowed');
    const victim = (await h.pods())[0]!.metadata.name!;
    const pdb = await h.client.get(pdbRef);
    await h.client.updateStatus({ ...pdb, status: { ...(pdb.status as object), disruptionsAllowed: 1, disruptedPods: { [victim]: new Date(h.clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z') } } });
    await h.until(async () => (await status(h)).currentHealthy === 2, 'victim not healthy');
    assert.deepEqual(Object.keys((await status(h)).disruptedPods), [victim]);
    await h.clock.advance(DISRUPTION_TIMEOUT_MS + 1000);
    await h.until(async () => (await status(h)).currentHealthy === 3, 'victim healthy again');
    assert.equal((await status(h)).disruptedPods, undefined);
    await h.stop();
  });
});
