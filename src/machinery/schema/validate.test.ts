import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { validateAgainstSchema } from './validate.ts';
import type { StructuralSchema } from './schema.ts';

const texts = (obj: unknown, schema: StructuralSchema) => validateAgainstSchema(obj, schema).map((e) => `${e.field}: ${e.message}`);

const spec = (props: Record<string, StructuralSchema>, extra: Partial<StructuralSchema> = {}): StructuralSchema => ({
  type: 'object',
  properties: { spec: { type: 'object', properties: props, ...extra } },
});

describe('validateAgainstSchema', () => {
  test('type mismatch names the JSON type', () => {
    assert.deepEqual(texts({ spec: { replicas: 'x' } }, spec({ replicas: { type: 'integer' } })), [
      'spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
    ]);
    assert.deepEqual(texts({ spec: { replicas: 1.5 } }, spec({ replicas: { type: 'integer', format: 'int32' } }))[0],
      'spec.replicas: Invalid value: "float64": spec.replicas in body must be of type int32: "float64"');
    assert.deepEqual(texts({ spec: { name: null } }, spec({ name: { type: 'string' } })), [
      'spec.name: Invalid value: "null": spec.name in body must be of type string: "null"',
    ]);
    assert.deepEqual(texts({ spec: { name: null } }, spec({ name: { type: 'string', nullable: true } })), []);
  });

  test('enum, required, bounds', () => {
    assert.deepEqual(texts({ spec: { size: 'huge' } }, spec({ size: { type: 'string', enum: ['small', 'large'] } })), [
      'spec.size: Unsupported value: "huge": supported values: "small", "large"',
    ]);
    assert.deepEqual(texts({ spec: {} }, spec({ name: { type: 'string' } }, { required: ['name'] })), ['spec.name: Required value']);
    assert.deepEqual(texts({ spec: { count: 11 } }, spec({ count: { type: 'integer', maximum: 10 } })), [
      'spec.count: Invalid value: 11: spec.count in body should be less than or equal to 10',
    ]);
    assert.deepEqual(texts({ spec: { count: 0 } }, spec({ count: { type: 'integer', minimum: 0, exclusiveMinimum: true } })), [
      'spec.count: Invalid value: 0: spec.count in body should be greater than 0',
    ]);
    assert.deepEqual(texts({ spec: { ratio: 0.7 } }, spec({ ratio: { type: 'number', multipleOf: 0.5 } })), [
      'spec.ratio: Invalid value: 0.7: spec.ratio in body should be a multiple of 0.5',
    ]);
    assert.deepEqual(texts({ spec: { port: 3000000000 } }, spec({ port: { type: 'integer', format: 'int32' } })), [
      '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.port',
    ]);
  });

  test('strings: length, pattern, format', () => {
    const s = spec({ name: { type: 'string', maxLength: 3, minLength: 2, pattern: '^[a-z]+$' }, at: { type: 'string', format: 'date-time' }, b: { type: 'string', format: 'byte' } });
    assert.deepEqual(texts({ spec: { name: 'abcd' } }, s), ['spec.name: Too long: may not be more than 3 bytes']);
    assert.deepEqual(texts({ spec: { name: 'a' } }, s), ['spec.name: Invalid value: "a": spec.name in body should be at least 2 chars long']);
    assert.deepEqual(texts({ spec: { name: 'A1' } }, s), ["spec.name: Invalid value: \"A1\": spec.name in body should match '^[a-z]+$'"]);
    assert.deepEqual(texts({ spec: { at: 'yesterday' } }, s), ['spec.at: Invalid value: "yesterday": spec.at in body must be of type date-time: "yesterday"']);
    assert.deepEqual(texts({ spec: { at: '2024-05-01T10:00:00Z', b: 'aGk=' } }, s), []);
    assert.deepEqual(texts({ spec: { b: 'not base64!' } }, s), ['spec.b: Invalid value: "not base64!": spec.b in body must be of type byte: "not base64!"']);
  });

  test('arrays and objects: items, counts, list types', () => {
    const s = spec({
      tags: { type: 'array', items: { type: 'string' }, maxItems: 2, 'x-kubernetes-list-type': 'set' },
      ports: { type: 'array', minItems: 1, items: { type: 'object', properties: { name: { type: 'string' } } }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'] },
      labels: { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 1 },
    });
    assert.deepEqual(texts({ spec: { tags: ['a', 1] } }, s), ['spec.tags[1]: Invalid value: "integer": spec.tags[1] in body must be of type string: "integer"']);
    assert.deepEqual(texts({ spec: { tags: ['a', 'b', 'c'] } }, s), ['spec.tags: Too many: 3: must have at most 2 items']);
    assert.deepEqual(texts({ spec: { tags: ['a', 'a'] } }, s), ['spec.tags[1]: Duplicate value: "a"']);
    assert.deepEqual(texts({ spec: { ports: [{ name: 'x' }, { name: 'x' }] } }, s), ['spec.ports[1]: Duplicate value: {"name":"x"}']);
    assert.deepEqual(texts({ spec: { ports: [] } }, s), ['spec.ports: Invalid value: 0: spec.ports in body should have at least 1 items']);
    assert.deepEqual(texts({ spec: { labels: { a: 'x', b: 'y' } } }, s), ['spec.labels: Too many: 2: must have at most 1 item']);
    assert.deepEqual(texts({ spec: { labels: { a: 1 } } }, s), ['spec.labels.a: Invalid value: "integer": spec.labels.a in body must be of type string: "integer"']);
  });

  test('anyOf / oneOf / not and int-or-string', () => {
    const s = spec({ a: { type: 'string' }, b: { type: 'string' } }, { oneOf: [{ required: ['a'] }, { required: ['b'] }] });
    assert.deepEqual(texts({ spec: { a: 'x' } }, s), []);
    assert.deepEqual(texts({ spec: { a: 'x', b: 'y' } }, s), ['<nil>: Invalid value: "": "spec" must validate one and only one schema (oneOf). Found 2 valid alternatives']);
    assert.deepEqual(texts({ spec: {} }, s), ['<nil>: Invalid value: "": "spec" must validate one and only one schema (oneOf). Found none valid', 'spec.a: Required value']);
    const port = spec({ port: { 'x-kubernetes-int-or-string': true } });
    assert.deepEqual(texts({ spec: { port: 'http' } }, port), []);
    assert.deepEqual(texts({ spec: { port: true } }, port), ['spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"']);
    const not = spec({ x: { type: 'string', not: { enum: ['bad'] } } });
    assert.deepEqual(texts({ spec: { x: 'bad' } }, not), ['<nil>: Invalid value: "": "spec.x" must not validate the schema (not)']);
  });

  test('resolves $ref through the resolver', () => {
    const schemas: Record<string, StructuralSchema> = { Thing: { type: 'object', properties: { n: { type: 'integer' } } } };
    const errors = validateAgainstSchema({ t: { n: 'x' } }, { type: 'object', properties: { t: { $ref: 'Thing' } } }, (r) => schemas[r]);
    assert.equal(errors[0]?.field, 't.n');
  });
});
