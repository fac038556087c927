import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { csiNodePrinter, csiStorageCapacityPrinter, persistentVolumeClaimPrinter, persistentVolumePrinter, storageClassPrinter, volumeAttachmentPrinter } from './storage.ts';
import type { KubeObject } from '../../machinery/object.ts';

const now = new Date('2024-05-01T12:00:00Z');
const meta = { name: 'data-db-0', namespace: 'default', creationTimestamp: '2024-04-21T12:00:00Z' };

describe('storage printers', () => {
  test('bound PVC', () => {
    const pvc: KubeObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: meta,
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } }, storageClassName: 'replicated', volumeName: 'pvc-1234', volumeMode: 'Filesystem' },
      status: { phase: 'Bound', accessModes: ['ReadWriteOnce', 'ReadWriteOncePod'], capacity: { storage: '10Gi' } },
    };
    assert.deepEqual(persistentVolumeClaimPrinter.columns.map((c) => c.name), [
      'Name', 'Status', 'Volume', 'Capacity', 'Access Modes', 'StorageClass', 'VolumeAttributesClass', 'Age', 'VolumeMode',
    ]);
    assert.deepEqual(persistentVolumeClaimPrinter.cells(pvc, now), ['data-db-0', 'Bound', 'pvc-1234', '10Gi', 'RWO,RWOP', 'replicated', '<unset>', '10d', 'Filesystem']);
  });
  test('pending PVC shows no capacity', () => {
    const pvc: KubeObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { ...meta, annotations: { 'volume.beta.kubernetes.io/storage-class': 'legacy' } },
      spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: '1Gi' } } },
      status: { phase: 'Pending' },
    };
    assert.deepEqual(persistentVolumeClaimPrinter.cells(pvc, now), ['data-db-0', 'Pending', '', '', '', 'legacy', '<unset>', '10d', '<unset>']);
  });
  test('persistent volume', () => {
    const pv: KubeObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'pvc-1234', creationTimestamp: '2024-04-21T12:00:00Z' },
      spec: {
        capacity: { storage: '10Gi' },
        accessModes: ['ReadWriteMany', 'ReadWriteOnce'],
        persistentVolumeReclaimPolicy: 'Delete',
        claimRef: { namespace: 'default', name: 'data-db-0' },
        storageClassName: 'replicated',
        volumeMode: 'Block',
      },
      status: { phase: 'Bound' },
    };
    assert.deepEqual(persistentVolumePrinter.cells(pv, now), ['pvc-1234', '10Gi', 'RWO,RWX', 'Delete', 'Bound', 'default/data-db-0', 'replicated', '<unset>', '', '10d', 'Block']);
  });
  test('default StorageClass', () => {
    const sc: KubeObject = {
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: { name: 'replicated', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' }, creationTimestamp: '2024-04-21T12:00:00Z' },
      provisioner: 'linstor.csi.linbit.com',
      reclaimPolicy: 'Retain',
      volumeBindingMode: 'WaitForFirstConsumer',
      allowVolumeExpansion: true,
    };
    assert.deepEqual(storageClassPrinter.cells(sc, now), ['replicated (default)', 'linstor.csi.linbit.com', 'Retain', 'WaitForFirstConsumer', true, '10d']);
  });
  test('StorageClass defaults', () => {
    const sc: KubeObject = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'local' }, provisioner: 'rancher.io/local-path' };
    assert.deepEqual(storageClassPrinter.cells(sc, now), ['local', 'rancher.io/local-path', 'Delete', 'Immediate', false, '<unknown>']);
  });
});

describe('CSI printers', () => {
  const created = { creationTimestamp: '2024-04-21T12:00:00Z' };
  test('CSINode: NAME DRIVERS AGE', () => {
    const n: KubeObject = { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'node1', ...created }, spec: { drivers: [{ name: 'linstor.csi.linbit.com', nodeID: 'node1' }] } };
    assert.deepEqual(csiNodePrinter.columns.map((c) => c.name), ['Name', 'Drivers', 'Age']);
    assert.deepEqual(csiNodePrinter.cells(n, now), ['node1', 1, '10d']);
  });
  test('VolumeAttachment: NAME ATTACHER PV NODE ATTACHED AGE', () => {
    const va: KubeObject = { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'csi-abc', ...created }, spec: { attacher: 'linstor.csi.linbit.com', nodeName: 'node2', source: { persistentVolumeName: 'pvc-1' } } };
    assert.deepEqual(volumeAttachmentPrinter.columns.map((c) => c.name), ['Name', 'Attacher', 'PV', 'Node', 'Attached', 'Age']);
    assert.deepEqual(volumeAttachmentPrinter.cells(va, now), ['csi-abc', 'linstor.csi.linbit.com', 'pvc-1', 'node2', false, '10d']);
    assert.equal(volumeAttachmentPrinter.cells({ ...va, status: { attached: true } }, now)[4], true);
  });
  test('CSIStorageCapacity: NAME STORAGECLASSNAME CAPACITY AGE, <unset> without a capacity', () => {
    const c: KubeObject = { apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name: 'csisc-1', namespace: 'cozy-linstor', ...created }, storageClassName: 'replicated', capacity: '512Gi' };
    assert.deepEqual(csiStorageCapacityPrinter.columns.map((col) => col.name), ['Name', 'StorageClassName', 'Capacity', 'Age']);
    assert.deepEqual(csiStorageCapacityPrinter.cells(c, now), ['csisc-1', 'replicated', '512Gi', '10d']);
    assert.equal(csiStorageCapacityPrinter.cells({ ...c, capacity: undefined }, now)[2], '<unset>');
  });
});
