import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomHex } from './random-hex.ts';

test('randomHex gives the asked length, and no two of many (across pool refills) are equal', () => {
  const ids = Array.from({ length: 1000 }, () => randomHex(32));
  for (const id of ids) assert.match(id, /^[0-9a-f]{64}$/);
  assert.equal(new Set(ids).size, ids.length);
  assert.match(randomHex(5000), /^[0-9a-f]{10000}$/);
});
