import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultInventory, InventoryError, parseInventory } from './inventory.ts';
import { preflight } from './preflight.ts';

describe('node inventory', () => {
  test('the default inventory meets the platform minimum', () => {
    const inv = defaultInventory();
    assert.deepEqual(inv.nodes.map((n) => n.name), ['node1', 'node2', 'node3']);
    assert.deepEqual(preflight(inv), []);
  });

  test('nodes are control-plane nodes unless the inventory says worker; a default inventory of N makes the fourth node on workers', () => {
    const inv = parseInventory(`
nodes:
  - { name: cp1, cpu: 8, memory: 24Gi, disks: [{ name: sda, size: 50GB, role: system }] }
  - { name: w1, role: worker, cpu: 8, memory: 24Gi, disks: [{ name: sda, size: 50GB, role: system }] }
`);
    assert.deepEqual(inv.nodes.map((n) => n.role), ['controlplane', 'worker']);
    assert.deepEqual(defaultInventory(5).nodes.map((n) => n.role), ['controlplane', 'controlplane', 'controlplane', 'worker', 'worker']);
    assert.throws(
      () => parseInventory('nodes: [{ name: a, role: master, cpu: 8, memory: 24Gi, disks: [{ name: sda, size: 50GB, role: system }] }]'),
      (err: unknown) => err instanceof InventoryError && err.problems[0] === 'nodes[0].role: must be "controlplane" or "worker", got "master"',
    );
    assert.throws(
      () => parseInventory('nodes: [{ name: a, role: worker, cpu: 8, memory: 24Gi, disks: [{ name: sda, size: 50GB, role: system }] }]'),
      /at least one node must have role controlplane/,
    );
  });

  test('sizes are read as quantities or as sold', () => {
    const inv = parseInventory('nodes: [{ name: a, cpu: "8", memory: 24GiB, disks: [{ name: sda, size: 50GB, role: system }, { name: sdb, size: 0.5Ti, role: data }] }]');
    const a = inv.nodes[0]!;
    assert.equal(a.cpu, 8);
    assert.equal(a.memoryBytes, 24 * 2 ** 30);
    assert.deepEqual(a.disks.map((d) => d.sizeBytes), [50e9, 2 ** 39]);
    assert.deepEqual(a.network, { l2Segment: 'default', rttMs: 0.2 });
    assert.equal(a.address, '192.168.100.11');
  });

  test('every problem of a bad file is reported with its path', () => {
    const yaml = `
nodes:
  - name: Node_1
    cpu: four
    memory: lots
    disks: [{ name: sda, size: 50GB, role: boot }]
    taints: [{ key: x, effect: Sometimes }]
  - name: b
    cpu: 8
`;
    assert.throws(
      () => parseInventory(yaml),
      (err: unknown) => {
        assert.ok(err instanceof InventoryError);
        assert.deepEqual(err.problems, [
          `nodes[0].name: "Node_1" is not a valid node name (lower case letters, digits, '-' and '.')`,
          'nodes[0].cpu: must be a whole number of cores, got "four"',
          'nodes[0].memory: must be a size such as 24Gi or 32GB, got "lots"',
          'nodes[0].disks[0].role: must be "system" or "data", got "boot"',
          'nodes[0].taints[0].effect: must be one of NoSchedule, PreferNoSchedule, NoExecute, got "Sometimes"',
          'nodes[1].memory: required, e.g. 24Gi',
          'nodes[1].disks: required, e.g. [{name: sda, size: 50GB, role: system}, {name: sdb, size: 256GB, role: data}]',
        ]);
        assert.match(err.message, /^invalid node inventory:\n  - nodes\[0\]\.name/);
        return true;
      },
    );
    assert.throws(() => parseInventory('nodes: ['), /not valid YAML/);
    assert.throws(() => parseInventory('machines: []'), /nodes: required/);
  });

  test('preflight names each shortfall', () => {
    const inv = parseInventory(`
nodes:
  - { name: node1, cpu: 8, memory: 24Gi, disks: [{ name: sda, size: 50GB, role: system }, { name: sdb, size: 256GB, role: data }] }
  - name: node2
    cpu: 4
    memory: 16Gi
    disks: [{ name: sda, size: 40GB, role: system }, { name: sdb, size: 100GB, role: data }]
    network: { l2Segment: office, rttMs: 12 }
`);
    assert.deepEqual(preflight(inv), [
      'cluster: 2 nodes, needs at least 3',
      'node2: 4 CPU cores, needs at least 8',
      'node2: 16Gi memory, needs at least 24 GB',
      'node2: system disk sda is 40GB, needs at least 50 GB',
      'node2: data disk sdb is 100GB, needs at least 256 GB',
      'node2: 12 ms round-trip time, needs less than 10 ms',
      'network: nodes must share one L2 segment, found 2 (node1 on default; node2 on office)',
    ]);
  });

  test('a node without a data disk is named', () => {
    const inv = defaultInventory();
    inv.nodes[2]!.disks = inv.nodes[2]!.disks.filter((d) => d.role === 'system');
    assert.deepEqual(preflight(inv), ['node3: no data disk, needs one of at least 256 GB']);
  });

  test('GPUs count under nvidia.com/gpu unless a device names its own resource', () => {
    const disks = '[{ name: sda, size: 50GB, role: system }]';
    const inv = parseInventory(`nodes: [{ name: g, cpu: 8, memory: 24Gi, disks: ${disks}, gpus: [{ model: a10 }, { model: h200, count: 2, resource: nvidia.com/GH100_H200_SXM_141GB }] }]`);
    assert.deepEqual(inv.nodes[0]!.gpus, [
      { model: 'a10', count: 1, resource: 'nvidia.com/gpu' },
      { model: 'h200', count: 2, resource: 'nvidia.com/GH100_H200_SXM_141GB' },
    ]);
    assert.throws(
      () => parseInventory(`nodes: [{ name: g, cpu: 8, memory: 24Gi, disks: ${disks}, gpus: [{ model: a10, resource: "not a resource" }] }]`),
      (err: unknown) => err instanceof InventoryError && err.problems[0] === 'nodes[0].gpus[0].resource: must be an extended resource name such as nvidia.com/gpu, got "not a resource"',
    );
  });
});
