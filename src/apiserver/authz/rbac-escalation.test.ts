import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import type { WriteContext } from '../registry/context.ts';
import { enableRBAC, type RBAC } from './bootstrap-rbac.ts';

const G = 'rbac.authorization.k8s.io';
const bob = { username: 'bob', groups: ['system:authenticated'] };
const asBob = (): WriteContext => ({ user: bob, dryRun: false, fieldManager: 'kubectl', warnings: [] });
const flush = () => new Promise<void>((r) => setImmediate(r));

const role = (kind: 'Role' | 'ClusterRole', name: string, rules: unknown[], extra: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: `${G}/v1`, kind, metadata: { name }, rules, ...extra }) as KubeObject;
const binding = (kind: 'RoleBinding' | 'ClusterRoleBinding', name: string, roleKind: string, roleName: string, user = 'bob'): KubeObject =>
  ({ apiVersion: `${G}/v1`, kind, metadata: { name }, roleRef: { apiGroup: G, kind: roleKind, name: roleName }, subjects: [{ apiGroup: G, kind: 'User', name: user }] }) as KubeObject;

async function refused(p: Promise<unknown>): Promise<StatusError> {
  const err = await p.then(
    () => assert.fail('expected Forbidden'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof StatusError, String(err));
  assert.equal(err.code, 403);
  return err;
}

describe('RBAC escalation prevention', () => {
  let rbac: RBAC;
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const reg = (plural: string) => server.registry(G, plural);
  const admin = () => server.internalContext();

  before(async () => {
    rbac = await enableRBAC(server);
    await rbac.settled();
    await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } }, admin());
    await reg('rolebindings').create('team', binding('RoleBinding', 'bob-view', 'ClusterRole', 'view'), admin());
    await flush();
  });
  after(() => rbac.stop());

  test('a Role with only held rules may be created; one with more is Forbidden with the missing rules listed', async () => {
    await reg('roles').create('team', role('Role', 'reader', [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }]), asBob());
    const err = await refused(
      reg('roles').create('team', role('Role', 'writer', [{ apiGroups: [''], resources: ['pods', 'secrets'], verbs: ['get', 'delete'] }]), asBob()),
    );
    assert.equal(
      err.message,
      'roles.rbac.authorization.k8s.io "writer" is forbidden: user "bob" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n' +
        '{APIGroups:[""], Resources:["pods"], Verbs:["delete"]}\n{APIGroups:[""], Resources:["secrets"], Verbs:["get" "delete"]}',
    );
    assert.deepEqual(err.details, { name: 'writer', group: G, kind: 'roles' });
  });

  test('a ClusterRole is checked against cluster-wide rules only', async () => {
    const err = await refused(reg('clusterroles').create('', role('ClusterRole', 'pods-get', [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }]), asBob()));
    assert.match(err.message, /^clusterroles\.rbac\.authorization\.k8s\.io "pods-get" is forbidden: user "bob" \(groups=\["system:authenticated"\]\) is attempting to grant RBAC permissions not currently held:\n\{APIGroups:\[""\], Resources:\["pods"\], Verbs:\["get"\]\}$/);
  });

  test('`escalate` on roles lets a user write rules they do not hold', async () => {
    await reg('roles').create('team', role('Role', 'escalator', [{ apiGroups: [G], resources: ['roles'], verbs: ['escalate'] }]), admin());
    await reg('rolebindings').create('team', binding('RoleBinding', 'bob-escalates', 'Role', 'escalator'), admin());
    await flush();
    await reg('roles').create('team', role('Role', 'powerful', [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }]), asBob());
    await reg('rolebindings').store.delete('/registry/rbac.authorization.k8s.io/rolebindings/team/bob-escalates');
    await flush();
    await refused(reg('roles').create('team', role('Role', 'powerful-2', [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }]), asBob()));
  });

  test('a binding needs its role’s rules held, or `bind` on that role', async () => {
    await reg('rolebindings').create('team', binding('RoleBinding', 'alice-view', 'ClusterRole', 'view', 'alice'), asBob());
    const err = await refused(reg('rolebindings').create('team', binding('RoleBinding', 'alice-edit', 'ClusterRole', 'edit', 'alice'), asBob()));
    assert.match(err.message, /^rolebindings\.rbac\.authorization\.k8s\.io "alice-edit" is forbidden: user "bob" .* not currently held:\n/);
    assert.match(err.message, /\{APIGroups:\[""\], Resources:\["pods"\], Verbs:\["create" "delete" "deletecollection" "patch" "update"\]\}/);
    await reg('clusterroles').create('', role('ClusterRole', 'bind-edit', [{ apiGroups: [G], resources: ['clusterroles'], resourceNames: ['edit'], verbs: ['bind'] }]), admin());
    await reg('rolebindings').create('team', binding('RoleBinding', 'bob-binds-edit', 'ClusterRole', 'bind-edit'), admin());
    await flush();
    await reg('rolebindings').create('team', binding('RoleBinding', 'alice-edit', 'ClusterRole', 'edit', 'alice'), asBob());
    const missing = await refused(reg('rolebindings').create('team', binding('RoleBinding', 'ghost', 'Role', 'nope'), asBob()));
    assert.equal(missing.message, 'rolebindings.rbac.authorization.k8s.io "ghost" is forbidden: role.rbac.authorization.k8s.io "nope" not found');
  });

  test('setting an aggregationRule takes cluster-admin', async () => {
    const agg = role('ClusterRole', 'agg', [], { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { a: 'b' } }] } });
    const err = await refused(reg('clusterroles').create('', agg, asBob()));
    assert.equal(err.message, 'clusterroles.rbac.authorization.k8s.io "agg" is forbidden: must have cluster-admin privileges to use the aggregationRule');
  });

  test('updates touching only garbage-collection fields are not checked; system:masters is never checked', async () => {
    await reg('roles').create('team', role('Role', 'admin-made', [{ apiGroups: [''], resources: ['nodes'], verbs: ['delete'] }]), admin());
    await reg('roles').guaranteedUpdate('team', 'admin-made', asBob(), '', (cur) => ({ ...cur, metadata: { ...cur.metadata, finalizers: ['example.com/hold'] } }));
    await refused(reg('roles').guaranteedUpdate('team', 'admin-made', asBob(), '', (cur) => ({ ...cur, metadata: { ...cur.metadata, labels: { a: 'b' } } })));
  });
});
