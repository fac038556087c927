import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createdFields, createdSignature, skeleton } from './created-fields.ts';
import { compareObjects } from './structured-merge.ts';
import { unstructuredRoot, type PatchSchema } from './schema.ts';

const schema: PatchSchema = {
  fields: {
    metadata: { fields: { labels: { additional: {} }, annotations: { additional: {} }, finalizers: { listType: 'set' } } },
    spec: {
      fields: {
        selector: { mapType: 'atomic' },
        args: { listType: 'atomic' },
        affinity: { pointer: true },
        containers: {
          nullInEmpty: true,
          listType: 'map',
          listMapKeys: ['name'],
          items: { fields: { ports: { listType: 'map', listMapKeys: ['containerPort', 'protocol'], listMapKeyDefaults: { protocol: 'TCP' } } } },
        },
      },
    },
  },
};

const objects: Record<string, unknown>[] = [
  {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', labels: { app: 'web' }, annotations: {}, finalizers: ['a', 'b', 'a'] },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      args: ['x', 'x'],
      securityContext: {},
      affinity: { nodeAffinity: { preferred: [] } },
      nodeName: null,
      tolerations: [],
      containers: [
        { name: 'web', image: 'nginx', ports: [{ containerPort: 80 }, { containerPort: 80, protocol: 'TCP' }], resources: { requests: { cpu: '1' } } },
        { name: 'web', image: 'dup' },
        { name: 'side', env: [{ name: 'A', value: '1' }, { name: 'A', value: '1' }] },
      ],
      nested: { empty: {}, deeper: { leaf: 1, emptyList: [] } },
    },
  },
  { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e' }, involvedObject: { kind: 'Pod', name: 'p' }, count: 1, eventTime: null, source: {} },
  { apiVersion: 'v1', kind: 'Empty', metadata: {} },
];

test('createdFields is what comparing a create against its skeleton finds', () => {
  for (const obj of objects) {
    const cmp = compareObjects(skeleton(obj, schema), obj, schema);
    assert.deepEqual(createdFields(obj, schema).toFieldsV1(), cmp.added.union(cmp.modified).toFieldsV1(), String(obj.kind));
    assert.ok(cmp.removed.isEmpty());
  }
});

test('createdFields marks new maps and list items as members, struct maps only through their fields', () => {
  const fields = createdFields(objects[1]!, schema).toFieldsV1();
  assert.deepEqual(fields, {
    'f:apiVersion': {},
    'f:count': {},
    'f:involvedObject': { 'f:kind': {}, 'f:name': {} },
    'f:kind': {},
    'f:metadata': { 'f:name': {} },
  });
});

test("a null the kind's empty object holds too, and an empty struct it holds by value, are not the creator's", () => {
  const fields = createdFields(objects[0]!, schema).toFieldsV1() as Record<string, Record<string, unknown>>;
  assert.ok(!('f:nodeName' in fields['f:spec']!));
  assert.ok(!('f:securityContext' in fields['f:spec']!));
  // A list Go encodes as null when nil: its items are new, the list is not.
  assert.ok(!('.' in (fields['f:spec']!['f:containers'] as object)));
  assert.ok('k:{"name":"side"}' in (fields['f:spec']!['f:containers'] as object));
});

test('a struct held by pointer is owned whole when created; every map of an unstructured kind is', () => {
  const fields = createdFields(objects[0]!, schema).toFieldsV1() as Record<string, Record<string, unknown>>;
  assert.deepEqual(fields['f:spec']!['f:affinity'], { '.': {}, 'f:nodeAffinity': { '.': {}, 'f:preferred': {} } });
  const custom = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', labels: { a: 'b' } }, spec: { size: 1, nested: { on: true }, nothing: null } };
  const unstructured = unstructuredRoot({ fields: { metadata: schema.fields!.metadata! } });
  assert.deepEqual(createdFields(custom, unstructured).toFieldsV1(), {
    'f:apiVersion': {},
    'f:kind': {},
    'f:metadata': { '.': {}, 'f:labels': { '.': {}, 'f:a': {} }, 'f:name': {} },
    'f:spec': { '.': {}, 'f:nested': { '.': {}, 'f:on': {} }, 'f:nothing': {}, 'f:size': {} },
  });
  const cmp = compareObjects(skeleton(custom, unstructured), custom, unstructured);
  assert.deepEqual(createdFields(custom, unstructured).toFieldsV1(), cmp.added.union(cmp.modified).toFieldsV1());
});

test('createdSignature is equal exactly when the created fields are, whatever the leaf values', () => {
  const pod = objects[0]!;
  const sameShape = JSON.parse(JSON.stringify(pod).replaceAll('nginx', 'httpd').replace('"leaf":1', '"leaf":2'));
  assert.equal(createdSignature(sameShape, schema), createdSignature(pod, schema));
  const variants: Record<string, unknown>[] = [
    JSON.parse(JSON.stringify(pod).replace('"name":"side"', '"name":"other"')), // another list key
    JSON.parse(JSON.stringify(pod).replace('"finalizers":["a","b","a"]', '"finalizers":["a","c"]')), // another set member
    JSON.parse(JSON.stringify(pod).replace('"selector":{"matchLabels":{"app":"web"}}', '"selector":{}')), // atomic map now empty
    JSON.parse(JSON.stringify(pod).replace('"labels":{"app":"web"}', '"labels":{"app":"web","tier":"1"}')),
    { ...pod, metadata: { name: 'p' } },
  ];
  for (const v of variants) {
    assert.notDeepEqual(createdFields(v, schema).toFieldsV1(), createdFields(pod, schema).toFieldsV1());
    assert.notEqual(createdSignature(v, schema), createdSignature(pod, schema));
  }
  // A key cannot pass for the markers around it.
  assert.notEqual(createdSignature({ a: { b: 1 } }, undefined), createdSignature({ 'a)3:f:b': 1 }, undefined));
});
