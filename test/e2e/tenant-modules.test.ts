// Tenant modules (T-7, T-9): switching etcd, ingress, monitoring and seaweedfs on in the root tenant
// makes their HelmReleases Ready and their pods Running under the modules' real names; info is
// always there with its token Secret; switching a module off removes it. Real kubectl throughout.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type TestCluster } from '../support/cluster.ts';

interface Item {
  metadata: { name: string; labels?: Record<string, string> };
  type?: string;
  data?: Record<string, string>;
  status?: { phase?: string; conditions?: Array<{ type: string; status: string }> };
}

async function waitFor<T>(probe: () => T | undefined | false, what: string, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function items(c: TestCluster, args: string[]): Item[] {
  const r = c.kubectl([...args, '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { items: Item[] }).items;
}

const ready = (i: Item) => i.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');

function readyReleases(c: TestCluster): Set<string> {
  return new Set(items(c, ['get', 'helmreleases.helm.toolkit.fluxcd.io', '-n', 'tenant-root']).filter(ready).map((i) => i.metadata.name));
}

function runningPods(c: TestCluster, selector?: string): Item[] {
  return items(c, ['get', 'pods', '-n', 'tenant-root', ...(selector ? ['-l', selector] : [])]).filter((p) => p.status?.phase === 'Running' && ready(p));
}

function setModules(c: TestCluster, modules: Record<string, boolean>): void {
  const r = c.kubectl(['patch', 'helmreleases.helm.toolkit.fluxcd.io', 'tenant-root', '-n', 'tenant-root', '--type', 'merge', '-p', JSON.stringify({ spec: { values: modules } })]);
  assert.equal(r.code, 0, r.stderr);
}

describe('tenant modules in tenant-root', { timeout: 600_000 }, () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster({ platform: true });
    await waitFor(() => /Cozystack is ready/.test(c.output()), 'the platform to be ready', 300_000);
  });
  after(async () => {
    await c?.stop();
    c?.cleanup();
  });

  test('info is always on: its token Secret tenant-root is filled by the token controller', async () => {
    await waitFor(() => readyReleases(c).has('info'), 'HelmRelease info Ready');
    const secret = await waitFor(() => items(c, ['get', 'secrets', '-n', 'tenant-root']).find((s) => s.metadata.name === 'tenant-root' && s.data?.token), 'the token in Secret tenant-root');
    assert.equal(secret.type, 'kubernetes.io/service-account-token');
    assert.ok(secret.data?.['ca.crt']);
    assert.equal(Buffer.from(secret.data!.namespace!, 'base64').toString(), 'tenant-root');
    // The lineage webhook (MutatingWebhookConfiguration lineage) labels it as the Info application's
    // tenant resource, since the Info definition names it: so it is the tenant's TenantSecret.
    assert.match(c.kubectl(['get', 'mutatingwebhookconfiguration', 'lineage']).stdout, /^lineage\s+1\s+/m);
    assert.equal(secret.metadata.labels?.['apps.cozystack.io/application.kind'], 'Info');
    assert.equal(secret.metadata.labels?.['internal.cozystack.io/tenantresource'], 'true');
    const tenantSecret = c.kubectl(['get', 'tenantsecret', 'tenant-root', '-n', 'tenant-root']);
    assert.match(tenantSecret.stdout, /^tenant-root\s+kubernetes\.io\/service-account-token\s+\d+s$/m, tenantSecret.stderr);
  });

  test('switching etcd, ingress, monitoring and seaweedfs on brings up their releases and pods', async () => {
    setModules(c, { etcd: true, ingress: true, monitoring: true, seaweedfs: true });
    const wanted = ['etcd', 'ingress', 'ingress-nginx-system', 'monitoring', 'monitoring-system', 'seaweedfs', 'seaweedfs-db', 'seaweedfs-system'];
    await waitFor(() => wanted.every((n) => readyReleases(c).has(n)), `HelmReleases ${wanted.join(', ')} Ready`, 300_000);

    const etcdPods = await waitFor(() => { const p = runningPods(c, 'app.kubernetes.io/name=etcd,app.kubernetes.io/instance=etcd,app.kubernetes.io/managed-by=etcd-operator'); return p.length === 3 && p; }, '3 etcd member pods Running');
    assert.ok(etcdPods.every((p) => /^etcd-[a-z0-9]{5}$/.test(p.metadata.name)), etcdPods.map((p) => p.metadata.name).join(','));
    const cluster = c.kubectl(['get', 'etcdclusters.etcd-operator.cozystack.io', 'etcd', '-n', 'tenant-root', '-o', 'jsonpath={.status.readyMembers}']);
    assert.equal(cluster.stdout, '3');
    const pvcs = items(c, ['get', 'pvc', '-n', 'tenant-root']).map((p) => p.metadata.name);
    for (const pod of etcdPods) assert.ok(pvcs.includes(`data-${pod.metadata.name}`), `PVC data-${pod.metadata.name}`);

    await waitFor(() => runningPods(c, 'app.kubernetes.io/instance=ingress-nginx-system,app.kubernetes.io/component=controller').length === 2, '2 ingress controller pods');
    const svc = c.kubectl(['get', 'service', 'root-ingress-controller', '-n', 'tenant-root']);
    assert.equal(svc.code, 0, svc.stderr);
    assert.match(svc.stdout, /LoadBalancer\s+\S+\s+<pending>/);
    assert.equal(c.kubectl(['get', 'ingressclass', 'tenant-root', '-o', 'jsonpath={.spec.controller}']).stdout, 'k8s.io/ingress-nginx-tenant-root');
    // What the modules create carries the application it belongs to; the Services their definitions
    // name are tenant resources, the rest are not.
    const labelsOf = (kind: string, name: string) => JSON.parse(c.kubectl(['get', kind, name, '-n', 'tenant-root', '-o', 'jsonpath={.metadata.labels}']).stdout) as Record<string, string>;
    const lineage = (l: Record<string, string>) => [l['apps.cozystack.io/application.kind'], l['apps.cozystack.io/application.name'], l['internal.cozystack.io/tenantresource']];
    assert.deepEqual(lineage(labelsOf('service', 'root-ingress-controller')), ['Ingress', 'ingress', 'true']);
    assert.deepEqual(lineage(labelsOf('service', 'root-ingress-controller-admission')), ['Ingress', 'ingress', 'false']);
    assert.deepEqual(lineage(labelsOf('pod', etcdPods[0]!.metadata.name)), ['Etcd', 'etcd', 'false']);

    const names = () => runningPods(c).map((p) => p.metadata.name);
    for (const prefix of ['vmstorage-shortterm-', 'vmselect-longterm-', 'vminsert-shortterm-', 'vmagent-vmagent-', 'grafana-deployment-', 'alerta-', 'vlstorage-generic-',
      'seaweedfs-master-', 'seaweedfs-volume-', 'seaweedfs-filer-', 'seaweedfs-s3-']) {
      await waitFor(() => names().some((n) => n.startsWith(prefix)), `a Running pod ${prefix}*`);
    }
    assert.equal(names().filter((n) => /^seaweedfs-master-\d$/.test(n)).length, 3);
    assert.ok(!names().some((n) => /prometheus|loki|elasticsearch/.test(n)));
    await waitFor(() => items(c, ['get', 'tenantsecrets', '-n', 'tenant-root']).some((t) => t.metadata.name === 'grafana-admin-password'), 'TenantSecret grafana-admin-password');
  });

  test('switching etcd off removes its release, members and pods', async () => {
    setModules(c, { etcd: false });
    await waitFor(() => !items(c, ['get', 'helmreleases.helm.toolkit.fluxcd.io', '-n', 'tenant-root']).some((h) => h.metadata.name === 'etcd'), 'HelmRelease etcd gone');
    await waitFor(() => items(c, ['get', 'pods', '-n', 'tenant-root', '-l', 'app.kubernetes.io/name=etcd']).length === 0, 'etcd pods gone');
    assert.equal(items(c, ['get', 'etcdmembers.etcd-operator.cozystack.io', '-n', 'tenant-root']).length, 0);
  });
});
