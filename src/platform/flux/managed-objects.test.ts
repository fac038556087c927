import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { outsideRelease } from './managed-objects.ts';

const helmFields = {
  'f:metadata': { 'f:annotations': { 'f:meta.helm.sh/release-name': {} }, 'f:labels': { 'f:app': {} } },
  'f:spec': { 'f:replicas': {}, 'f:template': { 'f:spec': { 'f:containers': {} } } },
};

function deployment(patch: (o: KubeObject & { spec: Record<string, unknown> }) => void = () => {}): KubeObject {
  const o = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      namespace: 'apps',
      resourceVersion: '1',
      annotations: { 'meta.helm.sh/release-name': 'web' },
      labels: { app: 'web' },
      managedFields: [{ manager: 'helm-controller', operation: 'Apply' as const, apiVersion: 'apps/v1', fieldsType: 'FieldsV1' as const, fieldsV1: structuredClone(helmFields) }],
    },
    spec: { replicas: 1, template: { spec: { containers: [{ name: 'web', image: 'nginx' }] } }, revisionHistoryLimit: 10 },
    status: { replicas: 0 },
  };
  patch(o);
  return o;
}

test('outsideRelease: status, resourceVersion and fields other managers own cannot be drift', () => {
  const base = deployment();
  assert.equal(outsideRelease(base, deployment((o) => ((o.status as { replicas: number }).replicas = 1))), true);
  assert.equal(outsideRelease(base, deployment((o) => (o.metadata.resourceVersion = '2'))), true);
  // The deployment controller's revision annotation, and a spec field helm-controller never set.
  assert.equal(outsideRelease(base, deployment((o) => (o.metadata.annotations!['deployment.kubernetes.io/revision'] = '1'))), true);
  assert.equal(outsideRelease(base, deployment((o) => (o.spec.revisionHistoryLimit = 3))), true);
});

test('outsideRelease: a field helm-controller owns, or its managedFields, moving wakes the release', () => {
  const base = deployment();
  assert.equal(outsideRelease(base, deployment((o) => (o.spec.replicas = 3))), false);
  assert.equal(outsideRelease(base, deployment((o) => (o.metadata.annotations!['meta.helm.sh/release-name'] = 'other'))), false);
  assert.equal(outsideRelease(base, deployment((o) => delete o.metadata.labels!.app)), false);
  // A list it owns is compared whole.
  assert.equal(outsideRelease(base, deployment((o) => ((o.spec.template as { spec: { containers: unknown[] } }).spec.containers = []))), false);
  // Another manager took over (or removed) some of its fields: its entry changed.
  assert.equal(outsideRelease(base, deployment((o) => (o.metadata.managedFields![0]!.fieldsV1 = { 'f:spec': { 'f:replicas': {} } }))), false);
});

test('outsideRelease: without an entry of its own the manager may own anything', () => {
  const bare = (o: KubeObject) => ((o.metadata.managedFields = []), o);
  assert.equal(outsideRelease(bare(deployment()), bare(deployment((o) => (o.spec.revisionHistoryLimit = 3)))), false);
  assert.equal(outsideRelease(bare(deployment()), bare(deployment((o) => ((o.status as { replicas: number }).replicas = 2)))), true);
});
