import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { builtinCharts } from '../../builtin.ts';
import { chartPathOf, componentChartPaths, findPackageSourceData, packageSources } from './sources.ts';

describe('component PackageSources of 1.6.2', () => {
  const sources = packageSources();

  it('has one PackageSource per sources/*.yaml, each named cozystack.<x>, all on cozystack-packages', () => {
    assert.equal(sources.length, 98);
    assert.equal(new Set(sources.map((s) => s.metadata.name)).size, 98);
    for (const s of sources) {
      assert.match(s.metadata.name!, /^cozystack\.[a-z0-9-]+$/);
      assert.equal(s.apiVersion, 'cozystack.io/v1alpha1');
      assert.equal(s.kind, 'PackageSource');
      assert.deepEqual(s.spec?.sourceRef, { kind: 'OCIRepository', name: 'cozystack-packages', namespace: 'cozy-system', path: '/' });
      assert.ok(s.spec?.variants?.length, `${s.metadata.name} has variants`);
    }
  });

  it('keeps cert-manager as the real source writes it: three components chained by dependsOn', () => {
    const cm = findPackageSourceData('cozystack.cert-manager')!;
    assert.deepEqual(cm.variants.map((v) => v.name), ['default']);
    const [variant] = cm.variants;
    assert.deepEqual(variant!.dependsOn, ['cozystack.networking', 'cozystack.gateway-api-crds']);
    assert.deepEqual(
      variant!.components!.map((c) => [c.name, c.path, c.install?.namespace, c.install?.dependsOn ?? []]),
      [
        ['cert-manager-crds', 'system/cert-manager-crds', 'cozy-cert-manager', []],
        ['cert-manager', 'system/cert-manager', 'cozy-cert-manager', ['cert-manager-crds']],
        ['cert-manager-issuers', 'system/cert-manager-issuers', 'cozy-cert-manager', ['cert-manager']],
      ],
    );
  });

  it('has every networking variant with the cilium values files of each', () => {
    const net = findPackageSourceData('cozystack.networking')!;
    assert.deepEqual(net.variants.map((v) => v.name), ['noop', 'cilium', 'cilium-kilo', 'cilium-generic', 'kubeovn-cilium', 'kubeovn-cilium-generic']);
    const kubeovnCilium = net.variants.find((v) => v.name === 'kubeovn-cilium')!;
    const cilium = kubeovnCilium.components!.find((c) => c.name === 'cilium')!;
    assert.deepEqual(cilium.valuesFiles, ['values.yaml', 'values-talos.yaml', 'values-kubeovn.yaml']);
    assert.equal(cilium.install?.privileged, true);
    assert.deepEqual(net.variants.find((v) => v.name === 'noop')!.components, []);
  });

  it('keeps app charts without install (artifact only) and their -rd release with one', () => {
    const pg = findPackageSourceData('cozystack.postgres-application')!;
    const comps = pg.variants[0]!.components!;
    const app = comps.find((c) => c.name === 'postgres')!;
    assert.equal(app.path, 'apps/postgres');
    assert.equal(app.install, undefined);
    assert.deepEqual(app.libraries, ['cozy-lib']);
    assert.deepEqual(pg.variants[0]!.libraries, [{ name: 'cozy-lib', path: 'library/cozy-lib' }]);
    assert.deepEqual(comps.find((c) => c.name === 'postgres-rd')!.install, { namespace: 'cozy-system', releaseName: 'postgres-rd' });
  });

  it('marks cozystack.monitoring to skip cozystack-values, and only it', () => {
    const skipping = sources.filter((s) => s.metadata.annotations?.['operator.cozystack.io/skip-cozystack-values'] === 'true');
    assert.deepEqual(skipping.map((s) => s.metadata.name), ['cozystack.monitoring']);
  });

  it('keeps upgradeCRDs where the real sources set it', () => {
    const velero = findPackageSourceData('cozystack.velero')!;
    const withCRDs = velero.variants.flatMap((v) => v.components ?? []).filter((c) => c.install?.upgradeCRDs);
    assert.deepEqual(withCRDs.map((c) => c.install?.upgradeCRDs), ['CreateReplace']);
  });

  it('returns fresh copies, so a caller changing one does not change the next', () => {
    const first = packageSources();
    first[0]!.spec!.variants![0]!.name = 'changed';
    assert.notEqual(packageSources()[0]!.spec!.variants![0]!.name, 'changed');
  });

  it('joins the source path and the component path into a normalized chart path', () => {
    assert.equal(chartPathOf('/', { path: 'system/cilium' }), 'system/cilium');
    assert.equal(chartPathOf('packages', { path: 'apps/postgres' }), 'packages/apps/postgres');
    assert.equal(chartPathOf(undefined, { path: '/extra/info/' }), 'extra/info');
  });

  it('names charts under core/, system/, apps/ and extra/ only', () => {
    const paths = componentChartPaths();
    assert.ok(paths.includes('core/platform'));
    assert.ok(paths.includes('system/cilium') && paths.includes('apps/postgres') && paths.includes('extra/info'));
    for (const p of paths) assert.match(p, /^(core|system|apps|extra)\/[a-z0-9-]+$/);
  });
});

describe('every chart path of the sources has a chart', () => {
  const registry = builtinCharts();
  const missing = componentChartPaths().filter((p) => !registry.has(p));
  it('builtinCharts() has a chart for each path in sources.ts', { todo: missing.length ? `${missing.length} chart(s) not registered yet, e.g. ${missing.slice(0, 5).join(', ')}` : undefined }, () => {
    assert.deepEqual(missing, []);
  });
});
