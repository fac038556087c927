// Simulated nodes end to end: `cozylab up --nodes` and `--inventory`, `cozylab preflight`, and a
// node failing and recovering through `cozylab node fail|recover`, seen with real kubectl.
// The node monitor grace period and the default tolerationSeconds are shortened (hidden `up`
// options) so a failure is noticed in seconds instead of 40 s + 300 s.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startCluster, type TestCluster } from '../support/cluster.ts';
import { apiRequest } from '../support/http.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const files = mkdtempSync(join(tmpdir(), 'cozylab-nodes-'));
after(() => rmSync(files, { recursive: true, force: true }));

function cozylab(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'cozylab.js'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function file(name: string, text: string): string {
  const path = join(files, name);
  writeFileSync(path, text);
  return path;
}

/** Polls until `check` holds; the limit only bounds a broken run, nothing is asserted about time. */
async function eventually<T>(what: string, probe: () => T, check: (v: T) => boolean, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const v = probe();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; last seen:\n${typeof v === 'string' ? v : JSON.stringify(v, null, 2)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const GOOD_INVENTORY = `
nodes:
  - name: gpu1
    cpu: 32
    memory: 128Gi
    disks: [{ name: nvme0n1, size: 240GB, role: system }, { name: nvme1n1, size: 3.84TB, role: data }]
    labels: { topology.kubernetes.io/zone: zone-a, node.kubernetes.io/instance-type: gpu-large }
    taints: [{ key: nvidia.com/gpu, value: present, effect: NoSchedule }]
    gpus: [{ model: nvidia-a10, count: 2 }]
    address: 10.0.0.11
  - name: std1
    cpu: 8
    memory: 24Gi
    disks: [{ name: sda, size: 50GB, role: system }, { name: sdb, size: 256GB, role: data }]
    labels: { topology.kubernetes.io/zone: zone-b }
  - name: std2
    cpu: 16
    memory: 32Gi
    disks: [{ name: sda, size: 100GB, role: system }, { name: sdb, size: 1TB, role: data }]
    labels: { topology.kubernetes.io/zone: zone-c }
  - name: worker1
    role: worker
    cpu: 16
    memory: 64Gi
    disks: [{ name: sda, size: 100GB, role: system }, { name: sdb, size: 1TB, role: data }]
    labels: { topology.kubernetes.io/zone: zone-c }
`;

const BAD_INVENTORY = `
nodes:
  - name: small1
    cpu: 4
    memory: 16Gi
    disks: [{ name: sda, size: 32GB, role: system }]
    network: { l2Segment: rack-a, rttMs: 12 }
  - name: small2
    cpu: 8
    memory: 24Gi
    disks: [{ name: sda, size: 50GB, role: system }, { name: sdb, size: 100GB, role: data }]
    network: { l2Segment: rack-b }
`;

describe('cozylab preflight', () => {
  test('the default inventory passes: exit 0', () => {
    const r = cozylab(['preflight']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Node inventory \(default\): 3 nodes$/m);
    assert.match(r.stdout, /^node1\s+controlplane\s+8\s+24Gi\s+sda 50GB\s+sdb 256GB\s+default\s+0\.2 ms\s+-$/m);
    assert.match(r.stdout, /^Preflight passed: the inventory meets the platform minimum\.$/m);
  });

  test('an inventory meeting the minimum on bigger machines passes', () => {
    const r = cozylab(['preflight', '--inventory', file('good.yaml', GOOD_INVENTORY)]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^gpu1\s+controlplane\s+32\s+128Gi\s+nvme0n1 240GB\s+nvme1n1 3\.84TB\s+default\s+0\.2 ms\s+2x nvidia-a10$/m);
    assert.match(r.stdout, /^worker1\s+worker\s+16\s+64Gi\s/m);
  });

  test('a short inventory names every shortfall and exits 1', () => {
    const r = cozylab(['preflight', '--inventory', file('bad.yaml', BAD_INVENTORY)]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^Preflight failed: 8 shortfalls:$/m);
    for (const line of [
      'cluster: 2 nodes, needs at least 3',
      'small1: 4 CPU cores, needs at least 8',
      'small1: 16Gi memory, needs at least 24 GB',
      'small1: system disk sda is 32GB, needs at least 50 GB',
      'small1: no data disk, needs one of at least 256 GB',
      'small1: 12 ms round-trip time, needs less than 10 ms',
      'small2: data disk sdb is 100GB, needs at least 256 GB',
      'network: nodes must share one L2 segment, found 2 (small1 on rack-a; small2 on rack-b)',
    ]) {
      assert.ok(r.stdout.includes(`  - ${line}\n`), `missing "${line}" in:\n${r.stdout}`);
    }
  });

  test('an unusable inventory file is refused with what is wrong, exit 2', () => {
    const r = cozylab(['preflight', '--inventory', file('broken.yaml', 'nodes:\n  - name: a\n    cpu: two\n    memory: 8Gi\n    disks: []\n')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /invalid node inventory:\n {2}- nodes\[0\]\.cpu: must be a whole number of cores, got "two"/);
    const missing = cozylab(['preflight', '--inventory', join(files, 'nope.yaml')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read inventory .*nope\.yaml: no such file/);
  });
});

describe('cozylab up --inventory', () => {
  let cluster: TestCluster;
  before(async () => {
    cluster = await startCluster({ extraArgs: ['--kubernetes-only', '--inventory', file('cluster.yaml', GOOD_INVENTORY)] });
  });
  after(async () => {
    await cluster?.stop();
    cluster?.cleanup();
  });

  test('the nodes are those of the inventory, with its roles, labels, taints and GPUs', async () => {
    const out = await eventually(
      'four Ready nodes',
      () => cluster.kubectl(['get', 'nodes', '-L', 'topology.kubernetes.io/zone']).stdout,
      (s) => (s.match(/ Ready /g) ?? []).length === 4,
    );
    assert.match(out, /^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\s+ZONE$/m);
    assert.match(out, /^gpu1\s+Ready\s+control-plane\s+\S+\s+v1\.33\.0\s+zone-a$/m);
    assert.match(out, /^std1\s+Ready\s+control-plane\s+\S+\s+v1\.33\.0\s+zone-b$/m);
    assert.match(out, /^worker1\s+Ready\s+<none>\s+\S+\s+v1\.33\.0\s+zone-c$/m);
    const gpu = JSON.parse(cluster.kubectl(['get', 'node', 'gpu1', '-o', 'json']).stdout);
    assert.deepEqual(gpu.spec.taints, [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }]);
    assert.equal(gpu.status.capacity['nvidia.com/gpu'], '2');
    assert.equal(gpu.status.capacity.cpu, '32');
    assert.equal(gpu.metadata.labels['node.kubernetes.io/instance-type'], 'gpu-large');
    assert.equal(gpu.metadata.labels['nvidia.com/gpu.product'], 'nvidia-a10');
    assert.deepEqual(gpu.status.addresses[0], { type: 'InternalIP', address: '10.0.0.11' });
  });

  test('the control plane runs on the control-plane nodes only: no mirror pods on a worker', async () => {
    const out = await eventually(
      'kube-apiserver on the three control-plane nodes',
      () => cluster.kubectl(['get', 'pods', '-n', 'kube-system', '-l', 'tier=control-plane', '-o', 'name']).stdout,
      (s) => s.split('\n').filter(Boolean).length === 9,
    );
    assert.match(out, /^pod\/kube-apiserver-std2$/m);
    assert.doesNotMatch(out, /worker1/);
  });
});

describe('node failure and recovery', () => {
  let cluster: TestCluster;
  const k = (args: string[]) => cluster.kubectl(args);
  before(async () => {
    cluster = await startCluster({ extraArgs: ['--kubernetes-only', '--nodes', '5', '--node-monitor-grace-period', '4s', '--default-toleration-seconds', '3'] });
  });
  after(async () => {
    await cluster?.stop();
    cluster?.cleanup();
  });

  test('cozylab up --nodes 5 gives five Ready nodes node1 … node5: three control-plane nodes, two workers', async () => {
    const out = await eventually('five Ready nodes', () => k(['get', 'nodes']).stdout, (s) => (s.match(/ Ready /g) ?? []).length === 5);
    assert.deepEqual(
      out.trim().split('\n').slice(1).map((l) => l.split(/\s+/).slice(0, 3).join(' ')),
      ['node1 Ready control-plane', 'node2 Ready control-plane', 'node3 Ready control-plane', 'node4 Ready <none>', 'node5 Ready <none>'],
    );
  });

  test('a pod is given the default tolerations of the unreachable and not-ready taints', async () => {
    const pod = `apiVersion: v1
kind: Pod
metadata: {name: pinned, namespace: default}
spec:
  nodeSelector: {kubernetes.io/hostname: node2}
  containers: [{name: main, image: nginx:1.27}]
`;
    const r = cluster.kubectl(['apply', '-f', '-'], { input: pod });
    assert.equal(r.code, 0, r.stderr);
    const tolerations = JSON.parse(k(['get', 'pod', 'pinned', '-o', 'jsonpath={.spec.tolerations}']).stdout);
    assert.deepEqual(tolerations, [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3 },
    ]);
    await eventually('pinned Running on node2', () => k(['get', 'pod', 'pinned', '-o', 'wide']).stdout, (s) => /^pinned\s+1\/1\s+Running\s+0\s+\S+\s+\S+\s+node2\s/m.test(s));
  });

  test('cozylab node fail node2: NotReady with the unreachable taints, then its pod is evicted and stays Terminating', async () => {
    const r = cozylab(['node', 'fail', 'node2', '--data-dir', cluster.dataDir]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^node\/node2 failed: its kubelet stopped renewing its Lease and posting node status\.$/m);
    const nodes = await eventually('node2 NotReady', () => k(['get', 'nodes']).stdout, (s) => /^node2\s+NotReady\s/m.test(s));
    assert.equal((nodes.match(/ Ready /g) ?? []).length, 4, nodes);
    const node = JSON.parse(k(['get', 'node', 'node2', '-o', 'json']).stdout);
    assert.deepEqual(
      node.spec.taints.map((t: any) => `${t.key}:${t.effect}`).sort(),
      ['node.kubernetes.io/unreachable:NoExecute', 'node.kubernetes.io/unreachable:NoSchedule'],
    );
    const ready = node.status.conditions.find((c: any) => c.type === 'Ready');
    assert.equal(ready.status, 'Unknown');
    assert.equal(ready.message, 'Kubelet stopped posting node status.');
    const pods = await eventually('pinned Terminating', () => k(['get', 'pod', 'pinned']).stdout, (s) => /^pinned\s+1\/1\s+Terminating\s/m.test(s));
    assert.match(pods, /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/m);
    const events = k(['get', 'events', '--field-selector', 'involvedObject.name=pinned', '-o', 'custom-columns=SOURCE:.source.component,REASON:.reason,MESSAGE:.message']).stdout;
    assert.match(events, /^taint-eviction-controller\s+TaintManagerEviction\s+Marking for deletion Pod default\/pinned$/m);
    assert.match(events, /^node-controller\s+NodeNotReady\s+Node is not ready$/m);
  });

  test('cozylab node recover node2 --wait: Ready again, untainted, and the evicted pod is gone', async () => {
    const r = cozylab(['node', 'recover', 'node2', '--data-dir', cluster.dataDir, '--wait']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^node\/node2 recovered: /m);
    assert.match(r.stdout, /^node\/node2 is Ready\. Taints: <none>$/m);
    assert.match(k(['get', 'node', 'node2']).stdout, /^node2\s+Ready\s/m);
    await eventually('pinned gone', () => k(['get', 'pod', 'pinned']), (res) => res.code !== 0);
    assert.match(k(['get', 'pod', 'pinned']).stderr, /Error from server \(NotFound\): pods "pinned" not found/);
  });

  test('failing a node that does not exist is refused with the server\'s NotFound', () => {
    const r = cozylab(['node', 'fail', 'node9', '--data-dir', cluster.dataDir]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^Error from server \(NotFound\): nodes "node9" not found$/m);
  });
});

describe('kubectl drain and PodDisruptionBudgets', () => {
  let cluster: TestCluster;
  before(async () => {
    cluster = await startCluster();
  });
  after(async () => {
    await cluster.stop();
    cluster.cleanup();
  });
  const k = (args: string[]) => cluster.kubectl(['-n', 'default', ...args]);
  const webPods = () => k(['get', 'pods', '-l', 'app=web', '-o', 'jsonpath={range .items[*]}{.metadata.name} {.spec.nodeName} {.status.phase} {.metadata.deletionTimestamp}{"\\n"}{end}']).stdout.trim().split('\n').filter(Boolean).map((l) => l.split(' '));

  test('drain evicts within the budget; an eviction beyond it is 429 and the pod stays', async () => {
    assert.equal(k(['create', 'deployment', 'web', '--image=nginx:1.27', '--replicas=3']).code, 0);
    assert.equal(k(['rollout', 'status', 'deployment/web', '--timeout=60s']).code, 0);
    assert.equal(k(['create', 'pdb', 'web', '--selector=app=web', '--min-available=2']).code, 0);
    const table = await eventually('1 disruption allowed', () => k(['get', 'pdb', 'web']).stdout, (s) => /^web\s+2\s+N\/A\s+1\s+\d+s$/m.test(s));
    assert.match(table, /^NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE$/m);

    const node = webPods()[0]![1]!;
    const drain = cluster.kubectl(['drain', node, '--ignore-daemonsets', '--delete-emptydir-data', '--timeout=60s']);
    assert.equal(drain.code, 0, drain.stderr);
    assert.match(drain.stdout, /^pod\/web-\S+ evicted$/m);
    assert.match(drain.stdout, new RegExp(`^node/${node} drained$`, 'm'));
    assert.match(cluster.kubectl(['get', 'node', node]).stdout, /Ready,SchedulingDisabled/);
    await eventually('three web pods Running elsewhere', webPods, (pods) => pods.length === 3 && pods.every(([, n, phase, deleting]) => n !== node && phase === 'Running' && !deleting));

    assert.equal(k(['patch', 'pdb', 'web', '--type=merge', '-p', '{"spec":{"minAvailable":3}}']).code, 0);
    await eventually('no disruption allowed', () => k(['get', 'pdb', 'web']).stdout, (s) => /^web\s+3\s+N\/A\s+0\s/m.test(s));
    const victim = webPods()[0]![0]!;
    const r = await apiRequest(cluster, 'POST', `/api/v1/namespaces/default/pods/${victim}/eviction`, {
      body: JSON.stringify({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: victim, namespace: 'default' } }),
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(r.status, 429, r.body);
    const status = r.json<{ reason: string; message: string; details: { causes: Array<{ reason: string; message: string }> } }>();
    assert.equal(status.reason, 'TooManyRequests');
    assert.equal(status.message, "Cannot evict pod as it would violate the pod's disruption budget.");
    assert.deepEqual(status.details.causes, [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 3 healthy pods and has 3 currently' }]);
    assert.ok(webPods().some(([name, , , deleting]) => name === victim && !deleting), 'the pod is still there');
    assert.equal(cluster.kubectl(['uncordon', node]).code, 0);
  });
});
