import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import type { ResourceRegistry } from '../../apiserver/registry/registry.ts';
import { MemoryStore } from '../../storage/memory.ts';
import type { StoreEvent } from '../../storage/store.ts';
import { ViewStore, type ViewMapping } from './view-store.ts';

const TARGET = '/registry/example.io/things/';
const VIEW = '/registry/view.io/views/';

/** A view that shows `thing-<name>` as `<name>` with the number of inputs, counting its conversions. */
function countingMapping(inputs: KubeObject[]) {
  const counter = { conversions: 0 };
  const mapping: ViewMapping = {
    viewPrefix: VIEW,
    targetPrefix: TARGET,
    namespaced: true,
    namePrefix: 'thing-',
    toView(target) {
      counter.conversions++;
      if (target.metadata.labels?.shown !== 'yes') return undefined;
      return { apiVersion: 'view.io/v1', kind: 'View', metadata: { name: target.metadata.name!.slice('thing-'.length), namespace: target.metadata.namespace }, spec: { inputs: inputs.length, value: target.spec } };
    },
    targetRegistry: () => ({}) as ResourceRegistry,
    fieldManager: 'test',
    viewInputs: () => [...inputs],
  };
  return { mapping, counter };
}

const thing = (name: string, value: string, shown = 'yes'): string =>
  JSON.stringify({ apiVersion: 'example.io/v1', kind: 'Thing', metadata: { name, namespace: 'ns', labels: { shown } }, spec: { value } });

test('a view with inputs is converted once per target revision and inputs, and again when either changes', async () => {
  const base = new MemoryStore();
  const inputs: KubeObject[] = [{ apiVersion: 'v1', kind: 'Service', metadata: { name: 'a', namespace: 'ns' } }];
  const { mapping, counter } = countingMapping(inputs);
  const view = new ViewStore(base, mapping);
  const created = await base.create(`${TARGET}ns/thing-one`, thing('thing-one', 'v1'));

  const first = await view.get(`${VIEW}ns/one`);
  const second = await view.get(`${VIEW}ns/one`);
  assert.equal(counter.conversions, 1);
  assert.deepEqual(second, first);
  assert.notEqual(second, first, 'each caller gets its own StoredValue');
  assert.equal(first!.modRevision, created.modRevision);
  assert.equal(JSON.parse(first!.value).spec.inputs, 1);

  // A replaced input object (an informer's update) and an added one both count as a change.
  inputs[0] = { ...inputs[0]!, metadata: { ...inputs[0]!.metadata } };
  await view.get(`${VIEW}ns/one`);
  assert.equal(counter.conversions, 2);
  inputs.push({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'b', namespace: 'ns' } });
  assert.equal(JSON.parse((await view.get(`${VIEW}ns/one`))!.value).spec.inputs, 2);
  assert.equal(counter.conversions, 3);

  // A new revision of the target.
  await base.update(`${TARGET}ns/thing-one`, thing('thing-one', 'v2'));
  const updated = await view.get(`${VIEW}ns/one`);
  assert.equal(JSON.parse(updated!.value).spec.value.value, 'v2');
  assert.equal(counter.conversions, 4);
  await view.get(`${VIEW}ns/one`);
  assert.equal(counter.conversions, 4);
});

test('a target outside the view is cached as absent; a watch event still sees the previous value as it was', async () => {
  const base = new MemoryStore();
  const { mapping, counter } = countingMapping([]);
  const view = new ViewStore(base, mapping);
  await base.create(`${TARGET}ns/thing-two`, thing('thing-two', 'v1'));
  assert.ok(await view.get(`${VIEW}ns/two`));

  const events: StoreEvent[] = [];
  const watcher = await view.watch(VIEW, await base.currentRevision(), { onEvent: (ev) => events.push(ev), onError: () => {} });
  // The target leaves the view: the watch shows a delete built from the previous value.
  await base.update(`${TARGET}ns/thing-two`, thing('thing-two', 'v2', 'no'));
  await new Promise((r) => setTimeout(r, 20));
  watcher.stop();
  assert.deepEqual(events.map((e) => [e.type, e.key]), [['delete', `${VIEW}ns/two`]]);
  assert.equal(JSON.parse(events[0]!.value).spec.value.value, 'v1');

  assert.equal(await view.get(`${VIEW}ns/two`), undefined);
  const conversions = counter.conversions;
  assert.equal(await view.get(`${VIEW}ns/two`), undefined);
  assert.equal(counter.conversions, conversions, 'absent views are cached too');
});
