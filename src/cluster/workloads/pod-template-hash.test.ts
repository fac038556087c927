import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, computeHash, fnv32a, safeEncode, withoutHashLabel } from './pod-template-hash.ts';

test('fnv32a matches the FNV-1a test vectors', () => {
  const enc = new TextEncoder();
  assert.equal(fnv32a(enc.encode('')), 0x811c9dc5);
  assert.equal(fnv32a(enc.encode('a')), 0xe40c292c);
  assert.equal(fnv32a(enc.encode('foobar')), 0xbf9cf968);
});

test('hashes are decimal digits in the safe alphabet, stable under key order, changed by the collision count', () => {
  assert.equal(safeEncode('0123456789'), '456789bcdf');
  const a = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } };
  const b = { spec: { containers: [{ image: 'nginx', name: 'app' }] }, metadata: { labels: { app: 'web' } } };
  assert.equal(canonicalJson(a), canonicalJson(b));
  assert.equal(computeHash(a), computeHash(b));
  assert.match(computeHash(a), /^[456789bcdf]{1,10}$/);
  assert.notEqual(computeHash(a, 1), computeHash(a));
  assert.notEqual(computeHash({ ...a, spec: { containers: [{ name: 'app', image: 'nginx:2' }] } }), computeHash(a));
});

test('withoutHashLabel drops only pod-template-hash', () => {
  assert.deepEqual(withoutHashLabel({ metadata: { labels: { app: 'web', 'pod-template-hash': 'abc' } } }), { metadata: { labels: { app: 'web' } } });
  assert.deepEqual(withoutHashLabel({ metadata: { labels: { 'pod-template-hash': 'abc' } }, spec: {} }), { metadata: {}, spec: {} });
});

test('a template with creationTimestamp null (as Go clients send it) is the template without it', () => {
  const plain = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } };
  const fromGo = { metadata: { creationTimestamp: null, labels: { app: 'web', 'pod-template-hash': 'abc' } }, spec: plain.spec };
  assert.equal(computeHash({ ...fromGo, metadata: { creationTimestamp: null, labels: { app: 'web' } } }), computeHash(plain));
  assert.deepEqual(withoutHashLabel(fromGo), plain);
});
