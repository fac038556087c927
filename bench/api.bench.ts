// Issue 2's benchmark: API create/get/list throughput and latency over HTTPS against the raw
// durable write rate of the same store, and watch fan-out latency with 100 watchers.

import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../test/support/cluster.ts';
import { measureRawWriteRate } from '../src/storage/raw-write-rate.ts';
import { openStore } from '../src/storage/open.ts';
import { BenchClient, percentile, runConcurrent } from './http-client.ts';
import { cpuSeconds, type ProcessCpu } from './process-cpu.ts';

const VALUE = 'x'.repeat(512);

function configMap(name: string): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', labels: { bench: 'yes' } }, data: { payload: VALUE } });
}

export async function apiBenchmark(report: (line: string) => void): Promise<void> {
  const rawDir = mkdtempSync(join(tmpdir(), 'cozylab-bench-raw-'));
  const rawStore = await openStore({ backend: 'sqlite', path: join(rawDir, 'state.db') });
  const objectBytes = configMap('bench-00000').length + 400;
  const raw = await measureRawWriteRate(rawStore, { count: 3000, valueBytes: objectBytes, concurrency: 16 });
  await rawStore.close();
  rmSync(rawDir, { recursive: true, force: true });
  report(`raw sqlite durable writes (16 in flight, ${objectBytes} B): ${raw.writesPerSecond.toFixed(0)}/s, p50 ${raw.p50Ms.toFixed(2)} ms, p99 ${raw.p99Ms.toFixed(2)} ms`);

  // The server runs as its own process (`cozylab up`), as users run it: clients do not share its event loop.
  const cluster = await startCluster({ store: 'sqlite' });
  const dataDir = cluster.dataDir;
  const ca = readFileSync(join(dataDir, 'pki', 'ca.crt'), 'utf8');
  const token = cluster.token;
  try {
    const echo = await echoCeiling(join(dataDir, 'pki'), ca);
    const ceiling = echo.rate;
    // The echo's latencies are the transport's own tail on this machine: the floor of the API's p99.
    report(
      `HTTPS echo ceiling (same client and TLS, a server that only parses and echoes, 16 clients): ${ceiling.toFixed(0)}/s (${((ceiling / raw.writesPerSecond) * 100).toFixed(0)} % of raw), ` +
        `p50 ${echo.p50.toFixed(2)} ms, p99 ${echo.p99.toFixed(2)} ms`,
    );
    // The server gets the warm-up the echo server gets (one round of 4500 creates, 16 in flight): its
    // first concurrent round runs while V8 still compiles the write path and grows the young
    // generation, and is slower than every later one. Its objects go to another namespace, so the
    // lists below still find the 10,000 the measured rounds create; its figures are printed too.
    const warmClient = new BenchClient(cluster.url, token, ca, 16);
    const ns = await warmClient.send('POST', '/api/v1/namespaces', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'bench-warmup' } }));
    if (ns.status !== 201) throw new Error(`create namespace: ${ns.status} ${ns.body}`);
    const warm = await runConcurrent(4500, 16, async (i) => {
      const r = await warmClient.send('POST', '/api/v1/namespaces/bench-warmup/configmaps', configMap(`warmup-${i}`).replace('"namespace":"default"', '"namespace":"bench-warmup"'));
      if (r.status !== 201) throw new Error(`create: ${r.status} ${r.body}`);
    });
    warmClient.close();
    report(`API create warm-up, 16 clients (not measured): ${(4500 / warm.seconds).toFixed(0)}/s, p50 ${percentile(warm.latencies, 50).toFixed(2)} ms, p99 ${percentile(warm.latencies, 99).toFixed(2)} ms`);
    let seq = 0;
    for (const concurrency of [1, 16, 64]) {
      const client = new BenchClient(cluster.url, token, ca, concurrency);
      const total = concurrency === 1 ? 1000 : 4500;
      const serverBefore = cpuSeconds(cluster.process.pid!);
      const clientBefore = process.cpuUsage();
      const created = await runConcurrent(total, concurrency, async () => {
        const r = await client.send('POST', '/api/v1/namespaces/default/configmaps', configMap(`bench-${String(seq++).padStart(6, '0')}`));
        if (r.status !== 201) throw new Error(`create: ${r.status} ${r.body}`);
      });
      const rate = total / created.seconds;
      const cpu = cpuPerCreate(total, serverBefore, cpuSeconds(cluster.process.pid!), process.cpuUsage(clientBefore));
      report(
        `API create, ${concurrency} clients: ${rate.toFixed(0)}/s (${((rate / raw.writesPerSecond) * 100).toFixed(0)} % of raw, ${((rate / ceiling) * 100).toFixed(0)} % of the echo ceiling), p50 ${percentile(created.latencies, 50).toFixed(2)} ms, p99 ${percentile(created.latencies, 99).toFixed(2)} ms; ` +
          `CPU per create: server ${cpu.server.toFixed(0)} µs (main thread ${cpu.main.toFixed(0)} µs), client ${cpu.client.toFixed(0)} µs`,
      );
      const got = await runConcurrent(total, concurrency, async (i) => {
        const r = await client.send('GET', `/api/v1/namespaces/default/configmaps/bench-${String(i).padStart(6, '0')}`);
        if (r.status !== 200) throw new Error(`get: ${r.status}`);
      });
      report(`API get, ${concurrency} clients: ${(total / got.seconds).toFixed(0)}/s, p50 ${percentile(got.latencies, 50).toFixed(2)} ms, p99 ${percentile(got.latencies, 99).toFixed(2)} ms`);
      client.close();
    }
    const lister = new BenchClient(cluster.url, token, ca, 4);
    for (const [label, limit] of [['1k', 1000], ['10k', 0]] as const) {
      const listed = await runConcurrent(10, 1, async () => {
        const r = await lister.send('GET', `/api/v1/namespaces/default/configmaps${limit ? `?limit=${limit}` : ''}`);
        if (r.status !== 200) throw new Error(`list: ${r.status}`);
      });
      report(`API list ${label}: p50 ${percentile(listed.latencies, 50).toFixed(1)} ms, p99 ${percentile(listed.latencies, 99).toFixed(1)} ms`);
    }
    lister.close();
    await watchFanOut(cluster.url, token, ca, report);
  } finally {
    await cluster.stop();
    cluster.cleanup();
  }
}

/**
 * Microseconds of CPU each create cost the server (all its threads, and its main thread alone) and
 * this process (the client): on a machine of few cores, what bounds the rate.
 */
function cpuPerCreate(creates: number, before: ProcessCpu, after: ProcessCpu, client: NodeJS.CpuUsage): { server: number; main: number; client: number } {
  const us = (seconds: number) => (seconds * 1e6) / creates;
  return { server: us(after.all - before.all), main: us(after.main - before.main), client: (client.user + client.system) / creates };
}

/** Creates per second, and their latencies, the benchmark client reaches against the echo server (bench/echo-server.ts), 16 in flight. */
async function echoCeiling(pki: string, ca: string): Promise<{ rate: number; p50: number; p99: number }> {
  const child = fork(join(import.meta.dirname, 'echo-server.ts'), [pki], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m) => resolve(m as number));
      child.once('exit', (code) => reject(new Error(`echo server exited with ${code}`)));
    });
    const client = new BenchClient(`https://127.0.0.1:${port}`, 'none', ca, 16);
    const total = 4500;
    let result = { rate: 0, p50: 0, p99: 0 };
    // The first round warms both sides up, as the API's 1-client round does before its 16-client one.
    for (let round = 0; round < 2; round++) {
      const run = await runConcurrent(total, 16, async (i) => {
        const r = await client.send('POST', '/echo', configMap(`echo-${i}`));
        if (r.status !== 201) throw new Error(`echo: ${r.status}`);
      });
      result = { rate: total / run.seconds, p50: percentile(run.latencies, 50), p99: percentile(run.latencies, 99) };
    }
    client.close();
    return result;
  } finally {
    child.kill();
  }
}

async function watchFanOut(url: string, token: string, ca: string, report: (line: string) => void): Promise<void> {
  const watchers = 100;
  const watchClient = new BenchClient(url, token, ca, watchers + 1);
  const writer = new BenchClient(url, token, ca, 1);
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  const closers: (() => void)[] = [];
  const start = await writer.send('GET', '/api/v1/namespaces/default/configmaps?limit=1');
  const rv = JSON.parse(start.body).metadata.resourceVersion;
  for (let w = 0; w < watchers; w++) {
    closers.push(
      watchClient.watch(`/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=${rv}&labelSelector=fanout%3Dyes`, (line) => {
        const ev = JSON.parse(line);
        const sent = sentAt.get(ev.object?.metadata?.name);
        if (sent !== undefined) delays.push(performance.now() - sent);
      }),
    );
  }
  await new Promise((r) => setTimeout(r, 500));
  const events = 200;
  for (let i = 0; i < events; i++) {
    const name = `fanout-${i}`;
    sentAt.set(name, performance.now());
    await writer.send('POST', '/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { fanout: 'yes' } } }));
    await new Promise((r) => setTimeout(r, 5));
  }
  const deadline = Date.now() + 10_000;
  while (delays.length < events * watchers && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  delays.sort((a, b) => a - b);
  report(`watch fan-out, ${watchers} watchers × ${events} events: delivered ${delays.length}/${events * watchers}, p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms`);
  for (const c of closers) c();
  watchClient.close();
  writer.close();
}
