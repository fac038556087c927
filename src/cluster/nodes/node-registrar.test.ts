import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseInventory } from './inventory.ts';
import { startTestCluster } from './test-support.ts';

const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace: 'kube-node-lease' };

describe('node registrar', () => {
  test('three default nodes register Ready with Talos node info, capacity and addresses', async () => {
    const c = await startTestCluster();
    try {
      const nodes = (await c.client.list({ apiVersion: 'v1', kind: 'Node' })).items as any[];
      assert.deepEqual(nodes.map((n) => n.metadata.name), ['node1', 'node2', 'node3']);
      const n2 = nodes[1];
      assert.equal(n2.metadata.labels['kubernetes.io/hostname'], 'node2');
      assert.equal(n2.metadata.labels['kubernetes.io/os'], 'linux');
      assert.equal(n2.metadata.labels['kubernetes.io/arch'], 'amd64');
      assert.equal(n2.metadata.labels['node-role.kubernetes.io/control-plane'], '');
      assert.equal(n2.spec.podCIDR, '10.244.1.0/24');
      assert.deepEqual(n2.status.addresses, [{ type: 'InternalIP', address: '192.168.100.12' }, { type: 'Hostname', address: 'node2' }]);
      assert.equal(n2.status.nodeInfo.osImage, 'Talos (v1.10.5)');
      assert.equal(n2.status.nodeInfo.kubeletVersion, 'v1.33.0');
      assert.equal(n2.status.nodeInfo.containerRuntimeVersion, 'containerd://2.0.5');
      assert.equal(n2.status.capacity.cpu, '8');
      assert.equal(n2.status.capacity.memory, '24Gi');
      assert.equal(n2.status.capacity.pods, '512');
      assert.equal(n2.status.allocatable.pods, '512');
      assert.equal(n2.status.allocatable.cpu, '7950m');
      const ready = n2.status.conditions.find((x: any) => x.type === 'Ready');
      assert.equal(ready.status, 'True');
      assert.equal(ready.reason, 'KubeletReady');
      const events = await c.events('Node', 'node2');
      // The kubelet's first word (node-controller's RegisteredNode may share its second on the test clock).
      assert.deepEqual(events.filter((e) => e.component === 'kubelet').slice(0, 1).map((e) => [e.component, e.reason, e.message]), [['kubelet', 'Starting', 'Starting kubelet.']]);
      assert.ok(events.some((e) => e.reason === 'NodeReady' && e.message === 'Node node2 status is now: NodeReady'));
    } finally {
      await c.stop();
    }
  });

  test('each node renews its Lease every 10 seconds and posts status every 5 minutes', async () => {
    const c = await startTestCluster();
    try {
      let lease = (await c.client.get({ ...LEASE, name: 'node1' })) as any;
      assert.equal(lease.spec.holderIdentity, 'node1');
      assert.equal(lease.spec.leaseDurationSeconds, 40);
      assert.equal(lease.spec.renewTime, '2026-01-01T00:00:00.000000Z');
      assert.equal(lease.metadata.ownerReferences[0].kind, 'Node');
      await c.clock.advance(10_000);
      lease = await c.client.get({ ...LEASE, name: 'node1' });
      assert.equal(lease.spec.renewTime, '2026-01-01T00:00:10.000000Z');
      const heartbeat = async () => ((await c.client.get({ apiVersion: 'v1', kind: 'Node', name: 'node1' })) as any).status.conditions.find((x: any) => x.type === 'Ready');
      assert.equal((await heartbeat()).lastHeartbeatTime, '2026-01-01T00:00:00Z');
      await c.clock.advance(290_000);
      const ready = await heartbeat();
      assert.equal(ready.lastHeartbeatTime, '2026-01-01T00:05:00Z');
      assert.equal(ready.lastTransitionTime, '2026-01-01T00:00:00Z');
    } finally {
      await c.stop();
    }
  });

  test('an inventory file shapes the nodes: labels, taints, GPUs, addresses', async () => {
    const inventory = parseInventory(`
nodes:
  - name: gpu-a
    cpu: 16
    memory: 64Gi
    disks: [{ name: nvme0n1, size: 1TB, role: system }, { name: nvme1n1, size: 2TB, role: data }]
    labels: { topology.kubernetes.io/zone: a }
    taints: [{ key: nvidia.com/gpu, effect: NoSchedule }]
    gpus: [{ model: nvidia-a10, count: 2 }, { model: nvidia-h200, resource: nvidia.com/GH100_H200_SXM_141GB }]
    address: 10.0.0.5
`);
    const c = await startTestCluster({ inventory });
    try {
      const node = (await c.client.get({ apiVersion: 'v1', kind: 'Node', name: 'gpu-a' })) as any;
      assert.equal(node.metadata.labels['topology.kubernetes.io/zone'], 'a');
      assert.deepEqual(node.spec.taints, [{ key: 'nvidia.com/gpu', effect: 'NoSchedule' }]);
      assert.equal(node.status.capacity['nvidia.com/gpu'], '2');
      assert.equal(node.status.allocatable['nvidia.com/GH100_H200_SXM_141GB'], '1', 'a passthrough GPU under its PCI resource name');
      assert.equal(node.metadata.labels['nvidia.com/gpu.product'], 'nvidia-a10');
      assert.equal(node.status.capacity.cpu, '16');
      assert.equal(node.status.addresses[0].address, '10.0.0.5');
    } finally {
      await c.stop();
    }
  });
});
