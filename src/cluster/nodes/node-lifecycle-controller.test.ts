import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startWorkloadControllers } from '../workloads/index.ts';
import { podManifest, startTestCluster, type TestCluster } from './test-support.ts';

const onNode = (name: string) => ({ nodeSelector: { 'kubernetes.io/hostname': name } });
const ready = (obj: any) => obj.status.conditions.find((c: any) => c.type === 'Ready');
const taints = (node: any) => (node.spec.taints ?? []).map((t: any) => `${t.key}:${t.effect}`);

async function podsOf(c: TestCluster, label: string): Promise<any[]> {
  const list = await c.client.list({ apiVersion: 'v1', kind: 'Pod' }, { namespace: 'default', labelSelector: label });
  return (list.items as any[]).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
}

describe('node lifecycle controller', () => {
  test('records each node it starts knowing of (RegisteredNode) and each deleted one (RemovingNode), as node-controller', async () => {
    const c = await startTestCluster();
    try {
      const events = (reason: string) => c.events('Node', 'node3').then((all) => all.filter((e) => e.component === 'node-controller' && e.reason === reason));
      await c.until(async () => (await events('RegisteredNode')).length > 0, 'RegisteredNode');
      assert.equal((await events('RegisteredNode'))[0]!.message, 'Node node3 event: Registered Node node3 in Controller');
      await c.client.delete({ apiVersion: 'v1', kind: 'Node', name: 'node3' });
      await c.until(async () => (await events('RemovingNode')).length > 0, 'RemovingNode');
      assert.equal((await events('RemovingNode'))[0]!.message, 'Node node3 event: Removing Node node3 from Controller');
    } finally {
      await c.stop();
    }
  });

  test('a node whose kubelet stops goes Unknown after the 40 s grace period and gets the unreachable taints; its pods go unready', async () => {
    const c = await startTestCluster();
    try {
      await c.client.create(podManifest('web', onNode('node2')));
      await c.clock.advance(1000);
      assert.equal(ready(await c.pod('web')).status, 'True');
      await c.failNode('node2');
      await c.clock.advance(38_999); // 39.999 s since the last Lease renewal (at 0 s)
      assert.equal(ready(await c.node('node2')).status, 'True');
      assert.deepEqual(taints(await c.node('node2')), []);
      await c.clock.advance(1);
      await c.until(async () => taints(await c.node('node2')).length === 2, 'taints');
      const node = await c.node('node2');
      const r = ready(node);
      assert.equal(r.status, 'Unknown');
      assert.equal(r.reason, 'NodeStatusUnknown');
      assert.equal(r.message, 'Kubelet stopped posting node status.');
      assert.equal(r.lastTransitionTime, '2026-01-01T00:00:40Z');
      assert.equal(r.lastHeartbeatTime, '2026-01-01T00:00:00Z', 'the last heartbeat the kubelet posted');
      for (const type of ['MemoryPressure', 'DiskPressure', 'PIDPressure']) {
        assert.equal(node.status.conditions.find((x: any) => x.type === type).status, 'Unknown');
      }
      assert.deepEqual(node.spec.taints, [
        { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:00:40Z' },
        { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:40Z' },
      ]);
      const nodeEvents = await c.events('Node', 'node2');
      assert.ok(nodeEvents.some((e) => e.component === 'node-controller' && e.reason === 'NodeNotReady' && e.message === 'Node node2 status is now: NodeNotReady'));
      assert.ok(nodeEvents.some((e) => e.component === 'node-controller' && e.reason === 'RegisteredNode' && e.message === 'Node node2 event: Registered Node node2 in Controller'), 'registered when first seen');
      await c.until(async () => ready(await c.pod('web')).status === 'False', 'pod unready');
      const podEvents = await c.events('Pod', 'web');
      assert.ok(podEvents.some((e) => e.component === 'node-controller' && e.type === 'Warning' && e.reason === 'NodeNotReady' && e.message === 'Node is not ready'));
      // The healthy nodes keep renewing and stay Ready.
      for (const name of ['node1', 'node3']) assert.equal(ready(await c.node(name)).status, 'True');
    } finally {
      await c.stop();
    }
  });

  test('pods are evicted once their tolerationSeconds (300 s by default) run out and stay Terminating on the dead node', async () => {
    const c = await startTestCluster();
    try {
      await c.client.create(podManifest('web', { ...onNode('node2'), terminationGracePeriodSeconds: 30 }));
      const forever = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' };
      await c.client.create(podManifest('stays', { ...onNode('node2'), tolerations: [forever] }));
      await c.clock.advance(1000);
      await c.failNode('node2');
      await c.clock.advance(39_000);
      await c.until(async () => taints(await c.node('node2')).length === 2, 'tainted');
      await c.clock.advance(299_999);
      assert.equal((await c.pod('web')).metadata.deletionTimestamp, undefined);
      await c.clock.advance(1);
      await c.until(async () => Boolean((await c.pod('web')).metadata.deletionTimestamp), 'web deleted');
      const evicted = await c.pod('web');
      const disruption = evicted.status.conditions.find((x: any) => x.type === 'DisruptionTarget');
      assert.equal(disruption.reason, 'DeletionByTaintManager');
      assert.equal(disruption.message, 'Taint manager: deleting due to NoExecute taint');
      const events = await c.events('Pod', 'web');
      assert.ok(events.some((e) => e.component === 'taint-eviction-controller' && e.reason === 'TaintManagerEviction' && e.message === 'Marking for deletion Pod default/web'));
      // No kubelet finishes the deletion: the pod is still there well after its grace period.
      await c.clock.advance(120_000);
      assert.ok((await c.pod('web')).metadata.deletionTimestamp);
      assert.equal((await c.pod('stays')).metadata.deletionTimestamp, undefined, 'tolerates the taint forever');
    } finally {
      await c.stop();
    }
  });

  test('a NoExecute taint a pod does not tolerate evicts it at once', async () => {
    const c = await startTestCluster();
    try {
      await c.client.create(podManifest('web', onNode('node1')));
      await c.clock.advance(1000);
      const node = await c.node('node1');
      await c.client.update({ ...node, spec: { ...node.spec, taints: [{ key: 'maintenance', value: 'now', effect: 'NoExecute' }] } });
      await c.until(async () => {
        try {
          return Boolean((await c.pod('web')).metadata.deletionTimestamp);
        } catch {
          return true;
        }
      }, 'web deleted');
      const events = await c.events('Pod', 'web');
      assert.ok(events.some((e) => e.reason === 'TaintManagerEviction' && e.message === 'Marking for deletion Pod default/web'));
    } finally {
      await c.stop();
    }
  });

  test('a Deployment pod on a failed node is replaced on a healthy node', async () => {
    const c = await startTestCluster();
    const workloads = startWorkloadControllers({ client: c.client, factory: c.factory, clock: c.clock });
    try {
      await c.client.create({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'api', namespace: 'default' },
        spec: { replicas: 3, selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'main', image: 'nginx' }] } } },
      });
      await c.until(async () => (await podsOf(c, 'app=api')).filter((p) => p.spec.nodeName).length === 3, 'three pods placed');
      await c.clock.advance(1000);
      const before = await podsOf(c, 'app=api');
      const victim = before.find((p) => p.spec.nodeName === 'node2') ?? before[0];
      const dead = victim.spec.nodeName;
      await c.failNode(dead);
      await c.clock.advance(340_000);
      await c.until(async () => (await podsOf(c, 'app=api')).filter((p) => !p.metadata.deletionTimestamp && p.spec.nodeName && p.spec.nodeName !== dead).length === 3, 'three live pods elsewhere');
      const after = await podsOf(c, 'app=api');
      const live = after.filter((p) => !p.metadata.deletionTimestamp);
      assert.equal(live.length, 3);
      assert.ok(live.every((p) => p.spec.nodeName !== dead));
      const stuck = after.filter((p) => p.metadata.deletionTimestamp);
      assert.ok(stuck.length >= 1 && stuck.every((p) => p.spec.nodeName === dead), 'the evicted pods stay Terminating on the dead node');
    } finally {
      await workloads.stop();
      await c.stop();
    }
  });

  test('a StatefulSet pod on a failed node is not recreated while it exists; after recovery the kubelet finishes it and it comes back', async () => {
    const c = await startTestCluster();
    const workloads = startWorkloadControllers({ client: c.client, factory: c.factory, clock: c.clock });
    try {
      await c.client.create({
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db', namespace: 'default' },
        spec: { replicas: 1, serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'main', image: 'postgres' }] } } },
      });
      await c.until(async () => (await podsOf(c, 'app=db'))[0]?.spec.nodeName !== undefined, 'db-0 placed');
      await c.clock.advance(1000);
      const [db0] = await podsOf(c, 'app=db');
      await c.failNode(db0.spec.nodeName);
      await c.clock.advance(340_000);
      await c.until(async () => Boolean((await podsOf(c, 'app=db'))[0]?.metadata.deletionTimestamp), 'db-0 evicted');
      await c.clock.advance(600_000);
      let pods = await podsOf(c, 'app=db');
      assert.equal(pods.length, 1, 'no second db-0');
      assert.equal(pods[0].metadata.uid, db0.metadata.uid, 'the same db-0, still Terminating');
      await c.recoverNode(db0.spec.nodeName);
      await c.until(async () => {
        const now = await podsOf(c, 'app=db');
        return now.length === 1 && now[0].metadata.uid !== db0.metadata.uid;
      }, 'db-0 replaced after the old one is gone');
      await c.clock.advance(1000);
      pods = await podsOf(c, 'app=db');
      assert.equal(pods[0].metadata.name, 'db-0');
      assert.equal(pods[0].status.phase, 'Running');
    } finally {
      await workloads.stop();
      await c.stop();
    }
  });

  test('a recovered node is Ready again and loses the taints; its pods are Ready again', async () => {
    const c = await startTestCluster();
    try {
      await c.client.create(podManifest('web', onNode('node3')));
      await c.clock.advance(1000);
      await c.failNode('node3');
      await c.clock.advance(60_000);
      await c.until(async () => ready(await c.pod('web')).status === 'False', 'pod unready');
      await c.recoverNode('node3');
      await c.until(async () => taints(await c.node('node3')).length === 0, 'taints removed');
      const node = await c.node('node3');
      assert.equal(ready(node).status, 'True');
      assert.equal(ready(node).reason, 'KubeletReady');
      assert.equal(ready(node).lastTransitionTime, '2026-01-01T00:01:01Z');
      await c.until(async () => ready(await c.pod('web')).status === 'True', 'pod ready again');
      const starts = (await c.events('Node', 'node3')).filter((e) => e.reason === 'Starting');
      assert.equal(starts[0]?.count, 2, 'the kubelet started again');
    } finally {
      await c.stop();
    }
  });

  test('a cordoned node gets the unschedulable taint, and loses it when uncordoned; other taints are left alone', async () => {
    const c = await startTestCluster();
    try {
      let node = await c.node('node1');
      const own = { key: 'dedicated', value: 'db', effect: 'NoSchedule' };
      await c.client.update({ ...node, spec: { ...node.spec, unschedulable: true, taints: [own] } });
      await c.until(async () => taints(await c.node('node1')).length === 2, 'cordon taint');
      node = await c.node('node1');
      assert.deepEqual(node.spec.taints, [own, { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:00:00Z' }]);
      await c.client.update({ ...node, spec: { ...node.spec, unschedulable: false } });
      await c.until(async () => taints(await c.node('node1')).length === 1, 'uncordoned');
      assert.deepEqual((await c.node('node1')).spec.taints, [own]);
    } finally {
      await c.stop();
    }
  });

  test('when every node is down the controller keeps NoExecute taints off (master disruption mode)', async () => {
    const c = await startTestCluster();
    try {
      for (const n of ['node1', 'node2', 'node3']) await c.failNode(n);
      await c.clock.advance(41_000);
      await c.until(async () => {
        for (const n of ['node1', 'node2', 'node3']) if (ready(await c.node(n)).status !== 'Unknown') return false;
        return true;
      }, 'all Unknown');
      await c.clock.advance(0);
      for (const n of ['node1', 'node2', 'node3']) assert.deepEqual(taints(await c.node(n)), ['node.kubernetes.io/unreachable:NoSchedule']);
    } finally {
      await c.stop();
    }
  });
});
