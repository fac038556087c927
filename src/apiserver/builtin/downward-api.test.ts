import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENV_FIELD_PATHS, validateDownwardAPIVolume, validateFieldRef, validateResourceFieldRef } from './downward-api.ts';

const rendered = (errors: Array<{ field: string; message: string }>) => errors.map((e) => `${e.field}: ${e.message}`);
const envRef = (ref: Record<string, unknown>) => rendered(validateFieldRef(ref, ENV_FIELD_PATHS, 'spec.containers[0].env[0].valueFrom.fieldRef'));

test("an env fieldRef names a field v1 converts and env may read, labels and annotations by a valid key", () => {
  for (const fieldPath of ['metadata.name', 'status.podIPs', 'spec.host', "metadata.labels['app']", "metadata.annotations['Example.com/Key']"]) {
    assert.deepEqual(envRef({ apiVersion: 'v1', fieldPath }), [], fieldPath);
  }
  assert.deepEqual(envRef({ apiVersion: 'v2', fieldPath: 'metadata.name' }), [
    'spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.name": error converting fieldPath: unsupported pod version: v2',
  ]);
  assert.deepEqual(envRef({ apiVersion: 'v1', fieldPath: 'metadata.nmae' }), [
    'spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.nmae": error converting fieldPath: field label not supported: metadata.nmae',
  ]);
  assert.deepEqual(envRef({ apiVersion: 'v1', fieldPath: "spec.nodeName['x']" }), [
    `spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "spec.nodeName['x']": error converting fieldPath: field label does not support subscript: spec.nodeName['x']`,
  ]);
  assert.deepEqual(envRef({ apiVersion: 'v1', fieldPath: 'status.phase' }), [
    'spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"',
  ]);
  assert.match(envRef({ apiVersion: 'v1', fieldPath: "metadata.labels['bad key']" })[0]!, /^spec\.containers\[0\]\.env\[0\]\.valueFrom\.fieldRef: Invalid value: "bad key": name part must consist of/);
  assert.deepEqual(envRef({ apiVersion: 'v1', fieldPath: '' }), ['spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Required value']);
});

test('a resourceFieldRef names a container resource, and a divisor that suits it', () => {
  const ref = (r: Record<string, unknown>, volume = false) => rendered(validateResourceFieldRef(r, 'x.resourceFieldRef', volume));
  assert.deepEqual(ref({ resource: 'limits.memory', divisor: '1Mi' }), []);
  assert.deepEqual(ref({ resource: 'requests.hugepages-2Mi', divisor: '0' }), []);
  assert.deepEqual(ref({ resource: 'limits.gpu' }), [
    'x.resourceFieldRef.resource: Unsupported value: "limits.gpu": supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"',
  ]);
  assert.deepEqual(ref({ resource: 'limits.cpu', divisor: '2' }), ['x.resourceFieldRef.divisor: Invalid value: "limits.cpu": only divisor\'s values 1m and 1 are supported with the cpu resource']);
  assert.deepEqual(ref({ resource: 'limits.cpu' }, true), ['x.resourceFieldRef.containerName: Required value']);
});

test('a downward API volume file needs a path and one selector; its errors name the source, not the item', () => {
  const volume = {
    name: 'info',
    downwardAPI: {
      items: [
        { path: 'labels', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels' } },
        { path: '../escape', fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } },
        { path: 'both', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' }, resourceFieldRef: { containerName: 'c', resource: 'limits.cpu' } },
        { path: 'none' },
      ],
    },
    projected: { sources: [{ downwardAPI: { items: [{ path: '/abs', resourceFieldRef: { resource: 'limits.cpu' } }] } }] },
  };
  assert.deepEqual(rendered(validateDownwardAPIVolume(volume, 'spec.volumes[0]')), [
    `spec.volumes[0].downwardAPI.path: Invalid value: "../escape": must not contain '..'`,
    'spec.volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: "spec.nodeName": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"',
    'spec.volumes[0].downwardAPI: Invalid value: "resource": fieldRef and resourceFieldRef can not be specified simultaneously',
    'spec.volumes[0].downwardAPI: Required value: one of fieldRef and resourceFieldRef is required',
    'spec.volumes[0].projected.sources[0].downwardAPI.path: Invalid value: "/abs": must be a relative path',
    'spec.volumes[0].projected.sources[0].downwardAPI.resourceFieldRef.containerName: Required value',
  ]);
});
