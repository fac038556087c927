import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KubeClient } from '../../controller/client.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { validateTenant } from './tenant-validation.ts';
import type { AppValidationContext } from './validation-hooks.ts';

function tenantRelease(namespace: string, name: string, quotas?: Record<string, unknown>): KubeObject {
  return {
    apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease',
    metadata: { name: `tenant-${name}`, namespace, labels: { 'apps.cozystack.io/application.kind': 'Tenant', 'apps.cozystack.io/application.group': 'apps.cozystack.io' } },
    spec: quotas ? { values: { resourceQuotas: quotas } } : {},
  };
}

function quota(namespace: string, used: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'tenant-quota', namespace }, status: { used } };
}

/** Reads from a fixed set of objects, as cozystack-api's client would from the cluster. */
function clusterOf(objects: KubeObject[]): KubeClient {
  const matches = (o: KubeObject, kind: string, ns?: string, selector?: string) =>
    o.kind === kind && (!ns || o.metadata.namespace === ns) &&
    (selector ?? '').split(',').filter(Boolean).every((term) => { const [k, v] = term.split('='); return o.metadata.labels?.[k!] === v; });
  return {
    async get(ref: { kind: string; namespace?: string; name: string }) {
      const o = objects.find((x) => x.kind === ref.kind && x.metadata.namespace === ref.namespace && x.metadata.name === ref.name);
      if (!o) throw Object.assign(new Error('not found'), { code: 404 });
      return o;
    },
    async list(gvk: { kind: string }, opts: { namespace?: string; labelSelector?: string } = {}) {
      return { apiVersion: 'v1', kind: 'List', metadata: {}, items: objects.filter((o) => matches(o, gvk.kind, opts.namespace, opts.labelSelector)) };
    },
  } as unknown as KubeClient;
}

function ctx(namespace: string, objects: KubeObject[] = [], operation: 'CREATE' | 'UPDATE' = 'CREATE'): AppValidationContext {
  return { operation, namespace, app: { kind: 'Tenant', plural: 'tenants', prefix: 'tenant-', definition: 'tenant' }, client: clusterOf(objects), dryRun: false };
}

function tenant(name: string, namespace: string, spec: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'apps.cozystack.io/v1alpha1', kind: 'Tenant', metadata: { name, namespace }, spec };
}

test('a dash in the name is refused, telling to create the last word inside the first', async () => {
  const r = await validateTenant(tenant('acme-dev', 'tenant-root'), ctx('tenant-root'));
  assert.equal(r.causes.length, 1);
  assert.equal(r.causes[0]!.field, 'metadata.name');
  assert.match(r.causes[0]!.message, /^Invalid value: "acme-dev": tenant names must start with a lowercase letter and contain only lowercase letters and digits; dashes are not allowed/);
  assert.match(r.causes[0]!.message, /create tenant "dev" inside tenant "acme" instead, which gives namespace "tenant-acme-dev"/);
  assert.equal((await validateTenant(tenant('9lives', 'tenant-root'), ctx('tenant-root'))).causes.length, 1);
  assert.deepEqual((await validateTenant(tenant('acme', 'tenant-root'), ctx('tenant-root'))).causes, []);
});

test('the child namespace must fit 63 characters', async () => {
  const parent = `tenant-${'a'.repeat(40)}`;
  const r = await validateTenant(tenant('b'.repeat(20), parent), ctx(parent));
  assert.match(r.causes[0]!.message, /computed tenant namespace "tenant-a+-b+" would be 68 characters, which exceeds the 63-character Kubernetes namespace limit/);
});

test('isolated is accepted with a warning that it was removed; allocation ratios are refused with where they live', async () => {
  const iso = await validateTenant(tenant('acme', 'tenant-root', { isolated: true }), ctx('tenant-root'));
  assert.deepEqual(iso.causes, []);
  assert.match(iso.warnings[0]!, /isolated flag was removed in Cozystack v1\.0.*isolation is always on/);
  const ratio = await validateTenant(tenant('acme', 'tenant-root', { cpuAllocationRatio: 4 }), ctx('tenant-root'));
  assert.equal(ratio.causes[0]!.field, 'spec.cpuAllocationRatio');
  assert.match(ratio.causes[0]!.message, /^Forbidden: cpuAllocationRatio is a platform-wide setting.*Platform Package.*spec\.components\.platform\.values\.resources\.cpuAllocationRatio/);
});

test('hierarchical quota: a child may not take more than the parent has left after siblings and use', async () => {
  const cluster = [
    tenantRelease('tenant-root', 'acme', { cpu: '16', memory: '32Gi' }),
    tenantRelease('tenant-acme', 'dev', { cpu: '10' }),
    tenantRelease('tenant-acme', 'free'),
    quota('tenant-acme', { 'limits.cpu': '2', 'limits.memory': '1Gi' }),
  ];
  const over = await validateTenant(tenant('prod', 'tenant-acme', { resourceQuotas: { cpu: '5', memory: '8Gi' } }), ctx('tenant-acme', cluster));
  assert.equal(over.causes.length, 1);
  assert.equal(over.causes[0]!.field, 'spec.resourceQuotas[cpu]');
  assert.equal(over.causes[0]!.message,
    'Forbidden: requested 5 exceeds the parent tenant\'s remaining "cpu" quota of 4 (parent allows 16, 10 already allocated to sibling tenants, 2 currently in use by the parent pool); a child tenant may not be granted more quota than its parent has left');
  assert.deepEqual((await validateTenant(tenant('prod', 'tenant-acme', { resourceQuotas: { cpu: '4' } }), ctx('tenant-acme', cluster))).causes, []);
  // An update of dev does not count dev against itself.
  assert.deepEqual((await validateTenant(tenant('dev', 'tenant-acme', { resourceQuotas: { cpu: '14' } }), ctx('tenant-acme', cluster, 'UPDATE'))).causes, []);
  // No quota on the child, or none on the parent: allowed.
  assert.deepEqual((await validateTenant(tenant('prod', 'tenant-acme'), ctx('tenant-acme', cluster))).causes, []);
  assert.deepEqual((await validateTenant(tenant('big', 'tenant-root', { resourceQuotas: { cpu: '1000' } }), ctx('tenant-root', cluster))).causes, []);
});
