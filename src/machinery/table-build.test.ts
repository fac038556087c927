import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { buildTable, defaultPrinter, createdAtPrinter, crdPrinter, NAME_DESCRIPTION } from './table-build.ts';
import type { KubeObject } from './object.ts';

const now = new Date('2024-05-01T11:00:00Z');
const tenant: KubeObject = {
  apiVersion: 'apps.cozystack.io/v1alpha1',
  kind: 'Tenant',
  metadata: {
    name: 'root',
    namespace: 'tenant-root',
    uid: 'u-1',
    resourceVersion: '1008',
    labels: { a: 'b' },
    creationTimestamp: '2024-05-01T10:00:00Z',
    managedFields: [{ manager: 'kubectl', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: {} }],
  },
  status: { ready: true, version: 'ok', conditions: [{ type: 'Ready', status: 'True' }] },
};

describe('buildTable', () => {
  test('rows carry PartialObjectMetadata without managedFields by default', () => {
    const table = buildTable(defaultPrinter, [tenant], { now, includeObject: 'Metadata', resourceVersion: '1012' });
    assert.equal(table.kind, 'Table');
    assert.equal(table.apiVersion, 'meta.k8s.io/v1');
    assert.deepEqual(table.metadata, { resourceVersion: '1012' });
    assert.deepEqual(table.rows[0].cells, ['root', '60m']);
    assert.deepEqual(table.rows[0].object, {
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: {
        name: 'root',
        namespace: 'tenant-root',
        uid: 'u-1',
        resourceVersion: '1008',
        labels: { a: 'b' },
        creationTimestamp: '2024-05-01T10:00:00Z',
      },
    });
  });
  test('includeObject=Object carries the full object, None carries null', () => {
    assert.equal(buildTable(defaultPrinter, [tenant], { now, includeObject: 'Object' }).rows[0].object, tenant);
    assert.equal(buildTable(defaultPrinter, [tenant], { now, includeObject: 'None' }).rows[0].object, null);
  });
  test('continue and remainingItemCount', () => {
    const t = buildTable(defaultPrinter, [], { now, includeObject: 'Metadata', resourceVersion: '5', continue: 'abc', remainingItemCount: 3 });
    assert.deepEqual(t.metadata, { resourceVersion: '5', continue: 'abc', remainingItemCount: 3 });
    assert.deepEqual(t.rows, []);
  });
  test('missing creationTimestamp is <unknown>', () => {
    const t = buildTable(defaultPrinter, [{ apiVersion: 'v1', kind: 'X', metadata: { name: 'x' } }], { now, includeObject: 'None' });
    assert.deepEqual(t.rows[0].cells, ['x', '<unknown>']);
  });
});

describe('printers', () => {
  test('default printer columns', () => {
    assert.deepEqual(defaultPrinter.columns.map((c) => [c.name, c.type, c.format]), [['Name', 'string', 'name'], ['Age', 'date', '']]);
    assert.equal(defaultPrinter.columns[0].description, NAME_DESCRIPTION);
  });
  test('created-at printer prints RFC 3339', () => {
    assert.deepEqual(createdAtPrinter.cells(tenant, now), ['root', '2024-05-01T10:00:00Z']);
    assert.deepEqual(createdAtPrinter.columns.map((c) => c.name), ['Name', 'Created At']);
  });
  test('crd printer: name, the columns in order, date humanized, unset null', () => {
    const p = crdPrinter([
      { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
      { name: 'Version', type: 'string', jsonPath: '.status.version', priority: 1, description: 'the version' },
      { name: 'Missing', type: 'string', jsonPath: '.status.nothing' },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ]);
    assert.deepEqual(p.columns.map((c) => [c.name, c.type, c.priority]), [
      ['Name', 'string', 0],
      ['Ready', 'string', 0],
      ['Version', 'string', 1],
      ['Missing', 'string', 0],
      ['Age', 'date', 0],
    ]);
    assert.equal(p.columns[1].description, 'Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=="Ready")].status');
    assert.equal(p.columns[2].description, 'the version');
    assert.deepEqual(p.cells(tenant, now), ['root', 'True', 'ok', null, '60m']);
  });
  test('crd printer without columns shows Age', () => {
    const p = crdPrinter([]);
    assert.deepEqual(p.columns.map((c) => [c.name, c.type]), [['Name', 'string'], ['Age', 'date']]);
    assert.deepEqual(p.cells(tenant, now), ['root', '60m']);
  });
  test('crd printer rejects an unparsable path', () => {
    assert.throws(() => crdPrinter([{ name: 'X', type: 'string', jsonPath: '.a[0' }]), { name: 'JsonPathError' });
  });
});
