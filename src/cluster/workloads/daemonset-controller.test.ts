import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import { DAEMONSET_GVK, maxUnavailableOf, startDaemonSetController } from './daemonset-controller.ts';
import { container, newWorkloadHarness, type WorkloadHarness } from './workload-test-support.ts';

const NODE = { apiVersion: 'v1', kind: 'Node' };
const dsRef = { ...DAEMONSET_GVK, namespace: 'default', name: 'agent' };

function node(name: string, extra: { labels?: Record<string, string>; taints?: unknown[] } = {}): KubeObject {
  return { ...NODE, metadata: { name, labels: { 'kubernetes.io/hostname': name, ...extra.labels } }, spec: extra.taints ? { taints: extra.taints } : {} };
}

function daemonSet(extra: Record<string, unknown> = {}, podSpec: Record<string, unknown> = {}): KubeObject {
  return {
    ...DAEMONSET_GVK,
    metadata: { name: 'agent', namespace: 'default' },
    spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [container('fluent-bit:3')], ...podSpec } }, ...extra },
  };
}

async function withNodes(h: WorkloadHarness, ...nodes: KubeObject[]): Promise<void> {
  for (const n of nodes) await h.client.create(n);
}

const pinnedNode = (p: KubeObject) => (p.spec as any).affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].values[0];
const status = async (h: WorkloadHarness) => ((await h.client.get(dsRef)).status ?? {}) as Record<string, any>;

describe('DaemonSet controller', () => {
  test('one pod per node, pinned by node affinity, with revision labels and daemon tolerations', async () => {
    const h = await newWorkloadHarness();
    await withNodes(h, node('node1'), node('node2'), node('node3'));
    h.run(startDaemonSetController(h.deps));
    const ds = await h.client.create(daemonSet());
    await h.until(async () => (await h.pods()).length === 3, '3 pods');
    const pods = await h.pods();
    assert.deepEqual(pods.map(pinnedNode).sort(), ['node1', 'node2', 'node3']);
    for (const pod of pods) {
      assert.match(pod.metadata.name!, /^agent-[a-z0-9]{5}$/);
      assert.equal(pod.metadata.labels!.app, 'agent');
      assert.match(pod.metadata.labels!['controller-revision-hash']!, /^[bcdfghjklmnpqrstvwxz2456789]+$/);
      assert.equal(pod.metadata.labels!['pod-template-generation'], '1');
      assert.equal(pod.metadata.ownerReferences![0]!.uid, ds.metadata.uid);
      assert.equal((pod.spec as any).nodeName, undefined, 'the scheduler binds it');
      const tolerations = (pod.spec as any).tolerations.map((t: any) => `${t.key}:${t.effect}`);
      assert.deepEqual(tolerations, [
        'node.kubernetes.io/not-ready:NoExecute',
        'node.kubernetes.io/unreachable:NoExecute',
        'node.kubernetes.io/disk-pressure:NoSchedule',
        'node.kubernetes.io/memory-pressure:NoSchedule',
        'node.kubernetes.io/pid-pressure:NoSchedule',
        'node.kubernetes.io/unschedulable:NoSchedule',
      ]);
    }
    await h.until(async () => (await status(h)).desiredNumberScheduled === 3, 'status');
    assert.deepEqual(await status(h), { currentNumberScheduled: 3, numberMisscheduled: 0, desiredNumberScheduled: 3, numberReady: 0, observedGeneration: 1, updatedNumberScheduled: 3, numberUnavailable: 3 });
    for (const pod of pods) await h.markReady(pod);
    await h.until(async () => (await status(h)).numberAvailable === 3, 'available');
    assert.equal((await status(h)).numberReady, 3);
    assert.equal((await status(h)).numberUnavailable, undefined);
    assert.equal((await h.events()).filter((e) => e.reason === 'SuccessfulCreate' && /^Created pod: agent-/.test(String(e.message))).length, 3);
    await h.stop();
  });

  test('node selector, affinity and taints decide the nodes; hostNetwork adds network-unavailable', async () => {
    const h = await newWorkloadHarness();
    await withNodes(
      h,
      node('gpu1', { labels: { gpu: 'yes' } }),
      node('gpu2', { labels: { gpu: 'yes' }, taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] }),
      node('plain'),
    );
    h.run(startDaemonSetController(h.deps));
    await h.client.create(daemonSet({}, { nodeSelector: { gpu: 'yes' }, hostNetwork: true }));
    await h.until(async () => (await status(h)).desiredNumberScheduled === 1, 'one eligible node');
    const pods = await h.pods();
    assert.deepEqual(pods.map(pinnedNode), ['gpu1']);
    assert.ok((pods[0]!.spec as any).tolerations.some((t: any) => t.key === 'node.kubernetes.io/network-unavailable'));

    // A toleration lets it onto the tainted node.
    await h.client.patch(dsRef, 'merge', { spec: { template: { spec: { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' }] } } } });
    await h.until(async () => (await h.pods()).filter((p) => !p.metadata.deletionTimestamp).map(pinnedNode).includes('gpu2'), 'pod on gpu2');
    await h.stop();
  });

  test('a new node gets a pod; a removed node loses it; a NoExecute taint evicts, NoSchedule does not', async () => {
    const h = await newWorkloadHarness();
    await withNodes(h, node('node1'));
    h.run(startDaemonSetController(h.deps));
    await h.client.create(daemonSet());
    await h.until(async () => (await h.pods()).length === 1);
    await h.client.create(node('node2'));
    await h.until(async () => (await h.pods()).map(pinnedNode).sort().join() === 'node1,node2', 'pod on the new node');

    await h.client.patch({ ...NODE, name: 'node1' }, 'merge', { spec: { taints: [{ key: 'maintenance', effect: 'NoSchedule' }] } });
    await h.clock.advance(10);
    assert.equal((await h.pods()).length, 2, 'NoSchedule leaves a running daemon pod alone');
    await h.until(async () => (await status(h)).desiredNumberScheduled === 1 && (await status(h)).numberMisscheduled === 1, 'misscheduled');

    await h.client.patch({ ...NODE, name: 'node1' }, 'merge', { spec: { taints: [{ key: 'maintenance', effect: 'NoExecute' }] } });
    await h.until(async () => (await h.pods()).map(pinnedNode).join() === 'node2', 'evicted by NoExecute');

    await h.client.delete({ ...NODE, name: 'node2' });
    await h.until(async () => (await h.pods()).length === 0, 'pod of the removed node deleted');
    await h.until(async () => (await status(h)).desiredNumberScheduled === 0);
    assert.ok((await h.events()).some((e) => e.reason === 'SuccessfulDelete'));
    await h.stop();
  });

  test('RollingUpdate replaces at most maxUnavailable pods at a time, waiting for the new ones to be available', async () => {
    const h = await newWorkloadHarness();
    await withNodes(h, node('node1'), node('node2'), node('node3'));
    h.run(startDaemonSetController(h.deps));
    await h.client.create(daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } } }));
    await h.until(async () => (await h.pods()).length === 3);
    for (const p of await h.pods()) await h.markReady(p);
    await h.until(async () => (await status(h)).numberAvailable === 3);
    const oldHash = (await h.pods())[0]!.metadata.labels!['controller-revision-hash'];

    await h.client.patch(dsRef, 'merge', { spec: { template: { spec: { containers: [container('fluent-bit:4')] } } } });
    // An unbound pod is deleted at once, so the replacement follows the deletion in the same breath.
    const fresh = async () => (await h.pods()).filter((p) => p.metadata.labels!['controller-revision-hash'] !== oldHash);
    await h.until(async () => (await fresh()).length === 1 && (await h.pods()).length === 3, 'one pod replaced');
    await h.clock.advance(10);
    assert.equal((await fresh()).length, 1, 'no second replacement while one node is unavailable');
    const first = (await fresh())[0]!;
    assert.equal(first.metadata.labels!['pod-template-generation'], '2');
    assert.equal((first.spec as any).containers[0].image, 'fluent-bit:4');
    await h.until(async () => (await status(h)).updatedNumberScheduled === 1 && (await status(h)).observedGeneration === 2);
    await h.markReady(first);
    await h.until(async () => (await fresh()).length === 2, 'next pod replaced once the new one is available');
    for (const p of await fresh()) await h.markReady(p);
    await h.until(async () => (await fresh()).length === 3, 'rollout done');
    assert.ok((await h.events()).some((e) => e.reason === 'SuccessfulDelete'));
    await h.stop();
  });

  test('OnDelete keeps old pods until they are deleted', async () => {
    const h = await newWorkloadHarness();
    await withNodes(h, node('node1'));
    h.run(startDaemonSetController(h.deps));
    await h.client.create(daemonSet({ updateStrategy: { type: 'OnDelete' } }));
    await h.until(async () => (await h.pods()).length === 1);
    const old = (await h.pods())[0]!;
    await h.markReady(old);
    await h.client.patch(dsRef, 'merge', { spec: { template: { spec: { containers: [container('fluent-bit:4')] } } } });
    await h.until(async () => (await status(h)).observedGeneration === 2);
    assert.equal((await status(h)).updatedNumberScheduled, undefined);
    assert.equal((await h.pods())[0]!.metadata.uid, old.metadata.uid);
    await h.client.delete(refOf(old), { gracePeriodSeconds: 0 });
    await h.until(async () => (await h.pods()).length === 1 && (await h.pods())[0]!.metadata.uid !== old.metadata.uid, 'replacement');
    assert.equal(((await h.pods())[0]!.spec as any).containers[0].image, 'fluent-bit:4');
    await h.stop();
  });

  test('maxUnavailable percentages round up and never reach 0', () => {
    const ds = (v: unknown) => ({ ...DAEMONSET_GVK, metadata: {}, spec: { updateStrategy: { rollingUpdate: { maxUnavailable: v } } } }) as KubeObject;
    assert.equal(maxUnavailableOf(ds('25%'), 3), 1);
    assert.equal(maxUnavailableOf(ds('50%'), 5), 3);
    assert.equal(maxUnavailableOf(ds(2), 5), 2);
    assert.equal(maxUnavailableOf(ds(0), 5), 1);
  });
});
