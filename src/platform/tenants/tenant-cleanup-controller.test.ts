import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeClock, InformerFactory } from '../../controller/index.ts';
import { newTestClient, newTestServer } from '../../controller/test-server.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { fluxCRDs } from '../flux/crds.ts';
import { eventually } from '../flux/test-support.ts';
import { owningReleaseKey, startTenantCleanupController, TENANT_CLEANUP_FINALIZER } from './tenant-cleanup-controller.ts';

const HR = { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease' };
// Stands in for Flux's finalizer: the release is "uninstalling" until the test lets it go.
const UNINSTALLING = 'test.cozylab.io/uninstalling';

function release(namespace: string, name: string, kind: string, module = false): KubeObject {
  const labels: Record<string, string> = { 'apps.cozystack.io/application.kind': kind, 'apps.cozystack.io/application.group': 'apps.cozystack.io' };
  if (module) labels['internal.cozystack.io/tenantmodule'] = 'true';
  return { ...HR, metadata: { name, namespace, labels, finalizers: [UNINSTALLING] }, spec: { interval: '5m', chartRef: { kind: 'ExternalArtifact', name: 'x' } } };
}

test('owning release: tenant-a-b belongs to tenant-b in tenant-a; tenant-a to tenant-a in tenant-root', () => {
  assert.equal(owningReleaseKey('tenant-a-b'), 'tenant-a/tenant-b');
  assert.equal(owningReleaseKey('tenant-a'), 'tenant-root/tenant-a');
  assert.equal(owningReleaseKey('tenant-root'), undefined);
  assert.equal(owningReleaseKey('default'), undefined);
});

test('deleting a tenant deletes its apps, waits for them, then its modules, then lets the release go', async () => {
  const clock = new FakeClock();
  const server = await newTestServer({ clock, namespaces: ['tenant-root', 'tenant-a'] });
  await server.start();
  const client = newTestClient(server);
  await client.create(fluxCRDs().find((c) => c.metadata.name === 'helmreleases.helm.toolkit.fluxcd.io')!);
  await eventually('HelmRelease served', async () => client.list(HR).then(() => true));
  const factory = new InformerFactory(client, { clock });
  const controller = startTenantCleanupController({ client, factory, clock });
  factory.start();
  const ref = (namespace: string, name: string) => ({ ...HR, namespace, name });
  const live = (namespace: string, name: string) => client.get(ref(namespace, name)).catch(() => undefined);
  const release_ = async (namespace: string, name: string) => {
    const o = await client.get(ref(namespace, name));
    await client.patch(ref(namespace, name), 'merge', { metadata: { finalizers: (o.metadata.finalizers ?? []).filter((f) => f !== UNINSTALLING) } });
  };
  try {
    // The tenant release as Flux leaves it after its install: its finalizer on, Ready.
    const tenant = await client.create({ ...release('tenant-root', 'tenant-a', 'Tenant'), metadata: { ...release('tenant-root', 'tenant-a', 'Tenant').metadata, finalizers: ['finalizers.fluxcd.io'] } });
    await client.updateStatus({ ...tenant, status: { conditions: [{ type: 'Ready', status: 'True', reason: 'InstallSucceeded', message: 'ok', lastTransitionTime: '2026-01-01T00:00:00Z' }] } });
    await client.create(release('tenant-a', 'postgres-db', 'Postgres'));
    await client.create(release('tenant-a', 'etcd', 'Etcd', true));
    await eventually('the cleanup finalizer', async () => (await live('tenant-root', 'tenant-a'))?.metadata.finalizers?.includes(TENANT_CLEANUP_FINALIZER));

    await client.delete(ref('tenant-root', 'tenant-a'));
    await eventually('the app deleted first', async () => (await live('tenant-a', 'postgres-db'))?.metadata.deletionTimestamp);
    assert.equal((await live('tenant-a', 'etcd'))?.metadata.deletionTimestamp, undefined, 'modules wait for the apps');

    await release_('tenant-a', 'postgres-db');
    await eventually('the module deleted once the app is gone', async () => (await live('tenant-a', 'etcd'))?.metadata.deletionTimestamp);
    assert.ok(await live('tenant-root', 'tenant-a'), 'the tenant release waits for its modules');

    await release_('tenant-a', 'etcd');
    await eventually('the cleanup finalizer released', async () => {
      const hr = await live('tenant-root', 'tenant-a');
      return hr && !hr.metadata.finalizers?.includes(TENANT_CLEANUP_FINALIZER);
    });
    assert.deepEqual((await live('tenant-root', 'tenant-a'))?.metadata.finalizers, ['finalizers.fluxcd.io'], 'Flux\'s uninstall comes next');
  } finally {
    await controller.stop();
    factory.stop();
    await server.stop();
  }
});
