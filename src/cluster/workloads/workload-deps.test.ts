import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson } from './pod-template-hash.ts';
import { sameJson } from './workload-deps.ts';

test('sameJson answers as comparing canonicalJson does', () => {
  const values: unknown[] = [
    undefined,
    null,
    0,
    1,
    '1',
    '',
    true,
    false,
    NaN,
    [],
    {},
    [null],
    [undefined],
    [1, 2],
    [2, 1],
    { a: 1 },
    { a: 1, b: undefined },
    { b: undefined },
    { a: null },
    { a: 1, b: 2 },
    { b: 2, a: 1 },
    { a: [1, { c: 'x' }] },
    { a: [1, { c: 'x', d: undefined }] },
    { a: [1, { c: 'y' }] },
    new Date(0),
    { a: { b: { c: [] } } },
    { a: { b: { c: {} } } },
  ];
  for (const a of values) for (const b of values) assert.equal(sameJson(a, b), canonicalJson(a) === canonicalJson(b), `${canonicalJson(a)} vs ${canonicalJson(b)}`);
});
