import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDuplicateFields } from './json-duplicates.ts';

test('reports duplicate keys by full path, once each', () => {
  const text = '{"metadata":{"labels":{"app":"a","app":"b","app":"c"}},"spec":{"containers":[{"name":"x"},{"name":"y","name":"z"}]},"kind":"Pod","kind":"Pod"}';
  assert.deepEqual(findDuplicateFields(text), ['metadata.labels.app', 'spec.containers[1].name', 'kind']);
});

test('ignores keys inside strings and handles escapes', () => {
  assert.deepEqual(findDuplicateFields('{"a":"{\\"a\\":1,\\"a\\":2}","b":[1,{"c":1}],"b\\u0031":1}'), []);
  assert.deepEqual(findDuplicateFields('{"x\\"y":1,"x\\"y":2}'), ['x"y']);
});

test('no duplicates in ordinary documents', () => {
  assert.deepEqual(findDuplicateFields(JSON.stringify({ a: { b: [{ c: 1 }, { c: 2 }] }, c: 1 })), []);
});
