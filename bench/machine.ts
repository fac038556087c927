// What this machine is like, printed first so runs on different machines can be told apart: the
// latency of one durable write alone (the disk's fdatasync) and the time to parse and serialize a
// pod-sized object (the CPU and memory speed every write of the server pays).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src/storage/open.ts';
import { measureRawWriteRate } from '../src/storage/raw-write-rate.ts';

function podLike(i: number): object {
  const container = { name: 'app', image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu: '100m', memory: '64Mi' } }, terminationMessagePath: '/dev/termination-log' };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `web-7d4b9c-${i}`, namespace: 'default', uid: `0f0e6c3e-${i}`, labels: { app: 'web', 'pod-template-hash': '7d4b9c' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-7d4b9c', uid: 'a1', controller: true }] },
    spec: { containers: [container], restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', nodeName: 'node1', tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }] },
    status: { phase: 'Running', podIP: '10.244.0.5', conditions: ['PodScheduled', 'Initialized', 'ContainersReady', 'Ready'].map((type) => ({ type, status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' })) },
  };
}

export async function machineReport(report: (line: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cozylab-bench-machine-'));
  const store = await openStore({ backend: 'sqlite', path: join(dir, 'state.db') });
  const alone = await measureRawWriteRate(store, { count: 500, valueBytes: 1024, concurrency: 1 });
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const texts = Array.from({ length: 2000 }, (_, i) => JSON.stringify(podLike(i)));
  const start = performance.now();
  for (let round = 0; round < 10; round++) for (const t of texts) JSON.stringify(JSON.parse(t));
  const perObjectUs = ((performance.now() - start) * 1000) / (10 * texts.length);
  report(
    `machine: one durable write alone p50 ${alone.p50Ms.toFixed(2)} ms (${alone.writesPerSecond.toFixed(0)}/s); JSON parse + serialize of a ${texts[0]!.length} B pod ${perObjectUs.toFixed(1)} µs`,
  );
}
