import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError, type Status } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import type { ClientWatchEvent } from './client.ts';
import { newTestClient, newTestServer } from './test-server.ts';
import { writeBody } from '../apiserver/respond.ts';
import { ApiServer } from '../apiserver/api-server.ts';
import { MemoryStore } from '../storage/memory.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap' };
const cm = (name: string, data: Record<string, string> = {}, labels?: Record<string, string>): KubeObject => ({
  ...CM,
  metadata: { name, namespace: 'default', ...(labels ? { labels } : {}) },
  data,
});

async function setup() {
  const server = await newTestServer();
  return { server, client: newTestClient(server, { fieldManager: 'tester' }) };
}

test('create, get, update and list with selectors and paging', async () => {
  const { client } = await setup();
  const created = await client.create(cm('a', { x: '1' }, { app: 'web' }));
  assert.ok(created.metadata.uid);
  assert.equal(created.metadata.managedFields?.[0]?.manager, 'tester');
  await client.create(cm('b', {}, { app: 'db' }));
  await client.create(cm('c', {}, { app: 'web' }));
  const got = await client.get({ ...CM, namespace: 'default', name: 'a' });
  got.data = { x: '2' };
  const updated = await client.update(got);
  assert.deepEqual(updated.data, { x: '2' });
  const web = await client.list(CM, { namespace: 'default', labelSelector: 'app=web' });
  assert.deepEqual(web.items.map((i) => i.metadata.name), ['a', 'c']);
  const page = await client.list(CM, { namespace: 'default', limit: 2 });
  assert.equal(page.items.length, 2);
  assert.ok(page.metadata.continue);
  const rest = await client.list(CM, { namespace: 'default', limit: 2, continue: page.metadata.continue });
  assert.deepEqual(rest.items.map((i) => i.metadata.name), ['c']);
  const byName = await client.list(CM, { namespace: 'default', fieldSelector: 'metadata.name=b' });
  assert.deepEqual(byName.items.map((i) => i.metadata.name), ['b']);
});

test('errors are the StatusErrors of the HTTP API', async () => {
  const { client } = await setup();
  await assert.rejects(client.get({ ...CM, namespace: 'default', name: 'nope' }), (e) => {
    assert.ok(isStatusError(e, 'NotFound'));
    assert.equal(e.message, 'configmaps "nope" not found');
    return true;
  });
  await client.create(cm('a'));
  await assert.rejects(client.create(cm('a')), (e) => isStatusError(e, 'AlreadyExists'));
  const stale = await client.get({ ...CM, namespace: 'default', name: 'a' });
  await client.update({ ...stale, data: { v: '1' } });
  await assert.rejects(client.update({ ...stale, data: { v: '2' } }), (e) => isStatusError(e, 'Conflict'));
  await assert.rejects(client.create({ ...cm('x'), metadata: { name: 'x', namespace: 'missing' } }), (e) => isStatusError(e, 'NotFound'));
  await assert.rejects(client.get({ apiVersion: 'v1', kind: 'Nope', name: 'x' }), (e) => isStatusError(e, 'NotFound'));
  await assert.rejects(client.create({ ...cm('Bad_Name') }), (e) => isStatusError(e, 'Invalid'));
});

test('dry run does not persist', async () => {
  const { client } = await setup();
  await client.create(cm('dry'), { dryRun: true });
  await assert.rejects(client.get({ ...CM, namespace: 'default', name: 'dry' }), (e) => isStatusError(e, 'NotFound'));
});

test('merge, strategic, json patch and server-side apply with field ownership', async () => {
  const { client } = await setup();
  await client.create(cm('p', { a: '1' }));
  const ref = { ...CM, namespace: 'default', name: 'p' };
  assert.deepEqual((await client.patch(ref, 'merge', { data: { b: '2' } })).data, { a: '1', b: '2' });
  assert.deepEqual((await client.patch(ref, 'strategic', { data: { c: '3' } })).data, { a: '1', b: '2', c: '3' });
  assert.deepEqual((await client.patch(ref, 'json', [{ op: 'remove', path: '/data/a' }])).data, { b: '2', c: '3' });
  const applied = await client.patch(ref, 'apply', { ...CM, metadata: { name: 'p' }, data: { z: 'mine' } }, { fieldManager: 'applier' });
  assert.equal((applied.data as Record<string, string>).z, 'mine');
  await assert.rejects(
    client.patch(ref, 'apply', { ...CM, metadata: { name: 'p' }, data: { b: 'taken' } }, { fieldManager: 'applier' }),
    (e) => isStatusError(e, 'Conflict') && /conflict with "tester"/.test(e.message),
  );
  await assert.rejects(
    client.patch(ref, 'apply', { ...CM, metadata: { name: 'p' }, data: { z: 'theirs' } }, { fieldManager: 'other' }),
    (e) => isStatusError(e, 'Conflict'),
  );
  const forced = await client.patch(ref, 'apply', { ...CM, metadata: { name: 'p' }, data: { z: 'theirs' } }, { fieldManager: 'other', force: true });
  assert.equal((forced.data as Record<string, string>).z, 'theirs');
  const createdByApply = await client.patch({ ...ref, name: 'new' }, 'apply', { ...CM, metadata: { name: 'new' }, data: { k: 'v' } }, { fieldManager: 'applier' });
  assert.ok(createdByApply.metadata.uid);
});

test('status updates change only status; delete honours finalizers and preconditions', async () => {
  const { client } = await setup();
  const dep = await client.create({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', namespace: 'default', finalizers: ['example.com/hold'] },
    spec: { replicas: 1, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  });
  const withStatus = await client.updateStatus({ ...dep, spec: { ...(dep.spec as object), replicas: 5 }, status: { replicas: 1 } });
  assert.deepEqual(withStatus.status, { replicas: 1 });
  assert.equal((withStatus.spec as { replicas: number }).replicas, 1);
  const ref = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'd' };
  await assert.rejects(client.delete(ref, { preconditions: { uid: 'other' } }), (e) => isStatusError(e, 'Conflict'));
  const pending = (await client.delete(ref)) as KubeObject;
  assert.ok(pending.metadata.deletionTimestamp);
  await client.patch(ref, 'merge', { metadata: { finalizers: null } });
  await assert.rejects(client.get(ref), (e) => isStatusError(e, 'NotFound'));
  await client.create(cm('gone'));
  const status = (await client.delete({ ...CM, namespace: 'default', name: 'gone' })) as Status;
  assert.equal(status.status, 'Success');
});

test('deleteCollection deletes what the selector matches', async () => {
  const { client } = await setup();
  await client.create(cm('a', {}, { t: 'x' }));
  await client.create(cm('b', {}, { t: 'y' }));
  const deleted = await client.deleteCollection(CM, { namespace: 'default', labelSelector: 't=x' });
  assert.deepEqual(deleted.items.map((i) => i.metadata.name), ['a']);
  assert.deepEqual((await client.list(CM, { namespace: 'default' })).items.map((i) => i.metadata.name), ['b']);
});

test('binding places a pod; unsupported subresources answer MethodNotAllowed; finalize empties spec.finalizers', async () => {
  const { client } = await setup();
  await client.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
  const ref = { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'p' };
  const status = (await client.createSubresource(ref, 'binding', { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p' }, target: { kind: 'Node', name: 'n1' } })) as Status;
  assert.equal(status.code, 201);
  assert.equal(((await client.get(ref)).spec as { nodeName: string }).nodeName, 'n1');
  await assert.rejects(client.createSubresource(ref, 'nosuch', {}), (e) => isStatusError(e, 'NotFound'));
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'doomed' } });
  const nsRef = { apiVersion: 'v1', kind: 'Namespace', name: 'doomed' };
  await client.delete(nsRef);
  const ns = await client.get(nsRef);
  assert.equal((ns.status as { phase: string }).phase, 'Terminating');
  await client.updateSubresource({ ...ns, spec: { finalizers: [] } }, 'finalize');
  await assert.rejects(client.get(nsRef), (e) => isStatusError(e, 'NotFound'));
});

test('watch delivers changes after a resourceVersion and surfaces 410 as an ERROR event', async () => {
  const { server, client } = await setup();
  const list = await client.list(CM, { namespace: 'default' });
  const events: ClientWatchEvent[] = [];
  const handle = await client.watch(CM, { namespace: 'default', resourceVersion: list.metadata.resourceVersion }, (e) => events.push(e));
  await client.create(cm('w'));
  await client.patch({ ...CM, namespace: 'default', name: 'w' }, 'merge', { data: { a: 'b' } });
  await client.delete({ ...CM, namespace: 'default', name: 'w' });
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(events.map((e) => e.type), ['ADDED', 'MODIFIED', 'DELETED']);
  handle.stop();
  await handle.done;

  const current = await server.store.currentRevision();
  await server.store.compact(current);
  const expired: ClientWatchEvent[] = [];
  const old = await client.watch(CM, { namespace: 'default', resourceVersion: '1' }, (e) => expired.push(e));
  await old.done;
  assert.equal(expired.length, 1);
  const e = expired[0]!;
  assert.ok(e.type === 'ERROR' && e.error.code === 410);
});

test('two server-side applies racing to create one object both succeed, as the second applies onto the first', async () => {
  const client = newTestClient(await newTestServer());
  const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'raced' };
  const apply = (manager: string, key: string) =>
    client.patch(ref, 'apply', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'raced', namespace: 'default' }, data: { [key]: manager } }, { fieldManager: manager, force: true });
  await Promise.all([apply('first', 'a'), apply('second', 'b')]);
  const cm = await client.get<KubeObject & { data: Record<string, string> }>(ref);
  assert.deepEqual(cm.data, { a: 'first', b: 'second' });
  assert.deepEqual(cm.metadata.managedFields!.map((m) => m.manager).sort(), ['first', 'second']);
});

test('getSubresource reads a Deployment\'s scale as the /scale endpoint answers it', async () => {
  const { client } = await setup();
  const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } };
  await client.create({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template } });
  const scale = await client.getSubresource<{ kind: string; apiVersion: string; spec: { replicas: number }; status: { selector: string } }>({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' }, 'scale');
  assert.deepEqual([scale.apiVersion, scale.kind, scale.spec.replicas, scale.status.selector], ['autoscaling/v1', 'Scale', 3, 'app=web']);
  await assert.rejects(client.getSubresource({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'x' }, 'scale'), (err) => isStatusError(err, 'NotFound'));
});

test('get and list of an aggregated group-version go to the program behind its APIService, 503 while it is unavailable', async (t) => {
  // Started, so its APIService controller routes group-versions.
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  await server.start();
  t.after(() => server.stop());
  const client = newTestClient(server);
  const WIDGET = { apiVersion: 'demo.example.io/v1', kind: 'Widget' };
  const seen: string[] = [];
  const widget = (name: string) => ({ ...WIDGET, metadata: { name, namespace: 'demo' } });
  server.aggregation.register('demo/demo-api', {
    resources: (group) => (group === 'demo.example.io' ? [{ group, version: 'v1', kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget', namespaced: true, shortNames: [], categories: [], verbs: ['get', 'list'], subresources: [], strategicMergePatch: false }] : []),
    onChange: () => () => {},
    async handle(r) {
      seen.push(`${r.info.verb} ${r.info.namespace}/${r.info.name} ${r.query.get('labelSelector') ?? ''}`);
      writeBody(r.res, 200, r.info.name ? widget(r.info.name) : { apiVersion: 'demo.example.io/v1', kind: 'WidgetList', metadata: {}, items: [widget('a')] });
    },
  });
  const create = (obj: KubeObject) => client.create(obj);
  await create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' } });
  await create({ apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.demo.example.io' }, spec: { group: 'demo.example.io', version: 'v1', groupPriorityMinimum: 1000, versionPriority: 15, service: { name: 'demo-api', namespace: 'demo', port: 443 } } });
  await server.settled();
  await assert.rejects(client.list(WIDGET, { namespace: 'demo' }), (err) => isStatusError(err, 'ServiceUnavailable'));
  await create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'demo-api', namespace: 'demo' }, spec: { ports: [{ name: 'https', port: 443 }], selector: { app: 'demo' } } });
  await create({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'demo-api-x', namespace: 'demo', labels: { 'kubernetes.io/service-name': 'demo-api' } }, addressType: 'IPv4', ports: [{ name: 'https', port: 443 }], endpoints: [{ addresses: ['10.0.0.5'], conditions: { ready: true } }] } as KubeObject);
  await server.settled();
  const list = await client.list(WIDGET, { namespace: 'demo', labelSelector: 'tier=web' });
  assert.deepEqual(list.items.map((i) => i.metadata.name), ['a']);
  assert.equal((await client.get({ ...WIDGET, namespace: 'demo', name: 'b' })).metadata.name, 'b');
  assert.deepEqual(seen, ['list demo/ tier=web', 'get demo/b ']);
});
