import { test } from 'node:test';
import assert from 'node:assert/strict';
import { metadataField, metadataStart, ownerReferencesText, skipValue } from './stored-metadata.ts';

const refs = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'rs-1', controller: true, blockOwnerDeletion: true }];
const metadata = {
  name: 'web-1',
  namespace: 'default',
  uid: 'u-1',
  labels: { app: 'web' },
  annotations: { ownerReferences: '[not "the" field ]}', note: 'a \\" b { [' },
  ownerReferences: refs,
  managedFields: [{ manager: 'm', fieldsV1: { 'f:metadata': { 'f:ownerReferences': { 'k:{"uid":"rs-1"}': {} } } } }],
};
const spec = { containers: [{ name: 'app', image: 'nginx', args: ['"metadata":{}', '}'] }], template: { metadata: { ownerReferences: [{ uid: 'other' }] } } };
const pod = { apiVersion: 'v1', kind: 'Pod', metadata, spec, status: { phase: 'Running', ok: true, n: 1.5e3, none: null } };

test('metadataStart finds the top-level metadata, whatever precedes it', () => {
  const json = JSON.stringify(pod);
  assert.equal(json.slice(metadataStart(json), skipValue(json, metadataStart(json))), JSON.stringify(metadata));
  const late = JSON.stringify({ spec, status: pod.status, metadata });
  assert.equal(late.slice(metadataStart(late), skipValue(late, metadataStart(late))), JSON.stringify(metadata));
  assert.equal(metadataStart(JSON.stringify({ spec: { metadata: { uid: 'x' } } })), -1);
  assert.equal(metadataStart('not json'), -1);
  assert.equal(metadataStart('{"metadata":"str"}'), -1);
  assert.equal(metadataStart('{"a":1 , "metadata":{}}'), -1, 'whitespace is not the store format');
});

test('skipValue spans strings with escapes, nested values and scalars', () => {
  for (const v of ['"a\\\\"', '"a\\"b"', '{"a":[1,{"b":"}"}]}', '[]', 'true', '-1.5e3', 'null']) {
    assert.equal(skipValue(`${v},x`, 0), v.length, v);
  }
});

test('ownerReferencesText reads the metadata field, not annotations, managed fields or a template', () => {
  assert.deepEqual(JSON.parse(ownerReferencesText(JSON.stringify(pod))!), refs);
  const { ownerReferences: _, ...bare } = metadata;
  assert.equal(ownerReferencesText(JSON.stringify({ ...pod, metadata: bare })), '', 'the one in spec.template is not metadata’s');
  assert.equal(ownerReferencesText(JSON.stringify({ spec, metadata: bare })), '');
  assert.equal(ownerReferencesText(JSON.stringify({ metadata: { labels: { nested: { ownerReferences: [] } } } })), '', 'not directly in metadata');
  assert.equal(ownerReferencesText('[1]'), undefined);
});

test('metadataField reads direct fields only, past labels and annotations of the same name', () => {
  const json = JSON.stringify({ apiVersion: 'v1', kind: 'Event', metadata: { labels: { uid: 'label' }, annotations: { x: '"uid":"fake"' }, name: 'ev.1', uid: 'real', ownerReferences: [{ uid: 'owner' }] }, involvedObject: { uid: 'other' } });
  assert.equal(metadataField(json, 'uid', '"'), '"real"');
  assert.equal(metadataField(JSON.stringify({ metadata: { name: 'n', labels: { uid: 'l' } }, spec: { uid: 'x' } }), 'uid', '"'), '', 'absent from metadata');
  assert.equal(metadataField('{"metadata":{"name":"n"', 'name', '"'), '"n"');
  assert.equal(metadataField('{"metadata":{"labels":{"uid":"a"', 'uid', '"'), undefined, 'truncated: unsure');
});
