import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../../storage/memory.ts';
import { NamespacesWithObjects } from './namespaces-with-objects.ts';

const PREFIX = '/registry/core/resourcequotas/';

test('tracks which namespaces hold quotas, from what is stored and from every later write', async () => {
  const store = new MemoryStore();
  await store.create(`${PREFIX}team-a/compute`, '{}');
  const present = new NamespacesWithObjects(() => store, PREFIX);
  assert.equal(await present.has('team-a'), true);
  assert.equal(await present.has('team-b'), false);

  await store.create(`${PREFIX}team-b/objects`, '{}');
  await store.create(`${PREFIX}team-b/compute`, '{}');
  assert.equal(await present.has('team-b'), true, 'a quota created after the first question is seen at once');

  const updated = await store.update(`${PREFIX}team-b/objects`, '{"x":1}');
  assert.ok(updated);
  await store.delete(`${PREFIX}team-b/objects`);
  assert.equal(await present.has('team-b'), true, 'one of two quotas deleted: the namespace still has one');
  await store.delete(`${PREFIX}team-b/compute`);
  assert.equal(await present.has('team-b'), false);
  await store.delete(`${PREFIX}team-a/compute`);
  assert.equal(await present.has('team-a'), false);
  present.stop();
});
