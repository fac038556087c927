import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import type { StoreEvent } from '../../storage/store.ts';
import { ConvertingStore } from './converting-store.ts';

// Served "v1" keeps a `size`; storage "v2" calls it `replicas`.
const conversion = {
  toStorage: (o: KubeObject) => {
    const { size, ...rest } = o as KubeObject & { size?: number };
    return { ...rest, apiVersion: 'demo/v2', replicas: size } as KubeObject;
  },
  fromStorage: (o: KubeObject) => {
    const { replicas, ...rest } = o as KubeObject & { replicas?: number };
    return { ...rest, apiVersion: 'demo/v1', size: replicas } as KubeObject;
  },
};
const v1 = (size: number) => JSON.stringify({ apiVersion: 'demo/v1', kind: 'Thing', metadata: { name: 'a' }, size });

test('writes land in the storage version, reads and watches come back in the served one, with the same revisions', async () => {
  const base = new MemoryStore();
  const view = new ConvertingStore(base, conversion);
  const events: StoreEvent[] = [];
  await view.watch('/things/', 0, { onEvent: (e) => events.push(e) });
  const created = await view.create('/things/a', v1(2));
  assert.equal(JSON.parse(created.value).size, 2);
  const stored = await base.get('/things/a');
  assert.deepEqual(JSON.parse(stored!.value), { apiVersion: 'demo/v2', kind: 'Thing', metadata: { name: 'a' }, replicas: 2 });
  const updated = await view.update('/things/a', v1(3), created.modRevision);
  assert.equal((await view.get('/things/a'))!.modRevision, updated.modRevision);
  assert.equal(JSON.parse((await view.list('/things/', { valueContains: ['"size":3'] })).items[0]!.value).size, 3);
  await view.delete('/things/a');
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(events.map((e) => [e.type, JSON.parse(e.value).size, e.prevValue && JSON.parse(e.prevValue).size]), [['put', 2, undefined], ['put', 3, 2], ['delete', 3, 3]]);
});
