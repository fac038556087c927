import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InformerFactory } from './informer-factory.ts';
import { newTestClient, newTestServer } from './test-server.ts';

test('the same kind and namespace share one informer; informers asked for after start are started', async () => {
  const server = await newTestServer();
  const client = newTestClient(server);
  await client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' } });
  const factory = new InformerFactory(client);
  const one = factory.informerFor({ apiVersion: 'v1', kind: 'ConfigMap' });
  assert.equal(factory.informerFor({ apiVersion: 'v1', kind: 'ConfigMap' }), one);
  const scoped = factory.informerFor({ apiVersion: 'v1', kind: 'ConfigMap' }, { namespace: 'default' });
  assert.notEqual(scoped, one);
  factory.start();
  await factory.waitForCacheSync();
  assert.ok(one.hasSynced() && scoped.hasSynced());
  const late = factory.informerFor({ apiVersion: 'v1', kind: 'Namespace' });
  await late.waitForSync();
  assert.ok(late.get(undefined, 'default'));
  factory.stop();
});
