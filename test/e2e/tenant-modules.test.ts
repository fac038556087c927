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

    const names = () => runningPods(c).map((p) => p.metadata.name);
    for (const prefix of ['vmstorage-shortterm-', 'vmselect-longterm-', 'vminsert-shortterm-', 'vmagent-vmagent-', 'grafana-deployment-', 'alerta-', 'vlstorage-generic-',
      'seaweedfs-master-', 'seaweedfs-volume-', 'seaweedfs-filer-', 'seaweedfs-s3-']) {
      await waitFor(() => names().some((n) => n.startsWith(prefix)), `a Running pod ${prefix}*`);
    }
    assert.equal(names().filter((n) => /^seaweedfs-master-\d$/.test(n)).length, 3);
    assert.ok(!names().some((n) => /prometheus|loki|elasticsearch/.test(n)));
  });

  test('switching etcd off removes its release, members and pods', async () => {
    setModules(c, { etcd: false });
    await waitFor(() => !items(c, ['get', 'helmreleases.helm.toolkit.fluxcd.io', '-n', 'tenant-root']).some((h) => h.metadata.name === 'etcd'), 'HelmRelease etcd gone');
    await waitFor(() => items(c, ['get', 'pods', '-n', 'tenant-root', '-l', 'app.kubernetes.io/name=etcd']).length === 0, 'etcd pods gone');
    assert.equal(items(c, ['get', 'etcdmembers.etcd-operator.cozystack.io', '-n', 'tenant-root']).length, 0);
  });
});
