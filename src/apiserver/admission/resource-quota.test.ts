import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { newAdmissionHarness, type AdmissionHarness } from '../quota/admission-test-support.ts';

type Resources = { requests?: Record<string, string>; limits?: Record<string, string> };

function pod(name: string, containers: Record<string, Resources> = { app: {} }, extra: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: Object.entries(containers).map(([n, resources]) => ({ name: n, image: 'nginx', resources })), ...extra },
  };
}

function quota(name: string, hard: Record<string, string>, spec: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name, namespace: 'default' }, spec: { hard, ...spec } };
}

const setup = newAdmissionHarness;

async function refusal(p: Promise<unknown>): Promise<{ code: number; reason: string; message: string }> {
  try {
    await p;
  } catch (err) {
    return err as { code: number; reason: string; message: string };
  }
  assert.fail('expected the create to be refused');
}

async function used(client: AdmissionHarness, name: string): Promise<Record<string, string>> {
  const q = await client.get('ResourceQuota', name);
  return ((q.status as { used?: Record<string, string> }) ?? {}).used ?? {};
}

describe('ResourceQuota admission', () => {
  test('a third pod under `pods: 2` is refused with the upstream message; the two admitted are charged', async () => {
    const client = await setup();
    await client.create(quota('pods', { pods: '2' }));
    await client.create(pod('one'));
    await client.create(pod('two'));
    assert.deepEqual(await used(client, 'pods'), { pods: '2' });
    const err = await refusal(client.create(pod('three')));
    assert.equal(err.code, 403);
    assert.equal(err.reason, 'Forbidden');
    assert.equal(err.message, 'pods "three" is forbidden: exceeded quota: pods, requested: pods=1, used: pods=2, limited: pods=2');
  });

  test('a compute quota refuses containers that do not state what it restricts', async () => {
    const client = await setup();
    await client.create(quota('compute', { 'requests.memory': '1Gi', 'limits.cpu': '2' }));
    const err = await refusal(client.create(pod('bare', { web: {}, sidecar: { limits: { cpu: '1' } } })));
    assert.equal(err.code, 403);
    assert.equal(err.message, 'pods "bare" is forbidden: failed quota: compute: must specify limits.cpu for: web; requests.memory for: sidecar,web');
  });

  test('requests add up in canonical form and the excess names only the exceeded resource', async () => {
    const client = await setup();
    await client.create(quota('compute', { 'requests.cpu': '1', 'requests.memory': '1Gi' }));
    await client.create(pod('a', { app: { requests: { cpu: '500m', memory: '256Mi' } } }));
    await client.create(pod('b', { app: { requests: { cpu: '0.25', memory: '256Mi' } } }));
    assert.deepEqual(await used(client, 'compute'), { 'requests.cpu': '750m', 'requests.memory': '512Mi' });
    const err = await refusal(client.create(pod('c', { app: { requests: { cpu: '300m', memory: '100Mi' } } })));
    assert.equal(err.message, 'pods "c" is forbidden: exceeded quota: compute, requested: requests.cpu=300m, used: requests.cpu=750m, limited: requests.cpu=1');
  });

  test('a quota the controller has not counted yet is counted from the objects that exist', async () => {
    const client = await setup();
    await client.create(pod('before'));
    await client.create(quota('pods', { pods: '1', 'count/configmaps': '5' }));
    const err = await refusal(client.create(pod('after')));
    assert.match(err.message, /exceeded quota: pods, requested: pods=1, used: pods=1, limited: pods=1$/);
  });

  test('terminal pods do not use compute quota', async () => {
    const client = await setup();
    await client.create(pod('done'));
    await client.update('Pod', 'done', (p) => (p.status = { ...(p.status as object), phase: 'Succeeded' }), 'status');
    await client.create(quota('pods', { pods: '1', 'count/pods': '5' }));
    await client.create(pod('next'));
    assert.deepEqual(await used(client, 'pods'), { 'count/pods': '2', pods: '1' });
  });

  test('dry-run creates are checked but not charged', async () => {
    const client = await setup();
    await client.create(quota('pods', { pods: '1' }));
    await client.create(pod('dry'), { dryRun: true });
    assert.deepEqual(await used(client, 'pods'), {});
    await client.create(pod('real'));
    assert.deepEqual(await used(client, 'pods'), { pods: '1' });
  });

  test('concurrent creates cannot together exceed the quota', async () => {
    const client = await setup();
    await client.create(quota('pods', { pods: '3' }));
    const results = await Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((n) => client.create(pod(n))));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
    assert.deepEqual(await used(client, 'pods'), { pods: '3' });
  });

  test('services, load balancers and node ports; a type change on update is charged', async () => {
    const client = await setup();
    await client.create(quota('svc', { services: '5', 'services.loadbalancers': '1', 'services.nodeports': '2' }));
    const svc = (name: string, type: string, ports = 1): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name, namespace: 'default' },
      spec: { type, selector: { app: name }, ports: Array.from({ length: ports }, (_, i) => ({ name: `p${i}`, port: 80 + i })) },
    });
    await client.create(svc('lb', 'LoadBalancer'));
    const err = await refusal(client.create(svc('lb2', 'LoadBalancer')));
    assert.equal(err.message, 'services "lb2" is forbidden: exceeded quota: svc, requested: services.loadbalancers=1, used: services.loadbalancers=1, limited: services.loadbalancers=1');
    await client.create(svc('plain', 'ClusterIP', 2));
    const upgrade = await refusal(client.update('Service', 'plain', (s) => ((s.spec as { type: string }).type = 'NodePort')));
    assert.match(upgrade.message, /exceeded quota: svc, requested: services.nodeports=2, used: services.nodeports=1, limited: services.nodeports=2$/);
  });

  test('claims are charged to requests.storage and their storage class', async () => {
    const client = await setup();
    await client.create(quota('storage', { 'requests.storage': '10Gi', 'local.storageclass.storage.k8s.io/requests.storage': '1Gi' }));
    const claim = (name: string, size: string, cls: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name, namespace: 'default' },
      spec: { accessModes: ['ReadWriteOnce'], storageClassName: cls, resources: { requests: { storage: size } } },
    });
    await client.create(claim('big', '5Gi', 'replicated'));
    const err = await refusal(client.create(claim('local', '2Gi', 'local')));
    assert.equal(
      err.message,
      'persistentvolumeclaims "local" is forbidden: exceeded quota: storage, requested: local.storageclass.storage.k8s.io/requests.storage=2Gi, used: local.storageclass.storage.k8s.io/requests.storage=0, limited: local.storageclass.storage.k8s.io/requests.storage=1Gi',
    );
    assert.deepEqual(await used(client, 'storage'), { 'local.storageclass.storage.k8s.io/requests.storage': '0', 'requests.storage': '5Gi' });
  });

  test('object counts: count/<resource> and the legacy names', async () => {
    const client = await setup();
    await client.create(quota('objects', { configmaps: '1', 'count/secrets': '0' }));
    await client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' } });
    const cm = await refusal(client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b', namespace: 'default' } }));
    assert.equal(cm.message, 'configmaps "b" is forbidden: exceeded quota: objects, requested: configmaps=1, used: configmaps=1, limited: configmaps=1');
    const secret = await refusal(client.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } }));
    assert.match(secret.message, /requested: count\/secrets=1, used: count\/secrets=0, limited: count\/secrets=0$/);
  });

  test('scoped quotas count only the pods they select', async () => {
    const client = await setup();
    await client.create(quota('best-effort', { pods: '1' }, { scopes: ['BestEffort'] }));
    await client.create(pod('be1'));
    await client.create(pod('burstable', { app: { requests: { cpu: '100m' } } }));
    const err = await refusal(client.create(pod('be2')));
    assert.match(err.message, /exceeded quota: best-effort, requested: pods=1, used: pods=1, limited: pods=1$/);
  });
});
