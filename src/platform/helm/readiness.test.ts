import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settledReadiness } from './readiness.ts';

const crd = (established: string) => ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'x.example.io' }, status: { conditions: [{ type: 'Established', status: established }] } });

test('an Established CRD and statusless core and RBAC objects are settled', () => {
  assert.equal(settledReadiness(crd('True')), true);
  assert.equal(settledReadiness({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'sa' } }), true);
  assert.equal(settledReadiness({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'r' } }), true);
});

test('workloads, custom resources, CRDs not yet Established and objects being deleted are not', () => {
  assert.equal(settledReadiness(crd('False')), false);
  assert.equal(settledReadiness({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, status: {} }), false);
  assert.equal(settledReadiness({ apiVersion: 'example.io/v1', kind: 'Secret', metadata: { name: 'custom' } }), false);
  assert.equal(settledReadiness({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', deletionTimestamp: '2026-01-01T00:00:00Z' } }), false);
});
