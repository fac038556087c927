// Every system chart renders with its defaults, and the API server accepts what it renders.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeImage } from '../../../cluster/nodes/image-profiles.ts';
import { newTestClient, newTestServer } from '../../../controller/test-server.ts';
import type { KubeObject } from '../../../machinery/object.ts';
import type { Chart, ReleaseContext } from '../chart.ts';
import { customResourceDefinition, isPlatformImage } from '../lib/index.ts';
import { systemCharts } from './index.ts';
import { rdChart } from './rd.ts';
import { withLookups } from '../lookup.ts';

function releaseFor(chart: Chart): ReleaseContext {
  const name = chart.path.split('/').pop()!;
  return { name, namespace: `cozy-${name}`, revision: 1, isInstall: true, isUpgrade: false, service: 'helm-controller' };
}

const rendered = systemCharts.map((chart) => ({ chart, release: releaseFor(chart), objects: chart.render(structuredClone(chart.values), releaseFor(chart)) }));
const all = rendered.flatMap((r) => r.objects.map((o) => ({ ...r, o })));

function images(o: KubeObject): string[] {
  const spec = (o.spec as { template?: { spec?: Record<string, unknown> } } | undefined)?.template?.spec;
  if (!spec) return [];
  return ['containers', 'initContainers'].flatMap((k) => ((spec[k] as Array<{ image: string }> | undefined) ?? []).map((c) => c.image));
}

test('every system chart renders objects with apiVersion, kind and a DNS-label name', () => {
  assert.ok(systemCharts.length >= 125);
  for (const { chart, o } of all) {
    assert.ok(o.apiVersion && o.kind, `${chart.path}: object without apiVersion/kind`);
    assert.ok(o.metadata.name, `${chart.path}: ${o.kind} without a name`);
    if (['Deployment', 'DaemonSet', 'StatefulSet', 'Service', 'ServiceAccount'].includes(o.kind)) {
      assert.match(o.metadata.name!, /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, `${chart.path}: ${o.kind} ${o.metadata.name}`);
      assert.ok(o.metadata.namespace, `${chart.path}: ${o.kind} ${o.metadata.name} has no namespace`);
    }
  }
});

test('the API server accepts every rendered object (CRDs installed, the rest created with dry-run)', async () => {
  const server = await newTestServer();
  // start() runs the server's CRD controller, which serves each CRD's resources.
  await server.start();
  const client = newTestClient(server);
  const crds = new Map<string, KubeObject>();
  for (const { o } of all) if (o.kind === 'CustomResourceDefinition' && !crds.has(o.metadata.name!)) crds.set(o.metadata.name!, o);
  // HelmRelease comes with Flux, not with a system chart; cozystack-basics renders one.
  const helmRelease = customResourceDefinition({ group: 'helm.toolkit.fluxcd.io', kind: 'HelmRelease', plural: 'helmreleases', shortNames: ['hr'], scope: 'Namespaced', versions: [{ name: 'v2', storage: true }] });
  if (!crds.has(helmRelease.metadata.name!)) crds.set(helmRelease.metadata.name!, helmRelease);
  for (const crd of crds.values()) await client.create(crd);
  await server.settled();

  const namespaces = new Set(rendered.map((r) => r.release.namespace));
  for (const { o } of all) if (o.metadata.namespace) namespaces.add(o.metadata.namespace);
  for (const { o } of all) if (o.kind === 'Namespace') namespaces.delete(o.metadata.name!);
  for (const name of namespaces) await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }).catch(() => undefined);

  const failures: string[] = [];
  for (const { chart, o } of all) {
    if (o.kind === 'CustomResourceDefinition') continue;
    await createWhenServed(client, o).catch((err: unknown) => failures.push(`${chart.path}: ${o.kind} ${o.metadata.name}: ${(err as Error).message}`));
  }
  await server.stop();
  assert.deepEqual(failures, []);
});

async function createWhenServed(client: ReturnType<typeof newTestClient>, o: KubeObject): Promise<void> {
  await client.create(structuredClone(o), { dryRun: o.kind !== 'Namespace' });
}

test('no Prometheus, Loki or Elasticsearch runs anywhere (spec P-10)', () => {
  for (const { chart, o } of all) {
    for (const image of images(o)) {
      const repo = normalizeImage(image).replace(/[:@].*$/, '');
      assert.doesNotMatch(repo, /\/(prometheus\/prometheus|prometheus|prom\/prometheus|grafana\/loki|loki|elasticsearch(\/elasticsearch)?)$/, `${chart.path}: ${o.kind} ${o.metadata.name} runs ${image}`);
    }
    assert.doesNotMatch(o.kind, /^(Prometheus|Loki|Elasticsearch)$/, `${chart.path} renders a ${o.kind}`);
  }
});

test('every image a system chart runs has a fast platform profile', () => {
  const missing = [...new Set(all.flatMap(({ o }) => images(o)).filter((image) => !isPlatformImage(image, normalizeImage)))];
  assert.deepEqual(missing, []);
});

test('workloads carry the standard labels and select their own pods', () => {
  for (const { chart, release, o } of all) {
    if (!['Deployment', 'DaemonSet', 'StatefulSet'].includes(o.kind)) continue;
    const labels = o.metadata.labels ?? {};
    assert.equal(labels['app.kubernetes.io/managed-by'], 'Helm', `${chart.path} ${o.metadata.name}`);
    assert.equal(labels['app.kubernetes.io/instance'], release.name, `${chart.path} ${o.metadata.name}`);
    assert.ok(labels['helm.sh/chart'], `${chart.path} ${o.metadata.name}`);
    const spec = o.spec as { selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> }; spec: { containers: Array<{ resources: { requests: Record<string, string> } }> } } };
    for (const [k, v] of Object.entries(spec.selector.matchLabels)) assert.equal(spec.template.metadata.labels[k], v, `${chart.path} ${o.metadata.name}: selector ${k}`);
    for (const c of spec.template.spec.containers) assert.ok(c.resources.requests.cpu && c.resources.requests.memory, `${chart.path} ${o.metadata.name}: requests`);
  }
});

test('the real workload names of key components', () => {
  const names = (path: string) => rendered.find((r) => r.chart.path === path)!.objects.filter((o) => ['Deployment', 'DaemonSet', 'StatefulSet'].includes(o.kind)).map((o) => `${o.kind}/${o.metadata.name}`).sort();
  assert.deepEqual(names('system/cilium'), ['DaemonSet/cilium', 'DaemonSet/cilium-envoy', 'Deployment/cilium-operator']);
  assert.deepEqual(names('system/cert-manager'), ['Deployment/cert-manager', 'Deployment/cert-manager-cainjector', 'Deployment/cert-manager-webhook']);
  assert.deepEqual(names('system/metallb'), ['DaemonSet/metallb-speaker', 'Deployment/metallb-controller']);
  assert.deepEqual(names('system/cozystack-api'), ['Deployment/cozystack-api']);
  assert.deepEqual(names('system/kubevirt-operator'), ['Deployment/virt-operator']);
});

test('charts honour replicas and enabled flags from values', () => {
  const api = systemCharts.find((c) => c.path === 'system/cozystack-api')!;
  const [dep] = api.render({ cozystackAPI: { replicas: 3 } }, releaseFor(api)).filter((o) => o.kind === 'Deployment');
  assert.equal((dep!.spec as { replicas: number }).replicas, 3);
  const cilium = systemCharts.find((c) => c.path === 'system/cilium')!;
  const withoutEnvoy = cilium.render({ cilium: { envoy: { enabled: false } } }, releaseFor(cilium));
  assert.ok(!withoutEnvoy.some((o) => o.metadata.name === 'cilium-envoy'));
  assert.ok(cilium.valuesFiles?.['values-talos.yaml'] && cilium.valuesFiles['values-kubeovn.yaml']);
});

test("kube-ovn places its control plane as its chart does: from a lookup of the Nodes carrying MASTER_NODES_LABEL", () => {
  const kubeovn = systemCharts.find((c) => c.path === 'system/kubeovn')!;
  assert.deepEqual(kubeovn.lookups?.({}, releaseFor(kubeovn)), [{ apiVersion: 'v1', kind: 'Node', namespace: '', name: '' }]);
  const node = (name: string, labels: Record<string, string>) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels } });
  const nodes = [
    node('cp1', { 'node-role.kubernetes.io/control-plane': '' }),
    node('cp2', { 'node-role.kubernetes.io/control-plane': '' }),
    node('worker1', {}),
  ];
  const render = (values: Record<string, unknown>) => {
    const objects = kubeovn.render(withLookups(values, [], [], [{ ref: { apiVersion: 'v1', kind: 'Node', namespace: '', name: '' }, items: nodes }]), releaseFor(kubeovn));
    const spec = (name: string) => objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name)!.spec as { replicas: number; template: { spec: Record<string, unknown> } };
    return { central: spec('ovn-central'), controller: spec('kube-ovn-controller') };
  };
  const { central, controller } = render({});
  assert.equal(central.replicas, 2, 'one per control-plane node');
  assert.equal(controller.replicas, 2);
  assert.deepEqual(central.template.spec.nodeSelector, { 'kubernetes.io/os': 'linux', 'node-role.kubernetes.io/control-plane': '' });
  assert.deepEqual(controller.template.spec.nodeSelector, { 'kubernetes.io/os': 'linux' });
  assert.deepEqual(central.template.spec.affinity, { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'ovn-central' } }, topologyKey: 'kubernetes.io/hostname' }] } });
  // Generic Kubernetes labels its control plane "=true": no Talos node matches.
  assert.equal(render({ 'kube-ovn': { MASTER_NODES_LABEL: 'node-role.kubernetes.io/control-plane=true' } }).central.replicas, 0);
  assert.equal(render({ 'kube-ovn': { MASTER_NODES: '10.0.0.1,10.0.0.2,10.0.0.3' } }).central.replicas, 3);
});

test('CRDs users read keep their printer columns', () => {
  const crd = (name: string) => all.find(({ o }) => o.kind === 'CustomResourceDefinition' && o.metadata.name === name)?.o;
  const columns = (name: string) => ((crd(name)?.spec as { versions: Array<{ storage: boolean; additionalPrinterColumns?: Array<{ name: string }> }> }).versions.find((v) => v.storage)?.additionalPrinterColumns ?? []).map((c) => c.name);
  assert.deepEqual(columns('virtualmachines.kubevirt.io'), ['Age', 'Status', 'Ready']);
  assert.deepEqual(columns('datavolumes.cdi.kubevirt.io'), ['Phase', 'Progress', 'Restarts', 'Age']);
  assert.deepEqual(columns('ciliumnetworkpolicies.cilium.io'), ['Age', 'Valid']);
  assert.ok(columns('certificates.cert-manager.io').includes('Ready'));
  assert.ok(columns('clusters.postgresql.cnpg.io').includes('Instances'));
  assert.ok(columns('tenantcontrolplanes.kamaji.clastix.io').length > 0);
  assert.ok(crd('ipaddresspools.metallb.io') && crd('l2advertisements.metallb.io') && crd('clusterissuers.cert-manager.io'));
  assert.equal((crd('applicationdefinitions.cozystack.io')?.spec as { scope: string }).scope, 'Cluster');
});

test('an rd chart renders its definition only when the registry has one', async () => {
  assert.deepEqual(rdChart('postgres', new Map()).render({}, releaseFor(rdChart('postgres'))), []);
  const definition: KubeObject = {
    apiVersion: 'cozystack.io/v1alpha1', kind: 'ApplicationDefinition', metadata: { name: 'postgres' },
    spec: {
      application: { kind: 'Postgres', singular: 'postgres', plural: 'postgreses', openAPISchema: '{"title":"Chart Values","type":"object"}' },
      release: { prefix: 'postgres-', labels: { 'sharding.fluxcd.io/key': 'tenants' }, chartRef: { kind: 'ExternalArtifact', name: 'cozystack-postgres-application-default-postgres', namespace: 'cozy-system' } },
    },
  };
  const chart = rdChart('postgres', new Map([['postgres', () => structuredClone(definition)]]));
  assert.equal(chart.path, 'system/postgres-rd');
  const objects = chart.render({}, releaseFor(chart));
  assert.deepEqual(objects, [definition]);
  const server = await newTestServer();
  await server.start();
  const client = newTestClient(server);
  const crd = all.find(({ o }) => o.metadata.name === 'applicationdefinitions.cozystack.io')!.o;
  await client.create(crd);
  await server.settled();
  try {
    await createWhenServed(client, objects[0]!);
  } finally {
    await server.stop();
  }
});

test('every system/ component path of the platform PackageSources has a chart, and every values file they name', async () => {
  const { packageSourceData, componentChartPaths } = await import('../core/platform/sources.ts');
  let files = 0;
  const registered = new Map(systemCharts.map((c) => [c.path, c]));
  const missing = componentChartPaths().filter((p) => p.startsWith('system/') && !registered.has(p));
  assert.deepEqual(missing, []);
  const missingFiles: string[] = [];
  for (const source of packageSourceData()) {
    for (const variant of source.variants) {
      for (const component of variant.components ?? []) {
        const chart = component.path ? registered.get(component.path) : undefined;
        files += (component.valuesFiles ?? []).length;
        for (const file of component.valuesFiles ?? []) if (chart && file !== 'values.yaml' && !chart.valuesFiles?.[file]) missingFiles.push(`${component.path}: ${file}`);
      }
    }
  }
  assert.ok(files > 0);
  assert.deepEqual(missingFiles, []);
});
