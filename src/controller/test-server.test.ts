import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock } from './clock.ts';
import { newTestClient, newTestServer } from './test-server.ts';

test('the test server has its namespaces and stamps times from the given clock', async () => {
  const clock = new FakeClock('2030-05-06T07:08:09Z');
  const server = await newTestServer({ clock });
  const client = newTestClient(server);
  const ns = await client.get({ apiVersion: 'v1', kind: 'Namespace', name: 'kube-system' });
  assert.equal(ns.metadata.creationTimestamp, '2030-05-06T07:08:09Z');
  const names = (await client.list({ apiVersion: 'v1', kind: 'Namespace' })).items.map((n) => n.metadata.name);
  assert.deepEqual(names.sort(), ['default', 'kube-node-lease', 'kube-system']);
});
