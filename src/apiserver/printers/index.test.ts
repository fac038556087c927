import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinPrinter } from './index.ts';
import { createdAtPrinter } from '../../machinery/table-build.ts';

test('built-in kinds resolve by group and kind', () => {
  assert.deepEqual(builtinPrinter('', 'Pod')?.columns.slice(0, 5).map((c) => c.name), ['Name', 'Ready', 'Status', 'Restarts', 'Age']);
  assert.equal(builtinPrinter('events.k8s.io', 'Event'), builtinPrinter('', 'Event'));
  assert.deepEqual(builtinPrinter('apiregistration.k8s.io', 'APIService')?.columns.map((c) => c.name), ['Name', 'Service', 'Available', 'Age']);
  assert.equal(builtinPrinter('rbac.authorization.k8s.io', 'ClusterRole'), createdAtPrinter);
  assert.equal(builtinPrinter('apiextensions.k8s.io', 'CustomResourceDefinition'), createdAtPrinter);
  assert.equal(builtinPrinter('apps', 'Pod'), undefined);
  assert.equal(builtinPrinter('apps.cozystack.io', 'Tenant'), undefined);
});

test('every printer emits one cell per column', () => {
  const kinds: Array<[string, string]> = [
    ['', 'Pod'], ['', 'Namespace'], ['', 'Node'], ['', 'Service'], ['', 'Endpoints'], ['', 'ConfigMap'], ['', 'Secret'], ['', 'ServiceAccount'],
    ['', 'Event'], ['', 'PersistentVolumeClaim'], ['', 'PersistentVolume'], ['', 'ResourceQuota'], ['', 'LimitRange'], ['apps', 'Deployment'],
    ['apps', 'ReplicaSet'], ['apps', 'StatefulSet'], ['apps', 'DaemonSet'], ['batch', 'Job'], ['batch', 'CronJob'], ['policy', 'PodDisruptionBudget'],
    ['discovery.k8s.io', 'EndpointSlice'], ['networking.k8s.io', 'Ingress'], ['networking.k8s.io', 'IngressClass'], ['networking.k8s.io', 'NetworkPolicy'],
    ['rbac.authorization.k8s.io', 'RoleBinding'], ['rbac.authorization.k8s.io', 'ClusterRoleBinding'], ['storage.k8s.io', 'StorageClass'],
    ['coordination.k8s.io', 'Lease'], ['apiregistration.k8s.io', 'APIService'], ['admissionregistration.k8s.io', 'MutatingWebhookConfiguration'],
    ['scheduling.k8s.io', 'PriorityClass'],
  ];
  for (const [group, kind] of kinds) {
    const p = builtinPrinter(group, kind);
    assert.ok(p, `${group}/${kind}`);
    const cells = p.cells({ apiVersion: group ? `${group}/v1` : 'v1', kind, metadata: { name: 'x' } }, new Date());
    assert.equal(cells.length, p.columns.length, `${group}/${kind}`);
    for (const c of p.columns) assert.ok(c.description.length > 0, `${group}/${kind} ${c.name}`);
  }
});
