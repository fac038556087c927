import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../../storage/memory.ts';
import { AdmissionChain } from '../admission/admission.ts';
import { INTERNAL_USER } from '../auth/user.ts';
import type { ResourceType } from '../resource.ts';
import type { WriteContext } from './context.ts';
import { deleteObject } from './delete.ts';
import { ResourceRegistry } from './registry.ts';
import { watchResource } from './watch.ts';
import type { KubeObject, WatchEvent } from '../../machinery/object.ts';

const widgets: ResourceType = {
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  listKind: 'WidgetList',
  plural: 'widgets',
  singular: 'widget',
  namespaced: true,
  shortNames: [],
  categories: [],
  verbs: [],
  subresources: ['status'],
  strategicMergePatch: false,
};

function setup() {
  const store = new MemoryStore();
  const services = { allocateClusterIP: async () => '10.96.0.10', reserveClusterIP: async () => undefined, releaseClusterIP: async () => {}, allocateNodePort: async () => 30000, reserveNodePort: async () => undefined, releaseNodePort: async () => {} };
  const reg = new ResourceRegistry(widgets, { statusSubresource: true }, { store, admission: new AdmissionChain(), services, now: () => new Date('2026-01-01T00:00:00Z') });
  const ctx = (): WriteContext => ({ user: INTERNAL_USER, dryRun: false, fieldManager: 'test', warnings: [] });
  return { store, reg, ctx };
}

const widget = (name: string, spec: Record<string, unknown> = {}, labels?: Record<string, string>): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { name, ...(labels ? { labels } : {}) },
  spec,
  status: { phase: 'ignored-on-create' },
});

test('create fills uid, creationTimestamp, generation and resourceVersion; status is dropped', async () => {
  const { reg, ctx } = setup();
  const w = await reg.create('ns', widget('a', { size: 1 }), ctx());
  assert.match(w.metadata.uid!, /^[0-9a-f-]{36}$/);
  assert.equal(w.metadata.creationTimestamp, '2026-01-01T00:00:00Z');
  assert.equal(w.metadata.generation, 1);
  assert.equal(w.metadata.namespace, 'ns');
  assert.equal(w.metadata.resourceVersion, '1');
  assert.equal(w.status, undefined);
  await assert.rejects(reg.create('ns', widget('a'), ctx()), /already exists/);
});

test('generation bumps on spec change only; a no-op write keeps resourceVersion', async () => {
  const { reg, ctx } = setup();
  const w = await reg.create('ns', widget('a', { size: 1 }), ctx());
  const same = await reg.update('ns', 'a', { ...w }, ctx());
  assert.equal(same.metadata.resourceVersion, w.metadata.resourceVersion);
  const labelled = await reg.update('ns', 'a', { ...same, metadata: { ...same.metadata, labels: { x: 'y' } } }, ctx());
  assert.equal(labelled.metadata.generation, 1);
  assert.notEqual(labelled.metadata.resourceVersion, w.metadata.resourceVersion);
  const changed = await reg.update('ns', 'a', { ...labelled, spec: { size: 2 } }, ctx());
  assert.equal(changed.metadata.generation, 2);
  await assert.rejects(reg.update('ns', 'a', { ...labelled, spec: { size: 3 } }, ctx()), (e: { code: number }) => e.code === 409);
});

test('generation is judged on the prepared spec: a write that leaves out what the strategy defaults changes nothing', async () => {
  const store = new MemoryStore();
  const services = { allocateClusterIP: async () => '', reserveClusterIP: async () => undefined, releaseClusterIP: async () => {}, allocateNodePort: async () => 0, reserveNodePort: async () => undefined, releaseNodePort: async () => {} };
  const defaulting = { statusSubresource: true, prepareForCreate: (o: KubeObject) => void ((o.spec as { mode?: string }).mode ??= 'auto'), prepareForUpdate: (o: KubeObject) => void ((o.spec as { mode?: string }).mode ??= 'auto') };
  const reg = new ResourceRegistry(widgets, defaulting, { store, admission: new AdmissionChain(), services, now: () => new Date('2026-01-01T00:00:00Z') });
  const ctx = (): WriteContext => ({ user: INTERNAL_USER, dryRun: false, fieldManager: 'test', warnings: [] });
  const w = await reg.create('ns', widget('a', { size: 1 }), ctx());
  assert.deepEqual(w.spec, { size: 1, mode: 'auto' });
  const again = await reg.update('ns', 'a', { ...w, spec: { size: 1 } }, ctx());
  assert.equal(again.metadata.generation, 1);
  assert.equal(again.metadata.resourceVersion, w.metadata.resourceVersion);
  assert.equal((await reg.update('ns', 'a', { ...w, spec: { size: 2 } }, ctx())).metadata.generation, 2);
});

test('status subresource: main writes keep status, status writes change only status', async () => {
  const { reg, ctx } = setup();
  await reg.create('ns', widget('a', { size: 1 }), ctx());
  const s = await reg.guaranteedUpdate('ns', 'a', ctx(), 'status', (cur) => ({ ...cur, spec: { size: 9 }, status: { phase: 'Ready' } }));
  assert.deepEqual(s.status, { phase: 'Ready' });
  assert.deepEqual(s.spec, { size: 1 });
  const m = await reg.guaranteedUpdate('ns', 'a', ctx(), '', (cur) => ({ ...cur, spec: { size: 2 }, status: { phase: 'Lost' } }));
  assert.deepEqual(m.status, { phase: 'Ready' });
  assert.deepEqual(m.spec, { size: 2 });
});

test('a status write changes annotations only where the kind\'s status strategy lets it (Deployments)', async () => {
  const { store, reg, ctx } = setup();
  const services = { allocateClusterIP: async () => '10.96.0.10', reserveClusterIP: async () => undefined, releaseClusterIP: async () => {}, allocateNodePort: async () => 30000, reserveNodePort: async () => undefined, releaseNodePort: async () => {} };
  const deployLike = new ResourceRegistry({ ...widgets, plural: 'gadgets', kind: 'Gadget' }, { statusSubresource: true, statusUpdateKeepsAnnotations: true }, { store, admission: new AdmissionChain(), services, now: () => new Date('2026-01-01T00:00:00Z') });
  const write = (r: ResourceRegistry) => (cur: KubeObject) => ({
    ...cur,
    metadata: { ...cur.metadata, labels: { changed: 'yes' }, annotations: { 'deployment.kubernetes.io/revision': '1' } },
    spec: { size: 9 },
    status: { phase: 'Ready' },
  });
  await reg.create('ns', widget('a', { size: 1 }), ctx());
  const plain = await reg.guaranteedUpdate('ns', 'a', ctx(), 'status', write(reg));
  assert.equal(plain.metadata.annotations, undefined);
  await deployLike.create('ns', { ...widget('b', { size: 1 }), apiVersion: 'example.com/v1', kind: 'Gadget' }, ctx());
  const d = await deployLike.guaranteedUpdate('ns', 'b', ctx(), 'status', write(deployLike));
  assert.deepEqual(d.metadata.annotations, { 'deployment.kubernetes.io/revision': '1' });
  assert.equal(d.metadata.labels, undefined);
  assert.deepEqual(d.spec, { size: 1 });
  assert.deepEqual(d.status, { phase: 'Ready' });
});

test('empty labels, annotations, finalizers and ownerReferences come back absent, as through Go\'s ObjectMeta', async () => {
  const { reg, ctx } = setup();
  const w = await reg.create('ns', { ...widget('a', { size: 1 }), metadata: { name: 'a', labels: {}, annotations: null, finalizers: [], ownerReferences: [] } } as unknown as KubeObject, ctx());
  for (const key of ['labels', 'annotations', 'finalizers', 'ownerReferences']) assert.equal(key in w.metadata, false, key);
  const rv = w.metadata.resourceVersion;
  // What `kubectl diff` sends for a manifest without annotations changes nothing.
  const same = await reg.update('ns', 'a', { ...w, metadata: { ...w.metadata, annotations: {} } }, ctx());
  assert.equal(same.metadata.resourceVersion, rv);
  assert.equal('annotations' in same.metadata, false);
  const labelled = await reg.update('ns', 'a', { ...same, metadata: { ...same.metadata, labels: { x: 'y' }, finalizers: [] } }, ctx());
  assert.deepEqual(labelled.metadata.labels, { x: 'y' });
  assert.equal('finalizers' in labelled.metadata, false);
});

test('dry run stores nothing', async () => {
  const { reg, ctx } = setup();
  await reg.create('ns', widget('a'), { ...ctx(), dryRun: true });
  assert.equal(await reg.tryGet('ns', 'a'), undefined);
});

test('deletion waits for finalizers and completes when they are removed', async () => {
  const { reg, ctx } = setup();
  const w = widget('a');
  w.metadata.finalizers = ['example.com/hold'];
  await reg.create('ns', w, ctx());
  const pending = await deleteObject(reg, 'ns', 'a', {}, ctx());
  assert.equal(pending.deleted, false);
  assert.ok(pending.object.metadata.deletionTimestamp);
  await reg.guaranteedUpdate('ns', 'a', ctx(), '', (cur) => ({ ...cur, metadata: { ...cur.metadata, finalizers: [] } }));
  assert.equal(await reg.tryGet('ns', 'a'), undefined);
  const fg = await reg.create('ns', widget('b'), ctx());
  const r = await deleteObject(reg, 'ns', 'b', { propagationPolicy: 'Foreground' }, ctx());
  assert.deepEqual(r.object.metadata.finalizers, ['foregroundDeletion']);
  await assert.rejects(deleteObject(reg, 'ns', 'b', { preconditions: { uid: 'other' } }, ctx()), /Precondition failed: UID in precondition: other/);
  void fg;
});

test('generation moves on once when a deletion begins, not again on a second delete', async () => {
  const { reg, ctx } = setup();
  const w = widget('a', { size: 1 });
  w.metadata.finalizers = ['example.com/hold'];
  await reg.create('ns', w, ctx());
  const first = await deleteObject(reg, 'ns', 'a', {}, ctx());
  assert.equal(first.object.metadata.generation, 2);
  const second = await deleteObject(reg, 'ns', 'a', { propagationPolicy: 'Foreground' }, ctx());
  assert.deepEqual(second.object.metadata.finalizers, ['example.com/hold', 'foregroundDeletion']);
  assert.equal(second.object.metadata.generation, 2);
});

test('paged lists continue at the same revision', async () => {
  const { reg, ctx } = setup();
  for (const n of ['a', 'b', 'c', 'd', 'e']) await reg.create('ns', widget(n), ctx());
  const first = await reg.list('ns', { limit: 2 });
  assert.deepEqual(first.items.map((i) => i.metadata.name), ['a', 'b']);
  assert.equal(first.metadata.remainingItemCount, 3);
  await reg.create('ns', widget('f'), ctx());
  const second = await reg.list('ns', { limit: 10, continue: first.metadata.continue });
  assert.deepEqual(second.items.map((i) => i.metadata.name), ['c', 'd', 'e']);
});

test('watch with a label selector turns leaving the selection into DELETED', async () => {
  const { reg, ctx } = setup();
  const events: WatchEvent[] = [];
  const w = await reg.create('ns', widget('a', {}, { app: 'web' }), ctx());
  const watcher = await watchResource(reg, 'ns', { labelSelector: 'app=web', resourceVersion: w.metadata.resourceVersion }, { send: (e) => events.push(e), end: () => {} }, { bookmarkIntervalMs: 60_000 });
  const cur = await reg.get('ns', 'a');
  await reg.update('ns', 'a', { ...cur, metadata: { ...cur.metadata, labels: { app: 'db' } } }, ctx());
  await reg.create('ns', widget('b', {}, { app: 'web' }), ctx());
  await new Promise((r) => setTimeout(r, 20));
  watcher.stop();
  assert.deepEqual(events.map((e) => `${e.type} ${e.object.metadata.name}`), ['DELETED a', 'ADDED b']);
});

test('every watch of a resource receives one decoded object per change, whatever its selection', async () => {
  const { reg, ctx } = setup();
  const all: WatchEvent[] = [];
  const web: WatchEvent[] = [];
  const settings = { bookmarkIntervalMs: 60_000 };
  const w1 = await watchResource(reg, 'ns', {}, { send: (e) => all.push(e), end: () => {} }, settings);
  const w2 = await watchResource(reg, 'ns', { labelSelector: 'app=web' }, { send: (e) => web.push(e), end: () => {} }, settings);
  await reg.create('ns', widget('a', { size: 1 }, { app: 'web' }), ctx());
  await reg.create('ns', widget('b', {}, { app: 'db' }), ctx());
  await new Promise((r) => setTimeout(r, 20));
  w1.stop();
  w2.stop();
  assert.deepEqual(all.map((e) => `${e.type} ${e.object.metadata.name}`), ['ADDED a', 'ADDED b']);
  assert.deepEqual(web.map((e) => `${e.type} ${e.object.metadata.name}`), ['ADDED a']);
  assert.equal(web[0]!.object, all[0]!.object);
  assert.equal(all[0]!.object.kind, 'Widget');
  assert.deepEqual(all[0]!.object.spec, { size: 1 });
});

test('reads after a watch saw the change get their own copies of what the store holds', async () => {
  const { reg, ctx } = setup();
  const seen: WatchEvent[] = [];
  const w = await watchResource(reg, 'ns', {}, { send: (e) => seen.push(e), end: () => {} }, { bookmarkIntervalMs: 60_000 });
  const created = await reg.create('ns', widget('a', { size: 1 }), ctx());
  await new Promise((r) => setTimeout(r, 20));
  const got = await reg.get('ns', 'a');
  assert.notEqual(got, seen[0]!.object);
  assert.deepEqual(got, seen[0]!.object);
  (got.spec as { size: number }).size = 99;
  assert.deepEqual((await reg.list('ns')).items[0]!.spec, { size: 1 });
  const updated = await reg.update('ns', 'a', { ...created, spec: { size: 2 } }, ctx());
  assert.deepEqual((await reg.get('ns', 'a')).spec, { size: 2 });
  assert.equal((await reg.get('ns', 'a')).metadata.resourceVersion, updated.metadata.resourceVersion);
  assert.deepEqual(seen[0]!.object.spec, { size: 1 });
  w.stop();
});

test("a watch hands out what the store holds after the registry's own writes, as a decode of the stored text would", async () => {
  const { store, reg, ctx } = setup();
  const seen: WatchEvent[] = [];
  const w = await watchResource(reg, 'ns', {}, { send: (e) => seen.push(e), end: () => {} }, { bookmarkIntervalMs: 60_000 });
  const created = await reg.create('ns', widget('a', { size: 1 }), ctx());
  // A status write whose input carries a resourceVersion in the middle of its metadata and a field holding undefined.
  const { name: _n, ...rest } = created.metadata;
  await reg.update('ns', 'a', { ...created, metadata: { name: 'a', ...rest }, status: { phase: 'Ready', reason: undefined } }, ctx(), 'status');
  created.spec = { size: 99 };
  await new Promise((r) => setTimeout(r, 20));
  w.stop();
  assert.equal(seen.length, 2);
  for (const ev of seen) {
    const sv = await store.get('/registry/example.com/widgets/ns/a', { revision: Number(ev.object.metadata.resourceVersion) });
    const decoded = { ...JSON.parse(sv!.value), apiVersion: 'example.com/v1', kind: 'Widget' };
    decoded.metadata.resourceVersion = ev.object.metadata.resourceVersion;
    assert.equal(JSON.stringify(ev.object), JSON.stringify(decoded));
    assert.deepEqual(Object.keys(ev.object.metadata).at(-1), 'resourceVersion');
  }
  assert.deepEqual(seen[0]!.object.spec, { size: 1 }, "the caller's changes to its answer reach no watcher");
  assert.deepEqual(Object.keys(seen[1]!.object.status as object), ['phase']);
});

test('a list or watch with a label selector finds exactly the matching objects, whatever else holds the same text', async () => {
  const { reg, ctx } = setup();
  const labelled: Array<[string, Record<string, string> | undefined, Record<string, unknown>]> = [
    ['plain', { app: 'web', tier: 'front' }, {}],
    ['other', { app: 'db' }, { note: '"app":"web"' }],
    ['decoy', undefined, { app: 'web' }],
    ['near', { app: 'web.v2', 'example.com/role': 'x' }, {}],
    ['bare', { tier: '' }, {}],
  ];
  const seen: string[] = [];
  const watch = await watchResource(reg, 'default', { labelSelector: 'app=web' }, { send: (e: WatchEvent) => seen.push(`${e.type} ${e.object.metadata.name}`), end: () => {} }, { bookmarkIntervalMs: 60_000 });
  for (const [name, labels, spec] of labelled) await reg.create('default', widget(name, spec, labels), ctx());
  const names = async (labelSelector: string) => (await reg.list('default', { labelSelector })).items.map((o) => o.metadata.name).sort();
  assert.deepEqual(await names('app=web'), ['plain']);
  assert.deepEqual(await names('app in (web)'), ['plain']);
  assert.deepEqual(await names('app==web.v2'), ['near']);
  assert.deepEqual(await names('example.com/role=x'), ['near']);
  assert.deepEqual(await names('tier'), ['bare', 'plain']);
  assert.deepEqual(await names('tier='), ['bare']);
  assert.deepEqual(await names('app!=web'), ['bare', 'decoy', 'near', 'other']);
  assert.deepEqual(await names('app,!tier'), ['near', 'other']);
  // Relabelled out of and into the selection: the watch says DELETED, then ADDED.
  const plain = await reg.get('default', 'plain');
  await reg.update('default', 'plain', { ...plain, metadata: { ...plain.metadata, labels: { app: 'api' } } }, ctx());
  const other = await reg.get('default', 'other');
  await reg.update('default', 'other', { ...other, metadata: { ...other.metadata, labels: { app: 'web' } } }, ctx());
  await new Promise((r) => setTimeout(r, 20));
  watch.stop();
  assert.deepEqual(seen, ['ADDED plain', 'DELETED plain', 'ADDED other']);
});
