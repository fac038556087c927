import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deepClone, jsonClone, jsonCloneSharing, mapSharing } from './object.ts';

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

describe('jsonCloneSharing', () => {
  const previous = Object.freeze({ metadata: Object.freeze({ name: 'a', labels: Object.freeze({ app: 'x' }) }), spec: Object.freeze({ replicas: 1, ports: Object.freeze([Object.freeze({ port: 80 })]) }), status: Object.freeze({ ready: 0 }) });

  test('takes the unchanged subtrees of the previous version and copies the rest', () => {
    const next = { metadata: { name: 'a', labels: { app: 'x' } }, spec: { replicas: 1, ports: [{ port: 80 }] }, status: { ready: 1 } };
    const copy = jsonCloneSharing(next, previous);
    assert.deepEqual(copy, next);
    assert.equal(copy.spec, previous.spec);
    assert.equal(copy.metadata, previous.metadata);
    assert.notEqual(copy.status, previous.status);
    assert.notEqual(copy, previous);
    assert.notEqual(copy.status, next.status, 'what changed is copied, not taken from the caller');
  });

  test('a subtree with the same fields in another order is copied, so the copy serializes as the new version does', () => {
    const next = { metadata: { labels: { app: 'x' }, name: 'a' }, spec: { replicas: 1, ports: [{ port: 80 }] }, status: { ready: 0 } };
    const copy = jsonCloneSharing(next, previous);
    assert.equal(JSON.stringify(copy), JSON.stringify(next));
    assert.notEqual(copy.metadata, previous.metadata);
    assert.equal(copy.metadata.labels, previous.metadata.labels);
    assert.notEqual(copy, previous);
  });

  test('an equal value is the previous version itself; a shorter list or a dropped field is a new node', () => {
    assert.equal(jsonCloneSharing({ metadata: { name: 'a', labels: { app: 'x' } }, spec: { replicas: 1, ports: [{ port: 80 }] }, status: { ready: 0 } }, previous), previous);
    const shorter = jsonCloneSharing({ metadata: { name: 'a', labels: { app: 'x' } }, spec: { replicas: 1, ports: [] }, status: { ready: 0, gone: undefined } }, previous);
    assert.deepEqual(shorter.spec.ports, []);
    assert.equal(shorter.status, previous.status, 'a field holding undefined is no field, as in JSON');
    assert.equal(jsonCloneSharing({ a: [1, 2] }, { a: [1, 2, 3] }).a.length, 2);
  });
});

test('mapSharing returns the same list when nothing changed, else a copy that keeps the unchanged items', () => {
  const a = { n: 1 };
  const b = { n: 2 };
  const list = [a, b];
  assert.equal(mapSharing(list, (item) => item), list);
  const changed = mapSharing(list, (item) => ((item as { n: number }).n === 2 ? { n: 3 } : item));
  assert.notEqual(changed, list);
  assert.equal(changed[0], a);
  assert.deepEqual(changed[1], { n: 3 });
  assert.deepEqual(list, [{ n: 1 }, { n: 2 }]);
});
