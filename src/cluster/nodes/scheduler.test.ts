import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { podManifest, startTestCluster } from './test-support.ts';
import { fitErrorMessage } from './scheduling-decision.ts';

const NODE = { apiVersion: 'v1', kind: 'Node' };

describe('default-scheduler', () => {
  test('a pod asking for 100 CPUs stays Pending with the exact FailedScheduling message', async () => {
    const c = await startTestCluster();
    try {
      await c.client.create(podManifest('big', { containers: [{ name: 'main', image: 'nginx:1.27', resources: { requests: { cpu: '100' } } }] }));
      await c.clock.advance(0);
      const pod = await c.pod('big');
      const message = '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod..';
      assert.equal(pod.spec.nodeName, undefined);
      assert.equal(pod.status.phase, 'Pending');
      const cond = pod.status.conditions.find((x: any) => x.type === 'PodScheduled');
      assert.deepEqual(cond, { type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:00:00Z', reason: 'Unschedulable', message });
      const events = await c.events('Pod', 'big');
      assert.deepEqual(events.map((e) => [e.type, e.reason, e.component, e.message, e.count]), [['Warning', 'FailedScheduling', 'default-scheduler', message, 1]]);
    } finally {
      await c.stop();
    }
  });

  test('reasons of different nodes are counted and sorted; preemption is not helpful for taints and selectors', async () => {
    const c = await startTestCluster();
    try {
      await c.client.patch({ ...NODE, name: 'node1' }, 'merge', { spec: { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] } });
      await c.client.patch({ ...NODE, name: 'node2' }, 'merge', { spec: { unschedulable: true } });
      await c.clock.advance(0);
      await c.client.create(podManifest('p', { containers: [{ name: 'main', image: 'nginx:1.27', resources: { requests: { memory: '100Gi' } } }] }));
      await c.clock.advance(0);
      const events = await c.events('Pod', 'p');
      assert.equal(
        events[0]!.message,
        '0/3 nodes are available: 1 Insufficient memory, 1 node(s) had untolerated taint {dedicated: db}, 1 node(s) were unschedulable. ' +
          'preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling..',
      );
    } finally {
      await c.stop();
    }
  });

  test('an unschedulable pod is retried when a node changes', async () => {
    const c = await startTestCluster();
    try {
      await c.client.create(podManifest('gpu', { nodeSelector: { accelerator: 'a10' } }));
      await c.clock.advance(0);
      assert.equal((await c.events('Pod', 'gpu'))[0]!.message, "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..");
      await c.client.patch({ ...NODE, name: 'node3' }, 'merge', { metadata: { labels: { accelerator: 'a10' } } });
      await c.clock.advance(0);
      assert.equal((await c.pod('gpu')).spec.nodeName, 'node3');
      const scheduled = (await c.events('Pod', 'gpu')).find((e) => e.reason === 'Scheduled');
      assert.equal(scheduled?.message, 'Successfully assigned default/gpu to node3');
    } finally {
      await c.stop();
    }
  });

  test('taints are respected unless tolerated', async () => {
    const c = await startTestCluster();
    try {
      for (const n of ['node1', 'node2']) await c.client.patch({ ...NODE, name: n }, 'merge', { spec: { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] } });
      await c.clock.advance(0);
      await c.client.create(podManifest('plain'));
      await c.client.create(podManifest('db', { nodeSelector: { 'kubernetes.io/hostname': 'node1' }, tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' }] }));
      await c.clock.advance(0);
      assert.equal((await c.pod('plain')).spec.nodeName, 'node3');
      assert.equal((await c.pod('db')).spec.nodeName, 'node1');
    } finally {
      await c.stop();
    }
  });

  test('required node affinity operators select nodes', async () => {
    const c = await startTestCluster();
    try {
      await c.client.patch({ ...NODE, name: 'node2' }, 'merge', { metadata: { labels: { cores: '16', tier: 'fast' } } });
      await c.clock.advance(0);
      const affinity = (exprs: unknown[]) => ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: exprs }] } } });
      await c.client.create(podManifest('gt', { affinity: affinity([{ key: 'cores', operator: 'Gt', values: ['8'] }]) }));
      await c.client.create(podManifest('notin', { affinity: affinity([{ key: 'kubernetes.io/hostname', operator: 'NotIn', values: ['node1', 'node2'] }]) }));
      await c.client.create(podManifest('dne', { affinity: affinity([{ key: 'tier', operator: 'DoesNotExist' }, { key: 'kubernetes.io/hostname', operator: 'In', values: ['node1', 'node2'] }]) }));
      await c.clock.advance(0);
      assert.equal((await c.pod('gt')).spec.nodeName, 'node2');
      assert.equal((await c.pod('notin')).spec.nodeName, 'node3');
      assert.equal((await c.pod('dne')).spec.nodeName, 'node1');
    } finally {
      await c.stop();
    }
  });

  test('replicas spread over nodes; required anti-affinity by hostname leaves the fourth Pending', async () => {
    const c = await startTestCluster();
    try {
      const anti = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' }] } };
      for (const n of ['db-0', 'db-1', 'db-2', 'db-3']) await c.client.create(podManifest(n, { affinity: anti }, { labels: { app: 'db' } }));
      await c.clock.advance(0);
      const nodes = await Promise.all(['db-0', 'db-1', 'db-2'].map(async (n) => (await c.pod(n)).spec.nodeName));
      assert.deepEqual([...nodes].sort(), ['node1', 'node2', 'node3']);
      const pending = await c.pod('db-3');
      assert.equal(pending.spec.nodeName, undefined);
      assert.equal(
        pending.status.conditions.find((x: any) => x.type === 'PodScheduled').message,
        "0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod..",
      );
      await c.client.delete({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'db-0' }, { gracePeriodSeconds: 0 });
      await c.clock.advance(0);
      assert.equal((await c.pod('db-3')).spec.nodeName, nodes[0]);
    } finally {
      await c.stop();
    }
  });

  test("an existing pod's required anti-affinity keeps the pods it selects off its node", async () => {
    const c = await startTestCluster();
    try {
      await c.client.patch({ ...NODE, name: 'node2' }, 'merge', { spec: { unschedulable: true } });
      const keepOut = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }] } };
      await c.client.create(podManifest('guard', { affinity: keepOut, nodeSelector: { 'kubernetes.io/hostname': 'node1' } }, { labels: { app: 'guard' } }));
      await c.clock.advance(0);
      assert.equal((await c.pod('guard')).spec.nodeName, 'node1');
      // node1 would otherwise win (it has the most room left after node3 takes one web pod).
      for (const n of ['web-0', 'web-1', 'web-2']) {
        await c.client.create(podManifest(n, {}, { labels: { app: 'web' } }));
        await c.clock.advance(0);
      }
      for (const n of ['web-0', 'web-1', 'web-2']) assert.equal((await c.pod(n)).spec.nodeName, 'node3');
      await c.client.patch({ ...NODE, name: 'node3' }, 'merge', { spec: { unschedulable: true } });
      await c.client.create(podManifest('web-3', {}, { labels: { app: 'web' } }));
      await c.clock.advance(0);
      assert.equal(
        (await c.pod('web-3')).status.conditions.find((x: any) => x.type === 'PodScheduled').message,
        "0/3 nodes are available: 1 node(s) didn't satisfy existing pods anti-affinity rules, 2 node(s) were unschedulable. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling..",
      );
    } finally {
      await c.stop();
    }
  });

  test('requests of pods already bound count against allocatable', async () => {
    const c = await startTestCluster();
    try {
      const cpu = (n: string) => ({ containers: [{ name: 'main', image: 'nginx:1.27', resources: { requests: { cpu: n } } }] });
      for (const n of ['a', 'b', 'c']) await c.client.create(podManifest(n, cpu('7')));
      await c.client.create(podManifest('d', cpu('1')));
      await c.clock.advance(0);
      assert.equal((await c.pod('d')).spec.nodeName, undefined);
      assert.match((await c.events('Pod', 'd'))[0]!.message, /^0\/3 nodes are available: 3 Insufficient cpu\./);
    } finally {
      await c.stop();
    }
  });

  test('a higher-priority pod preempts a lower-priority one', async () => {
    const c = await startTestCluster();
    try {
      // The Priority admission plug-in gives a pod its class's value.
      await c.client.create({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'vip' }, value: 1000 } as any);
      const cpu = (n: string, priorityClassName?: string) => ({ ...(priorityClassName ? { priorityClassName } : {}), containers: [{ name: 'main', image: 'nginx:1.27', resources: { requests: { cpu: n } } }] });
      for (const n of ['low-1', 'low-2', 'low-3']) await c.client.create(podManifest(n, cpu('6')));
      await c.clock.advance(1000);
      await c.client.create(podManifest('vip', cpu('4', 'vip')));
      assert.equal((await c.pod('vip')).spec.priority, 1000);
      await c.clock.advance(0);
      const vip = await c.pod('vip');
      assert.equal(vip.status.nominatedNodeName, 'node1');
      assert.equal((await c.events('Pod', 'low-1')).find((e) => e.reason === 'Preempted')?.message, `Preempted by pod ${vip.metadata.uid} on node node1`);
      await c.clock.advance(30_000); // the victim's grace period
      assert.equal((await c.pod('vip')).spec.nodeName, 'node1');
    } finally {
      await c.stop();
    }
  });

  test('the fit error counts every reason of every node', () => {
    const failures = new Map([
      ['node1', { reasons: ['Too many pods', 'Insufficient cpu'] }],
      ['node2', { reasons: ['Insufficient cpu'] }],
    ]);
    assert.equal(fitErrorMessage(2, failures), '0/2 nodes are available: 1 Too many pods, 2 Insufficient cpu.');
  });
});
