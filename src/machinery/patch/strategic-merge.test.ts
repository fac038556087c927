import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { applyStrategicMergePatch } from './strategic-merge.ts';
import { StatusError } from '../errors.ts';
import type { PatchSchema } from './schema.ts';

const byName = (items?: PatchSchema): PatchSchema => ({ strategy: 'merge', mergeKey: 'name', listType: 'map', listMapKeys: ['name'], items });
const container: PatchSchema = { fields: { env: byName(), ports: { strategy: 'merge', mergeKey: 'containerPort' } } };
const schema: PatchSchema = {
  fields: {
    metadata: { fields: { finalizers: { strategy: 'merge', listType: 'set' }, labels: { additional: {} } } },
    spec: {
      fields: {
        containers: byName(container),
        volumes: { ...byName(), strategy: 'merge,retainKeys' },
        strategy: { strategy: 'retainKeys' },
        selector: { strategy: 'replace' },
      },
    },
  },
};

const pod = () => ({
  metadata: { name: 'p', labels: { x: '1', y: '2' }, finalizers: ['a', 'b'] },
  spec: {
    containers: [
      { name: 'main', image: 'busybox:1', env: [{ name: 'A', value: '1' }] },
      { name: 'side', image: 'nginx' },
    ],
    tolerations: [{ key: 'k1' }],
  },
});

function status(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof StatusError, String(err));
    return err;
  }
  assert.fail('expected a StatusError');
}

describe('applyStrategicMergePatch', () => {
  test('kubectl CSA patch: $setElementOrder plus a changed container merges by name', () => {
    const original = pod();
    const patch = {
      spec: {
        '$setElementOrder/containers': [{ name: 'main' }, { name: 'side' }],
        containers: [{ image: 'busybox:2', name: 'main' }],
      },
    };
    const out = applyStrategicMergePatch(original, patch, schema) as ReturnType<typeof pod>;
    assert.deepEqual(out.spec.containers, [
      { name: 'main', image: 'busybox:2', env: [{ name: 'A', value: '1' }] },
      { name: 'side', image: 'nginx' },
    ]);
    assert.equal(original.spec.containers[0].image, 'busybox:1', 'input not mutated');
  });

  test('$setElementOrder reorders and places new items', () => {
    const out = applyStrategicMergePatch(
      pod(),
      { spec: { '$setElementOrder/containers': [{ name: 'side' }, { name: 'new' }, { name: 'main' }], containers: [{ name: 'new', image: 'x' }] } },
      schema,
    ) as ReturnType<typeof pod>;
    assert.deepEqual(out.spec.containers.map((c) => c.name), ['side', 'new', 'main']);
  });

  test('without $setElementOrder new items go first, as upstream orders them', () => {
    const out = applyStrategicMergePatch(pod(), { spec: { containers: [{ name: 'new', image: 'x' }] } }, schema) as ReturnType<typeof pod>;
    assert.deepEqual(out.spec.containers.map((c) => c.name), ['new', 'main', 'side']);
  });

  test('ordering matches apimachinery patch_test cases', () => {
    const ints: PatchSchema = { fields: { l: { strategy: 'merge' }, m: { strategy: 'merge', mergeKey: 'name' } } };
    const a = applyStrategicMergePatch({ l: [1, 4, 2] }, { '$setElementOrder/l': [3, 1, 2], l: [3] }, ints);
    assert.deepEqual(a, { l: [3, 1, 4, 2] });
    const b = applyStrategicMergePatch({ l: [1, 2, 4] }, { '$setElementOrder/l': [1, 2, 3], l: [3] }, ints);
    assert.deepEqual(b, { l: [1, 2, 3, 4] });
    const c = applyStrategicMergePatch(
      { m: [{ name: 1, other: 'a' }, { name: 2, value: 2, other: 'b' }] },
      { '$setElementOrder/m': [{ name: 1 }, { name: 4 }, { name: 2 }, { name: 3 }], m: [{ name: 4, value: 4 }, { name: 3, value: 3 }] },
      ints,
    );
    assert.deepEqual(c, {
      m: [{ name: 1, other: 'a' }, { name: 4, value: 4 }, { name: 2, value: 2, other: 'b' }, { name: 3, value: 3 }],
    });
  });

  test('null deletes map keys; absent keys with null are ignored', () => {
    const out = applyStrategicMergePatch({ data: { a: '1', b: '2' } }, { data: { b: null, c: '3', z: null } }, {});
    assert.deepEqual(out, { data: { a: '1', c: '3' } });
    const labels = applyStrategicMergePatch(pod(), { metadata: { labels: { x: null } } }, schema) as ReturnType<typeof pod>;
    assert.deepEqual(labels.metadata.labels, { y: '2' });
  });

  test('primitive lists with merge strategy are merged sets; $deleteFromPrimitiveList removes', () => {
    const out = applyStrategicMergePatch(pod(), { metadata: { finalizers: ['b', 'c'] } }, schema) as ReturnType<typeof pod>;
    assert.deepEqual([...out.metadata.finalizers].sort(), ['a', 'b', 'c']);
    const del = applyStrategicMergePatch(pod(), { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] } }, schema) as ReturnType<typeof pod>;
    assert.deepEqual(del.metadata.finalizers, ['b']);
  });

  test('lists without merge strategy are replaced', () => {
    const out = applyStrategicMergePatch(pod(), { spec: { tolerations: [{ key: 'k2' }] } }, schema) as ReturnType<typeof pod>;
    assert.deepEqual(out.spec.tolerations, [{ key: 'k2' }]);
  });

  test('nested merge lists merge recursively (env by name)', () => {
    const out = applyStrategicMergePatch(
      pod(),
      { spec: { containers: [{ name: 'main', env: [{ name: 'A', value: '2' }, { name: 'B', value: 'b' }] }] } },
      schema,
    ) as ReturnType<typeof pod>;
    const env = out.spec.containers.find((c) => c.name === 'main')!.env!;
    assert.deepEqual(env.find((e) => e.name === 'A'), { name: 'A', value: '2' });
    assert.deepEqual(env.find((e) => e.name === 'B'), { name: 'B', value: 'b' });
  });

  test('$patch: delete on a list item and $patch: replace on a list', () => {
    const del = applyStrategicMergePatch(pod(), { spec: { containers: [{ name: 'side', $patch: 'delete' }] } }, schema) as ReturnType<typeof pod>;
    assert.deepEqual(del.spec.containers.map((c) => c.name), ['main']);
    const rep = applyStrategicMergePatch(
      pod(),
      { spec: { containers: [{ $patch: 'replace' }, { name: 'only', image: 'i' }] } },
      schema,
    ) as ReturnType<typeof pod>;
    assert.deepEqual(rep.spec.containers, [{ name: 'only', image: 'i' }]);
  });

  test('$patch: replace and delete on maps', () => {
    const rep = applyStrategicMergePatch(pod(), { metadata: { labels: { $patch: 'replace', z: '9' } } }, schema) as ReturnType<typeof pod>;
    assert.deepEqual(rep.metadata.labels, { z: '9' });
    const del = applyStrategicMergePatch(pod(), { metadata: { labels: { $patch: 'delete' } } }, schema) as ReturnType<typeof pod>;
    assert.deepEqual(del.metadata.labels, {});
  });

  test('$retainKeys clears the live fields it does not list', () => {
    const original = { spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } } };
    const out = applyStrategicMergePatch(original, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } }, schema);
    assert.deepEqual(out, { spec: { strategy: { type: 'Recreate' } } });
    const err = status(() => applyStrategicMergePatch(original, { spec: { strategy: { $retainKeys: ['type'], other: 1 } } }, schema));
    assert.equal(err.code, 400);
    assert.equal(err.message, 'invalid patch format of retainKeys');
  });

  test('replace strategy on a map replaces it whole', () => {
    const out = applyStrategicMergePatch({ spec: { selector: { a: 1, b: 2 } } }, { spec: { selector: { c: 3 } } }, schema);
    assert.deepEqual(out, { spec: { selector: { c: 3 } } });
  });

  test('directives in copied subtrees do not leak into the object', () => {
    const out = applyStrategicMergePatch({}, { spec: { containers: [{ name: 'a', env: [{ name: 'x' }], '$setElementOrder/env': [{ name: 'x' }] }] } }, schema);
    assert.deepEqual(out, { spec: { containers: [{ name: 'a', env: [{ name: 'x' }] }] } });
  });

  test('errors use apimachinery wording and status codes', () => {
    const badType = status(() => applyStrategicMergePatch(pod(), { metadata: { labels: { $patch: 'bogus' } } }, schema));
    assert.equal(badType.code, 500);
    assert.equal(badType.message, 'unknown patch type: bogus in map: map[$patch:bogus]');
    const noKey = status(() => applyStrategicMergePatch(pod(), { spec: { containers: [{ image: 'x' }] } }, schema));
    assert.equal(noKey.message, 'map: map[image:x] does not contain declared merge key: name');
    const mergeList = status(() => applyStrategicMergePatch(pod(), { spec: { containers: [{ $patch: 'merge' }] } }, schema));
    assert.equal(mergeList.message, 'merging lists cannot yet be specified in the patch');
    const order = status(() => applyStrategicMergePatch(pod(), { spec: { '$setElementOrderX/containers': [] } }, schema));
    assert.equal(order.code, 400);
    assert.equal(order.message, 'invalid patch format of setElementOrder list');
    const notMap = status(() => applyStrategicMergePatch(pod(), [1], schema));
    assert.equal(notMap.code, 400);
    assert.equal(notMap.message, 'json: cannot unmarshal array into Go value of type map[string]interface {}');
    const mixed = status(() => applyStrategicMergePatch({ metadata: { finalizers: ['a'] } }, { metadata: { finalizers: [1] } }, schema));
    assert.equal(mixed.message, 'list element types are not identical: [[a] [1]]');
  });
});
