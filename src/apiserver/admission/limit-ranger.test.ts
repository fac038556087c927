import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { newAdmissionHarness, type AdmissionHarness } from '../quota/admission-test-support.ts';

type Resources = { requests?: Record<string, string>; limits?: Record<string, string> };

function pod(name: string, containers: Record<string, Resources>, init: Record<string, Resources> = {}): KubeObject {
  const list = (m: Record<string, Resources>) => Object.entries(m).map(([n, resources]) => ({ name: n, image: 'nginx', resources }));
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: list(containers), ...(Object.keys(init).length ? { initContainers: list(init) } : {}) },
  };
}

async function withLimits(...limits: Record<string, unknown>[]): Promise<AdmissionHarness> {
  const client = await newAdmissionHarness();
  await client.create({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'limits', namespace: 'default' }, spec: { limits } });
  return client;
}

async function refusal(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (err) {
    return err as { code: number; message: string };
  }
  assert.fail('expected the create to be refused');
}

const resourcesOf = (p: KubeObject, i = 0) => (p.spec as { containers: { resources: Resources }[] }).containers[i]!.resources;

describe('LimitRanger admission', () => {
  test('containers without requests or limits get the defaults, noted in the annotation', async () => {
    const client = await withLimits({ type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m', memory: '128Mi' } });
    const created = await client.create(pod('web', { app: {}, log: { requests: { cpu: '50m' } } }));
    assert.deepEqual(resourcesOf(created, 0), { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } });
    assert.deepEqual(resourcesOf(created, 1), { requests: { cpu: '50m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } });
    assert.equal(
      created.metadata.annotations?.['kubernetes.io/limit-ranger'],
      'LimitRanger plugin set: cpu, memory request for container app; cpu, memory limit for container app; memory request for container log; cpu, memory limit for container log',
    );
  });

  test('an item with only max defaults limits and requests to it, as the API defaults the item', async () => {
    const client = await withLimits({ type: 'Container', max: { cpu: '2' } });
    const created = await client.create(pod('web', { app: {} }));
    assert.deepEqual(resourcesOf(created), { requests: { cpu: '2' }, limits: { cpu: '2' } });
  });

  test('a limit above the Container max is refused with the upstream message', async () => {
    const client = await withLimits({ type: 'Container', max: { cpu: '2' }, min: { cpu: '100m' } });
    const err = await refusal(client.create(pod('x', { app: { limits: { cpu: '4' } } })));
    assert.equal(err.code, 403);
    assert.equal(err.message, 'pods "x" is forbidden: maximum cpu usage per Container is 2, but limit is 4');
    const low = await refusal(client.create(pod('y', { app: { requests: { cpu: '50m' }, limits: { cpu: '1' } } })));
    assert.equal(low.message, 'pods "y" is forbidden: minimum cpu usage per Container is 100m, but request is 50m');
  });

  test('several violations are listed together; the ratio prints as Go does', async () => {
    const client = await withLimits({ type: 'Container', maxLimitRequestRatio: { cpu: '2' } }, { type: 'Pod', max: { memory: '1Gi' } });
    const err = await refusal(client.create(pod('x', { a: { requests: { cpu: '100m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }, b: { limits: { memory: '512Mi', cpu: '1' } } })));
    assert.equal(
      err.message,
      'pods "x" is forbidden: [cpu max limit to request ratio per Container is 2, but provided ratio is 10.000000, maximum memory usage per Pod is 1Gi, but limit is 1536Mi]',
    );
  });

  test('PersistentVolumeClaims are held to the claim min and max', async () => {
    const client = await withLimits({ type: 'PersistentVolumeClaim', min: { storage: '1Gi' }, max: { storage: '10Gi' } });
    const claim = (name: string, size: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name, namespace: 'default' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: size } } },
    });
    await client.create(claim('ok', '5Gi'));
    const big = await refusal(client.create(claim('big', '20Gi')));
    assert.equal(big.message, 'persistentvolumeclaims "big" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi');
    const small = await refusal(client.create(claim('small', '500Mi')));
    assert.equal(small.message, 'persistentvolumeclaims "small" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi');
  });

  test('without a LimitRange nothing changes', async () => {
    const client = await newAdmissionHarness();
    const created = await client.create(pod('plain', { app: {} }));
    assert.deepEqual(resourcesOf(created), {});
    assert.equal(created.metadata.annotations, undefined);
  });
});
