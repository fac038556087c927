import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { applyMergePatch } from './merge-patch.ts';

describe('applyMergePatch', () => {
  test('null deletes, objects merge recursively, arrays and scalars replace', () => {
    const target = { metadata: { labels: { a: '1', b: '2' } }, spec: { list: [1, 2], n: 1, obj: { x: 1 } } };
    const out = applyMergePatch(target, { metadata: { labels: { a: null, c: '3' } }, spec: { list: [3], n: { deep: true }, obj: 'flat' } });
    assert.deepEqual(out, { metadata: { labels: { b: '2', c: '3' } }, spec: { list: [3], n: { deep: true }, obj: 'flat' } });
    assert.deepEqual(target.metadata.labels, { a: '1', b: '2' }, 'input not mutated');
  });

  test('nulls inside a newly added object are dropped', () => {
    assert.deepEqual(applyMergePatch({}, { spec: { a: null, b: { c: null, d: 1 } } }), { spec: { b: { d: 1 } } });
  });

  test('a patch that is not an object or array is a 400 "Invalid JSON Patch"', () => {
    assert.throws(() => applyMergePatch({}, 'x'), { code: 400, reason: 'BadRequest', message: 'Invalid JSON Patch' });
    assert.throws(() => applyMergePatch({}, null), { code: 400 });
  });
});
