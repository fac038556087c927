// cozystack-api as an aggregated API server (issue 5): APIServices, discovery, OpenAPI, and the
// apps.cozystack.io kinds as views over HelmReleases, checked with real kubectl and client-node.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as k8s from '@kubernetes/client-node';
import { useCluster } from '../support/cluster.ts';

async function until<T>(probe: () => T | undefined | false, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function json<T = Record<string, unknown>>(args: string[]): T {
  const r = cluster.kubectl([...args, '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as T;
}

function tenantYaml(name: string, spec: string, labels = ''): string {
  return `apiVersion: apps.cozystack.io/v1alpha1\nkind: Tenant\nmetadata:\n  name: ${name}\n  namespace: tenant-root\n${labels ? `  labels: {${labels}}\n` : ''}spec: ${spec}\n`;
}

const cluster = useCluster({ platform: true }, async () => {
  await until(() => cluster.kubectl(['get', 'apiservice', 'v1alpha1.apps.cozystack.io']).code === 0, 'the cozystack-api APIServices', 90_000);
  const wait = cluster.kubectl(['wait', '--for=condition=Available', '--timeout=120s', 'apiservices/v1alpha1.apps.cozystack.io', 'apiservices/v1alpha1.core.cozystack.io', 'apiservices/v1alpha1.sdn.cozystack.io']);
  assert.equal(wait.code, 0, wait.stderr + cluster.output().slice(-3000));
  await until(() => cluster.kubectl(['get', 'applicationdefinition', 'tenant']).code === 0 && cluster.kubectl(['get', 'tenants', '-n', 'tenant-root']).code === 0, 'the tenant kind', 60_000);
});

test('kubectl get apiservices: three aggregated rows on cozystack-api, Local rows for CRD groups, none for apps', () => {
  const r = cluster.kubectl(['get', 'apiservices']);
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout.trim().split('\n').map((l) => l.split(/\s+/));
  assert.deepEqual(rows[0]!.slice(0, 4), ['NAME', 'SERVICE', 'AVAILABLE', 'AGE']);
  for (const group of ['apps', 'core', 'sdn']) {
    const row = rows.find((cells) => cells[0] === `v1alpha1.${group}.cozystack.io`);
    assert.deepEqual(row?.slice(1, 3), ['cozy-system/cozystack-api', 'True'], `row of ${group}`);
  }
  assert.deepEqual(rows.find((cells) => cells[0] === 'v1alpha1.cozystack.io')?.slice(1, 3), ['Local', 'True']);
  assert.deepEqual(rows.find((cells) => cells[0] === 'v1')?.slice(1, 3), ['Local', 'True']);
  const apps = json<{ spec: Record<string, unknown>; metadata: { annotations: Record<string, string> } }>(['get', 'apiservice', 'v1alpha1.apps.cozystack.io']);
  assert.deepEqual(apps.spec.service, { name: 'cozystack-api', namespace: 'cozy-system', port: 443 });
  assert.equal(apps.spec.groupPriorityMinimum, 1000);
  assert.equal(apps.spec.versionPriority, 15);
  assert.equal(apps.metadata.annotations['cert-manager.io/inject-ca-from'], 'cozy-system/cozystack-api');
});

test('no CRD serves apps.cozystack.io; api-resources lists the kinds without short names', () => {
  const crds = cluster.kubectl(['get', 'crd', '-o', 'name']);
  assert.equal(crds.code, 0, crds.stderr);
  assert.ok(crds.stdout.includes('applicationdefinitions.cozystack.io'));
  assert.ok(!/\.apps\.cozystack\.io$/m.test(crds.stdout), crds.stdout);
  const r = cluster.kubectl(['api-resources', '--api-group=apps.cozystack.io', '--no-headers']);
  assert.equal(r.code, 0, r.stderr);
  const tenants = r.stdout.split('\n').map((l) => l.trim().split(/\s+/)).find((c) => c[0] === 'tenants');
  assert.deepEqual(tenants, ['tenants', 'apps.cozystack.io/v1alpha1', 'true', 'Tenant']);
  const core = cluster.kubectl(['api-resources', '--api-group=core.cozystack.io', '-o', 'name']);
  assert.deepEqual(core.stdout.trim().split('\n').sort(), ['options.core.cozystack.io', 'tenantmodules.core.cozystack.io', 'tenantnamespaces.core.cozystack.io', 'tenantsecrets.core.cozystack.io']);
  assert.equal(cluster.kubectl(['api-resources', '--api-group=sdn.cozystack.io', '-o', 'name']).stdout.trim(), 'securitygroups.sdn.cozystack.io');
});

for (const version of ['1.27', '1.33']) {
  test(`kubectl ${version} explain tenants.spec shows the chart's values schema`, () => {
    const r = cluster.kubectl(['explain', 'tenants.spec'], { version });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /KIND:\s+Tenant/);
    assert.match(r.stdout, /etcd\s+<boolean>/);
    assert.match(r.stdout, /Deploy own Etcd cluster\./);
    assert.match(r.stdout, /resourceQuotas\s+<(Object|map\[string\]Object|map\[string\]IntOrString)>/);
  });
}

test('create, get, list, patch and delete of a Tenant map onto its HelmRelease', async () => {
  const created = cluster.kubectl(['apply', '-f', '-'], { input: tenantYaml('alpha', '{etcd: true}', 'team: a') });
  assert.equal(created.code, 0, created.stderr);
  const hr = json<{ metadata: { uid: string; labels: Record<string, string> }; spec: Record<string, unknown> }>(['get', 'helmrelease', 'tenant-alpha', '-n', 'tenant-root']);
  assert.equal(hr.metadata.labels['apps.cozystack.io/application.kind'], 'Tenant');
  assert.equal(hr.metadata.labels['apps.cozystack.io/application.group'], 'apps.cozystack.io');
  assert.equal(hr.metadata.labels['apps.cozystack.io/application.name'], 'alpha');
  assert.equal(hr.metadata.labels['apps.cozystack.io-team'], 'a');
  assert.equal((hr.spec.values as Record<string, unknown>).etcd, true);
  assert.deepEqual(hr.spec.chartRef, { kind: 'ExternalArtifact', name: 'cozystack-tenant-application-default-tenant', namespace: 'cozy-system' });
  assert.deepEqual(hr.spec.valuesFrom, [{ kind: 'Secret', name: 'cozystack-values' }]);

  // uid and resourceVersion are the HelmRelease's (read both until no write fell between them).
  await until(() => {
    const app = json<{ metadata: { uid: string; resourceVersion: string } }>(['get', 'tenant', 'alpha', '-n', 'tenant-root']);
    const release = json<{ metadata: { uid: string; resourceVersion: string } }>(['get', 'helmrelease', 'tenant-alpha', '-n', 'tenant-root']);
    assert.equal(app.metadata.uid, release.metadata.uid);
    return app.metadata.resourceVersion === release.metadata.resourceVersion;
  }, 'equal resourceVersions');

  const app = json<{ metadata: { labels: Record<string, string> }; spec: Record<string, unknown>; status: { namespace: string } }>(['get', 'tenant', 'alpha', '-n', 'tenant-root']);
  assert.deepEqual(app.metadata.labels, { team: 'a' });
  assert.equal(app.spec.monitoring, false, 'schema defaults filled in on read');
  assert.equal(app.status.namespace, 'tenant-alpha');

  const table = cluster.kubectl(['get', 'tenants', '-n', 'tenant-root', '-l', 'team=a']);
  assert.equal(table.code, 0, table.stderr);
  const lines = table.stdout.trim().split('\n');
  assert.deepEqual(lines[0]!.split(/\s+/), ['NAME', 'READY', 'AGE', 'VERSION']);
  assert.deepEqual(lines.slice(1).map((l) => l.split(/\s+/)[0]), ['alpha']);

  const patched = cluster.kubectl(['patch', 'tenant', 'alpha', '-n', 'tenant-root', '--type=merge', '-p', '{"spec":{"monitoring":true}}']);
  assert.equal(patched.code, 0, patched.stderr);
  const values = json<{ spec: { values: Record<string, unknown> } }>(['get', 'helmrelease', 'tenant-alpha', '-n', 'tenant-root']).spec.values;
  assert.equal(values.monitoring, true);
  assert.equal(values.host, '', 'a patch stores the defaulted object');
  const smp = cluster.kubectl(['patch', 'tenant', 'alpha', '-n', 'tenant-root', '-p', '{"spec":{"ingress":true}}']);
  assert.notEqual(smp.code, 0);
  assert.match(smp.stderr, /strategic-merge-patch\+json is not supported/);

  const deleted = cluster.kubectl(['delete', 'tenant', 'alpha', '-n', 'tenant-root', '--wait=false']);
  assert.equal(deleted.code, 0, deleted.stderr);
  await until(() => cluster.kubectl(['get', 'helmrelease', 'tenant-alpha', '-n', 'tenant-root']).code !== 0, 'the HelmRelease gone', 90_000);
  const gone = cluster.kubectl(['get', 'tenant', 'alpha', '-n', 'tenant-root']);
  assert.notEqual(gone.code, 0);
  assert.match(gone.stderr, /tenants.apps.cozystack.io "alpha" not found/);
});

test('--dry-run=server of an invalid Tenant answers 422 with the field causes and stores nothing', () => {
  const r = cluster.kubectl(['create', '--dry-run=server', '--validate=false', '-f', '-'], { input: tenantYaml('broken', '{etcd: "yes"}') });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /The Tenant "broken" is invalid: spec\.etcd: Invalid value: "string": etcd in body must be of type boolean/);
  for (const validate of ['strict', 'false']) {
    const reserved = cluster.kubectl(['create', '--dry-run=server', `--validate=${validate}`, '-f', '-'], { input: tenantYaml('reserved', '{_cluster: {}}') });
    assert.notEqual(reserved.code, 0);
    assert.match(reserved.stderr, /BadRequest.*values key "_cluster" is reserved/);
  }
  const patch = cluster.kubectl(['patch', 'tenant', 'root', '-n', 'tenant-root', '--type=merge', '-p', '{"spec":{"_namespace":{}}}']);
  assert.match(patch.stderr, /values key "_namespace" is reserved/);
  assert.notEqual(cluster.kubectl(['get', 'helmrelease', 'tenant-broken', '-n', 'tenant-root']).code, 0);
  const ok = cluster.kubectl(['create', '--dry-run=server', '-f', '-', '-o', 'json'], { input: tenantYaml('fine', '{}') });
  assert.equal(ok.code, 0, ok.stderr);
  assert.notEqual(cluster.kubectl(['get', 'helmrelease', 'tenant-fine', '-n', 'tenant-root']).code, 0);
});

test('watch through @kubernetes/client-node sees a Tenant added, modified and deleted', async () => {
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(cluster.kubeconfig);
  const events: Array<{ type: string; name?: string }> = [];
  const req = await new k8s.Watch(kc).watch('/apis/apps.cozystack.io/v1alpha1/namespaces/tenant-root/tenants', { labelSelector: 'watch=me' }, (type, obj: k8s.KubernetesObject) => {
    events.push({ type, name: obj.metadata?.name });
  }, () => {});
  try {
    assert.equal(cluster.kubectl(['apply', '-f', '-'], { input: tenantYaml('watched', '{}', 'watch: me') }).code, 0);
    await until(() => events.some((e) => e.type === 'ADDED' && e.name === 'watched'), 'ADDED');
    assert.equal(cluster.kubectl(['patch', 'tenant', 'watched', '-n', 'tenant-root', '--type=merge', '-p', '{"spec":{"host":"w.example.org"}}']).code, 0);
    await until(() => events.some((e) => e.type === 'MODIFIED' && e.name === 'watched'), 'MODIFIED');
    assert.equal(cluster.kubectl(['delete', 'tenant', 'watched', '-n', 'tenant-root', '--wait=false']).code, 0);
    await until(() => events.some((e) => e.type === 'DELETED' && e.name === 'watched'), 'DELETED', 90_000);
  } finally {
    req.abort();
  }
});

test('a user-created ApplicationDefinition over an existing chart artifact is served within seconds', async () => {
  const definition = `apiVersion: cozystack.io/v1alpha1
kind: ApplicationDefinition
metadata:
  name: notes
spec:
  application:
    kind: Notes
    plural: noteses
    singular: notes
    openAPISchema: '{"type":"object","properties":{"replicas":{"type":"integer","default":2,"description":"How many note takers."}}}'
  release:
    prefix: notes-
    labels: {sharding.fluxcd.io/key: tenants}
    chartRef: {kind: ExternalArtifact, name: cozystack-info-application-default-info, namespace: cozy-system}
`;
  assert.equal(cluster.kubectl(['apply', '-f', '-'], { input: definition }).code, 0);
  await until(() => cluster.kubectl(['api-resources', '--api-group=apps.cozystack.io', '-o', 'name']).stdout.includes('noteses.apps.cozystack.io'), 'noteses served', 5_000);
  const explain = cluster.kubectl(['explain', 'noteses.spec.replicas']);
  assert.match(explain.stdout, /How many note takers\./);
  const create = cluster.kubectl(['create', '-f', '-'], { input: 'apiVersion: apps.cozystack.io/v1alpha1\nkind: Notes\nmetadata: {name: n1, namespace: tenant-root}\nspec: {}\n' });
  assert.equal(create.code, 0, create.stderr);
  assert.equal(json<{ spec: { replicas: number } }>(['get', 'noteses', 'n1', '-n', 'tenant-root']).spec.replicas, 2, 'schema default on read');
  assert.deepEqual(json<{ spec: { values: unknown } }>(['get', 'helmrelease', 'notes-n1', '-n', 'tenant-root']).spec.values, {}, 'create stores the spec as sent');
  assert.equal(cluster.kubectl(['delete', 'noteses', 'n1', '-n', 'tenant-root', '--wait=false']).code, 0);
  assert.equal(cluster.kubectl(['delete', 'applicationdefinition', 'notes']).code, 0);
  await until(() => !cluster.kubectl(['api-resources', '--api-group=apps.cozystack.io', '-o', 'name']).stdout.includes('noteses'), 'noteses no longer served', 5_000);
});

test('core.cozystack.io: tenantnamespaces, tenantmodules and options', () => {
  const ns = cluster.kubectl(['get', 'tenantnamespaces', '-o', 'name']);
  assert.equal(ns.code, 0, ns.stderr);
  assert.ok(ns.stdout.split('\n').includes('tenantnamespace.core.cozystack.io/tenant-root'), ns.stdout);
  assert.ok(!ns.stdout.includes('cozy-system'));
  const modules = cluster.kubectl(['get', 'tenantmodules', '-n', 'tenant-root']);
  assert.equal(modules.code, 0, modules.stderr);
  assert.deepEqual(modules.stdout.split('\n')[0]!.split(/\s+/), ['NAME', 'READY', 'AGE', 'VERSION']);
  const sc = json<{ spec: { items: Array<{ value: string; label: string }> } }>(['get', 'option', 'storageclass', '-n', 'tenant-root']);
  assert.ok(sc.spec.items.length > 0);
  const options = cluster.kubectl(['get', 'options', '-n', 'tenant-root']);
  assert.deepEqual(options.stdout.split('\n')[0]!.split(/\s+/), ['NAME', 'ITEMS']);
  assert.match(options.stdout, /appkind\s+\d+/);
});
