import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import { newTestClient, newTestServer } from '../controller/test-server.ts';
import type { ApiServer } from '../apiserver/api-server.ts';
import type { InProcessClient } from '../controller/inprocess-client.ts';
import { GarbageCollector } from './garbage-collector.ts';

const configMap = (name: string, owner?: KubeObject): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: {
    name,
    namespace: 'default',
    ...(owner ? { ownerReferences: [{ apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid! }] } : {}),
  },
});

async function gone(client: InProcessClient, name: string, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      await client.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name });
    } catch (err) {
      if (isStatusError(err, 'NotFound')) return true;
      throw err;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}

describe('GarbageCollector', () => {
  let server: ApiServer;
  let client: InProcessClient;
  let gc: GarbageCollector;
  before(async () => {
    server = await newTestServer();
    client = newTestClient(server);
    gc = new GarbageCollector(server);
    await gc.start();
  });
  after(() => gc.stop());

  test('a dependent goes with its owner', async () => {
    const owner = await client.create(configMap('owner'));
    await client.create(configMap('dependent', owner));
    await client.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'owner' });
    assert.equal(await gone(client, 'dependent'), true);
  });

  test('a dependent of a missing owner is collected', async () => {
    const ghost = { ...configMap('ghost'), metadata: { name: 'ghost', namespace: 'default', uid: '00000000-0000-0000-0000-000000000001' } };
    await client.create(configMap('orphaned', ghost));
    assert.equal(await gone(client, 'orphaned'), true);
  });

  test('Events are not in the graph: an Event whose owner is gone stays', async () => {
    const owner = await client.create(configMap('event-subject'));
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'event-subject', uid: owner.metadata.uid! };
    await client.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'ev1', namespace: 'default', ownerReferences: [ref] },
      involvedObject: { kind: 'ConfigMap', namespace: 'default', name: 'event-subject' },
      reason: 'Test',
      message: 'test',
      type: 'Normal',
    } as KubeObject);
    await client.create(configMap('sibling', owner));
    await client.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'event-subject' });
    assert.equal(await gone(client, 'sibling'), true);
    const event = await client.get({ apiVersion: 'v1', kind: 'Event', namespace: 'default', name: 'ev1' });
    assert.equal(event.metadata.uid !== undefined, true);
  });
});
