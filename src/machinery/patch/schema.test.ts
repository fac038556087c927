import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { listSemantics, patchSchemaFromOpenAPI } from './schema.ts';

describe('patchSchemaFromOpenAPI', () => {
  test('reads x-kubernetes list, map and patch extensions', () => {
    const schema = patchSchemaFromOpenAPI({
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          properties: {
            ports: {
              type: 'array',
              'x-kubernetes-list-type': 'map',
              'x-kubernetes-list-map-keys': ['port', 'protocol'],
              'x-kubernetes-patch-merge-key': 'port',
              'x-kubernetes-patch-strategy': 'merge',
              items: { type: 'object', properties: { port: { type: 'integer' }, protocol: { type: 'string', default: 'TCP' } } },
            },
            tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
            plain: { type: 'array', items: { type: 'string' } },
            selector: { type: 'object', 'x-kubernetes-map-type': 'atomic', additionalProperties: { type: 'string' } },
            extra: { type: 'object', additionalProperties: true },
          },
        },
      },
    });
    const spec = schema.fields!.spec.fields!;
    assert.deepEqual(spec.ports.listMapKeys, ['port', 'protocol']);
    assert.equal(spec.ports.mergeKey, 'port');
    assert.equal(spec.ports.strategy, 'merge');
    assert.deepEqual(spec.ports.listMapKeyDefaults, { protocol: 'TCP' });
    assert.deepEqual(listSemantics(spec.ports), { type: 'map', keys: ['port', 'protocol'] });
    assert.deepEqual(listSemantics(spec.tags), { type: 'set' });
    assert.deepEqual(listSemantics(spec.plain), { type: 'atomic' });
    assert.equal(spec.selector.mapType, 'atomic');
    assert.deepEqual(spec.selector.additional, {});
    assert.deepEqual(spec.extra.additional, {});
  });

  test('SMP tags alone imply SSA list semantics, as kube-openapi derives them', () => {
    assert.deepEqual(listSemantics({ strategy: 'merge', mergeKey: 'name' }), { type: 'map', keys: ['name'] });
    assert.deepEqual(listSemantics({ strategy: 'merge' }), { type: 'set' });
    assert.deepEqual(listSemantics({ strategy: 'merge', mergeKey: 'type', listType: 'atomic' }), { type: 'atomic' });
    assert.deepEqual(listSemantics(undefined), { type: 'atomic' });
  });
});
