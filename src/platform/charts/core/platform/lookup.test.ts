import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KubeObject } from '../../../../machinery/object.ts';
import { platformChart } from './index.ts';
import { lookupFrom, lookupKey, withLookups } from './lookup.ts';
import { PLATFORM_SOURCE, RELEASE, valuesFor } from './test-render.ts';

const ROOT_CA: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt', namespace: 'kube-system' }, data: { 'ca.crt': 'PEM' } };
const UNRELATED: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other', namespace: 'kube-system' }, data: {} };

describe('platform chart: cluster state through lookups', () => {
  it('names the platform source, kube-root-ca, the legacy ConfigMap, cozystack-version and the ouroboros Package', () => {
    const refs = platformChart.lookups!(valuesFor('isp-full'), RELEASE).map(lookupKey);
    assert.deepEqual(refs, [
      'source.toolkit.fluxcd.io/v1/OCIRepository/cozy-system/cozystack-platform',
      'v1/ConfigMap/kube-system/kube-root-ca.crt',
      'v1/ConfigMap/cozy-system/cozystack',
      'v1/ConfigMap/cozy-system/cozystack-version',
      'cozystack.io/v1alpha1/Package//cozystack.ouroboros',
    ]);
  });

  it('follows sourceRef to a GitRepository', () => {
    const values = valuesFor('isp-full', { sourceRef: { kind: 'GitRepository', name: 'cozystack-git' } });
    assert.equal(lookupKey(platformChart.lookups!(values, RELEASE)[0]!), 'source.toolkit.fluxcd.io/v1/GitRepository/cozy-system/cozystack-git');
  });

  it('a renderer that reads what lookups names gets a full render from the cluster it sees', () => {
    const cluster = [PLATFORM_SOURCE, ROOT_CA, UNRELATED];
    const values = valuesFor('isp-full');
    const wanted = new Set(platformChart.lookups!(values, RELEASE).map(lookupKey));
    const found = cluster.filter((o) => wanted.has(lookupKey({ apiVersion: o.apiVersion, kind: o.kind, namespace: o.metadata.namespace ?? '', name: o.metadata.name! })));
    assert.deepEqual(found.map((o) => o.metadata.name), ['cozystack-platform', 'kube-root-ca.crt']);
    const objects = platformChart.render(withLookups(values, found), RELEASE);
    assert.ok(objects.some((o) => o.kind === 'OCIRepository' && o.metadata.name === 'cozystack-packages'));
    const secret = objects.find((o) => o.metadata.name === 'cozystack-values')!;
    assert.match((secret.stringData as Record<string, string>)['values.yaml']!, /kube-root-ca: UEVN/);
  });

  it('lookup returns nothing for an object that was not handed in', () => {
    const lookup = lookupFrom(withLookups({}, [ROOT_CA]));
    assert.equal(lookup('v1', 'ConfigMap', 'kube-system', 'kube-root-ca.crt')?.metadata.name, 'kube-root-ca.crt');
    assert.equal(lookup('v1', 'ConfigMap', 'kube-system', 'missing'), undefined);
    assert.equal(lookupFrom({})('v1', 'ConfigMap', 'kube-system', 'kube-root-ca.crt'), undefined);
  });
});
