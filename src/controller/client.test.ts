import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gone, notFound, resourceExpired } from '../machinery/errors.ts';
import { groupOf, isGone, isStatus, objectKey, refOf, splitKey } from './client.ts';

test('keys, refs and groups', () => {
  const obj = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'ns' } };
  assert.deepEqual(refOf(obj), { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'ns', name: 'd' });
  assert.equal(groupOf(obj), 'apps');
  assert.equal(groupOf({ apiVersion: 'v1', kind: 'Pod' }), '');
  assert.equal(objectKey(obj), 'ns/d');
  assert.deepEqual(splitKey(objectKey(obj)), { namespace: 'ns', name: 'd' });
});

test('410 Expired and Gone mean relist; other errors do not', () => {
  assert.equal(isGone(resourceExpired(1, 5)), true);
  assert.equal(isGone(gone('x')), true);
  assert.equal(isGone(notFound({ group: '', resource: 'pods' }, 'p')), false);
  assert.equal(isStatus(notFound({ group: '', resource: 'pods' }, 'p').toStatus()), true);
  assert.equal(isStatus({ kind: 'Pod' }), false);
});
