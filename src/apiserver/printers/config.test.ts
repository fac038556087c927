import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { configMapPrinter, resourceQuotaPrinter, secretPrinter, serviceAccountPrinter } from './config.ts';
import type { KubeObject } from '../../machinery/object.ts';

const now = new Date('2024-05-01T12:00:00Z');
const metadata = { name: 'x', namespace: 'default', creationTimestamp: '2024-05-01T11:58:30Z' };

describe('config printers', () => {
  test('configmap counts data and binaryData', () => {
    const cm: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata, data: { a: '1', b: '2' }, binaryData: { c: 'AA==' } };
    assert.deepEqual(configMapPrinter.cells(cm, now), ['x', 3, '90s']);
    assert.deepEqual(configMapPrinter.columns.map((c) => c.name), ['Name', 'Data', 'Age']);
  });
  test('secret type and data count', () => {
    const s: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata, type: 'kubernetes.io/tls', data: { 'tls.crt': 'x', 'tls.key': 'y' } };
    assert.deepEqual(secretPrinter.cells(s, now), ['x', 'kubernetes.io/tls', 2, '90s']);
  });
  test('service account secrets', () => {
    const sa: KubeObject = { apiVersion: 'v1', kind: 'ServiceAccount', metadata };
    assert.deepEqual(serviceAccountPrinter.cells(sa, now), ['x', 0, '90s']);
  });
  test('resource quota request and limit columns', () => {
    const rq: KubeObject = {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata,
      status: {
        hard: { 'requests.cpu': '1', memory: '1Gi', pods: '10', 'limits.memory': '2Gi', cpu: '2' },
        used: { 'requests.cpu': '500m', memory: '0', pods: '3' },
      },
    };
    assert.deepEqual(resourceQuotaPrinter.cells(rq, now), [
      'x',
      'cpu: 0/2, memory: 0/1Gi, pods: 3/10, requests.cpu: 500m/1',
      'limits.memory: 0/2Gi',
      '90s',
    ]);
  });
});
