import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { applyJsonPatch, JSON_PATCH_REJECTED_MESSAGE } from './json-patch.ts';
import { StatusError } from '../errors.ts';

const doc = () => ({ metadata: { name: 'x', resourceVersion: '7', labels: { a: '1' } }, spec: { list: [1, 2] } });

function rejected(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof StatusError);
    return err;
  }
  assert.fail('expected an error');
}

describe('applyJsonPatch', () => {
  test('add, remove, replace, move, copy, test', () => {
    const input = doc();
    const out = applyJsonPatch(input, [
      { op: 'test', path: '/metadata/resourceVersion', value: '7' },
      { op: 'add', path: '/metadata/labels/b', value: '2' },
      { op: 'remove', path: '/metadata/labels/a' },
      { op: 'replace', path: '/spec/list/0', value: 9 },
      { op: 'add', path: '/spec/list/-', value: 3 },
      { op: 'copy', from: '/metadata/labels', path: '/spec/copied' },
      { op: 'move', from: '/spec/copied', path: '/spec/moved' },
    ]);
    assert.deepEqual(out, { metadata: { name: 'x', resourceVersion: '7', labels: { b: '2' } }, spec: { list: [9, 2, 3], moved: { b: '2' } } });
    assert.deepEqual(input, doc(), 'input not mutated');
  });

  test('a failed test op or a missing path is the generic 422', () => {
    for (const ops of [
      [{ op: 'test', path: '/metadata/resourceVersion', value: '8' }],
      [{ op: 'remove', path: '/metadata/nope' }],
      [{ op: 'replace', path: '/nope/x', value: 1 }],
      [{ op: 'frobnicate', path: '/a' }],
    ]) {
      const err = rejected(() => applyJsonPatch(doc(), ops));
      assert.equal(err.code, 422);
      assert.equal(err.reason, 'Invalid');
      assert.equal(err.message, JSON_PATCH_REJECTED_MESSAGE);
    }
  });

  test('a body that is not a list of operations is 400', () => {
    const err = rejected(() => applyJsonPatch(doc(), { op: 'add' }));
    assert.equal(err.code, 400);
    assert.equal(err.message, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch');
    const item = rejected(() => applyJsonPatch(doc(), ['x']));
    assert.equal(item.message, 'json: cannot unmarshal string into Go value of type jsonpatch.Operation');
    assert.deepEqual(applyJsonPatch(doc(), null), doc());
  });

  test('more than 10000 operations is 413', () => {
    const ops = Array.from({ length: 10001 }, () => ({ op: 'test', path: '/metadata/name', value: 'x' }));
    const err = rejected(() => applyJsonPatch(doc(), ops));
    assert.equal(err.code, 413);
    assert.equal(err.message, 'The allowed maximum operations in a JSON patch is 10000, got 10001');
  });
});
