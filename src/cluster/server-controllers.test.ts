import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock } from '../controller/clock.ts';
import { newTestClient, newTestServer } from '../controller/test-server.ts';
import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import { LeaderElections } from './leader-elected.ts';
import { startServerControllers } from './server-controllers.ts';

const NAMESPACE = { apiVersion: 'v1', kind: 'Namespace' };
const CONFIGMAP = { apiVersion: 'v1', kind: 'ConfigMap' };

async function gone(read: () => Promise<unknown>, ms = 3000): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
    try {
      await read();
    } catch (err) {
      if (isStatusError(err, 'NotFound')) return true;
      throw err;
    }
  }
  return false;
}

test('the namespace controller and the garbage collector work only while this process leads kube-controller-manager', async () => {
  const clock = new FakeClock('2026-01-01T00:00:00Z');
  const server = await newTestServer({ clock });
  const client = newTestClient(server);
  const other = new LeaderElections(client, clock, 'host-b_2');
  const held = other.run('kube-controller-manager', () => ({ stop: async () => {} }));
  await clock.advance(1);
  const mine = new LeaderElections(client, clock, 'host-a_1');
  const controllers = startServerControllers(server, mine);
  await clock.advance(1);

  await client.create({ ...NAMESPACE, metadata: { name: 'doomed' } });
  const owner: KubeObject = await client.create({ ...CONFIGMAP, metadata: { name: 'owner', namespace: 'default' } });
  await client.create({ ...CONFIGMAP, metadata: { name: 'dependent', namespace: 'default', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid! }] } });
  await client.delete({ ...NAMESPACE, name: 'doomed' });
  await client.delete({ ...CONFIGMAP, namespace: 'default', name: 'owner' });
  const namespace = () => client.get({ ...NAMESPACE, name: 'doomed' });
  const dependent = () => client.get({ ...CONFIGMAP, namespace: 'default', name: 'dependent' });
  assert.equal(await gone(namespace, 300), false, 'another process leads: nothing here finalizes the namespace');
  assert.equal(await gone(dependent, 1), false, 'nor collects the dependent of a deleted owner');

  await held.stop(); // the other process stops and releases its Lease
  await clock.advance(2_100);
  assert.ok(await gone(namespace), 'this process took the Lease and finalized the namespace');
  assert.ok(await gone(dependent), 'and collected the dependent');
  await controllers.stop();
});
