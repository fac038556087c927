// @kubernetes/client-node against cozylab: CRUD, watch resumed from a resourceVersion, 410 after compaction,
// and a kill -9 in the middle of writes losing nothing that was acknowledged.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as k8s from '@kubernetes/client-node';
import { startCluster, useCluster, type TestCluster } from '../support/cluster.ts';

function clients(c: TestCluster) {
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(c.kubeconfig);
  return { kc, core: kc.makeApiClient(k8s.CoreV1Api) };
}

const cluster = useCluster({ extraArgs: ['--compaction-interval', '1000'] });

test('CRUD through the typed client', async () => {
  const { core } = clients(cluster);
  const created = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'cn1', labels: { app: 'x' } }, data: { k: 'v' } } });
  assert.ok(created.metadata?.uid);
  const got = await core.readNamespacedConfigMap({ name: 'cn1', namespace: 'default' });
  assert.equal(got.data?.k, 'v');
  const list = await core.listNamespacedConfigMap({ namespace: 'default', labelSelector: 'app=x' });
  assert.deepEqual(list.items.map((i) => i.metadata?.name), ['cn1']);
  got.data = { k: 'w' };
  const replaced = await core.replaceNamespacedConfigMap({ name: 'cn1', namespace: 'default', body: got });
  assert.notEqual(replaced.metadata?.resourceVersion, got.metadata?.resourceVersion);
  await assert.rejects(core.replaceNamespacedConfigMap({ name: 'cn1', namespace: 'default', body: got }), (err: { code?: number }) => err.code === 409);
  await core.deleteNamespacedConfigMap({ name: 'cn1', namespace: 'default' });
  await assert.rejects(core.readNamespacedConfigMap({ name: 'cn1', namespace: 'default' }), (err: { code?: number }) => err.code === 404);
});

function collectWatch(kc: k8s.KubeConfig, path: string, query: Record<string, string | number | boolean | undefined>) {
  const events: { type: string; name?: string; rv?: string }[] = [];
  let done: ((err: unknown) => void) | undefined;
  const ended = new Promise<unknown>((r) => (done = r));
  const watch = new k8s.Watch(kc);
  const req = watch.watch(path, query, (type, obj: k8s.KubernetesObject & { code?: number }) => {
    events.push({ type, name: obj.metadata?.name, rv: obj.metadata?.resourceVersion ?? String(obj.code ?? '') });
  }, (err) => done!(err));
  return { events, ended, req };
}

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('watch from a resourceVersion delivers every later change in order', async () => {
  const { kc, core } = clients(cluster);
  const first = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'w0' } } });
  const rv = first.metadata!.resourceVersion!;
  for (let i = 1; i <= 5; i++) await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: `w${i}` } } });
  const w = collectWatch(kc, '/api/v1/namespaces/default/configmaps', { resourceVersion: rv });
  await until(() => w.events.length >= 5);
  assert.deepEqual(w.events.slice(0, 5).map((e) => `${e.type} ${e.name}`), ['ADDED w1', 'ADDED w2', 'ADDED w3', 'ADDED w4', 'ADDED w5']);
  await core.deleteNamespacedConfigMap({ name: 'w3', namespace: 'default' });
  await until(() => w.events.some((e) => e.type === 'DELETED' && e.name === 'w3'));
  (await w.req).abort();
});

test('a watch from a compacted revision gets 410 Expired', async () => {
  const { kc, core } = clients(cluster);
  const old = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'old' } } });
  for (let i = 0; i < 3; i++) {
    await core.patchNamespacedConfigMap({ name: 'old', namespace: 'default', body: { data: { i: String(i) } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
  }
  await new Promise((r) => setTimeout(r, 2500));
  const w = collectWatch(kc, '/api/v1/namespaces/default/configmaps', { resourceVersion: old.metadata!.resourceVersion });
  await until(() => w.events.some((e) => e.type === 'ERROR'), 5000);
  assert.equal(w.events.find((e) => e.type === 'ERROR')!.rv, '410');
});

test('kill -9 mid-stream: every acknowledged write survives, revisions continue, watch resumes', async () => {
  const c = await startCluster();
  const { core } = clients(c);
  const acknowledged: { name: string; rv: number }[] = [];
  let stop = false;
  const writers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      try {
        const obj = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: `crash-${w}-${i}` }, data: { i: String(i) } } });
        acknowledged.push({ name: obj.metadata!.name!, rv: Number(obj.metadata!.resourceVersion) });
      } catch {
        return;
      }
    }
  });
  await until(() => acknowledged.length >= 40, 20_000);
  c.process.kill('SIGKILL');
  stop = true;
  await Promise.allSettled(writers);
  await c.stop();
  const restarted = await startCluster({ dataDir: c.dataDir });
  try {
    const { kc, core: core2 } = clients(restarted);
    const list = await core2.listNamespacedConfigMap({ namespace: 'default' });
    const names = new Set(list.items.map((i) => i.metadata!.name));
    for (const a of acknowledged) assert.ok(names.has(a.name), `acknowledged ${a.name} lost`);
    const maxRv = Math.max(...acknowledged.map((a) => a.rv));
    const w = collectWatch(kc, '/api/v1/namespaces/default/configmaps', { resourceVersion: String(maxRv) });
    const next = await core2.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'after-restart' } } });
    assert.ok(Number(next.metadata!.resourceVersion) > maxRv);
    await until(() => w.events.some((e) => e.name === 'after-restart'));
    (await w.req).abort();
  } finally {
    await restarted.stop();
    restarted.cleanup();
  }
});
