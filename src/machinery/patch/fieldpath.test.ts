import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { FieldSet, pathToString, toFieldSet } from './fieldpath.ts';
import type { PatchSchema } from './schema.ts';

const schema: PatchSchema = {
  fields: {
    metadata: { fields: { labels: { additional: {} }, finalizers: { strategy: 'merge', listType: 'set' } } },
    spec: {
      fields: {
        selector: { mapType: 'atomic' },
        containers: {
          strategy: 'merge',
          mergeKey: 'name',
          listType: 'map',
          listMapKeys: ['name'],
          items: {
            fields: {
              ports: { listType: 'map', listMapKeys: ['containerPort', 'protocol'], listMapKeyDefaults: { protocol: 'TCP' } },
            },
          },
        },
      },
    },
  },
};

describe('toFieldSet', () => {
  test('maps, keyed lists, sets, atomic lists and atomic structs', () => {
    const obj = {
      metadata: { labels: { app: 'a' }, finalizers: ['x'] },
      spec: {
        selector: { matchLabels: { app: 'a' } },
        containers: [{ name: 'main', image: 'i', args: ['a', 'b'], ports: [{ containerPort: 80 }], resources: {} }],
      },
    };
    assert.deepEqual(toFieldSet(obj, schema).toFieldsV1(), {
      'f:metadata': { 'f:finalizers': { 'v:"x"': {} }, 'f:labels': { 'f:app': {} } },
      'f:spec': {
        'f:containers': {
          'k:{"name":"main"}': {
            '.': {},
            'f:args': {},
            'f:image': {},
            'f:name': {},
            'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } },
            'f:resources': {},
          },
        },
        'f:selector': {},
      },
    });
  });

  test('FieldsV1 round trip and set algebra', () => {
    const v1 = { 'f:spec': { 'f:replicas': {}, 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"main"}': { '.': {}, 'f:image': {} } } } } } };
    const set = FieldSet.fromFieldsV1(v1);
    assert.deepEqual(set.toFieldsV1(), v1);
    const replicas = FieldSet.of(['f:spec', 'f:replicas']);
    assert.deepEqual(set.difference(replicas).toFieldsV1(), { 'f:spec': { 'f:template': v1['f:spec']['f:template'] } });
    assert.deepEqual(set.intersection(replicas).toFieldsV1(), { 'f:spec': { 'f:replicas': {} } });
    assert.ok(set.has(['f:spec', 'f:template', 'f:spec', 'f:containers', 'k:{"name":"main"}']));
    assert.ok(!set.has(['f:spec', 'f:template']));
    assert.ok(new FieldSet().isEmpty());
    assert.deepEqual(set.union(FieldSet.of(['f:spec', 'f:paused'])).paths().map(pathToString), [
      '.spec.paused',
      '.spec.replicas',
      '.spec.template.spec.containers[name="main"]',
      '.spec.template.spec.containers[name="main"].image',
    ]);
  });

  test('key path elements are canonical (sorted keys)', () => {
    const set = FieldSet.fromFieldsV1({ 'k:{"protocol":"TCP","port":80}': {} });
    assert.deepEqual(set.toFieldsV1(), { 'k:{"port":80,"protocol":"TCP"}': {} });
  });
});

describe('FieldSet operations share what they take whole', () => {
  const a = FieldSet.fromFieldsV1({ 'f:spec': { 'f:replicas': {} }, 'f:status': { 'f:phase': {}, 'f:conditions': { 'k:{"type":"Ready"}': { '.': {}, 'f:status': {} } } } }, true);
  const b = FieldSet.fromFieldsV1({ 'f:status': { 'f:podIP': {} } });

  test('union and difference leave their operands as they were', () => {
    const before = JSON.stringify(a.toFieldsV1());
    const u = a.union(b);
    const d = u.difference(b);
    assert.deepEqual(d.toFieldsV1(), a.toFieldsV1());
    assert.equal(JSON.stringify(a.toFieldsV1()), before);
    assert.deepEqual(b.toFieldsV1(), { 'f:status': { 'f:podIP': {} } });
    assert.equal(u.children.get('f:spec'), a.children.get('f:spec'));
  });

  test('an unchanged subtree is emitted as the tree it was decoded from', () => {
    const stored = { 'f:metadata': { 'f:labels': { 'f:app': {} } }, 'f:spec': { 'f:x': {} } };
    const set = FieldSet.fromFieldsV1(stored, true);
    const grown = set.union(FieldSet.of(['f:spec', 'f:y']));
    const out = grown.toFieldsV1();
    assert.equal(out['f:metadata'], stored['f:metadata']);
    assert.deepEqual(out, { 'f:metadata': { 'f:labels': { 'f:app': {} } }, 'f:spec': { 'f:x': {}, 'f:y': {} } });
  });
});
