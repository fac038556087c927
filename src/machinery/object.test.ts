import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deepClone, jsonClone } from './object.ts';

test('deepClone copies a JSON tree without sharing any part of it', () => {
  const obj = { metadata: { name: 'a', labels: { app: 'x' } }, spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }] }], replicas: 3, paused: false, selector: null } };
  const copy = deepClone(obj);
  assert.deepEqual(copy, obj);
  copy.metadata.labels.app = 'y';
  copy.spec.containers[0]!.ports[0]!.containerPort = 81;
  assert.equal(obj.metadata.labels.app, 'x');
  assert.equal(obj.spec.containers[0]!.ports[0]!.containerPort, 80);
  assert.notEqual(copy.spec.containers, obj.spec.containers);
});

test('deepClone copies values that are not JSON as structuredClone does', () => {
  const when = new Date('2026-01-01T00:00:00Z');
  const copy = deepClone({ when, bytes: new Uint8Array([1, 2]) });
  assert.ok(copy.when instanceof Date);
  assert.notEqual(copy.when, when);
  assert.equal(copy.when.getTime(), when.getTime());
  assert.deepEqual([...copy.bytes], [1, 2]);
});

test('jsonClone gives what a JSON round trip gives, sharing nothing', () => {
  const obj = {
    metadata: { name: 'a', labels: { app: 'x' }, annotations: undefined },
    spec: { items: [1, undefined, { when: new Date('2026-01-01T00:00:00Z') }], ratio: Number.NaN, run: () => 1, selector: null },
  };
  const copy = jsonClone(obj);
  assert.equal(JSON.stringify(copy), JSON.stringify(obj));
  assert.deepEqual(copy, JSON.parse(JSON.stringify(obj)));
  assert.deepEqual(Object.keys(copy.metadata), ['name', 'labels']);
  assert.notEqual(copy.metadata.labels, obj.metadata.labels);
});
