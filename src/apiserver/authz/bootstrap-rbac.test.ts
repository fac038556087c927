import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import { ensureDefaultRBAC } from './bootstrap-rbac.ts';

const G = 'rbac.authorization.k8s.io';

test('default ClusterRoles and bindings are created when absent and existing ones are left alone', async () => {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const clusterRoles = server.registry(G, 'clusterroles');
  const mine = { apiVersion: `${G}/v1`, kind: 'ClusterRole', metadata: { name: 'system:discovery' }, rules: [] };
  await clusterRoles.create('', mine, server.internalContext());
  await ensureDefaultRBAC(server);
  await ensureDefaultRBAC(server);

  const names = (await clusterRoles.list('')).items.map((r) => r.metadata.name).sort();
  for (const name of ['admin', 'cluster-admin', 'edit', 'view', 'system:aggregate-to-admin', 'system:aggregate-to-edit', 'system:aggregate-to-view', 'system:auth-delegator', 'system:basic-user', 'system:public-info-viewer']) {
    assert.ok(names.includes(name), name);
  }
  assert.deepEqual((await clusterRoles.get('', 'system:discovery')).rules, []);

  const admin = await clusterRoles.get('', 'cluster-admin');
  assert.equal(admin.metadata.labels?.['kubernetes.io/bootstrapping'], 'rbac-defaults');
  assert.equal(admin.metadata.annotations?.['rbac.authorization.kubernetes.io/autoupdate'], 'true');
  const edit = await clusterRoles.get('', 'edit');
  assert.deepEqual(edit.aggregationRule, { clusterRoleSelectors: [{ matchLabels: { 'rbac.authorization.k8s.io/aggregate-to-edit': 'true' } }] });
  assert.equal(edit.metadata.labels?.['rbac.authorization.k8s.io/aggregate-to-admin'], 'true');

  const bindings = server.registry(G, 'clusterrolebindings');
  const subjects = async (name: string) => ((await bindings.get('', name)).subjects as { name: string }[]).map((s) => s.name);
  assert.deepEqual(await subjects('cluster-admin'), ['system:masters']);
  assert.deepEqual(await subjects('system:discovery'), ['system:authenticated']);
  assert.deepEqual(await subjects('system:basic-user'), ['system:authenticated']);
  assert.deepEqual(await subjects('system:public-info-viewer'), ['system:authenticated', 'system:unauthenticated']);
  assert.deepEqual((await bindings.get('', 'cluster-admin')).roleRef, { apiGroup: G, kind: 'ClusterRole', name: 'cluster-admin' });
});
