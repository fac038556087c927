// Issue 5's tenant benchmark on a running platform (isp-full): Tenant create → Ready latency, p50 and
// p99 over 100 tenants created one after another (target p50 ≤ 50 ms), then 1,000 tenants in a
// three-level tree (10 × 9 × 10, a level at a time): total time and the server's RSS.

import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { HttpClient } from '../src/controller/index.ts';
import type { KubeObject } from '../src/machinery/object.ts';
import { startCluster, type TestCluster } from '../test/support/cluster.ts';

const TENANT = { apiVersion: 'apps.cozystack.io/v1alpha1', kind: 'Tenant' };
const POLL_MS = 2;

function memoryOf(pid: number): { peakMB: number; rssMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { peakMB: kb('VmHWM') / 1024, rssMB: kb('VmRSS') / 1024 };
}

function isReady(t: KubeObject): boolean {
  return ((t.status as { conditions?: Array<{ type: string; status: string }> } | undefined)?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

async function untilReady(client: HttpClient, namespace: string, name: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const t = await client.get({ ...TENANT, namespace, name }).catch(() => undefined);
    if (t && isReady(t)) return;
    if (Date.now() > deadline) throw new Error(`Tenant ${namespace}/${name} not Ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function createTenant(client: HttpClient, namespace: string, name: string): Promise<void> {
  await client.create({ ...TENANT, metadata: { name, namespace }, spec: {} });
  await untilReady(client, namespace, name);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

async function waitForPlatform(c: TestCluster): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (!/Cozystack is ready/.test(c.output())) {
    if (Date.now() > deadline) throw new Error(`platform not ready:\n${c.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function tenantsBenchmark(report: (line: string) => void): Promise<void> {
  const c = await startCluster({ platform: true });
  try {
    await waitForPlatform(c);
    const client = HttpClient.fromKubeconfig(join(c.dataDir, 'kubeconfig'));
    try {
      const latencies: number[] = [];
      for (let i = 0; i < 100; i++) {
        const started = performance.now();
        await createTenant(client, 'tenant-root', `lat${i}`);
        latencies.push(performance.now() - started);
      }
      latencies.sort((a, b) => a - b);
      report(`tenants: create → Ready over 100 tenants: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (target p50 ≤ 50 ms)`);

      const before = memoryOf(c.process.pid!);
      const started = performance.now();
      const level1 = Array.from({ length: 10 }, (_, i) => `t${i}`);
      await inParallel(level1, 10, (n) => createTenant(client, 'tenant-root', n));
      const level2 = level1.flatMap((p) => Array.from({ length: 9 }, (_, j) => ({ ns: `tenant-${p}`, name: `u${j}` })));
      await inParallel(level2, 20, (t) => createTenant(client, t.ns, t.name));
      const level3 = level2.flatMap((p) => Array.from({ length: 10 }, (_, k) => ({ ns: `${p.ns}-${p.name}`, name: `v${k}` })));
      await inParallel(level3, 20, (t) => createTenant(client, t.ns, t.name));
      const seconds = (performance.now() - started) / 1000;
      const after = memoryOf(c.process.pid!);
      report(`tenants: ${level1.length + level2.length + level3.length} tenants in a tree (10 × 9 × 10) Ready in ${seconds.toFixed(1)} s; server RSS ${before.rssMB.toFixed(0)} → ${after.rssMB.toFixed(0)} MB (peak ${after.peakMB.toFixed(0)} MB)`);
    } finally {
      client.close();
    }
  } finally {
    await c.stop();
    c.cleanup();
  }
}
