// Issue 3's benchmark: 10,000 pods (100 Deployments × 100 replicas) from create to all Running on
// simulated nodes with room for them, against kwok's CI figure (10,000 pods Running within 60 s).
// The baseline in the same run is the time to create and list 10,000 plain ConfigMaps through the
// same API: the floor any controller chain could reach.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startCluster } from '../test/support/cluster.ts';
import { cpuSeconds } from './process-cpu.ts';
import { BenchClient, runConcurrent } from './http-client.ts';

const DEPLOYMENTS = 100;
const REPLICAS = 100;
const NODES = 100; // 100 pods each: room to spare under maxPods (512 on Cozystack's Talos nodes)
const CONTROL_PLANE_NODES = 3; // the rest workers, as a Talos cluster of this size is built
const KWOK_ANCHOR_S = 60;

function inventoryYaml(): string {
  const nodes = Array.from({ length: NODES }, (_, i) => `  - name: node${i + 1}\n    role: ${i < CONTROL_PLANE_NODES ? 'controlplane' : 'worker'}\n    cpu: 64\n    memory: 256Gi\n    disks: [{ name: sda, size: 50GB, role: system }, { name: sdb, size: 256GB, role: data }]\n`);
  return `nodes:\n${nodes.join('')}`;
}

function deployment(i: number): string {
  const name = `scale-${String(i).padStart(3, '0')}`;
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: {
      replicas: REPLICAS,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'registry.k8s.io/pause:3.10' }] } },
    },
  });
}

function rssOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * Resolves once the Deployments' ready replicas add up to `target` (a ready pod is a Running one),
 * as `kubectl get deploy -w` sees them: a watch, so the measuring costs the server little.
 */
function allReady(client: BenchClient, target: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ready = new Map<string, number>();
    let total = 0;
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${total}/${target} ready replicas after ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const stop = client.watch('/apis/apps/v1/namespaces/default/deployments?watch=1', (line) => {
      if (!line.trim()) return;
      const ev = JSON.parse(line) as { type: string; object: { metadata: { name: string }; status?: { readyReplicas?: number } } };
      const name = ev.object.metadata.name;
      const now = ev.type === 'DELETED' ? 0 : (ev.object.status?.readyReplicas ?? 0);
      total += now - (ready.get(name) ?? 0);
      ready.set(name, now);
      if (total >= target) {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  });
}

/** Resolves once kube-system holds at least `count` pods, all Running. */
async function kubeSystemRunning(client: BenchClient, count: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const r = await client.send('GET', '/api/v1/namespaces/kube-system/pods');
    const pods = (JSON.parse(r.body) as { items: Array<{ status?: { phase?: string } }> }).items;
    if (pods.length >= count && pods.every((p) => p.status?.phase === 'Running')) return;
    if (performance.now() > deadline) throw new Error(`kube-system: ${pods.filter((p) => p.status?.phase === 'Running').length}/${count} pods Running after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Pods in phase Running, page by page (a list with a field selector carries no remainingItemCount). */
async function countRunning(client: BenchClient): Promise<number> {
  let count = 0;
  let cont = '';
  do {
    const r = await client.send('GET', `/api/v1/namespaces/default/pods?fieldSelector=status.phase%3DRunning&limit=1000${cont ? `&continue=${encodeURIComponent(cont)}` : ''}`);
    const list = JSON.parse(r.body);
    count += list.items.length;
    cont = list.metadata.continue ?? '';
  } while (cont);
  return count;
}

/** Writes in the store's log since `fromRevision`, by resource (the key's first two segments past the prefix). */
function writesByResource(dataDir: string, fromRevision: number): Map<string, number> {
  const db = new Database(join(dataDir, 'state.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare<[number], { key: string }>('SELECT key FROM kv_log WHERE id > ?').all(fromRevision);
    const counts = new Map<string, number>();
    for (const { key } of rows) {
      const resource = key.split('/').slice(2, 4).join('/');
      counts.set(resource, (counts.get(resource) ?? 0) + 1);
    }
    return counts;
  } finally {
    db.close();
  }
}

function lastRevision(dataDir: string): number {
  const db = new Database(join(dataDir, 'state.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM kv_log').get()?.id ?? 0;
  } finally {
    db.close();
  }
}

export async function podsBenchmark(report: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cozylab-bench-pods-'));
  const inventory = join(dir, 'inventory.yaml');
  writeFileSync(inventory, inventoryYaml());
  const cluster = await startCluster({ store: 'sqlite', extraArgs: ['--inventory', inventory] });
  const ca = readFileSync(join(cluster.dataDir, 'pki', 'ca.crt'), 'utf8');
  const client = new BenchClient(cluster.url, cluster.token, ca, 16);
  try {
    // The control-plane nodes' mirror pods (3 each) and CoreDNS start with the cluster: measure after them.
    await kubeSystemRunning(client, 3 * CONTROL_PLANE_NODES + 2, 120_000);
    const baseline = await runConcurrent(DEPLOYMENTS * REPLICAS, 16, async (i) => {
      const r = await client.send('POST', '/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `floor-${i}` } }));
      if (r.status !== 201) throw new Error(`create: ${r.status} ${r.body}`);
    });
    // COZYLAB_BENCH_WRITES=1: also report the store writes the run cost, per resource.
    const countWrites = process.env.COZYLAB_BENCH_WRITES === '1';
    const fromRevision = countWrites ? lastRevision(cluster.dataDir) : 0;
    const started = performance.now();
    const cpuBefore = cpuSeconds(cluster.process.pid!);
    await runConcurrent(DEPLOYMENTS, 4, async (i) => {
      const r = await client.send('POST', '/apis/apps/v1/namespaces/default/deployments', deployment(i));
      if (r.status !== 201) throw new Error(`create deployment: ${r.status} ${r.body}`);
    });
    const target = DEPLOYMENTS * REPLICAS;
    await allReady(client, target, 300_000);
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds(cluster.process.pid!);
    const running = await countRunning(client);
    const mem = rssOf(cluster.process.pid!);
    report(
      `10k pods (${DEPLOYMENTS} Deployments × ${REPLICAS}) to Running on ${NODES} nodes: ${running}/${target} in ${seconds.toFixed(1)} s ` +
        `(${(KWOK_ANCHOR_S / seconds).toFixed(1)}× kwok's 60 s; ${(seconds / baseline.seconds).toFixed(1)}× the ${baseline.seconds.toFixed(1)} s to create 10k ConfigMaps), ` +
        `RSS ${mem.rssMb.toFixed(0)} MB, peak ${mem.peakMb.toFixed(0)} MB; server CPU ${(cpuAfter.all - cpuBefore.all).toFixed(1)} s, of which its main thread ${(cpuAfter.main - cpuBefore.main).toFixed(1)} s`,
    );
    if (countWrites) {
      const counts = [...writesByResource(cluster.dataDir, fromRevision)].sort((a, b) => b[1] - a[1]);
      const total = counts.reduce((n, [, c]) => n + c, 0);
      report(`store writes: ${total} (${(total / target).toFixed(2)} per pod): ${counts.map(([r, c]) => `${r} ${c}`).join(', ')}`);
    }
  } finally {
    client.close();
    await cluster.stop();
    cluster.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}
