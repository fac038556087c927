import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { csiNodeStrategy, csiStorageCapacityStrategy, volumeAttachmentStrategy } from './csi-strategies.ts';

const messages = (errors: Array<{ field: string; message: string }>) => errors.map((e) => `${e.field}: ${e.message}`);

describe('CSI kinds validation', () => {
  test('CSINode: driver names and node IDs required, names unique, nodeID and topologyKeys immutable', () => {
    const node = (drivers: unknown[]): KubeObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'n1' }, spec: { drivers } });
    assert.deepEqual(messages(csiNodeStrategy.validate!(node([{ name: 'a.b', nodeID: 'n1', topologyKeys: ['kubernetes.io/hostname'] }]))), []);
    assert.deepEqual(messages(csiNodeStrategy.validate!(node([{ name: 'a.b' }, { name: 'a.b', nodeID: 'x' }]))), [
      'spec.drivers[0].nodeID: Required value',
      'spec.drivers[1].name: Duplicate value: "a.b"',
    ]);
    assert.match(messages(csiNodeStrategy.validate!(node([{ name: '-bad', nodeID: 'x' }])))[0]!, /^spec\.drivers\[0\]\.name: Invalid value: "-bad": a valid CSI driver name must consist of/);
    assert.deepEqual(messages(csiNodeStrategy.validateUpdate!(node([{ name: 'a.b', nodeID: 'other' }]), node([{ name: 'a.b', nodeID: 'n1' }]))), [
      'spec.drivers[0].nodeID: Invalid value: "other": field is immutable',
    ]);
    assert.deepEqual(csiNodeStrategy.validateUpdate!(node([{ name: 'a.b', nodeID: 'n1' }, { name: 'c.d', nodeID: 'n1' }]), node([{ name: 'a.b', nodeID: 'n1' }])), []);
    // topologyKeys print as Go's %#v of a []string does.
    const keyed = node([{ name: 'a.b', nodeID: 'n1', topologyKeys: ['kubernetes.io/hostname'] }]);
    assert.deepEqual(messages(csiNodeStrategy.validateUpdate!(node([{ name: 'a.b', nodeID: 'n1' }]), keyed)), ['spec.drivers[0].topologyKeys: Invalid value: []string(nil): field is immutable']);
    assert.deepEqual(messages(csiNodeStrategy.validateUpdate!(node([{ name: 'a.b', nodeID: 'n1', topologyKeys: ['zone'] }]), keyed)), ['spec.drivers[0].topologyKeys: Invalid value: []string{"zone"}: field is immutable']);
  });

  test('VolumeAttachment: attacher, node and exactly one source; the spec never changes', () => {
    const va = (spec: unknown): KubeObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'v' }, spec } as KubeObject);
    const good = { attacher: 'linstor.csi.linbit.com', nodeName: 'node1', source: { persistentVolumeName: 'pvc-1' } };
    assert.deepEqual(volumeAttachmentStrategy.validate!(va(good)), []);
    assert.deepEqual(messages(volumeAttachmentStrategy.validate!(va({ source: { persistentVolumeName: 'pvc-1', inlineVolumeSpec: {} } }))), [
      'spec.attacher: Required value',
      'spec.nodeName: Required value',
      'spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName',
    ]);
    assert.deepEqual(messages(volumeAttachmentStrategy.validate!(va({ ...good, nodeName: 'Node_1' }))).map((m) => m.split(':')[0]), ['spec.nodeName']);
    assert.equal(volumeAttachmentStrategy.validateUpdate!(va({ ...good, nodeName: 'node2' }), va(good)).length, 1);
  });

  test('CSIStorageCapacity: a class name, a valid selector and non-negative quantities; class and topology immutable', () => {
    const cap = (fields: Record<string, unknown>): KubeObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name: 'c', namespace: 'x' }, ...fields });
    assert.deepEqual(csiStorageCapacityStrategy.validate!(cap({ storageClassName: 'replicated', capacity: '10Gi', nodeTopology: { matchLabels: { 'kubernetes.io/hostname': 'node1' } } })), []);
    assert.deepEqual(messages(csiStorageCapacityStrategy.validate!(cap({ capacity: '-1Gi' }))), [
      'storageClassName: Required value',
      'capacity: Invalid value: "-1Gi": must be greater than or equal to 0',
    ]);
    assert.match(messages(csiStorageCapacityStrategy.validate!(cap({ storageClassName: 'r', nodeTopology: { matchExpressions: [{ key: 'k', operator: 'Near' }] } })))[0]!, /^nodeTopology: Invalid value: .*"Near" is not a valid label selector operator/);
    assert.deepEqual(messages(csiStorageCapacityStrategy.validateUpdate!(cap({ storageClassName: 'local', capacity: '1Gi' }), cap({ storageClassName: 'replicated' }))), [
      'storageClassName: Invalid value: "local": field is immutable',
    ]);
  });
});
