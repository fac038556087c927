import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import { newWorkloadHarness, type WorkloadHarness } from '../workloads/workload-test-support.ts';
import { startStorageControllers } from './index.ts';
import { PVC_GVK, PV_GVK, STORAGECLASS_GVK } from './storage-facts.ts';

function claim(name: string, spec: Record<string, unknown> = {}): KubeObject {
  return { ...PVC_GVK, metadata: { name, namespace: 'default' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '2Gi' } }, ...spec } };
}

async function getClaim(h: WorkloadHarness, name: string): Promise<any> {
  return h.client.get({ ...PVC_GVK, namespace: 'default', name }).catch(() => undefined);
}

async function getVolume(h: WorkloadHarness, name: string): Promise<any> {
  return h.client.get({ ...PV_GVK, name }).catch(() => undefined);
}

async function started(): Promise<WorkloadHarness> {
  const h = await newWorkloadHarness();
  h.run(startStorageControllers(h.deps));
  await h.until(async () => (await h.client.list(STORAGECLASS_GVK)).items.length === 2, 'StorageClasses');
  return h;
}

async function claimEvents(h: WorkloadHarness, name: string): Promise<string[]> {
  return (await h.events()).filter((e: any) => e.involvedObject.kind === 'PersistentVolumeClaim' && e.involvedObject.name === name).map((e: any) => `${e.reason}: ${e.message}`);
}

describe('storage controllers', () => {
  test('the Cozystack StorageClasses exist, replicated the default', async () => {
    const h = await started();
    const classes = Object.fromEntries((await h.client.list(STORAGECLASS_GVK)).items.map((sc: any) => [sc.metadata.name, sc]));
    assert.equal(classes.replicated.metadata.annotations['storageclass.kubernetes.io/is-default-class'], 'true');
    assert.equal(classes.replicated.provisioner, 'linstor.csi.linbit.com');
    assert.equal(classes.replicated.volumeBindingMode, 'Immediate');
    assert.equal(classes.replicated.allowVolumeExpansion, true);
    assert.equal(classes.local.volumeBindingMode, 'WaitForFirstConsumer');
    assert.equal(classes.local.parameters['linstor.csi.linbit.com/allowRemoteVolumeAccess'], 'false');
    assert.equal(classes.local.metadata.annotations, undefined);
    await h.stop();
  });

  test('a claim of the default class is provisioned and bound both ways', async () => {
    const h = await started();
    const created = await h.client.create(claim('data'));
    assert.equal((created.spec as any).storageClassName, 'replicated');
    await h.until(async () => (await getClaim(h, 'data'))?.status?.phase === 'Bound', 'claim Bound');
    const pvc = await getClaim(h, 'data');
    const pvName = `pvc-${created.metadata.uid}`;
    assert.equal(pvc.spec.volumeName, pvName);
    assert.deepEqual(pvc.status.capacity, { storage: '2Gi' });
    assert.deepEqual(pvc.status.accessModes, ['ReadWriteOnce']);
    assert.equal(pvc.metadata.annotations['pv.kubernetes.io/bind-completed'], 'yes');
    assert.equal(pvc.metadata.annotations['pv.kubernetes.io/bound-by-controller'], 'yes');
    assert.equal(pvc.metadata.annotations['volume.kubernetes.io/storage-provisioner'], 'linstor.csi.linbit.com');
    await h.until(async () => (await getClaim(h, 'data'))?.metadata.finalizers?.includes('kubernetes.io/pvc-protection'), 'pvc-protection');
    await h.until(async () => (await getVolume(h, pvName))?.status?.phase === 'Bound', 'volume Bound');
    const pv = await getVolume(h, pvName);
    assert.deepEqual(pv.spec.capacity, { storage: '2Gi' });
    assert.equal(pv.spec.storageClassName, 'replicated');
    assert.equal(pv.spec.persistentVolumeReclaimPolicy, 'Delete');
    assert.equal(pv.spec.csi.driver, 'linstor.csi.linbit.com');
    assert.equal(pv.spec.nodeAffinity, undefined);
    assert.deepEqual([pv.spec.claimRef.namespace, pv.spec.claimRef.name, pv.spec.claimRef.uid], ['default', 'data', created.metadata.uid]);
    await h.until(async () => (await getVolume(h, pvName))?.metadata.finalizers?.includes('kubernetes.io/pv-protection'), 'pv-protection');
    const events = await claimEvents(h, 'data');
    assert.ok(events.includes("ExternalProvisioning: Waiting for a volume to be created either by the external provisioner 'linstor.csi.linbit.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered."), events.join('\n'));
    assert.ok(events.includes('Provisioning: External provisioner is provisioning volume for claim "default/data"'));
    assert.ok(events.includes(`ProvisioningSucceeded: Successfully provisioned volume ${pvName}`));
    await h.stop();
  });

  test('a local claim waits for its first consumer, then gets a volume on the selected node', async () => {
    const h = await started();
    const created = await h.client.create(claim('cache', { storageClassName: 'local' }));
    await h.until(async () => (await claimEvents(h, 'cache')).includes('WaitForFirstConsumer: waiting for first consumer to be created before binding'), 'WaitForFirstConsumer');
    assert.equal((await h.client.list(PV_GVK)).items.length, 0);
    await h.client.patch(refOf(created), 'merge', { metadata: { annotations: { 'volume.kubernetes.io/selected-node': 'node-2' } } });
    await h.until(async () => (await getClaim(h, 'cache'))?.status?.phase === 'Bound', 'claim Bound');
    const pv = await getVolume(h, `pvc-${created.metadata.uid}`);
    assert.deepEqual(pv.spec.nodeAffinity, { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['node-2'] }] }] } });
    await h.stop();
  });

  test('a deleted claim waits for the pod using it, then its volume is released and deleted', async () => {
    const h = await started();
    const created = await h.client.create(claim('data'));
    const pvName = `pvc-${created.metadata.uid}`;
    await h.until(async () => (await getVolume(h, pvName))?.status?.phase === 'Bound', 'volume Bound');
    await h.until(async () => (await getClaim(h, 'data'))?.metadata.finalizers?.includes('kubernetes.io/pvc-protection'), 'pvc-protection');
    const pod = await h.client.create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'user', namespace: 'default' },
      spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] },
    });
    await h.client.delete(refOf(created));
    for (let i = 0; i < 20; i++) await h.clock.advance(0);
    const terminating = await getClaim(h, 'data');
    assert.ok(terminating?.metadata.deletionTimestamp, 'the claim in use stays, Terminating');
    assert.equal((await getVolume(h, pvName))?.status?.phase, 'Bound');
    await h.client.delete(refOf(pod), { gracePeriodSeconds: 0 });
    await h.until(async () => (await getClaim(h, 'data')) === undefined, 'claim gone');
    await h.until(async () => (await getVolume(h, pvName)) === undefined, 'volume deleted');
    await h.stop();
  });

  test('with reclaim policy Retain the released volume stays', async () => {
    const h = await started();
    await h.client.create({ ...STORAGECLASS_GVK, metadata: { name: 'keep' }, provisioner: 'linstor.csi.linbit.com', reclaimPolicy: 'Retain' });
    const created = await h.client.create(claim('archive', { storageClassName: 'keep' }));
    const pvName = `pvc-${created.metadata.uid}`;
    await h.until(async () => (await getVolume(h, pvName))?.status?.phase === 'Bound', 'volume Bound');
    await h.client.delete(refOf(created));
    await h.until(async () => (await getVolume(h, pvName))?.status?.phase === 'Released', 'volume Released');
    for (let i = 0; i < 20; i++) await h.clock.advance(0);
    const pv = await getVolume(h, pvName);
    assert.equal(pv.status.phase, 'Released');
    assert.equal(pv.metadata.deletionTimestamp, undefined);
    await h.stop();
  });

  test('a claim made before any default class exists gets it once one appears', async () => {
    const h = await newWorkloadHarness();
    await h.client.create(claim('early'));
    h.run(startStorageControllers(h.deps));
    await h.until(async () => (await getClaim(h, 'early'))?.spec.storageClassName === 'replicated', 'default class assigned');
    await h.until(async () => (await getClaim(h, 'early'))?.status?.phase === 'Bound', 'claim Bound');
    await h.stop();
  });
});
