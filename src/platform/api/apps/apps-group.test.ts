import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../machinery/object.ts';
import { isStatusError } from '../../../machinery/errors.ts';
import { definition, eventually, startApiTestEnv, writeCtx } from '../test-support.ts';

const HR = { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease' };
const tenant = (name: string, spec: Record<string, unknown> = {}, labels?: Record<string, string>): KubeObject => ({
  apiVersion: 'apps.cozystack.io/v1alpha1', kind: 'Tenant', metadata: { name, namespace: 'tenant-root', ...(labels ? { labels } : {}) }, spec,
});

test('create writes the HelmRelease tenant-<name> and reads it back with uid, resourceVersion and defaults', async () => {
  const env = await startApiTestEnv();
  try {
    const tenants = env.api.apps.served('tenants')!.registry;
    const created = await tenants.create('tenant-root', tenant('alpha', { etcd: true }, { team: 'a' }), writeCtx());
    const hr = await env.client.get({ ...HR, namespace: 'tenant-root', name: 'tenant-alpha' });
    assert.equal(created.metadata.uid, hr.metadata.uid);
    assert.equal(created.metadata.resourceVersion, hr.metadata.resourceVersion);
    assert.deepEqual(hr.metadata.labels, {
      'sharding.fluxcd.io/key': 'tenants', 'apps.cozystack.io-team': 'a',
      'apps.cozystack.io/application.kind': 'Tenant', 'apps.cozystack.io/application.group': 'apps.cozystack.io', 'apps.cozystack.io/application.name': 'alpha',
    });
    const spec = hr.spec as Record<string, unknown>;
    assert.deepEqual(spec.values, { etcd: true });
    assert.deepEqual(spec.chartRef, { kind: 'ExternalArtifact', name: 'cozystack-tenant-application-default-tenant', namespace: 'cozy-system' });
    assert.equal(spec.interval, '5m');
    assert.equal(spec.maxHistory, 5);
    assert.deepEqual(spec.install, { timeout: '15m', strategy: { name: 'RetryOnFailure', retryInterval: '30s' } });
    assert.deepEqual(spec.valuesFrom, [{ kind: 'Secret', name: 'cozystack-values' }]);
    assert.deepEqual(created.metadata.labels, { team: 'a' });
    assert.deepEqual(created.spec, { etcd: true, host: '', ingress: false, monitoring: false, resourceQuotas: {}, seaweedfs: false });
    assert.equal((created.status as { namespace: string }).namespace, 'tenant-alpha');

    const list = await tenants.list('tenant-root', { labelSelector: 'team=a' });
    assert.deepEqual(list.items.map((i) => i.metadata.name), ['alpha']);
    assert.equal((await tenants.list('tenant-root', { labelSelector: 'team=b' })).items.length, 0);
  } finally {
    await env.stop();
  }
});

test('a HelmRelease without the kind labels is not an app; status conditions and version are mirrored', async () => {
  const env = await startApiTestEnv();
  try {
    const tenants = env.api.apps.served('tenants')!.registry;
    await env.client.create({ ...HR, metadata: { name: 'tenant-stray', namespace: 'tenant-root' }, spec: { interval: '5m', chartRef: { kind: 'ExternalArtifact', name: 'x' } } });
    await assert.rejects(tenants.get('tenant-root', 'stray'), (e) => isStatusError(e, 'NotFound') && /tenants.apps.cozystack.io "stray" not found/.test(e.message));
    await tenants.create('tenant-root', tenant('beta'), writeCtx());
    const hr = await env.client.get({ ...HR, namespace: 'tenant-root', name: 'tenant-beta' });
    await env.client.updateStatus({ ...hr, status: { lastAttemptedRevision: '0.1.0+abc', conditions: [
      { type: 'Ready', status: 'True', reason: 'InstallSucceeded', message: 'done', lastTransitionTime: '2026-01-01T00:00:00Z' },
      { type: 'Reconciling', status: 'False', reason: 'x', message: 'x', lastTransitionTime: '2026-01-01T00:00:00Z' },
    ] } });
    const app = await tenants.get('tenant-root', 'beta');
    const status = app.status as { version: string; conditions: Array<{ type: string }> };
    assert.equal(status.version, '0.1.0+abc');
    assert.deepEqual(status.conditions.map((c) => c.type), ['Ready']);
    assert.deepEqual(env.api.apps.served('tenants')!.type.printer!.cells(app, new Date()).slice(0, 2), ['beta', 'True']);
    assert.equal(env.api.apps.served('tenants')!.type.printer!.cells(app, new Date())[3], 'abc');
  } finally {
    await env.stop();
  }
});

test('validation: DNS-1035 names, prefix+name within 53, reserved keys, schema on write, dry run stores nothing', async () => {
  const env = await startApiTestEnv();
  try {
    const tenants = env.api.apps.served('tenants')!.registry;
    await assert.rejects(tenants.create('tenant-root', tenant('1abc'), writeCtx()), (e) => isStatusError(e, 'Invalid') && /metadata.name/.test(e.message));
    const long = 'a'.repeat(47);
    await assert.rejects(tenants.create('tenant-root', tenant(long), writeCtx()), (e) => isStatusError(e, 'Invalid') && /must be no more than 46 characters \(release prefix "tenant-"\)/.test(e.message));
    await assert.rejects(tenants.create('tenant-root', tenant('gamma', { _cluster: {} }), writeCtx()), (e) => isStatusError(e, 'BadRequest') && /values key "_cluster" is reserved/.test(e.message));
    await assert.rejects(tenants.create('tenant-root', tenant('gamma', { etcd: 'yes' }), writeCtx(true)), (e) => {
      assert.ok(isStatusError(e, 'Invalid'));
      assert.deepEqual(e.details?.causes?.map((c) => c.field), ['spec.etcd']);
      return true;
    });
    const dry = await tenants.create('tenant-root', tenant('gamma', { etcd: true }), writeCtx(true));
    assert.equal(dry.metadata.name, 'gamma');
    assert.equal((await env.client.list(HR, { namespace: 'tenant-root' })).items.length, 0);
  } finally {
    await env.stop();
  }
});

test('update keeps the shard label and stores the patch over the defaulted object; delete removes the HelmRelease', async () => {
  const env = await startApiTestEnv();
  try {
    const tenants = env.api.apps.served('tenants')!.registry;
    await tenants.create('tenant-root', tenant('delta'), writeCtx());
    await env.client.patch({ ...HR, namespace: 'tenant-root', name: 'tenant-delta' }, 'merge', { metadata: { labels: { 'sharding.fluxcd.io/key': 'shard-2' } } });
    const updated = await tenants.guaranteedUpdate('tenant-root', 'delta', writeCtx(), '', (cur) => ({ ...cur, spec: { ...(cur.spec as object), monitoring: true } }));
    const hr = await env.client.get({ ...HR, namespace: 'tenant-root', name: 'tenant-delta' });
    assert.equal(hr.metadata.labels!['sharding.fluxcd.io/key'], 'shard-2');
    assert.equal((hr.spec as { values: Record<string, unknown> }).values.monitoring, true);
    assert.equal((hr.spec as { values: Record<string, unknown> }).values.host, '');
    assert.equal(updated.metadata.resourceVersion, hr.metadata.resourceVersion);
    await tenants.list('tenant-root');
    const { deleteObject } = await import('../../../apiserver/registry/delete.ts');
    await deleteObject(tenants, 'tenant-root', 'delta', {}, writeCtx());
    await assert.rejects(env.client.get({ ...HR, namespace: 'tenant-root', name: 'tenant-delta' }), (e) => isStatusError(e, 'NotFound'));
  } finally {
    await env.stop();
  }
});

test('a new ApplicationDefinition is served without restart, and goes when deleted', async () => {
  const env = await startApiTestEnv();
  try {
    await env.client.create(definition('etcd', 'Etcd', 'etcds', '', { type: 'object', properties: { replicas: { type: 'integer', default: 3 } } }, { labels: { 'internal.cozystack.io/tenantmodule': 'true' } }));
    const served = await eventually('etcds served', () => env.api.apps.served('etcds'));
    const app = await served.registry.create('tenant-root', { apiVersion: 'apps.cozystack.io/v1alpha1', kind: 'Etcd', metadata: { name: 'etcd', namespace: 'tenant-root' }, spec: {} }, writeCtx());
    assert.deepEqual(app.spec, { replicas: 3 });
    const hr = await env.client.get({ ...HR, namespace: 'tenant-root', name: 'etcd' });
    assert.equal(hr.metadata.labels!['internal.cozystack.io/tenantmodule'], 'true');
    await env.client.delete({ apiVersion: 'cozystack.io/v1alpha1', kind: 'ApplicationDefinition', name: 'etcd' });
    await eventually('etcds gone', () => !env.api.apps.served('etcds'));
  } finally {
    await env.stop();
  }
});
