// The platform installing itself (P-4 … P-8): `cozylab up` with Cozystack, checked with real kubectl.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startCluster, type TestCluster } from '../support/cluster.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const READY_LINE = /Cozystack is ready: (\d+) HelmReleases Ready/;

interface Item {
  metadata: { name: string; namespace?: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  status?: { conditions?: Array<{ type: string; status: string; message: string; reason: string }> };
}

async function waitForOutput(c: TestCluster, re: RegExp, after = 0, ms = 60_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = re.exec(c.output().slice(after));
    if (m) return m;
    if (Date.now() > deadline) throw new Error(`no ${re} in output:\n${c.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function waitFor<T>(probe: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function items(c: TestCluster, args: string[]): Item[] {
  const r = c.kubectl([...args, '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  return (JSON.parse(r.stdout) as { items: Item[] }).items;
}

/** The HelmReleases the Packages should have produced, computed from the PackageSources (as the operator does). */
function expectedReleases(c: TestCluster): string[] {
  const sources = new Map(items(c, ['get', 'packagesources']).map((s) => [s.metadata.name, s]));
  const out: string[] = [];
  for (const pkg of items(c, ['get', 'packages'])) {
    const variantName = (pkg.spec?.variant as string) || 'default';
    const variant = ((sources.get(pkg.metadata.name)?.spec?.variants ?? []) as Array<{ name: string; components?: Array<{ name: string; install?: { namespace: string; releaseName?: string } }> }>).find((v) => v.name === variantName);
    const overrides = (pkg.spec?.components ?? {}) as Record<string, { enabled?: boolean }>;
    for (const comp of variant?.components ?? []) {
      if (comp.install && overrides[comp.name]?.enabled !== false) out.push(`${comp.install.namespace}/${comp.install.releaseName || comp.name}`);
    }
  }
  return out.sort();
}

function readyReleases(c: TestCluster): { all: string[]; notReady: string[] } {
  const hrs = items(c, ['get', 'helmreleases', '-A']);
  const name = (h: Item) => `${h.metadata.namespace}/${h.metadata.name}`;
  return { all: hrs.map(name).sort(), notReady: hrs.filter((h) => h.status?.conditions?.find((x) => x.type === 'Ready')?.status !== 'True').map(name) };
}

function platformYaml(variant: string, extra = ''): string {
  return `apiVersion: cozystack.io/v1alpha1
kind: Package
metadata:
  name: cozystack.cozystack-platform
spec:
  variant: ${variant}
  components:
    platform:
      values:
        publishing:
          host: example.org
          apiServerEndpoint: https://api.example.org:443
${extra}`;
}

test('cozylab up --platform with an old variant name exits 1 and names the replacement', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cozylab-platform-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'platform.yaml');
  writeFileSync(file, platformYaml('paas-full'));
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'cozylab.js'), 'up', '--data-dir', join(dir, 'data'), '--port', '0', '--platform', file], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /spec\.variant: Invalid value: "paas-full": the pre-1\.0 bundle "paas-full" is the variant "isp-full" since Cozystack 1\.0/);
  writeFileSync(file, platformYaml('distro-hosted'));
  const d = spawnSync(process.execPath, [join(ROOT, 'bin', 'cozylab.js'), 'up', '--data-dir', join(dir, 'data'), '--port', '0', '--platform', file], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(d.status, 1);
  assert.match(d.stderr, /choose one of "default", "isp-full", "isp-hosted", "isp-full-generic"/);
});

describe('the default install (isp-full)', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster({ platform: true });
    await waitForOutput(c, READY_LINE);
  });
  after(async () => {
    await c.stop();
    c.cleanup();
  });

  test('the stages are printed, and every HelmRelease the Packages generate is READY True', () => {
    const out = c.output();
    for (const stage of [/\[1\/3\] Talos: 3 node\(s\) registered Ready/, /\[2\/3\] Kubernetes/, /\[3\/3\] Cozystack: cozy-installer .* installed \(release cozystack, revision 1\)/, /\d+\/\d+ HelmReleases Ready/]) assert.match(out, stage);
    const { all, notReady } = readyReleases(c);
    assert.deepEqual(notReady, []);
    const expected = expectedReleases(c);
    assert.deepEqual(expected.filter((r) => !all.includes(r)), [], 'every HelmRelease a Package generates exists');
    // The others are rendered by charts (cozystack-basics' tenant-root, the tenant chart's modules), not by the operator.
    const byName = new Map(items(c, ['get', 'helmreleases', '-A']).map((h) => [`${h.metadata.namespace}/${h.metadata.name}`, h]));
    const rendered = all.filter((r) => !expected.includes(r));
    assert.deepEqual(rendered.filter((r) => byName.get(r)?.metadata.labels?.['app.kubernetes.io/managed-by'] !== 'Helm'), []);
    assert.ok(rendered.includes('tenant-root/tenant-root'));
    assert.ok(all.includes('cozy-system/cozystack-platform'));
    const table = c.kubectl(['get', 'hr', '-A']);
    assert.match(table.stdout.split('\n')[0]!, /^NAMESPACE\s+NAME\s+AGE\s+READY\s+STATUS/);
  });

  test('every Service the releases installed at once has a ClusterIP of its own, recorded by an IPAddress naming it', async () => {
    const services = items(c, ['get', 'services', '-A']) as Array<Item & { spec?: { clusterIP?: string } }>;
    const holders = new Map<string, string[]>();
    for (const s of services) {
      const ip = s.spec?.clusterIP;
      if (!ip || ip === 'None') continue;
      holders.set(ip, [...(holders.get(ip) ?? []), `${s.metadata.namespace}/${s.metadata.name}`]);
    }
    assert.ok(holders.size > 10, `${holders.size} ClusterIPs`);
    assert.deepEqual([...holders].filter(([, names]) => names.length > 1), [], 'ClusterIPs held by more than one Service');
    // The allocator's records follow the Services (a controller writes them): give it a moment.
    let unrecorded: Array<[string, string[]]> = [];
    for (let tries = 0; tries < 50; tries++) {
      const records = items(c, ['get', 'ipaddresses.networking.k8s.io']) as Array<Item & { spec: { parentRef: { namespace: string; name: string } } }>;
      const recorded = new Map(records.map((r) => [r.metadata.name, `${r.spec.parentRef.namespace}/${r.spec.parentRef.name}`]));
      unrecorded = [...holders].filter(([ip, [name]]) => recorded.get(ip) !== name);
      if (unrecorded.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(unrecorded, [], 'ClusterIPs without an IPAddress naming their Service');
  });

  test('CoreDNS serves the cluster domain Cozystack sets (cozy.local) from kube-dns on 10.96.0.10, whatever the platform took since', () => {
    const corefile = c.kubectl(['get', 'configmap', 'coredns', '-n', 'kube-system', '-o', 'jsonpath={.data.Corefile}']).stdout;
    assert.match(corefile, /kubernetes cozy\.local in-addr\.arpa ip6\.arpa \{/);
    assert.equal(c.kubectl(['get', 'service', 'kube-dns', '-n', 'kube-system', '-o', 'jsonpath={.spec.clusterIP}']).stdout, '10.96.0.10');
  });

  test('the operators make what the platform custom resources ask for: LINSTOR, KubeVirt and CDI components run, their resources report Deployed/Available', async () => {
    // namespace/workload of every Running pod: its DaemonSet, or the Deployment of its ReplicaSet
    // (a jsonpath, not -o json: the JSON of every pod outgrows what a spawned kubectl may print).
    const runningWorkloads = (): string[] => {
      const r = c.kubectl(['get', 'pods', '-A', '-o', 'jsonpath={range .items[*]}{.metadata.namespace} {.metadata.ownerReferences[0].kind} {.metadata.ownerReferences[0].name} {.status.phase}{"\\n"}{end}']);
      assert.equal(r.code, 0, r.stderr);
      return r.stdout
        .split('\n')
        .map((line) => line.split(' '))
        .filter(([, , , phase]) => phase === 'Running')
        .map(([ns, kind, name]) => `${ns}/${kind === 'ReplicaSet' ? name!.replace(/-[a-z0-9]+$/, '') : name}`);
    };
    const want: Record<string, string[]> = {
      'cozy-linstor': ['linstor-controller', 'linstor-csi-controller', 'linstor-csi-node', 'ha-controller', 'linstor-satellite.node1', 'linstor-satellite.node2', 'linstor-satellite.node3'],
      'cozy-kubevirt': ['virt-api', 'virt-controller', 'virt-handler', 'virt-exportproxy'],
      'cozy-kubevirt-cdi': ['cdi-apiserver', 'cdi-deployment', 'cdi-uploadproxy'],
    };
    let missing: string[] = [];
    let workloads: string[] = [];
    for (let tries = 0; tries < 30; tries++) {
      workloads = runningWorkloads();
      missing = Object.entries(want).flatMap(([ns, names]) => names.map((n) => `${ns}/${n}`)).filter((w) => !workloads.includes(w));
      if (missing.length === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.deepEqual(missing, []);
    assert.equal(workloads.filter((w) => w === 'cozy-linstor/linstor-csi-node').length, 3, 'a CSI node plugin per node');
    let phases = '';
    for (let tries = 0; tries < 20 && phases !== 'Deployed Deployed True'; tries++) {
      phases = [
        c.kubectl(['get', 'kubevirt', 'kubevirt', '-n', 'cozy-kubevirt', '-o', 'jsonpath={.status.phase}']).stdout,
        c.kubectl(['get', 'cdi', 'cdi', '-o', 'jsonpath={.status.phase}']).stdout,
        c.kubectl(['get', 'linstorcluster', 'linstorcluster', '-o', 'jsonpath={.status.conditions[?(@.type=="Available")].status}']).stdout,
      ].join(' ');
      if (phases !== 'Deployed Deployed True') await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(phases, 'Deployed Deployed True');
    assert.match(c.kubectl(['get', 'kubevirt', '-n', 'cozy-kubevirt']).stdout, /^kubevirt\s+\S+\s+Deployed$/m);
  });

  test("kube-ovn's control plane runs one per control-plane node, as many as its chart counts by looking the Nodes up", () => {
    const nodesOf = (app: string) => c.kubectl(['get', 'pods', '-n', 'cozy-kubeovn', '-l', `app=${app}`, '-o', 'jsonpath={.items[*].spec.nodeName}']).stdout.split(' ').filter(Boolean).sort();
    assert.equal(c.kubectl(['get', 'deploy', 'ovn-central', '-n', 'cozy-kubeovn', '-o', 'jsonpath={.spec.replicas}']).stdout, '3');
    assert.deepEqual(nodesOf('ovn-central'), ['node1', 'node2', 'node3']);
    assert.deepEqual(nodesOf('kube-ovn-controller'), ['node1', 'node2', 'node3']);
    const selector = JSON.parse(c.kubectl(['get', 'deploy', 'ovn-central', '-n', 'cozy-kubeovn', '-o', 'jsonpath={.spec.template.spec.nodeSelector}']).stdout);
    assert.deepEqual(selector, { 'kubernetes.io/os': 'linux', 'node-role.kubernetes.io/control-plane': '' });
  });

  test('metrics-server serves metrics.k8s.io: kubectl top nodes and pods read as on a real cluster', () => {
    const apiservice = c.kubectl(['get', 'apiservice', 'v1beta1.metrics.k8s.io']);
    assert.match(apiservice.stdout, /v1beta1\.metrics\.k8s\.io\s+cozy-monitoring\/metrics-server\s+True/, apiservice.stderr);
    const nodes = c.kubectl(['top', 'nodes']);
    assert.equal(nodes.code, 0, nodes.stderr);
    const rows = nodes.stdout.trim().split('\n');
    assert.match(rows[0]!, /^NAME\s+CPU\(cores\)\s+CPU(\(%\)|%)\s+MEMORY\(bytes\)\s+MEMORY(\(%\)|%)/);
    assert.deepEqual(rows.slice(1).map((l) => l.split(/\s+/)[0]), ['node1', 'node2', 'node3']);
    for (const row of rows.slice(1)) assert.match(row, /^node\d\s+\d+m\s+\d+%\s+\d+Mi\s+\d+%/);
    const pods = c.kubectl(['top', 'pods', '-n', 'cozy-system', '-l', 'app=cozystack-api']);
    assert.equal(pods.code, 0, pods.stderr);
    assert.equal(pods.stdout.trim().split('\n').filter((l) => /^cozystack-api-\S+\s+\d+m\s+\d+Mi\s*$/.test(l)).length, 2, pods.stdout);
    const metrics = JSON.parse(c.kubectl(['get', '--raw', '/apis/metrics.k8s.io/v1beta1/nodes/node1']).stdout);
    assert.equal(metrics.kind, 'NodeMetrics');
    assert.match(metrics.usage.cpu, /^\d+n$/);
    assert.match(metrics.usage.memory, /^\d+Ki$/);
    // The aggregated reader role makes `view` enough, namespace by namespace.
    assert.equal(c.kubectl(['create', 'serviceaccount', 'top-viewer', '-n', 'default']).code, 0);
    assert.equal(c.kubectl(['create', 'rolebinding', 'top-viewer', '--clusterrole=view', '--serviceaccount=default:top-viewer', '-n', 'cozy-system']).code, 0);
    const token = c.kubectl(['create', 'token', 'top-viewer', '-n', 'default']).stdout.trim();
    assert.equal(c.kubectl(['top', 'pods', '-n', 'cozy-system', `--token=${token}`]).code, 0);
    const denied = c.kubectl(['top', 'pods', '-n', 'default', `--token=${token}`]);
    assert.match(denied.stderr, /pods\.metrics\.k8s\.io is forbidden: User "system:serviceaccount:default:top-viewer" cannot list resource "pods" in API group "metrics\.k8s\.io"/);
    const badSelector = c.kubectl(['get', '--raw', '/apis/metrics.k8s.io/v1beta1/pods?labelSelector=app%20in%20(']);
    assert.match(badSelector.stderr, /\(BadRequest\): unable to parse requirement/);
    const missing = c.kubectl(['top', 'pod', 'nope', '-n', 'default']);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /podmetrics\.metrics\.k8s\.io "default\/nope" not found/);
  });

  test('kubectl get package / pkg and pks show variants, readiness and status', () => {
    const pkg = c.kubectl(['get', 'pkg']);
    assert.equal(pkg.code, 0, pkg.stderr);
    const lines = pkg.stdout.trim().split('\n');
    assert.match(lines[0]!, /^NAME\s+VARIANT\s+READY\s+STATUS$/);
    const platform = lines.find((l) => l.startsWith('cozystack.cozystack-platform '));
    assert.match(platform!, /cozystack\.cozystack-platform\s+isp-full\s+True\s+reconciliation succeeded, generated 1 helmrelease\(s\)/);
    const pks = c.kubectl(['get', 'pks', 'cozystack.cozystack-platform']);
    assert.match(pks.stdout, /^NAME\s+VARIANTS\s+READY\s+STATUS/);
    assert.match(pks.stdout, /cozystack\.cozystack-platform\s+default,isp-full,isp-hosted,isp-full-generic\s+True/);
  });

  test('kubectl apply of an old variant and a variant change are refused', () => {
    const old = c.kubectl(['apply', '-f', '-'], { input: platformYaml('paas-hosted') });
    assert.equal(old.code, 1);
    assert.match(old.stderr, /is invalid: spec\.variant: Invalid value: "paas-hosted": .*"isp-hosted"/);
    const change = c.kubectl(['patch', 'package', 'cozystack.cozystack-platform', '--type=merge', '-p', '{"spec":{"variant":"isp-hosted"}}']);
    assert.equal(change.code, 1);
    assert.match(change.stderr, /the variant is chosen at install; changing it is a reinstall/);
  });

  test('a change in the platform description upgrades the releases it reaches (new revision), nothing by hand', async () => {
    const history = () => ((items(c, ['get', 'helmreleases', '-n', 'cozy-kubeovn']).find((h) => h.metadata.name === 'kubeovn')?.status as { history?: Array<{ version: number }> } | undefined)?.history ?? []).map((h) => h.version);
    assert.deepEqual(history(), [1]);
    const patch = { spec: { components: { platform: { values: { networking: { podCIDR: '10.250.0.0/16', podGateway: '10.250.0.1' } } } } } };
    const r = c.kubectl(['patch', 'package', 'cozystack.cozystack-platform', '--type=merge', '-p', JSON.stringify(patch)]);
    assert.equal(r.code, 0, r.stderr);
    await waitFor(() => (history()[0] === 2 ? true : undefined), 'kubeovn upgraded to revision 2');
    const values = c.kubectl(['get', 'hr', 'kubeovn', '-n', 'cozy-kubeovn', '-o', 'jsonpath={.spec.values}']).stdout;
    assert.match(values, /10\.250\.0\.0\/16/);
    await waitFor(() => (readyReleases(c).notReady.length === 0 ? true : undefined), 'every HelmRelease Ready again');
    // A release the change does not reach keeps its revision.
    const reloader = items(c, ['get', 'helmreleases', '-n', 'cozy-reloader']).find((h) => h.metadata.name === 'reloader');
    assert.deepEqual(((reloader?.status as { history?: Array<{ version: number }> }).history ?? []).map((h) => h.version), [1]);
  });

  test('disabling a package after install leaves it installed, and the platform says how to remove it', async () => {
    const victim = items(c, ['get', 'packages']).map((p) => p.metadata.name).find((n) => n !== 'cozystack.cozystack-platform')!;
    const patch = { spec: { components: { platform: { values: { bundles: { disabledPackages: [victim] } } } } } };
    const r = c.kubectl(['patch', 'package', 'cozystack.cozystack-platform', '--type=merge', '-p', JSON.stringify(patch)]);
    assert.equal(r.code, 0, r.stderr);
    const message = await waitFor(() => {
      const p = items(c, ['get', 'packages']).find((x) => x.metadata.name === 'cozystack.cozystack-platform');
      const m = p?.status?.conditions?.find((x) => x.type === 'Ready')?.message ?? '';
      return m.includes(victim) ? m : undefined;
    }, 'the kept-package message');
    assert.match(message, new RegExp(`stays installed.*kubectl delete package ${victim.replace('.', '\\.')}`));
    assert.ok(items(c, ['get', 'packages']).some((p) => p.metadata.name === victim), 'the Package stays');
    const events = c.kubectl(['get', 'events', '-n', 'default', '--field-selector', 'reason=PackageKept']);
    assert.match(events.stdout, new RegExp(`Warning\\s+PackageKept\\s+package/cozystack\\.cozystack-platform`));
  });

  test('restarting on the same data dir upgrades in place: nothing duplicated, installer revision unchanged', async () => {
    const before = readyReleases(c).all;
    await c.stop();
    const again = await startCluster({ platform: true, dataDir: c.dataDir });
    try {
      await waitForOutput(again, READY_LINE);
      assert.match(again.output(), /cozy-installer .* unchanged \(release cozystack, revision 1\)/);
      assert.deepEqual(readyReleases(again).all, before);
      const secrets = again.kubectl(['get', 'secrets', '-n', 'cozy-system', '-l', 'owner=helm,name=cozystack', '-o', 'name']);
      assert.deepEqual(secrets.stdout.trim().split('\n'), ['secret/sh.helm.release.v1.cozystack.v1']);
    } finally {
      await again.stop();
    }
  });

  test('restarting with a changed --platform says ready only once what the change adds is installed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cozylab-platform-'));
    const file = join(dir, 'platform.yaml');
    writeFileSync(file, platformYaml('isp-full', '        bundles:\n          enabledPackages: [cozystack.nfs-driver]\n'));
    await c.stop();
    const again = await startCluster({ platform: true, dataDir: c.dataDir, extraArgs: ['--platform', file] });
    try {
      const ready = await waitForOutput(again, READY_LINE);
      assert.match(again.output(), /Platform Package cozystack\.cozystack-platform \(variant isp-full\) configured/);
      const { all, notReady } = readyReleases(again);
      assert.ok(all.includes('cozy-nfs-driver/nfs-driver'), all.join(' '));
      assert.deepEqual(notReady, []);
      assert.equal(Number(ready[1]), all.length, 'the count printed is every HelmRelease there is');
    } finally {
      await again.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('restarting with a --platform change that reaches only cozystack-values says ready once the releases reading it upgraded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cozylab-platform-'));
    const file = join(dir, 'platform.yaml');
    writeFileSync(file, platformYaml('isp-full', '        bundles:\n          enabledPackages: [cozystack.nfs-driver]\n').replace('host: example.org', 'host: example.net'));
    await c.stop();
    const again = await startCluster({ platform: true, dataDir: c.dataDir, extraArgs: ['--platform', file] });
    try {
      const before = await waitForOutput(again, /cozylab API server listening/);
      const ready = await waitForOutput(again, READY_LINE, before.index);
      assert.ok(ready);
      const values = again.kubectl(['get', 'secret', '-n', 'cozy-system', 'cozystack-values', '-o', 'jsonpath={.data.values\\.yaml}']);
      assert.match(Buffer.from(values.stdout, 'base64').toString(), /root-host: example\.net/);
      // cozystack-api reads cozystack-values (valuesFrom): its release has acted on the new values already.
      const hr = items(again, ['get', 'helmreleases', '-n', 'cozy-system']).find((h) => h.metadata.name === 'cozystack-api') as unknown as { status: { lastAttemptedConfigDigest: string; history: Array<{ configDigest: string; version: number }> } };
      assert.equal(hr.status.history[0]!.configDigest, hr.status.lastAttemptedConfigDigest);
      assert.ok(hr.status.history[0]!.version >= 2, `cozystack-api upgraded (revision ${hr.status.history[0]!.version})`);
      assert.deepEqual(readyReleases(again).notReady, []);
    } finally {
      await again.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the default variant', () => {
  let c: TestCluster;
  const dir = mkdtempSync(join(tmpdir(), 'cozylab-platform-'));
  before(async () => {
    const file = join(dir, 'platform.yaml');
    writeFileSync(file, platformYaml('default'));
    c = await startCluster({ platform: true, extraArgs: ['--platform', file] });
    await waitForOutput(c, READY_LINE);
  });
  after(async () => {
    await c.stop();
    c.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('installs only the platform release; a Package the user adds is installed', async () => {
    assert.deepEqual(readyReleases(c).all, ['cozy-system/cozystack-platform']);
    assert.deepEqual(items(c, ['get', 'packages']).map((p) => p.metadata.name), ['cozystack.cozystack-platform']);
    // A package with a `default` variant that depends on nothing.
    const source = items(c, ['get', 'packagesources']).find((s) => {
      if (s.metadata.name === 'cozystack.cozystack-platform') return false;
      const v = ((s.spec?.variants ?? []) as Array<{ name: string; dependsOn?: string[]; components?: Array<{ install?: unknown }> }>).find((x) => x.name === 'default');
      return v && !v.dependsOn?.length && v.components?.some((x) => x.install);
    });
    assert.ok(source, 'a PackageSource to install');
    const name = source.metadata.name;
    const r = c.kubectl(['apply', '-f', '-'], { input: `apiVersion: cozystack.io/v1alpha1\nkind: Package\nmetadata:\n  name: ${name}\nspec:\n  variant: default\n` });
    assert.equal(r.code, 0, r.stderr);
    const want = await waitFor(() => {
      const e = expectedReleases(c);
      return e.length > 1 ? e : undefined;
    }, 'the added Package in the expected set');
    await waitFor(() => {
      const { all, notReady } = readyReleases(c);
      return all.length === want.length && !notReady.length ? true : undefined;
    }, `the HelmReleases of ${name} Ready`, 30_000);
  });
});

for (const [variant, check] of [
  ['isp-hosted', (all: string[], pkgs: Item[]) => {
    // The hosted branch: networking without kube-ovn, no LINSTOR, no IaaS bundle.
    assert.ok(!all.includes('cozy-kubeovn/kubeovn'));
    assert.ok(!all.some((r) => r.startsWith('cozy-linstor/')));
    assert.ok(!all.includes('cozy-kubevirt/kubevirt'));
    assert.equal(pkgs.find((p) => p.metadata.name === 'cozystack.networking')?.spec?.variant, 'noop');
    assert.ok(all.includes('cozy-system/postgres-rd'), 'the PaaS bundle');
  }],
  ['isp-full-generic', (all: string[], pkgs: Item[]) => {
    assert.equal(pkgs.find((p) => p.metadata.name === 'cozystack.networking')?.spec?.variant, 'kubeovn-cilium-generic');
    assert.ok(all.includes('cozy-kubeovn/kubeovn') && all.includes('cozy-kubevirt/kubevirt'));
    assert.ok(all.includes('cozy-backup-controller/backupstrategy-controller'));
  }],
] as const) {
  describe(`the ${variant} variant`, () => {
    let c: TestCluster;
    const dir = mkdtempSync(join(tmpdir(), 'cozylab-platform-'));
    before(async () => {
      const file = join(dir, 'platform.yaml');
      writeFileSync(file, platformYaml(variant));
      c = await startCluster({ platform: true, extraArgs: ['--platform', file] });
      await waitForOutput(c, READY_LINE);
    });
    after(async () => {
      await c.stop();
      c.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    test('installs its set of packages, every HelmRelease READY True', () => {
      const { all, notReady } = readyReleases(c);
      assert.deepEqual(notReady, []);
      const expected = expectedReleases(c);
      assert.deepEqual(expected.filter((r) => !all.includes(r)), []);
      check(all, items(c, ['get', 'packages']));
    });
  });
}
