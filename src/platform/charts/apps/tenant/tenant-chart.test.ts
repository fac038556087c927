// The tenant chart rendered over a tree of tenants, each child rendered with the values its
// parent's cozystack-values Secret hands down (as the HelmRelease's valuesFrom does).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'yaml';
import type { KubeObject } from '../../../../machinery/object.ts';
import { ChartRenderError, type ReleaseContext, type Values } from '../../chart.ts';
import { withLookups } from '../../lookup.ts';
import { renderTenant, tenantChart } from './index.ts';
import { childNamespaceName } from './names.ts';

const ROOT_VALUES = {
  _cluster: { 'root-host': 'cloud.example.com', 'cpu-allocation-ratio': 10 },
  _namespace: { host: 'cloud.example.com', etcd: 'tenant-root', ingress: 'tenant-root', monitoring: 'tenant-root', seaweedfs: 'tenant-root' },
};

function release(name: string, namespace: string): ReleaseContext {
  return { name: `tenant-${name}`, namespace, revision: 1, isInstall: true, isUpgrade: false, service: 'Helm' };
}

function find(objects: KubeObject[], kind: string, name: string): KubeObject {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  assert.ok(o, `${kind} ${name} rendered`);
  return o;
}

function handedDown(objects: KubeObject[]): Values {
  const secret = find(objects, 'Secret', 'cozystack-values') as KubeObject & { stringData: Record<string, string> };
  return parse(secret.stringData['values.yaml']) as Values;
}

/** Renders `spec` as tenant `name` inside `parent` (a rendering of the parent, or the root's values). */
function child(parentValues: Values, parentNamespace: string, name: string, spec: Values = {}): { ns: string; objects: KubeObject[] } {
  const objects = renderTenant({ ...parentValues, ...spec }, release(name, parentNamespace));
  return { ns: childNamespaceName(parentNamespace, name), objects };
}

test('namespaces over three levels drop the root: alpha → tenant-alpha, beta → tenant-alpha-beta, gamma → tenant-alpha-beta-gamma', () => {
  const alpha = child(ROOT_VALUES, 'tenant-root', 'alpha');
  const beta = child(handedDown(alpha.objects), alpha.ns, 'beta');
  const gamma = child(handedDown(beta.objects), beta.ns, 'gamma');
  assert.equal(find(alpha.objects, 'Namespace', 'tenant-alpha').metadata.name, 'tenant-alpha');
  assert.ok(find(beta.objects, 'Namespace', 'tenant-alpha-beta'));
  const ns = find(gamma.objects, 'Namespace', 'tenant-alpha-beta-gamma');
  assert.deepEqual(
    Object.keys(ns.metadata.labels!).filter((k) => k.startsWith('tenant.cozystack.io/')),
    ['tenant.cozystack.io/tenant-root', 'tenant.cozystack.io/tenant-alpha', 'tenant.cozystack.io/tenant-alpha-beta', 'tenant.cozystack.io/tenant-alpha-beta-gamma'],
  );
  const misplaced = gamma.objects.filter((o) => o.kind !== 'Namespace' && o.kind !== 'CiliumClusterwideNetworkPolicy' && o.metadata.namespace !== 'tenant-alpha-beta-gamma' && o.metadata.namespace !== 'cozy-public');
  assert.deepEqual(misplaced.map((o) => `${o.kind}/${o.metadata.name}`), []);
});

test('the chart refuses a release name with a dash and a namespace outside the tenants', () => {
  assert.throws(() => renderTenant({}, { ...release('x', 'tenant-root'), name: 'tenant-acme-dev' }), (err: Error) => err instanceof ChartRenderError && /should not contain any other dashes: tenant-acme-dev/.test(err.message));
  assert.throws(() => renderTenant({}, release('x', 'default')), /The release namespace should start with "tenant-": default/);
});

test('host: <name>.<parent host> down the tree, spec.host overrides and is inherited below', () => {
  const alpha = child(ROOT_VALUES, 'tenant-root', 'alpha');
  const beta = child(handedDown(alpha.objects), alpha.ns, 'beta');
  assert.equal(find(alpha.objects, 'Namespace', 'tenant-alpha').metadata.labels!['namespace.cozystack.io/host'], 'alpha.cloud.example.com');
  assert.equal(find(beta.objects, 'Namespace', 'tenant-alpha-beta').metadata.labels!['namespace.cozystack.io/host'], 'beta.alpha.cloud.example.com');
  const custom = child(ROOT_VALUES, 'tenant-root', 'acme', { host: 'acme.io' });
  assert.equal(find(custom.objects, 'Namespace', 'tenant-acme').metadata.labels!['namespace.cozystack.io/host'], 'acme.io');
  const below = child(handedDown(custom.objects), custom.ns, 'dev');
  assert.equal(handedDown(below.objects)._namespace && (handedDown(below.objects)._namespace as Values).host, 'dev.acme.io');
});

test('a switched-off service comes from the nearest ancestor that has it on (four levels)', () => {
  // root has everything; a turns monitoring on; b turns etcd on; c has nothing of its own.
  const a = child(ROOT_VALUES, 'tenant-root', 'a', { monitoring: true });
  const b = child(handedDown(a.objects), a.ns, 'b', { etcd: true });
  const c = child(handedDown(b.objects), b.ns, 'c');
  const labels = find(c.objects, 'Namespace', 'tenant-a-b-c').metadata.labels!;
  assert.equal(labels['namespace.cozystack.io/monitoring'], 'tenant-a');
  assert.equal(labels['namespace.cozystack.io/etcd'], 'tenant-a-b');
  assert.equal(labels['namespace.cozystack.io/ingress'], 'tenant-root');
  assert.equal(labels['namespace.cozystack.io/seaweedfs'], 'tenant-root');
  const ns = handedDown(c.objects)._namespace as Values;
  assert.deepEqual({ etcd: ns.etcd, monitoring: ns.monitoring, ingress: ns.ingress, seaweedfs: ns.seaweedfs }, { etcd: 'tenant-a-b', monitoring: 'tenant-a', ingress: 'tenant-root', seaweedfs: 'tenant-root' });
  assert.deepEqual(handedDown(c.objects)._cluster, ROOT_VALUES._cluster);
});

test('modules: info always; etcd, ingress, monitoring, seaweedfs when switched on, with their artifacts and labels', () => {
  const none = child(ROOT_VALUES, 'tenant-root', 'x');
  assert.deepEqual(none.objects.filter((o) => o.kind === 'HelmRelease').map((o) => o.metadata.name), ['info']);
  const all = child(ROOT_VALUES, 'tenant-root', 'x', { etcd: true, ingress: true, monitoring: true, seaweedfs: true });
  const hrs = all.objects.filter((o) => o.kind === 'HelmRelease');
  assert.deepEqual(hrs.map((o) => o.metadata.name).sort(), ['etcd', 'info', 'ingress', 'monitoring', 'seaweedfs']);
  const etcd = find(hrs, 'HelmRelease', 'etcd') as KubeObject & { spec: Record<string, any> };
  assert.equal(etcd.metadata.namespace, 'tenant-x');
  assert.deepEqual(etcd.spec.chartRef, { kind: 'ExternalArtifact', name: 'cozystack-etcd-application-default-etcd', namespace: 'cozy-system' });
  assert.equal(etcd.spec.timeout, '30m');
  assert.equal(etcd.metadata.labels!['internal.cozystack.io/tenantmodule'], 'true');
  assert.equal(etcd.metadata.labels!['apps.cozystack.io/application.kind'], 'Etcd');
  assert.equal(find(hrs, 'HelmRelease', 'seaweedfs').metadata.labels!['apps.cozystack.io/application.kind'], 'SeaweedFS');
  assert.equal((etcd.spec as any).values, undefined);
});

test('quota: limits as given, requests = limit ÷ the cluster ratio; counts kept; storage as a request only', () => {
  const t = child(ROOT_VALUES, 'tenant-root', 'q', { resourceQuotas: { cpu: '60', memory: '128Gi', 'ephemeral-storage': '40Gi', storage: '100Gi', pods: 50, 'nvidia.com/gpu': 2 } });
  const quota = find(t.objects, 'ResourceQuota', 'tenant-quota') as KubeObject & { spec: { hard: Record<string, string> } };
  assert.deepEqual(quota.spec.hard, {
    'limits.cpu': '60', 'limits.ephemeral-storage': '40Gi', 'limits.memory': '128Gi', 'limits.nvidia.com/gpu': '2', pods: '50',
    'requests.cpu': '6', 'requests.ephemeral-storage': '1073741824', 'requests.memory': '137438953472', 'requests.nvidia.com/gpu': '2', 'requests.storage': '100Gi',
  });
  find(t.objects, 'LimitRange', 'tenant-range-limits');
  const ratio4 = child({ ...ROOT_VALUES, _cluster: { 'cpu-allocation-ratio': 4, 'memory-allocation-ratio': 2 } }, 'tenant-root', 'r', { resourceQuotas: { cpu: '2', memory: '1Gi' } });
  const hard = (find(ratio4.objects, 'ResourceQuota', 'tenant-quota').spec as { hard: Record<string, string> }).hard;
  assert.equal(hard['requests.cpu'], '0.5');
  assert.equal(hard['requests.memory'], String(2 ** 29));
  assert.equal(child(ROOT_VALUES, 'tenant-root', 'n').objects.some((o) => o.kind === 'ResourceQuota' || o.kind === 'LimitRange'), false);
});

test('RBAC: the view binding in tenant-abc-def names both tenants and the root, SAs and every level at or above', () => {
  const abc = child(ROOT_VALUES, 'tenant-root', 'abc');
  const def = child(handedDown(abc.objects), abc.ns, 'def');
  const use = find(def.objects, 'RoleBinding', 'cozy:tenant:use') as KubeObject & { subjects: Array<{ kind: string; name: string; namespace?: string }>; roleRef: { name: string } };
  assert.equal(use.roleRef.name, 'cozy:tenant:use');
  const names = use.subjects.map((s) => `${s.kind}:${s.name}`);
  for (const t of ['tenant-abc', 'tenant-abc-def', 'tenant-root']) {
    assert.ok(names.includes(`ServiceAccount:${t}`), t);
    for (const l of ['use', 'admin', 'super-admin']) assert.ok(names.includes(`Group:${t}-${l}`), `${t}-${l}`);
    assert.ok(!names.includes(`Group:${t}-view`));
  }
  const sa = find(def.objects, 'RoleBinding', 'cozy:tenant') as KubeObject & { subjects: Array<{ name: string; namespace: string }> };
  assert.deepEqual([...new Set(sa.subjects.map((s) => `${s.namespace}/${s.name}`))], ['tenant-root/tenant-root', 'tenant-abc/tenant-abc', 'tenant-abc-def/tenant-abc-def']);
  find(def.objects, 'ServiceAccount', 'tenant-abc-def');
  const dash = find(def.objects, 'RoleBinding', 'cozy:tenant-abc-def:dashboard');
  assert.equal(dash.metadata.namespace, 'cozy-public');
});

test('the root tenant renders no namespace and no values Secret (cozystack-basics owns them), but its RBAC and policies', () => {
  const objects = renderTenant(ROOT_VALUES, release('root', 'tenant-root'));
  assert.equal(objects.some((o) => o.kind === 'Namespace' || o.kind === 'Secret'), false);
  find(objects, 'ServiceAccount', 'tenant-root');
  const egress = find(objects, 'CiliumClusterwideNetworkPolicy', 'tenant-root-egress') as KubeObject & { spec: { egress: unknown[] } };
  assert.equal(egress.spec.egress.length, 1);
});

test('network policies: ancestors may come in, the egress policy reaches descendants and ancestors\' services', () => {
  const a = child(ROOT_VALUES, 'tenant-root', 'a');
  const b = child(handedDown(a.objects), a.ns, 'b', { etcd: true });
  const ingress = find(b.objects, 'CiliumClusterwideNetworkPolicy', 'tenant-a-b-ingress') as KubeObject & { spec: { ingress: Array<{ fromEndpoints?: Array<{ matchLabels: Record<string, string> }> }> } };
  // As the real template: the ancestors are the dash prefixes of the release namespace (tenant-a), which
  // leaves tenant-root out from the second level down.
  assert.deepEqual(ingress.spec.ingress.at(-1)!.fromEndpoints!.map((e) => e.matchLabels['k8s:io.kubernetes.pod.namespace']), ['tenant-a']);
  const first = find(a.objects, 'CiliumClusterwideNetworkPolicy', 'tenant-a-ingress') as typeof ingress;
  assert.deepEqual(first.spec.ingress.at(-1)!.fromEndpoints!.map((e) => e.matchLabels['k8s:io.kubernetes.pod.namespace']), ['tenant-root']);
  find(b.objects, 'CiliumClusterwideNetworkPolicy', 'tenant-a-b-ingress-etcd');
  assert.equal(b.objects.some((o) => o.metadata.name === 'tenant-a-b-ingress-ingress'), false);
  for (const name of ['allow-internal-communication', 'allow-external-communication', 'allow-to-apiserver', 'allow-to-dns', 'allow-to-ingress']) find(b.objects, 'CiliumNetworkPolicy', name);
});

test('the parent namespace is looked up for the ownerReference; offline it is left out', () => {
  const refs = tenantChart.lookups!({}, release('a', 'tenant-root'));
  assert.deepEqual(refs, [{ apiVersion: 'v1', kind: 'Namespace', namespace: '', name: 'tenant-root' }]);
  const parent: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'tenant-root', uid: 'uid-root' } };
  const ns = find(renderTenant(withLookups(ROOT_VALUES, [parent]), release('a', 'tenant-root')), 'Namespace', 'tenant-a');
  assert.deepEqual(ns.metadata.ownerReferences, [{ apiVersion: 'v1', blockOwnerDeletion: true, controller: true, kind: 'Namespace', name: 'tenant-root', uid: 'uid-root' }]);
  assert.equal(find(renderTenant(ROOT_VALUES, release('a', 'tenant-root')), 'Namespace', 'tenant-a').metadata.ownerReferences, undefined);
});
