import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builtinPatchSchema, builtinPatchSchemaKinds } from './patch-schemas.ts';
import { applyStrategicMergePatch } from '../../machinery/patch/strategic-merge.ts';
import { serverSideApply } from '../../machinery/patch/managed-fields.ts';
import { toFieldSet } from '../../machinery/patch/fieldpath.ts';
import type { KubeObject } from '../../machinery/object.ts';

const smp = (group: string, kind: string, original: unknown, patch: unknown) =>
  applyStrategicMergePatch(original, patch, builtinPatchSchema(group, kind)) as any;

const podSpec = () => ({
  containers: [
    {
      name: 'main',
      image: 'busybox:1',
      env: [{ name: 'A', value: '1' }],
      volumeMounts: [{ name: 'data', mountPath: '/data' }],
      ports: [{ containerPort: 80, protocol: 'TCP' }],
    },
    { name: 'side', image: 'nginx' },
  ],
  tolerations: [{ key: 'a', operator: 'Exists' }],
  volumes: [{ name: 'data', emptyDir: {} }],
});

describe('builtinPatchSchema', () => {
  test('covers every built-in kind cozylab serves', () => {
    const kinds = builtinPatchSchemaKinds().map((k) => `${k.group}/${k.kind}`);
    for (const k of ['/Pod', '/Service', '/ConfigMap', 'apps/Deployment', 'batch/CronJob', 'policy/PodDisruptionBudget', 'apiregistration.k8s.io/APIService', 'autoscaling/HorizontalPodAutoscaler']) {
      assert.ok(kinds.includes(k), k);
    }
    assert.equal(kinds.length, 42);
  });

  test('kubectl CSA patch of a Pod: $setElementOrder/containers with one changed container', () => {
    const pod = { metadata: { name: 'p' }, spec: podSpec() };
    const out = smp('', 'Pod', pod, {
      spec: { '$setElementOrder/containers': [{ name: 'main' }, { name: 'side' }], containers: [{ image: 'busybox:2', name: 'main' }] },
    });
    assert.equal(out.spec.containers[0].image, 'busybox:2');
    assert.deepEqual(out.spec.containers[0].env, [{ name: 'A', value: '1' }]);
    assert.equal(out.spec.containers[1].name, 'side');
  });

  test('webhook configurations merge their webhooks by name', () => {
    const vwc = { metadata: { name: 'v' }, webhooks: [{ name: 'a.example.com', timeoutSeconds: 10 }, { name: 'b.example.com', timeoutSeconds: 10, objectSelector: { matchLabels: { x: '1' } } }] };
    const out = smp('admissionregistration.k8s.io', 'ValidatingWebhookConfiguration', vwc, { webhooks: [{ name: 'b.example.com', timeoutSeconds: 3, objectSelector: { matchLabels: { y: '2' } } }] });
    assert.deepEqual(out.webhooks, [{ name: 'a.example.com', timeoutSeconds: 10 }, { name: 'b.example.com', timeoutSeconds: 3, objectSelector: { matchLabels: { x: '1', y: '2' } } }]);
  });

  test('ConfigMap data and metadata labels: null deletes', () => {
    const cm = { metadata: { name: 'c', labels: { x: '1', y: '2' } }, data: { a: '1', b: '2' } };
    assert.deepEqual(smp('', 'ConfigMap', cm, { data: { b: null, c: '3' } }).data, { a: '1', c: '3' });
    assert.deepEqual(smp('', 'ConfigMap', cm, { metadata: { labels: { x: null } } }).metadata.labels, { y: '2' });
  });

  test('Service ports merge by port', () => {
    const svc = { metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }, { port: 443, protocol: 'TCP' }] } };
    const out = smp('', 'Service', svc, { spec: { ports: [{ port: 80, targetPort: 9090 }] } });
    assert.deepEqual(out.spec.ports, [{ port: 80, targetPort: 9090, protocol: 'TCP' }, { port: 443, protocol: 'TCP' }]);
  });

  test('container env, volumeMounts and ports merge by key inside the Deployment template', () => {
    const d = { metadata: { name: 'd' }, spec: { template: { spec: podSpec() } } };
    const out = smp('apps', 'Deployment', d, {
      spec: {
        template: {
          spec: {
            containers: [
              {
                name: 'main',
                env: [{ name: 'B', value: '2' }],
                volumeMounts: [{ name: 'cache', mountPath: '/cache' }],
                ports: [{ containerPort: 81 }],
              },
            ],
          },
        },
      },
    });
    const main = out.spec.template.spec.containers.find((c: { name: string }) => c.name === 'main');
    assert.deepEqual(main.env.map((e: { name: string }) => e.name).sort(), ['A', 'B']);
    assert.deepEqual(main.volumeMounts.map((m: { mountPath: string }) => m.mountPath).sort(), ['/cache', '/data']);
    assert.deepEqual(main.ports.map((p: { containerPort: number }) => p.containerPort).sort(), [80, 81]);
  });

  test('tolerations are replaced; volumes merge by name', () => {
    const pod = { metadata: { name: 'p' }, spec: podSpec() };
    const out = smp('', 'Pod', pod, { spec: { tolerations: [{ key: 'b' }], volumes: [{ name: 'cfg', configMap: { name: 'c' } }] } });
    assert.deepEqual(out.spec.tolerations, [{ key: 'b' }]);
    assert.deepEqual(out.spec.volumes.map((v: { name: string }) => v.name).sort(), ['cfg', 'data']);
  });

  test('pod conditions merge by type; ownerReferences by uid; finalizers as a set', () => {
    const pod = {
      metadata: { name: 'p', finalizers: ['a'], ownerReferences: [{ uid: '1', name: 'rs', kind: 'ReplicaSet', apiVersion: 'apps/v1' }] },
      status: { conditions: [{ type: 'Ready', status: 'False' }, { type: 'Initialized', status: 'True' }] },
    };
    const out = smp('', 'Pod', pod, {
      metadata: { finalizers: ['b'], ownerReferences: [{ uid: '1', controller: true }] },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    });
    assert.deepEqual(out.status.conditions.find((c: { type: string }) => c.type === 'Ready'), { type: 'Ready', status: 'True' });
    assert.equal(out.status.conditions.length, 2);
    assert.equal(out.metadata.ownerReferences[0].controller, true);
    assert.equal(out.metadata.ownerReferences[0].name, 'rs');
    assert.deepEqual([...out.metadata.finalizers].sort(), ['a', 'b']);
  });

  test('Deployment strategy honours $retainKeys', () => {
    const d = { metadata: { name: 'd' }, spec: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } } };
    const out = smp('apps', 'Deployment', d, { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } });
    assert.deepEqual(out.spec.strategy, { type: 'Recreate' });
  });

  test('SSA keys Service ports by port and the defaulted protocol', () => {
    const live: KubeObject = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 's' },
      spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] },
    };
    const applied: KubeObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort: 9090 }] } };
    const { object, managedFields } = serverSideApply(live, applied, 'kubectl', 'v1', '2024-05-01T10:00:00Z', false, builtinPatchSchema('', 'Service'));
    assert.deepEqual((object.spec as any).ports, [{ port: 80, protocol: 'TCP', targetPort: 9090 }]);
    assert.ok('k:{"port":80,"protocol":"TCP"}' in ((managedFields[0].fieldsV1['f:spec'] as any)['f:ports']));
  });

  test('label selectors and StatefulSet volumeClaimTemplates are atomic for SSA', () => {
    const ss = {
      spec: {
        selector: { matchLabels: { app: 'a' } },
        volumeClaimTemplates: [{ metadata: { name: 'data' } }],
      },
    };
    assert.deepEqual(toFieldSet(ss, builtinPatchSchema('apps', 'StatefulSet')).toFieldsV1(), {
      'f:spec': { 'f:selector': {}, 'f:volumeClaimTemplates': {} },
    });
  });
});

test('CSINode drivers merge by name', () => {
  const schema = builtinPatchSchema('storage.k8s.io', 'CSINode');
  assert.deepEqual(schema.fields?.spec?.fields?.drivers, { strategy: 'merge', mergeKey: 'name', listType: 'map', listMapKeys: ['name'] });
});
