import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type TestCluster } from '../../test/support/cluster.ts';
import { isStatusError, StatusError, type Status } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import type { ClientWatchEvent } from './client.ts';
import { HttpClient, statusErrorFrom } from './http-client.ts';

const CM = { apiVersion: 'v1', kind: 'ConfigMap' };

test('a response body that is a Status becomes that StatusError; other bodies get the reason of the code', () => {
  const e = statusErrorFrom(404, JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 404, reason: 'NotFound', message: 'pods "x" not found', details: { name: 'x', kind: 'pods' } }));
  assert.ok(e instanceof StatusError && e.reason === 'NotFound' && e.details?.name === 'x');
  assert.equal(statusErrorFrom(503, 'down').reason, 'ServiceUnavailable');
});

describe('HttpClient against cozylab up', () => {
  let cluster: TestCluster;
  let client: HttpClient;
  before(async () => {
    cluster = await startCluster({ store: 'memory' });
    client = HttpClient.fromKubeconfig(cluster.kubeconfig);
  });
  after(async () => {
    client?.close();
    await cluster?.stop();
    cluster?.cleanup();
  });

  test('discovery resolves kinds to resources', async () => {
    assert.deepEqual(await client.resolve({ apiVersion: 'apps/v1', kind: 'Deployment' }), { group: 'apps', version: 'v1', kind: 'Deployment', plural: 'deployments', namespaced: true });
    assert.equal((await client.resolve({ apiVersion: 'v1', kind: 'Namespace' })).namespaced, false);
    await assert.rejects(client.resolve({ apiVersion: 'v1', kind: 'Nope' }), (e) => isStatusError(e, 'NotFound'));
  });

  test('create, get, list, update, patch, apply, delete', async () => {
    const created = await client.create<KubeObject>({ ...CM, metadata: { name: 'h1', namespace: 'default', labels: { t: 'h' } }, data: { a: '1' } }, { fieldManager: 'http-test' });
    assert.ok(created.metadata.uid);
    const ref = { ...CM, namespace: 'default', name: 'h1' };
    const got = await client.get(ref);
    assert.equal(got.metadata.uid, created.metadata.uid);
    const listed = await client.list(CM, { namespace: 'default', labelSelector: 't=h' });
    assert.deepEqual(listed.items.map((i) => i.metadata.name), ['h1']);
    const updated = await client.update({ ...got, data: { a: '2' } });
    assert.deepEqual(updated.data, { a: '2' });
    await assert.rejects(client.update({ ...got, data: { a: '3' } }), (e) => isStatusError(e, 'Conflict'));
    assert.deepEqual((await client.patch(ref, 'merge', { data: { b: '1' } })).data, { a: '2', b: '1' });
    assert.deepEqual((await client.patch(ref, 'strategic', { data: { c: '1' } })).data, { a: '2', b: '1', c: '1' });
    const applied = await client.patch(ref, 'apply', { ...CM, metadata: { name: 'h1' }, data: { z: 'z' } }, { fieldManager: 'applier' });
    assert.equal((applied.data as Record<string, string>).z, 'z');
    const status = (await client.delete(ref)) as Status;
    assert.equal(status.status, 'Success');
    await assert.rejects(client.get(ref), (e) => isStatusError(e, 'NotFound') && e.message === 'configmaps "h1" not found');
  });

  test('deleteCollection and status updates', async () => {
    await client.create({ ...CM, metadata: { name: 'dc1', namespace: 'default', labels: { g: 'x' } } });
    await client.create({ ...CM, metadata: { name: 'dc2', namespace: 'default', labels: { g: 'x' } } });
    const deleted = await client.deleteCollection(CM, { namespace: 'default', labelSelector: 'g=x' });
    assert.deepEqual(deleted.items.map((i) => i.metadata.name).sort(), ['dc1', 'dc2']);
    const ns = await client.create<KubeObject>({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'http-status' } });
    const withStatus = await client.updateStatus({ ...ns, status: { phase: 'Active' } });
    assert.equal((withStatus.status as { phase: string }).phase, 'Active');
  });

  test('watch streams events and stops', async () => {
    const list = await client.list(CM, { namespace: 'default' });
    const events: ClientWatchEvent[] = [];
    const handle = await client.watch(CM, { namespace: 'default', resourceVersion: list.metadata.resourceVersion }, (e) => events.push(e));
    await client.create({ ...CM, metadata: { name: 'w1', namespace: 'default' } });
    await client.delete({ ...CM, namespace: 'default', name: 'w1' });
    for (let i = 0; i < 100 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(events.map((e) => e.type), ['ADDED', 'DELETED']);
    handle.stop();
    await handle.done;
  });

  test('a watch that times out on the server ends', async () => {
    const handle = await client.watch(CM, { namespace: 'default', timeoutSeconds: 1 }, () => {});
    await handle.done;
  });
});
