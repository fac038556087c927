import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../machinery/object.ts';
import { flushAsync } from './clock.ts';
import type { GroupVersionKind, KubeClient, ListOptions, WatchHandle, WatchHandler, WatchOptions } from './client.ts';
import { SharedInformer } from './informer.ts';
import { newTestClient, newTestServer } from './test-server.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap' };
const cm = (name: string, labels: Record<string, string> = {}, namespace = 'default'): KubeObject => ({ ...CM, metadata: { name, namespace, labels } });

/** Delegates to a real client, records list/watch calls, and can hold re-watches back or end the current watch. */
function instrument(client: KubeClient) {
  const calls = { lists: 0, watchRVs: [] as string[] };
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  let current: WatchHandle | undefined;
  const wrapped: KubeClient = Object.create(client);
  wrapped.list = ((gvk: GroupVersionKind, opts?: ListOptions) => {
    calls.lists++;
    return client.list(gvk, opts);
  }) as KubeClient['list'];
  wrapped.watch = (async (gvk: GroupVersionKind, opts: WatchOptions, handler: WatchHandler) => {
    await gate;
    calls.watchRVs.push(opts.resourceVersion ?? '');
    current = await client.watch(gvk, opts, handler);
    return current;
  }) as KubeClient['watch'];
  return {
    client: wrapped,
    calls,
    /** The server closes the watch; the next one waits until release(). */
    endWatch() {
      gate = new Promise((r) => (open = r));
      current?.stop();
    },
    release: () => open(),
  };
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await flushAsync(2);
  assert.ok(cond(), 'condition not reached');
}

test('lists, syncs, then follows adds, updates and deletes with handlers, cache and indexes', async () => {
  const server = await newTestServer({ namespaces: ['default', 'other'] });
  const client = newTestClient(server);
  await client.create(cm('a', { app: 'web' }));
  await client.create(cm('b', { app: 'db' }, 'other'));
  const informer = new SharedInformer(client, CM);
  const seen: string[] = [];
  informer.addEventHandler({
    onAdd: (o) => seen.push(`add ${o.metadata.name}`),
    onUpdate: (o, n) => seen.push(`update ${n.metadata.name} ${o.metadata.resourceVersion}->${n.metadata.resourceVersion}`),
    onDelete: (o) => seen.push(`delete ${o.metadata.name}`),
  });
  informer.addIndex('app', (o) => (o.metadata.labels?.app ? [o.metadata.labels.app] : []));
  assert.equal(informer.hasSynced(), false);
  informer.start();
  await informer.waitForSync();
  assert.deepEqual(seen.sort(), ['add a', 'add b']);
  assert.equal(informer.get('other', 'b')?.metadata.name, 'b');
  assert.deepEqual(informer.list('default').map((o) => o.metadata.name), ['a']);
  assert.deepEqual(informer.byIndex('app', 'web').map((o) => o.metadata.name), ['a']);

  seen.length = 0;
  const before = informer.get('default', 'a')!.metadata.resourceVersion;
  const after = await client.patch({ ...CM, namespace: 'default', name: 'a' }, 'merge', { metadata: { labels: { app: 'api' } } });
  await client.create(cm('c', { app: 'web' }));
  await client.delete({ ...CM, namespace: 'other', name: 'b' });
  await until(() => seen.length === 3);
  assert.deepEqual(seen, [`update a ${before}->${after.metadata.resourceVersion}`, 'add c', 'delete b']);
  assert.deepEqual(informer.byIndex('app', 'web').map((o) => o.metadata.name), ['c']);
  assert.deepEqual(informer.byIndex('app', 'api').map((o) => o.metadata.name), ['a']);
  assert.equal(informer.getByKey('other/b'), undefined);

  const late: string[] = [];
  informer.addEventHandler({ onAdd: (o) => late.push(o.metadata.name!) });
  assert.deepEqual(late.sort(), ['a', 'c']);
  informer.stop();
});

test('namespace and label selection narrow what is cached', async () => {
  const server = await newTestServer({ namespaces: ['default', 'other'] });
  const client = newTestClient(server);
  await client.create(cm('a', { keep: 'yes' }));
  await client.create(cm('b', { keep: 'no' }));
  await client.create(cm('c', { keep: 'yes' }, 'other'));
  const informer = new SharedInformer(client, CM, { namespace: 'default', labelSelector: 'keep=yes' });
  informer.start();
  await informer.waitForSync();
  assert.deepEqual(informer.keys(), ['default/a']);
  informer.stop();
});

test('a watch that ends is resumed from the last resourceVersion seen, without relisting', async () => {
  const server = await newTestServer();
  const base = newTestClient(server);
  const probe = instrument(base);
  const informer = new SharedInformer(probe.client, CM, { pageSize: 1 });
  await base.create(cm('x'));
  await base.create(cm('y'));
  informer.start();
  await informer.waitForSync();
  await base.create(cm('z'));
  await until(() => informer.keys().length === 3);
  const lastSeen = informer.lastResourceVersion;
  probe.endWatch();
  await base.create(cm('w'));
  await base.delete({ ...CM, namespace: 'default', name: 'x' });
  probe.release();
  await until(() => informer.keys().length === 3 && informer.getByKey('default/w') !== undefined);
  assert.equal(probe.calls.lists, 2, 'two pages of one list');
  assert.equal(probe.calls.watchRVs[1], lastSeen);
  assert.equal(informer.getByKey('default/x'), undefined);
  informer.stop();
});

test('a 410 on re-watch relists, and objects gone meanwhile are reported deleted', async () => {
  const server = await newTestServer();
  const base = newTestClient(server);
  const probe = instrument(base);
  await base.create(cm('stay'));
  await base.create(cm('go'));
  const informer = new SharedInformer(probe.client, CM, { clock: { now: () => new Date(), setTimeout: () => ({ clockTimer: true }), clearTimeout() {}, sleep: () => Promise.resolve() } });
  const deleted: string[] = [];
  informer.addEventHandler({ onDelete: (o) => deleted.push(o.metadata.name!) });
  informer.start();
  await informer.waitForSync();
  probe.endWatch();
  await base.delete({ ...CM, namespace: 'default', name: 'go' });
  await base.create(cm('new'));
  await server.store.compact(await server.store.currentRevision());
  probe.release();
  await until(() => probe.calls.lists === 2 && informer.getByKey('default/new') !== undefined);
  assert.deepEqual(informer.keys().sort(), ['default/new', 'default/stay']);
  assert.deepEqual(deleted, ['go']);
  informer.stop();
});
