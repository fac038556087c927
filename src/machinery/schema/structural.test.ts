import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { applyDefaults, findUnknownFields, pruneUnknownFields, validateStructuralSchema, type StructuralSchema } from './structural.ts';
import { formatGoFloat } from './schema.ts';

const pod: Record<string, StructuralSchema> = {
  Pod: { type: 'object', properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, spec: { $ref: 'PodSpec' } } },
  PodSpec: { type: 'object', properties: { containers: { type: 'array', items: { allOf: [{ $ref: 'Container' }], description: 'x' } } } },
  Container: {
    type: 'object',
    properties: {
      image: { type: 'string' },
      env: { type: 'object', additionalProperties: { type: 'string' } },
      extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { known: { type: 'object', properties: {} } } },
      port: { 'x-kubernetes-int-or-string': true },
      template: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object' } } },
    },
  },
};
const resolve = (ref: string) => pod[ref];

describe('unknown fields', () => {
  const obj = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'x' },
    bogus: 1,
    spec: {
      containers: [
        { image: 'a', imagee: 'b', env: { A: '1' }, extra: { anything: { deep: 1 }, known: { nope: 1 } }, port: 'http', template: { kind: 'X', metadata: { any: 1 }, other: 1 } },
      ],
    },
  };

  test('findUnknownFields reports sorted paths, honouring the x-kubernetes extensions', () => {
    assert.deepEqual(findUnknownFields(obj, { $ref: 'Pod' }, resolve), [
      'bogus',
      'spec.containers[0].extra.known.nope',
      'spec.containers[0].imagee',
      'spec.containers[0].template.other',
    ]);
  });

  test('pruneUnknownFields drops them and leaves the input alone', () => {
    const pruned = pruneUnknownFields(obj, { $ref: 'Pod' }, resolve) as typeof obj;
    assert.equal('bogus' in pruned, false);
    assert.deepEqual(pruned.spec.containers[0], { image: 'a', env: { A: '1' }, extra: { anything: { deep: 1 }, known: {} }, port: 'http', template: { kind: 'X', metadata: { any: 1 } } });
    assert.equal(obj.bogus, 1);
    assert.deepEqual(pruned.metadata, { name: 'x' });
  });
});

describe('applyDefaults', () => {
  const schema: StructuralSchema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        default: {},
        properties: {
          replicas: { type: 'integer', default: 1 },
          mode: { type: 'string' },
          note: { type: 'string', nullable: true },
          ports: { type: 'array', items: { type: 'object', properties: { protocol: { type: 'string', default: 'TCP' } } } },
          limits: { type: 'object', additionalProperties: { type: 'object', properties: { max: { type: 'integer', default: 5 } } } },
        },
      },
    },
  };

  test('fills absent fields recursively through items and additionalProperties', () => {
    assert.deepEqual(applyDefaults({}, schema), { spec: { replicas: 1 } });
    assert.deepEqual(applyDefaults({ spec: { ports: [{}, { protocol: 'UDP' }], limits: { cpu: {} } } }, schema), {
      spec: { replicas: 1, ports: [{ protocol: 'TCP' }, { protocol: 'UDP' }], limits: { cpu: { max: 5 } } },
    });
  });

  test('non-nullable nulls: defaulted when a default exists, dropped otherwise; nullable nulls stay', () => {
    assert.deepEqual(applyDefaults({ spec: { replicas: null, mode: null, note: null } }, schema), { spec: { replicas: 1, note: null } });
  });
});

describe('validateStructuralSchema', () => {
  const at = 'spec.versions[0].schema.openAPIV3Schema';
  const texts = (s: StructuralSchema) => validateStructuralSchema(s, at).map((e) => `${e.field}: ${e.message}`);

  test('accepts a structural schema', () => {
    assert.deepEqual(texts({ type: 'object', properties: { spec: { type: 'object', properties: { a: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } } } } }), []);
  });

  test('reports missing types, $ref and mixed properties/additionalProperties', () => {
    assert.deepEqual(texts({ type: 'object', properties: { spec: { properties: { x: { type: 'string' } } } } }), [
      `${at}.properties[spec].type: Required value: must not be empty for specified object fields`,
    ]);
    assert.deepEqual(texts({ type: 'object', properties: { spec: { type: 'object', $ref: '#/x' } } }), [`${at}.properties[spec].$ref: Forbidden: $ref is not supported`]);
    assert.deepEqual(texts({ type: 'object', properties: { spec: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } } } }), [
      `${at}.properties[spec].additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive`,
    ]);
    assert.deepEqual(texts({ type: 'object', properties: { l: { type: 'array' } } }), [`${at}.properties[l].items: Required value: must be specified`]);
  });

  test('restricts metadata and value validations', () => {
    assert.deepEqual(texts({ type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } }), [
      `${at}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified`,
    ]);
    assert.deepEqual(texts({ type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string', maxLength: 10 } } } } }), []);
    assert.deepEqual(texts({ type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ type: 'string', properties: { b: {} } }] }), [
      `${at}.anyOf[0].type: Forbidden: must be empty to be structural`,
      `${at}.properties[b]: Required value: because it is defined in ${at}.anyOf[0].properties[b]`,
    ]);
  });

  test('checks defaults against their schema', () => {
    // Upstream validates a default at an empty kube-openapi path, hence "  in body" with two spaces.
    assert.deepEqual(texts({ type: 'object', properties: { n: { type: 'integer', default: 'x' } } }), [
      `${at}.properties[n].default: Invalid value: "string":  in body must be of type integer: "string"`,
    ]);
  });
});

test('formatGoFloat renders float64 as Go %v', () => {
  assert.deepEqual([0.5, 10, 123456, 1234567, 1e-5, 0.0001, 1.5e21].map(formatGoFloat), ['0.5', '10', '123456', '1.234567e+06', '1e-05', '0.0001', '1.5e+21']);
});
