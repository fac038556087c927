import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { clusterRoleBindingPrinter, roleBindingPrinter } from './rbac.ts';
import { DOC } from './descriptions.ts';
import type { KubeObject } from '../../machinery/object.ts';

const now = new Date('2024-05-01T12:00:00Z');

describe('rbac printers', () => {
  test('role binding with every subject kind', () => {
    const rb: KubeObject = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'admins', namespace: 'tenant-root', creationTimestamp: '2024-04-30T12:00:00Z' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'admin' },
      subjects: [
        { kind: 'User', name: 'alice' },
        { kind: 'User', name: 'bob' },
        { kind: 'Group', name: 'ops' },
        { kind: 'ServiceAccount', name: 'deployer', namespace: 'ci' },
      ],
    };
    assert.deepEqual(roleBindingPrinter.cells(rb, now), ['admins', 'ClusterRole/admin', '24h', 'alice, bob', 'ops', 'ci/deployer']);
    assert.deepEqual(roleBindingPrinter.columns.map((c) => [c.name, c.priority]), [
      ['Name', 0], ['Role', 0], ['Age', 0], ['Users', 1], ['Groups', 1], ['ServiceAccounts', 1],
    ]);
    assert.equal(roleBindingPrinter.columns[3].description, 'Users in the roleBinding');
  });
  test('cluster role binding descriptions', () => {
    assert.equal(clusterRoleBindingPrinter.columns[1].description, DOC['ClusterRoleBinding.roleRef']);
    assert.equal(clusterRoleBindingPrinter.columns[5].description, 'ServiceAccounts in the clusterRoleBinding');
    const crb: KubeObject = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'x' }, roleRef: { kind: 'ClusterRole', name: 'view' } };
    assert.deepEqual(clusterRoleBindingPrinter.cells(crb, now), ['x', 'ClusterRole/view', '<unknown>', '', '', '']);
  });
});
