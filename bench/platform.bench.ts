// Issue 4's benchmark: a cold `cozylab up` (new data dir) until every HelmRelease of isp-full is
// Ready, then a warm restart on the same data dir; seconds, peak RSS and idle RSS of the server
// process. Targets: ≤ 2 s cold, ≤ 300 MB idle (the real platform: ~30 minutes on three servers).

import { readFileSync } from 'node:fs';
import { startCluster, type TestCluster } from '../test/support/cluster.ts';

const READY = /Cozystack is ready: (\d+) HelmReleases Ready/;

/** VmHWM (peak) and VmRSS (now) of a process, in MB, from /proc. */
function memoryOf(pid: number): { peakMB: number; rssMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { peakMB: kb('VmHWM') / 1024, rssMB: kb('VmRSS') / 1024 };
}

async function untilReady(c: TestCluster, started: number, timeoutMs = 120_000): Promise<{ seconds: number; releases: number }> {
  for (;;) {
    const m = READY.exec(c.output());
    if (m) return { seconds: (Date.now() - started) / 1000, releases: Number(m[1]) };
    if (Date.now() - started > timeoutMs) throw new Error(`platform not ready after ${timeoutMs} ms:\n${c.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function run(label: string, dataDir: string | undefined, report: (line: string) => void): Promise<TestCluster> {
  const started = Date.now();
  const c = await startCluster({ platform: true, dataDir });
  const { seconds, releases } = await untilReady(c, started);
  const atReady = memoryOf(c.process.pid!);
  await new Promise((r) => setTimeout(r, 3000));
  const idle = memoryOf(c.process.pid!);
  report(`platform ${label}: ${releases} HelmReleases Ready in ${seconds.toFixed(2)} s (target ≤ 2 s cold); peak RSS ${atReady.peakMB.toFixed(0)} MB, idle RSS ${idle.rssMB.toFixed(0)} MB (target ≤ 300 MB)`);
  return c;
}

export async function platformBenchmark(report: (line: string) => void): Promise<void> {
  const cold = await run('cold up (new data dir, isp-full)', undefined, report);
  await cold.stop();
  const warm = await run('warm restart (same data dir)', cold.dataDir, report);
  await warm.stop();
  warm.cleanup();
}
