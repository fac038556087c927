import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import type { KubeObject } from '../../../machinery/object.ts';
import { isStatusError } from '../../../machinery/errors.ts';
import { COZY_SYSTEM, HELMRELEASE_GVK, PACKAGE_GVK, PACKAGESOURCE_GVK, readyCondition, type Package, type PackageSource } from '../types.ts';
import { eventually, startOperatorFixture, testChart, type OperatorFixture } from './operator-test-support.ts';

let fx: OperatorFixture;

before(async () => {
  fx = await startOperatorFixture([testChart('core/platform'), testChart('system/demo'), testChart('system/base'), testChart('apps/demo')]);
});
after(async () => fx.stop());

const source = (name: string, variants: PackageSource['spec'] extends infer S ? (S extends { variants?: infer V } ? V : never) : never, annotations?: Record<string, string>): PackageSource => ({
  ...PACKAGESOURCE_GVK,
  metadata: { name, ...(annotations ? { annotations } : {}) },
  spec: { sourceRef: { kind: 'OCIRepository', name: 'cozystack-platform', namespace: COZY_SYSTEM, path: '/' }, variants },
});

async function pkgReady(name: string, status = 'True') {
  return eventually(async () => {
    const p = await fx.client.get<Package>({ ...PACKAGE_GVK, name });
    const c = readyCondition(p);
    return c?.status === status ? { pkg: p, cond: c } : undefined;
  }, `Package ${name} Ready=${status}`);
}

async function hr(namespace: string, name: string) {
  return eventually(() => fx.client.get({ ...HELMRELEASE_GVK, namespace, name }), `HelmRelease ${namespace}/${name}`);
}

test('the operator applies the platform PackageSource with the four variants and generates their artifacts', async () => {
  const ps = await eventually(async () => {
    const p = await fx.client.get<PackageSource>({ ...PACKAGESOURCE_GVK, name: 'cozystack.cozystack-platform' });
    return readyCondition(p)?.status === 'True' ? p : undefined;
  }, 'platform PackageSource Ready');
  assert.equal(ps.metadata.annotations?.['operator.cozystack.io/skip-cozystack-values'], 'true');
  assert.equal(ps.status?.variants, 'default,isp-full,isp-hosted,isp-full-generic');
  assert.deepEqual(ps.spec?.variants?.find((v) => v.name === 'isp-full')?.components, [
    { name: 'platform', path: 'core/platform', install: { namespace: 'cozy-system', releaseName: 'cozystack-platform' }, valuesFiles: ['values.yaml', 'values-isp-full.yaml'] },
  ]);
  const artifact = await fx.client.get({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'ExternalArtifact', namespace: COZY_SYSTEM, name: 'cozystack-cozystack-platform-isp-full-platform' });
  const status = artifact.status as { artifact: { metadata: Record<string, string>; revision: string }; conditions: Array<{ status: string }> };
  assert.equal(status.artifact.metadata['cozylab.io/chart-path'], 'core/platform');
  assert.match(status.artifact.revision, /^1\.0\.0@sha256:[0-9a-f]{64}$/);
  assert.equal(status.conditions[0]!.status, 'True');
  assert.equal(artifact.metadata.ownerReferences?.[0]?.name, 'cozystack.cozystack-platform');
  const oci = await fx.client.get({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'OCIRepository', namespace: COZY_SYSTEM, name: 'cozystack-platform' });
  assert.deepEqual(oci.spec, { ...(oci.spec as object), url: 'oci://ghcr.io/cozystack/cozystack/cozystack-packages', interval: '5m0s', ref: { digest: 'sha256:0123' } });
});

test('an artifact whose chart cozylab does not ship is not Ready and names the chart', async () => {
  await fx.client.create(source('cozystack.missing', [{ name: 'default', components: [{ name: 'nope', path: 'system/nope', install: { namespace: 'cozy-nope' } }] }]));
  const ps = await eventually(async () => {
    const p = await fx.client.get<PackageSource>({ ...PACKAGESOURCE_GVK, name: 'cozystack.missing' });
    return readyCondition(p)?.status === 'False' ? p : undefined;
  }, 'PackageSource not Ready');
  assert.match(readyCondition(ps)!.message, /chart system\/nope not found/);
  const a = await fx.client.get({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'ExternalArtifact', namespace: COZY_SYSTEM, name: 'cozystack-missing-default-nope' });
  assert.equal((a.status as { artifact?: unknown }).artifact, undefined);
});

test('a Package without its PackageSource reports PackageSourceNotFound; a missing variant VariantNotFound', async () => {
  await fx.client.create({ ...PACKAGE_GVK, metadata: { name: 'cozystack.ghost' }, spec: {} });
  const { cond } = await pkgReady('cozystack.ghost', 'False');
  assert.equal(cond.reason, 'PackageSourceNotFound');
  assert.equal(cond.message, 'PackageSource cozystack.ghost not found');
  await fx.client.create(source('cozystack.ghost', [{ name: 'default', components: [] }]));
  await fx.client.patch({ ...PACKAGE_GVK, name: 'cozystack.ghost' }, 'merge', { spec: { variant: 'other' } });
  const second = await eventually(async () => {
    const c = readyCondition(await fx.client.get({ ...PACKAGE_GVK, name: 'cozystack.ghost' }));
    return c?.reason === 'VariantNotFound' ? c : undefined;
  }, 'VariantNotFound');
  assert.equal(second.message, 'Variant other not found in PackageSource cozystack.ghost');
});

test('a Package becomes one HelmRelease per installed component, with the upstream fields', async () => {
  await fx.client.create(
    source('cozystack.demo', [
      {
        name: 'default',
        components: [
          { name: 'demo', path: 'system/demo', install: { namespace: 'cozy-demo', releaseName: 'demo', privileged: true, upgradeCRDs: 'CreateReplace' }, valuesFiles: ['values.yaml', 'values-x.yaml'] },
          { name: 'demo-rd', path: 'system/demo', install: { namespace: 'cozy-system', dependsOn: ['demo'] } },
          { name: 'demo-app', path: 'apps/demo' },
        ],
      },
    ]),
  );
  await fx.client.create({ ...PACKAGE_GVK, metadata: { name: 'cozystack.demo' }, spec: { components: { demo: { values: { a: { b: 1 } } } } } });
  const { cond, pkg } = await pkgReady('cozystack.demo');
  assert.equal(cond.reason, 'ReconciliationSucceeded');
  assert.equal(cond.message, 'reconciliation succeeded, generated 2 helmrelease(s)');
  const demo = await hr('cozy-demo', 'demo');
  assert.deepEqual(demo.metadata.labels, { 'cozystack.io/package': 'cozystack.demo', 'cozystack.io/privileged': 'true' });
  assert.equal(demo.metadata.annotations?.['cozyhr.cozystack.io/values-files'], 'values.yaml,values-x.yaml');
  assert.deepEqual(demo.metadata.ownerReferences, [{ apiVersion: 'cozystack.io/v1alpha1', kind: 'Package', name: 'cozystack.demo', uid: pkg.metadata.uid, controller: true }]);
  const spec = demo.spec as Record<string, unknown>;
  assert.deepEqual(spec.chartRef, { kind: 'ExternalArtifact', name: 'cozystack-demo-default-demo', namespace: 'cozy-system' });
  assert.equal(spec.interval, '5m0s');
  assert.equal(spec.maxHistory, 5);
  assert.deepEqual(spec.install, { timeout: '10m0s', strategy: { name: 'RetryOnFailure', retryInterval: '30s' } });
  assert.deepEqual(spec.upgrade, { timeout: '10m0s', strategy: { name: 'RetryOnFailure', retryInterval: '30s' }, crds: 'CreateReplace' });
  assert.deepEqual(spec.valuesFrom, [{ kind: 'Secret', name: 'cozystack-values' }]);
  assert.deepEqual(spec.values, { a: { b: 1 } });
  const rd = await hr('cozy-system', 'demo-rd');
  assert.deepEqual((rd.spec as { dependsOn: unknown }).dependsOn, [{ name: 'demo', namespace: 'cozy-demo' }]);
  const ns = await fx.client.get({ apiVersion: 'v1', kind: 'Namespace', name: 'cozy-demo' });
  assert.equal(ns.metadata.labels?.['cozystack.io/system'], 'true');
  assert.equal(ns.metadata.labels?.['pod-security.kubernetes.io/enforce'], 'privileged');
  assert.equal(ns.metadata.annotations?.['helm.sh/resource-policy'], 'keep');

  // Disabling a component removes its HelmRelease (orphan cleanup); the count follows.
  await fx.client.patch({ ...PACKAGE_GVK, name: 'cozystack.demo' }, 'merge', { spec: { components: { 'demo-rd': { enabled: false } } } });
  await eventually(async () => {
    try {
      await fx.client.get({ ...HELMRELEASE_GVK, namespace: 'cozy-system', name: 'demo-rd' });
      return undefined;
    } catch (err) {
      return isStatusError(err, 'NotFound') ? true : undefined;
    }
  }, 'demo-rd deleted');
  await eventually(async () => (readyCondition(await fx.client.get({ ...PACKAGE_GVK, name: 'cozystack.demo' }))?.message.includes('generated 1 helmrelease(s)') ? true : undefined), 'count 1');
});

test('variant dependsOn: not ready until the dependency Package is Ready, then dependsOn lists its HelmReleases', async () => {
  await fx.client.create(source('cozystack.top', [{ name: 'default', dependsOn: ['cozystack.base'], components: [{ name: 'top', path: 'system/demo', install: { namespace: 'cozy-top' } }] }]));
  await fx.client.create({ ...PACKAGE_GVK, metadata: { name: 'cozystack.top' }, spec: {} });
  const { cond, pkg } = await pkgReady('cozystack.top', 'False');
  assert.equal(cond.reason, 'DependenciesNotReady');
  assert.equal(cond.message, 'One or more dependencies are not ready');
  assert.deepEqual(pkg.status?.dependencies, { 'cozystack.base': { ready: false } });

  await fx.client.create(source('cozystack.base', [{ name: 'default', components: [{ name: 'base', path: 'system/base', install: { namespace: 'cozy-base' } }] }]));
  await fx.client.create({ ...PACKAGE_GVK, metadata: { name: 'cozystack.base' }, spec: {} });
  const ready = await pkgReady('cozystack.top');
  assert.deepEqual(ready.pkg.status?.dependencies, { 'cozystack.base': { ready: true } });
  const top = await hr('cozy-top', 'top');
  assert.deepEqual((top.spec as { dependsOn: unknown }).dependsOn, [{ name: 'base', namespace: 'cozy-base' }]);
});

test('the values Secret is replicated to every cozystack.io/system namespace', async () => {
  await fx.client.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'cozystack-values', namespace: COZY_SYSTEM, labels: { 'reconcile.fluxcd.io/watch': 'Enabled' } }, data: { 'values.yaml': Buffer.from('_cluster: {}\n').toString('base64') } } as KubeObject);
  await fx.client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'cozy-copy', labels: { 'cozystack.io/system': 'true' } } });
  await fx.client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'plain' } });
  const copy = await eventually(() => fx.client.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'cozy-copy', name: 'cozystack-values' }), 'copy');
  assert.equal((copy as { data?: Record<string, string> }).data?.['values.yaml'], Buffer.from('_cluster: {}\n').toString('base64'));
  assert.equal(copy.metadata.labels?.['reconcile.fluxcd.io/watch'], 'Enabled');
  await assert.rejects(fx.client.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'plain', name: 'cozystack-values' }), (e) => isStatusError(e, 'NotFound'));
  await fx.client.patch({ apiVersion: 'v1', kind: 'Secret', namespace: COZY_SYSTEM, name: 'cozystack-values' }, 'merge', { data: { 'values.yaml': Buffer.from('_cluster: {a: b}\n').toString('base64') } });
  await eventually(async () => {
    const s = (await fx.client.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'cozy-copy', name: 'cozystack-values' })) as { data?: Record<string, string> };
    return s.data?.['values.yaml'] === Buffer.from('_cluster: {a: b}\n').toString('base64') ? true : undefined;
  }, 'copy updated');
});

test('the Platform Package: admission refuses old, unknown and changed variants', async () => {
  const create = (variant: string) => fx.client.create({ ...PACKAGE_GVK, metadata: { name: 'cozystack.cozystack-platform' }, spec: { variant } });
  await assert.rejects(create('paas-full'), (e) => isStatusError(e, 'Invalid') && /"isp-full" since Cozystack 1.0/.test(e.message) && e.details?.causes?.[0]?.field === 'spec.variant');
  await assert.rejects(create('distro-full'), (e) => isStatusError(e, 'Invalid') && /"default", "isp-full", "isp-hosted", "isp-full-generic"/.test(e.message));
  await assert.rejects(create('full'), (e) => isStatusError(e, 'Invalid') && /Unsupported value: "full": supported values: "default", "isp-full", "isp-hosted", "isp-full-generic"/.test(e.message));
  await create('default');
  await assert.rejects(
    fx.client.patch({ ...PACKAGE_GVK, name: 'cozystack.cozystack-platform' }, 'merge', { spec: { variant: 'isp-full' } }),
    (e) => isStatusError(e, 'Invalid') && /the variant is chosen at install; changing it is a reinstall/.test(e.message),
  );
  const { cond } = await pkgReady('cozystack.cozystack-platform');
  assert.equal(cond.message, 'reconciliation succeeded, generated 1 helmrelease(s)');
  const platform = await hr('cozy-system', 'cozystack-platform');
  assert.equal((platform.spec as { valuesFrom?: unknown }).valuesFrom, undefined, 'the platform PackageSource skips cozystack-values');
  assert.equal(platform.metadata.annotations?.['cozyhr.cozystack.io/values-files'], 'values.yaml');
});

test('a Package the platform release no longer renders is reported as kept, with a Warning Event', async () => {
  const helmAnnotations = { 'meta.helm.sh/release-name': 'cozystack-platform', 'meta.helm.sh/release-namespace': 'cozy-system', 'helm.sh/resource-policy': 'keep' };
  await fx.client.create({ ...PACKAGE_GVK, metadata: { name: 'cozystack.kept', annotations: helmAnnotations }, spec: {} });
  await fx.client.create({ ...PACKAGE_GVK, metadata: { name: 'cozystack.rendered', annotations: helmAnnotations }, spec: {} });
  await fx.client.patch({ ...PACKAGE_GVK, name: 'cozystack.cozystack-platform' }, 'merge', { spec: { components: { platform: { values: { bundles: { disabledPackages: ['cozystack.kept'] } } } } } });
  const manifest = '---\napiVersion: cozystack.io/v1alpha1\nkind: Package\nmetadata:\n  name: cozystack.rendered\n';
  const release = gzipSync(JSON.stringify({ name: 'cozystack-platform', version: 2, manifest, info: { status: 'deployed' } })).toString('base64');
  await fx.client.create({
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'helm.sh/release.v1',
    metadata: { name: 'sh.helm.release.v1.cozystack-platform.v2', namespace: COZY_SYSTEM, labels: { owner: 'helm', name: 'cozystack-platform', status: 'deployed', version: '2' } },
    data: { release: Buffer.from(release).toString('base64') },
  } as KubeObject);
  const cond = await eventually(async () => {
    const c = readyCondition(await fx.client.get({ ...PACKAGE_GVK, name: 'cozystack.cozystack-platform' }));
    return c?.message.includes('cozystack.kept') ? c : undefined;
  }, 'kept message');
  assert.equal(cond.status, 'True');
  assert.match(cond.message, /package cozystack\.kept is listed in bundles\.disabledPackages but stays installed/);
  assert.match(cond.message, /kubectl delete package cozystack\.kept/);
  assert.doesNotMatch(cond.message, /cozystack\.rendered/);
  const events = await fx.client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'default' });
  const warning = events.items.find((e) => (e as { reason?: string }).reason === 'PackageKept');
  assert.ok(warning, 'a PackageKept Warning Event');
  assert.equal((warning as { type?: string }).type, 'Warning');
  assert.equal((warning as { involvedObject?: { name?: string } }).involvedObject?.name, 'cozystack.cozystack-platform');
  // Removed by hand, as the message says: the platform Package stops naming it.
  await fx.client.delete({ ...PACKAGE_GVK, name: 'cozystack.kept' });
  const after = await eventually(async () => {
    const c = readyCondition(await fx.client.get({ ...PACKAGE_GVK, name: 'cozystack.cozystack-platform' }));
    return c && !c.message.includes('cozystack.kept') ? c : undefined;
  }, 'the kept-package note gone');
  assert.equal(after.message, 'reconciliation succeeded, generated 1 helmrelease(s)');
});
