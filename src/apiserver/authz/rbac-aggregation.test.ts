import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import { enableRBAC, type RBAC } from './bootstrap-rbac.ts';
import { aggregatedRules } from './rbac-aggregation.ts';
import type { RoleObject } from './rbac-cache.ts';
import type { PolicyRule } from './rbac-rules.ts';

const G = 'rbac.authorization.k8s.io';

const cr = (name: string, labels: Record<string, string>, rules: PolicyRule[], aggregate?: Record<string, string>): RoleObject => ({
  apiVersion: `${G}/v1`,
  kind: 'ClusterRole',
  metadata: { name, labels },
  rules,
  ...(aggregate ? { aggregationRule: { clusterRoleSelectors: [{ matchLabels: aggregate }] } } : {}),
});

test('aggregatedRules: union over selectors of the matching roles by name, without duplicates or itself', () => {
  const get: PolicyRule = { apiGroups: [''], resources: ['pods'], verbs: ['get'] };
  const list: PolicyRule = { apiGroups: [''], resources: ['pods'], verbs: ['list'] };
  const target = cr('target', { pick: 'yes' }, [{ apiGroups: ['x'], resources: ['y'], verbs: ['z'] }], { pick: 'yes' });
  const all = [target, cr('b', { pick: 'yes' }, [list, get]), cr('a', { pick: 'yes' }, [get]), cr('c', { pick: 'no' }, [{ verbs: ['get'], nonResourceURLs: ['/x'] }])];
  assert.deepEqual(aggregatedRules(target, all), [get, list]);
});

describe('ClusterRoleAggregator over the default roles', () => {
  let rbac: RBAC;
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const clusterRoles = () => server.registry(G, 'clusterroles');
  const rulesOf = async (name: string) => ((await clusterRoles().get('', name)) as RoleObject).rules ?? [];
  const grants = (rules: PolicyRule[], group: string, resource: string, verb: string) =>
    rules.some((r) => r.apiGroups?.includes(group) && r.resources?.includes(resource) && r.verbs.includes(verb));

  before(async () => {
    rbac = await enableRBAC(server);
    await rbac.settled();
  });
  after(() => rbac.stop());

  test('view, edit and admin gather the aggregate-to-* roles, each including the one below', async () => {
    const [view, edit, admin] = [await rulesOf('view'), await rulesOf('edit'), await rulesOf('admin')];
    assert.ok(grants(view, '', 'pods', 'list'));
    assert.ok(!grants(view, '', 'pods', 'create'));
    assert.ok(!grants(view, '', 'secrets', 'get'));
    assert.ok(grants(edit, '', 'pods', 'create') && grants(edit, '', 'pods', 'list') && grants(edit, '', 'secrets', 'get'));
    assert.ok(!grants(edit, G, 'roles', 'create'));
    assert.ok(grants(admin, G, 'roles', 'create') && grants(admin, '', 'pods', 'create') && grants(admin, 'apps', 'deployments', 'watch'));
  });

  test('a new labelled ClusterRole joins the aggregate, and leaves it when deleted', async () => {
    const crd: PolicyRule = { apiGroups: ['apps.cozystack.io'], resources: ['tenants'], verbs: ['get', 'list', 'watch'] };
    const ctx = server.internalContext();
    await clusterRoles().create('', cr('tenants-view', { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' }, [crd]) as KubeObject, ctx);
    await rbac.settled();
    for (const name of ['view', 'edit', 'admin']) assert.ok(grants(await rulesOf(name), 'apps.cozystack.io', 'tenants', 'list'), name);
    await clusterRoles().store.delete('/registry/rbac.authorization.k8s.io/clusterroles/tenants-view');
    await rbac.settled();
    for (const name of ['view', 'edit', 'admin']) assert.ok(!grants(await rulesOf(name), 'apps.cozystack.io', 'tenants', 'list'), name);
  });

  test('hand edits to an aggregated role’s rules are put back', async () => {
    const ctx = server.internalContext();
    await clusterRoles().guaranteedUpdate('', 'view', ctx, '', (cur) => ({ ...cur, rules: [] }));
    await rbac.settled();
    assert.ok(grants(await rulesOf('view'), '', 'pods', 'list'));
  });
});
