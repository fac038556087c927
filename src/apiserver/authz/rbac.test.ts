import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import { RBACAuthorizer } from './rbac.ts';
import type { Attributes } from './authorizer.ts';

const G = 'rbac.authorization.k8s.io';
const bob = { username: 'bob', groups: ['devs', 'system:authenticated'] };
const builder = { username: 'system:serviceaccount:team:builder', groups: ['system:serviceaccounts', 'system:serviceaccounts:team', 'system:authenticated'] };

const flush = () => new Promise<void>((r) => setImmediate(r));

function role(kind: 'Role' | 'ClusterRole', name: string, rules: unknown[], namespace?: string): KubeObject {
  return { apiVersion: `${G}/v1`, kind, metadata: { name, ...(namespace ? { namespace } : {}) }, rules } as KubeObject;
}

function binding(kind: 'RoleBinding' | 'ClusterRoleBinding', name: string, roleRef: { kind: string; name: string }, subjects: unknown[], namespace?: string): KubeObject {
  return { apiVersion: `${G}/v1`, kind, metadata: { name, ...(namespace ? { namespace } : {}) }, roleRef: { apiGroup: G, ...roleRef }, subjects } as KubeObject;
}

describe('RBACAuthorizer', () => {
  const store = new MemoryStore();
  const server = new ApiServer({ store, host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const rbac = new RBACAuthorizer(server);
  const ctx = server.internalContext();
  const put = (plural: string, obj: KubeObject) => server.registry(G, plural).create(obj.metadata.namespace ?? '', obj, ctx);
  const pods = (verb: string, namespace: string, extra: Partial<Attributes> = {}): Attributes => ({ user: bob, verb, group: '', version: 'v1', resource: 'pods', namespace, ...extra });

  before(async () => {
    for (const name of ['team', 'other']) await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, ctx);
    await put('clusterroles', role('ClusterRole', 'pod-reader', [{ apiGroups: [''], resources: ['pods', 'pods/log'], verbs: ['get', 'list', 'watch'] }]));
    await put('clusterroles', role('ClusterRole', 'healthz', [{ nonResourceURLs: ['/healthz', '/apis/*'], verbs: ['get'] }]));
    await put('roles', role('Role', 'cm-editor', [{ apiGroups: [''], resources: ['configmaps'], resourceNames: ['app'], verbs: ['update'] }], 'team'));
    await put('rolebindings', binding('RoleBinding', 'bob-reads', { kind: 'ClusterRole', name: 'pod-reader' }, [{ kind: 'User', apiGroup: G, name: 'bob' }], 'team'));
    await put('rolebindings', binding('RoleBinding', 'devs-edit-cm', { kind: 'Role', name: 'cm-editor' }, [{ kind: 'Group', apiGroup: G, name: 'devs' }], 'team'));
    await put('rolebindings', binding('RoleBinding', 'builder-reads', { kind: 'ClusterRole', name: 'pod-reader' }, [{ kind: 'ServiceAccount', name: 'builder' }], 'team'));
    await put('clusterrolebindings', binding('ClusterRoleBinding', 'authenticated-healthz', { kind: 'ClusterRole', name: 'healthz' }, [{ kind: 'Group', apiGroup: G, name: 'system:authenticated' }]));
    await rbac.start();
  });

  after(() => rbac.stop());

  test('a RoleBinding grants its ClusterRole in its namespace only, with upstream reasons', async () => {
    assert.deepEqual(await rbac.authorize(pods('list', 'team')), {
      allowed: true,
      reason: 'RBAC: allowed by RoleBinding "bob-reads/team" of ClusterRole "pod-reader" to User "bob"',
    });
    assert.deepEqual(await rbac.authorize(pods('list', 'other')), { allowed: false, reason: '' });
    assert.equal((await rbac.authorize(pods('list', ''))).allowed, false);
    assert.equal((await rbac.authorize(pods('delete', 'team', { name: 'x' }))).allowed, false);
    assert.equal((await rbac.authorize(pods('get', 'team', { name: 'x', subresource: 'log' }))).allowed, true);
    assert.equal((await rbac.authorize(pods('create', 'team', { name: 'x', subresource: 'exec' }))).allowed, false);
  });

  test('Group subjects and resourceNames of a namespaced Role', async () => {
    const cm = (name: string): Attributes => ({ user: bob, verb: 'update', group: '', resource: 'configmaps', namespace: 'team', name });
    assert.deepEqual(await rbac.authorize(cm('app')), { allowed: true, reason: 'RBAC: allowed by RoleBinding "devs-edit-cm/team" of Role "cm-editor" to Group "devs"' });
    assert.equal((await rbac.authorize(cm('other'))).allowed, false);
  });

  test('a ServiceAccount subject without namespace means the binding’s; ClusterRoleBindings apply everywhere', async () => {
    assert.deepEqual(await rbac.authorize({ ...pods('watch', 'team'), user: builder }), {
      allowed: true,
      reason: 'RBAC: allowed by RoleBinding "builder-reads/team" of ClusterRole "pod-reader" to ServiceAccount "builder/team"',
    });
    assert.deepEqual(await rbac.authorize({ user: builder, verb: 'get', path: '/apis/apps' }), {
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "authenticated-healthz" of ClusterRole "healthz" to Group "system:authenticated"',
    });
    assert.equal((await rbac.authorize({ user: builder, verb: 'get', path: '/metrics' })).allowed, false);
  });

  test('system:masters is allowed whatever the bindings', async () => {
    assert.deepEqual(await rbac.authorize({ user: { username: 'root', groups: ['system:masters'] }, verb: 'delete', resource: 'nodes', group: '' }), { allowed: true, reason: '' });
  });

  test('changes reach the cache through the watch; a binding to a missing role is a resolution error', async () => {
    await put('rolebindings', binding('RoleBinding', 'ghost', { kind: 'Role', name: 'nope' }, [{ kind: 'User', apiGroup: G, name: 'bob' }], 'other'));
    await flush();
    assert.deepEqual(await rbac.authorize(pods('get', 'other', { name: 'p' })), { allowed: false, reason: 'RBAC: role.rbac.authorization.k8s.io "nope" not found' });
    await put('roles', role('Role', 'nope', [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }], 'other'));
    await flush();
    assert.equal((await rbac.authorize(pods('get', 'other', { name: 'p' }))).allowed, true);
    await server.registry(G, 'rolebindings').store.delete('/registry/rbac.authorization.k8s.io/rolebindings/other/ghost');
    await flush();
    assert.equal((await rbac.authorize(pods('get', 'other', { name: 'p' }))).allowed, false);
  });

  test('deciding reads nothing from the store', async () => {
    let reads = 0;
    const counted = store as unknown as Record<string, (...a: unknown[]) => unknown>;
    const originals = { get: counted.get!, list: counted.list! };
    counted.get = (...a) => (reads++, originals.get.apply(store, a));
    counted.list = (...a) => (reads++, originals.list.apply(store, a));
    try {
      for (let i = 0; i < 50; i++) await rbac.authorize(pods('list', i % 2 ? 'team' : 'other'));
      await rbac.rulesFor(bob, 'team');
    } finally {
      counted.get = originals.get;
      counted.list = originals.list;
    }
    assert.equal(reads, 0);
  });

  test('rulesFor lists cluster-wide then namespaced rules, split into resource and non-resource rules', async () => {
    const rules = await rbac.rulesFor(bob, 'team');
    assert.deepEqual(rules.nonResourceRules, [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/apis/*'] }]);
    assert.deepEqual(rules.resourceRules, [
      { verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['pods', 'pods/log'] },
      { verbs: ['update'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['app'] },
    ]);
    assert.equal(rules.incomplete, false);
    const elsewhere = await rbac.rulesFor(bob, 'other');
    assert.deepEqual(elsewhere.resourceRules, []);
  });
});
