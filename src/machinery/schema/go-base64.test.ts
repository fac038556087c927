import { test } from 'node:test';
import assert from 'node:assert/strict';
import { base64ErrorOffset } from './go-base64.ts';

test("base64 that Go's StdEncoding decodes has no error offset, newlines included", () => {
  for (const text of ['', 'YWJj', 'YWI=', 'YQ==', 'YWJj\nZGVm', 'YW\r\nJj', 'YQ=\n=']) assert.equal(base64ErrorOffset(text), undefined, text);
});

test('the offset Go names: an illegal byte, a short quantum, bad padding, trailing garbage', () => {
  assert.equal(base64ErrorOffset('ab$cd'), 2);
  assert.equal(base64ErrorOffset('abc'), 0);
  assert.equal(base64ErrorOffset('YWJjZ'), 4);
  assert.equal(base64ErrorOffset('a==='), 1);
  assert.equal(base64ErrorOffset('ab=c'), 2);
  assert.equal(base64ErrorOffset('ab='), 3);
  assert.equal(base64ErrorOffset('abc=d'), 4);
  assert.equal(base64ErrorOffset('YWJj é'), 4);
});
