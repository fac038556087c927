import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf } from '../../controller/index.ts';
import { newWorkloadHarness, type WorkloadHarness } from '../workloads/workload-test-support.ts';
import { attachmentName } from './attach-detach-controller.ts';
import { startStorageControllers } from './index.ts';
import { CSIDRIVER_GVK, CSINODE_GVK, NODE_GVK, POD_GVK, PVC_GVK, VOLUMEATTACHMENT_GVK } from './storage-facts.ts';

const DRIVER = 'linstor.csi.linbit.com';

async function started(nodes: string[]): Promise<WorkloadHarness> {
  const h = await newWorkloadHarness();
  for (const name of nodes) await h.client.create({ ...NODE_GVK, metadata: { name, labels: { 'kubernetes.io/hostname': name } } });
  h.run(startStorageControllers(h.deps));
  return h;
}

const attachments = async (h: WorkloadHarness): Promise<any[]> => (await h.client.list(VOLUMEATTACHMENT_GVK)).items;

async function boundClaim(h: WorkloadHarness, name: string): Promise<string> {
  await h.client.create({ ...PVC_GVK, metadata: { name, namespace: 'default' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
  let volume = '';
  await h.until(async () => {
    const pvc: any = await h.client.get({ ...PVC_GVK, namespace: 'default', name });
    volume = pvc.status?.phase === 'Bound' ? pvc.spec.volumeName : '';
    return volume !== '';
  }, 'claim Bound');
  return volume;
}

function podOn(name: string, node: string, claim: string): KubeObject {
  return { ...POD_GVK, metadata: { name, namespace: 'default' }, spec: { nodeName: node, containers: [{ name: 'c', image: 'busybox' }], volumes: [{ name: 'd', persistentVolumeClaim: { claimName: claim } }] } };
}

describe('CSI registration and attachment', () => {
  test("LINSTOR's CSIDriver exists and every node has its CSINode, owned by the node, with the driver registered", async () => {
    const h = await started(['node1', 'node2']);
    await h.until(async () => (await h.client.list(CSINODE_GVK)).items.length === 2, 'CSINodes');
    const driver: any = await h.client.get({ ...CSIDRIVER_GVK, name: DRIVER });
    assert.equal(driver.spec.attachRequired, true);
    assert.equal(driver.spec.podInfoOnMount, true);
    const csiNode: any = await h.client.get({ ...CSINODE_GVK, name: 'node1' });
    assert.deepEqual(csiNode.spec.drivers, [{ name: DRIVER, nodeID: 'node1', topologyKeys: ['kubernetes.io/hostname'] }]);
    const node: any = await h.client.get({ ...NODE_GVK, name: 'node1' });
    assert.deepEqual(csiNode.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Node', name: 'node1', uid: node.metadata.uid }]);
    await h.until(async () => ((await h.client.get({ ...NODE_GVK, name: 'node1' })) as any).metadata.annotations?.['csi.volume.kubernetes.io/nodeid'] === JSON.stringify({ [DRIVER]: 'node1' }), 'node annotation');
    // A driver entry removed behind the registrar's back is registered again.
    await h.client.update({ ...csiNode, spec: { drivers: [] } });
    await h.until(async () => ((await h.client.get({ ...CSINODE_GVK, name: 'node1' })) as any).spec.drivers?.length === 1, 'driver registered again');
    await h.stop();
  });

  test('a scheduled pod mounting a CSI volume gets it attached to its node, and detached once the pod is gone', async () => {
    const h = await started(['node1', 'node2']);
    const volume = await boundClaim(h, 'data');
    await h.client.create(podOn('web', 'node1', 'data'));
    await h.until(async () => (await attachments(h)).some((va) => va.status?.attached === true), 'attached');
    const [va] = await attachments(h);
    const pv: any = await h.client.get({ apiVersion: 'v1', kind: 'PersistentVolume', name: volume });
    assert.equal(va.metadata.name, attachmentName(pv.spec.csi.volumeHandle, DRIVER, 'node1'));
    assert.deepEqual(va.spec, { attacher: DRIVER, nodeName: 'node1', source: { persistentVolumeName: volume } });
    assert.deepEqual(va.metadata.finalizers, ['external-attacher/linstor-csi-linbit-com']);
    await h.until(async () => (await h.events()).some((e: any) => e.reason === 'SuccessfulAttachVolume' && e.involvedObject.name === 'web'), 'SuccessfulAttachVolume');
    const event: any = (await h.events()).find((e: any) => e.reason === 'SuccessfulAttachVolume');
    assert.equal(event.message, `AttachVolume.Attach succeeded for volume "${volume}"`);
    assert.equal(event.source.component, 'attachdetach-controller');

    await h.client.delete(refOf((await h.client.get({ ...POD_GVK, namespace: 'default', name: 'web' })) as KubeObject), { gracePeriodSeconds: 0 });
    await h.until(async () => (await attachments(h)).length === 0, 'detached and gone');
    await h.stop();
  });

  test('a finished pod holds no attachment, and a pod on another node gets its own', async () => {
    const h = await started(['node1', 'node2']);
    await boundClaim(h, 'data');
    const done = await h.client.create(podOn('job', 'node1', 'data'));
    await h.until(async () => (await attachments(h)).length === 1, 'attached to node1');
    await h.client.updateStatus({ ...done, status: { phase: 'Succeeded' } });
    await h.until(async () => (await attachments(h)).length === 0, 'detached from node1');
    await h.client.create(podOn('next', 'node2', 'data'));
    await h.until(async () => (await attachments(h)).some((va) => va.spec.nodeName === 'node2' && va.status?.attached === true), 'attached to node2');
    await h.stop();
  });
});
