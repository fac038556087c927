import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../../machinery/errors.ts';
import type { KubeObject } from '../../../machinery/object.ts';
import { ResourceRegistry } from '../../../apiserver/registry/registry.ts';
import { defaultStrategy } from '../../../apiserver/registry/strategy.ts';
import { ViewStore } from '../view-store.ts';
import { legacyPresetWarnings } from '../apps/admission.ts';
import { startApiTestEnv, writeCtx } from '../test-support.ts';
import { tenantNamespaceAccess } from './access.ts';
import { tenantNamespaceType, tenantSecretType } from './group.ts';
import { tenantNamespaceMapping, tenantSecretMapping } from './views.ts';

test('tenant namespaces: admins see all, others only where a RoleBinding names them, a group of theirs or their ServiceAccount', async () => {
  const env = await startApiTestEnv();
  try {
    for (const name of ['tenant-a', 'tenant-b', 'other']) await env.client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    const binding = (ns: string, subject: Record<string, string>): KubeObject => ({
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'x', namespace: ns },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, subjects: [subject],
    } as KubeObject);
    await env.client.create(binding('tenant-a', { kind: 'Group', name: 'tenant-a-view', apiGroup: 'rbac.authorization.k8s.io' }));
    await env.client.create(binding('tenant-b', { kind: 'ServiceAccount', name: 'tenant-b', namespace: 'tenant-b' }));
    const visibleTo = async (username: string, groups: string[]) => {
      const visible = await tenantNamespaceAccess(env.server.store, { username, groups });
      const registry = new ResourceRegistry(tenantNamespaceType, defaultStrategy, { ...env.server.deps, store: new ViewStore(env.server.store, tenantNamespaceMapping(() => env.server.registry('', 'namespaces'), visible)) });
      return (await registry.list('')).items.map((i) => `${i.kind}/${i.metadata.name}`);
    };
    assert.deepEqual(await visibleTo('admin', ['system:masters']), ['TenantNamespace/tenant-a', 'TenantNamespace/tenant-b', 'TenantNamespace/tenant-root']);
    assert.deepEqual(await visibleTo('alice', ['tenant-a-view']), ['TenantNamespace/tenant-a']);
    assert.deepEqual(await visibleTo('system:serviceaccount:tenant-b:tenant-b', []), ['TenantNamespace/tenant-b']);
    assert.deepEqual(await visibleTo('bob', []), []);
  } finally {
    await env.stop();
  }
});

test('tenant secrets: only labelled Secrets, the label hidden on read and added on write, stringData as base64', async () => {
  const env = await startApiTestEnv();
  try {
    const secrets = new ResourceRegistry(tenantSecretType, { ...defaultStrategy, noGeneration: true }, { ...env.server.deps, store: new ViewStore(env.server.store, tenantSecretMapping(() => env.server.registry('', 'secrets'))) });
    await env.client.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'plain', namespace: 'tenant-root' }, data: { a: 'YQ==' } } as KubeObject);
    await env.client.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'shown', namespace: 'tenant-root', labels: { 'internal.cozystack.io/tenantresource': 'true', app: 'x' } }, data: { a: 'YQ==' } } as KubeObject);
    const list = await secrets.list('tenant-root');
    assert.deepEqual(list.items.map((i) => i.metadata.name), ['shown']);
    const shown = list.items[0] as KubeObject & { stringData: Record<string, string> };
    assert.deepEqual(shown.metadata.labels, { app: 'x' });
    assert.deepEqual(shown.stringData, { a: 'YQ==' });
    await assert.rejects(secrets.get('tenant-root', 'plain'), (e) => isStatusError(e, 'NotFound') && /tenantsecrets.core.cozystack.io "plain" not found/.test(e.message));
    await secrets.create('tenant-root', { apiVersion: 'core.cozystack.io/v1alpha1', kind: 'TenantSecret', metadata: { name: 'made', namespace: 'tenant-root' }, type: 'Opaque', stringData: { password: 'hunter2' } } as KubeObject, writeCtx());
    const made = await env.client.get<KubeObject & { data: Record<string, string> }>({ apiVersion: 'v1', kind: 'Secret', namespace: 'tenant-root', name: 'made' });
    assert.equal(made.metadata.labels!['internal.cozystack.io/tenantresource'], 'true');
    assert.equal(Buffer.from(made.data.password!, 'base64').toString(), 'hunter2');
  } finally {
    await env.stop();
  }
});

test('legacy preset names are found at any depth, with the instance-type name to use', () => {
  assert.deepEqual(legacyPresetWarnings({ resourcesPreset: 'small', kafka: { resourcesPreset: 'large' }, zookeeper: { resourcesPreset: 't1.nano' } }), [
    'spec.resourcesPreset: preset "small" is a legacy name, deprecated since Cozystack v1.4; use "t1.small" (the same resources)',
    'spec.kafka.resourcesPreset: preset "large" is a legacy name, deprecated since Cozystack v1.4; use "c1.medium" (the same resources)',
  ]);
});
