import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { serverSideApply, updateManagedFields } from './managed-fields.ts';
import { StatusError } from '../errors.ts';
import type { KubeObject, ManagedFieldsEntry } from '../object.ts';
import type { PatchSchema } from './schema.ts';

const byName: PatchSchema = { strategy: 'merge', mergeKey: 'name', listType: 'map', listMapKeys: ['name'] };
const schema: PatchSchema = {
  fields: {
    metadata: { fields: { labels: { additional: {} }, annotations: { additional: {} } } },
    spec: {
      fields: {
        selector: { mapType: 'atomic' },
        template: { fields: { metadata: { fields: { labels: { additional: {} } } }, spec: { fields: { containers: byName } } } },
      },
    },
  },
};

const T1 = '2024-05-01T10:00:00Z';
const T2 = '2024-05-01T11:00:00Z';
const T3 = '2024-05-01T12:00:00Z';

function deployment(replicas = 1, image = 'nginx:1', extra: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', labels: { app: 'web' }, uid: 'u1', resourceVersion: '5' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image }] } },
      ...extra,
    },
    status: { replicas: 0 },
  };
}

const withFields = (obj: KubeObject, managedFields: ManagedFieldsEntry[]): KubeObject => ({
  ...obj,
  metadata: { ...obj.metadata, managedFields },
});

function expectConflict(fn: () => unknown): StatusError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof StatusError);
    return err;
  }
  assert.fail('expected a conflict');
}

describe('updateManagedFields', () => {
  test('a create gives the manager every field it set, without metadata basics or status', () => {
    const mf = updateManagedFields(undefined, deployment(), 'kubectl-create', 'Update', 'apps/v1', T1, schema);
    assert.deepEqual(mf, [
      {
        manager: 'kubectl-create',
        operation: 'Update',
        apiVersion: 'apps/v1',
        time: T1,
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
          'f:spec': {
            'f:replicas': {},
            'f:selector': {},
            'f:template': {
              'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
              // Upstream compares against a zero PodSpec whose `containers: null` hides this ".".
              'f:spec': { 'f:containers': { '.': {}, 'k:{"name":"main"}': { '.': {}, 'f:image': {}, 'f:name': {} } } },
            },
          },
        },
      },
    ]);
  });

  test('a no-op write returns the previous entries unchanged', () => {
    const prevFields = updateManagedFields(undefined, deployment(), 'kubectl-create', 'Update', 'apps/v1', T1, schema);
    const prev = withFields(deployment(), prevFields);
    const same = updateManagedFields(prev, withFields(deployment(), prevFields), 'kubectl-edit', 'Update', 'apps/v1', T2, schema);
    assert.equal(same, prevFields);
  });

  test('changed fields move to the writer; removed fields leave every set; empty entries drop', () => {
    const created = updateManagedFields(undefined, deployment(), 'a', 'Update', 'apps/v1', T1, schema);
    const v1 = withFields(deployment(), created);
    const scaled = updateManagedFields(v1, withFields(deployment(3), created), 'b', 'Update', 'apps/v1', T2, schema);
    const a = scaled.find((e) => e.manager === 'a')!;
    const b = scaled.find((e) => e.manager === 'b')!;
    assert.equal(a.time, T1);
    assert.ok(!('f:replicas' in (a.fieldsV1['f:spec'] as object)));
    assert.deepEqual(b, { manager: 'b', operation: 'Update', apiVersion: 'apps/v1', time: T2, fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:replicas': {} } } });

    const v2 = withFields(deployment(3), scaled);
    const noReplicas = deployment(3);
    delete (noReplicas.spec as Record<string, unknown>).replicas;
    const after = updateManagedFields(v2, withFields(noReplicas, scaled), 'c', 'Update', 'apps/v1', T3, schema);
    assert.deepEqual(after.map((e) => e.manager), ['a'], 'b lost its only field, c changed nothing it could own');
  });

  test('entries a request sends in its own form are written back in canonical form; untouched stored ones as they were', () => {
    const created = updateManagedFields(undefined, deployment(), 'a', 'Update', 'apps/v1', T1, schema);
    const stored = withFields(deployment(), created);
    // The same fields, with keys out of order and a redundant "." on a leaf.
    const sent: ManagedFieldsEntry[] = [
      { ...created[0]!, fieldsV1: { 'f:spec': { 'f:template': created[0]!.fieldsV1['f:spec'] && (created[0]!.fieldsV1['f:spec'] as Record<string, unknown>)['f:template'], 'f:selector': {}, 'f:replicas': { '.': {} } }, 'f:metadata': { 'f:labels': { 'f:app': {}, '.': {} } } } },
    ];
    const labelled = deployment();
    labelled.metadata.labels = { ...labelled.metadata.labels, tier: 'web' };
    const scaled = updateManagedFields(stored, withFields(labelled, sent), 'b', 'Update', 'apps/v1', T2, schema);
    const a = scaled.find((e) => e.manager === 'a')!;
    assert.deepEqual(a.fieldsV1, created[0]!.fieldsV1);
    assert.deepEqual(Object.keys(a.fieldsV1), ['f:metadata', 'f:spec']);
    assert.deepEqual(Object.keys(a.fieldsV1['f:spec'] as object), ['f:replicas', 'f:selector', 'f:template']);
    assert.deepEqual((a.fieldsV1['f:spec'] as Record<string, object>)['f:replicas'], {});
    assert.deepEqual(Object.keys((a.fieldsV1['f:metadata'] as Record<string, object>)['f:labels']), ['.', 'f:app']);
    // A write by another manager that leaves a's fields alone keeps a's entry exactly.
    const relabel = updateManagedFields(withFields(labelled, scaled), withFields(labelled, scaled), 'c', 'Update', 'apps/v1', T3, schema, 'status');
    assert.deepEqual(relabel, scaled);
  });

  test('managedFields sent as [{}] reset ownership to this write', () => {
    const created = updateManagedFields(undefined, deployment(), 'a', 'Update', 'apps/v1', T1, schema);
    const reset = updateManagedFields(withFields(deployment(), created), withFields(deployment(2), [{} as ManagedFieldsEntry]), 'b', 'Update', 'apps/v1', T2, schema);
    assert.deepEqual(reset.map((e) => [e.manager, e.fieldsV1]), [['b', { 'f:spec': { 'f:replicas': {} } }]]);
  });

  test('a status write is its own subresource entry owning only status', () => {
    const created = updateManagedFields(undefined, deployment(), 'a', 'Update', 'apps/v1', T1, schema);
    const next = withFields({ ...deployment(), status: { replicas: 1 } }, created);
    const mf = updateManagedFields(withFields(deployment(), created), next, 'kube-controller-manager', 'Update', 'apps/v1', T2, schema, 'status');
    const entry = mf.find((e) => e.subresource === 'status')!;
    assert.deepEqual(entry.fieldsV1, { 'f:status': { 'f:replicas': {} } });
    assert.equal(entry.manager, 'kube-controller-manager');
  });
});

describe('serverSideApply', () => {
  const config = (replicas: number, labels: Record<string, string> = { app: 'web' }): KubeObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels },
    spec: { replicas, template: { spec: { containers: [{ name: 'main', image: 'nginx:2' }] } } },
  });

  test('conflict with an Update manager, then a forced apply takes ownership', () => {
    const created = updateManagedFields(undefined, deployment(3), 'kubectl-client-side-apply', 'Update', 'apps/v1', T1, schema);
    const live = withFields(deployment(3), created);
    const err = expectConflict(() => serverSideApply(live, config(5), 'kubectl', 'apps/v1', T2, false, schema));
    assert.equal(err.code, 409);
    assert.equal(err.reason, 'Conflict');
    assert.equal(
      err.message,
      'Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:\n- .spec.replicas\n- .spec.template.spec.containers[name="main"].image',
    );
    assert.deepEqual(err.details?.causes?.[0], {
      reason: 'FieldManagerConflict',
      message: 'conflict with "kubectl-client-side-apply" using apps/v1',
      field: '.spec.replicas',
    });

    const { object, managedFields } = serverSideApply(live, config(5), 'kubectl', 'apps/v1', T2, true, schema);
    assert.equal((object.spec as { replicas: number }).replicas, 5);
    assert.equal(object.metadata.uid, 'u1');
    const csa = managedFields.find((e) => e.manager === 'kubectl-client-side-apply')!;
    const ssa = managedFields.find((e) => e.manager === 'kubectl')!;
    assert.equal(ssa.operation, 'Apply');
    assert.equal(ssa.time, T2);
    assert.ok(!('f:replicas' in (csa.fieldsV1['f:spec'] as object)));
    assert.ok('f:replicas' in (ssa.fieldsV1['f:spec'] as object));
    assert.deepEqual(object.metadata.managedFields, managedFields);
    assert.equal(managedFields[0].operation, 'Apply', 'Apply entries sort first');
  });

  test('one conflict uses the singular message', () => {
    const created = updateManagedFields(undefined, deployment(3, 'nginx:2'), 'helm', 'Update', 'apps/v1', T1, schema);
    const err = expectConflict(() => serverSideApply(withFields(deployment(3, 'nginx:2'), created), config(4), 'kubectl', 'apps/v1', T2, false, schema));
    assert.equal(err.message, 'Apply failed with 1 conflict: conflict with "helm" using apps/v1: .spec.replicas');
  });

  test('applying the value another manager owns shares it without conflict', () => {
    const created = updateManagedFields(undefined, deployment(5, 'nginx:2'), 'helm', 'Update', 'apps/v1', T1, schema);
    const { managedFields } = serverSideApply(withFields(deployment(5, 'nginx:2'), created), config(5), 'kubectl', 'apps/v1', T2, false, schema);
    const helm = managedFields.find((e) => e.manager === 'helm')!;
    assert.ok('f:replicas' in (helm.fieldsV1['f:spec'] as object));
  });

  test('create, prune of fields dropped from the config, and keyed list merge', () => {
    const first = serverSideApply(undefined, { ...config(2, { app: 'web', tier: 'x' }) }, 'kubectl', 'apps/v1', T1, false, schema);
    assert.deepEqual(first.object.metadata.labels, { app: 'web', tier: 'x' });
    assert.deepEqual(first.managedFields.map((e) => [e.manager, e.operation, e.time]), [['kubectl', 'Apply', T1]]);

    // Another manager adds a container; the applier's config never mentions it.
    const live = first.object;
    const withSide = structuredClone(live);
    (withSide.spec as any).template.spec.containers.push({ name: 'side', image: 'busybox' });
    const mf = updateManagedFields(live, withSide, 'injector', 'Update', 'apps/v1', T2, schema);
    const live2 = withFields(withSide, mf);

    const second = serverSideApply(live2, config(2, { app: 'web' }), 'kubectl', 'apps/v1', T3, false, schema);
    assert.deepEqual(second.object.metadata.labels, { app: 'web' }, 'tier pruned');
    assert.deepEqual((second.object.spec as any).template.spec.containers.map((c: { name: string }) => c.name), ['main', 'side']);
  });

  test('a no-op apply changes neither the object nor time stamps', () => {
    const first = serverSideApply(undefined, config(2), 'kubectl', 'apps/v1', T1, false, schema);
    const again = serverSideApply(first.object, config(2), 'kubectl', 'apps/v1', T2, false, schema);
    assert.deepEqual(again.object, first.object);
    assert.equal(again.managedFields[0].time, T1);
  });

  test('rejects managedFields in the config and a mismatched version', () => {
    const withMf = { ...config(1), metadata: { name: 'web', managedFields: [] } } as KubeObject;
    assert.throws(() => serverSideApply(undefined, withMf, 'k', 'apps/v1', T1, false, schema), { code: 400, message: 'metadata.managedFields must be nil' });
    assert.throws(() => serverSideApply(undefined, config(1), 'k', 'apps/v2', T1, false, schema), {
      code: 400,
      message: 'Incorrect version specified in apply patch. Specified patch version: apps/v1, expected: apps/v2',
    });
  });
});
