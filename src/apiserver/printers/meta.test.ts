import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiServicePrinter, leasePrinter, namespacePrinter, nodePrinter, priorityClassPrinter, webhookConfigurationPrinter } from './meta.ts';
import type { KubeObject } from '../../machinery/object.ts';

const now = new Date('2024-05-01T12:00:00Z');
const created = '2024-04-26T12:00:00Z';

describe('meta printers', () => {
  test('namespace', () => {
    const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'tenant-root', creationTimestamp: created }, status: { phase: 'Active' } };
    assert.deepEqual(namespacePrinter.cells(ns, now), ['tenant-root', 'Active', '5d']);
  });
  test('ready control-plane node, cordoned', () => {
    const node: KubeObject = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'node-1', creationTimestamp: created, labels: { 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/': '', 'kubernetes.io/role': 'etcd' } },
      spec: { unschedulable: true },
      status: {
        conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }],
        addresses: [{ type: 'Hostname', address: 'node-1' }, { type: 'InternalIP', address: '192.168.100.11' }],
        nodeInfo: { kubeletVersion: 'v1.33.1', osImage: 'Talos (v1.10.3)', kernelVersion: '6.12.28-talos', containerRuntimeVersion: 'containerd://2.0.5' },
      },
    };
    assert.deepEqual(nodePrinter.cells(node, now), [
      'node-1', 'Ready,SchedulingDisabled', 'control-plane,etcd', '5d', 'v1.33.1', '192.168.100.11', '<none>', 'Talos (v1.10.3)', '6.12.28-talos', 'containerd://2.0.5',
    ]);
  });
  test('node without conditions or roles', () => {
    const node: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: {} };
    assert.deepEqual(nodePrinter.cells(node, now), ['n', 'Unknown', '<none>', '<unknown>', '', '<none>', '<none>', '<unknown>', '<unknown>', '<unknown>']);
    const notReady: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } };
    assert.equal(nodePrinter.cells(notReady, now)[1], 'NotReady');
  });
  test('lease holder', () => {
    const lease: KubeObject = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'node-1', creationTimestamp: created }, spec: { holderIdentity: 'node-1' } };
    assert.deepEqual(leasePrinter.cells(lease, now), ['node-1', 'node-1', '5d']);
  });
  test('APIService local, available, unavailable with reason', () => {
    const local: KubeObject = {
      apiVersion: 'apiregistration.k8s.io/v1',
      kind: 'APIService',
      metadata: { name: 'v1.apps', creationTimestamp: created },
      spec: { group: 'apps', version: 'v1' },
      status: { conditions: [{ type: 'Available', status: 'True', reason: 'Local' }] },
    };
    assert.deepEqual(apiServicePrinter.cells(local, now), ['v1.apps', 'Local', 'True', '5d']);
    const remote: KubeObject = {
      apiVersion: 'apiregistration.k8s.io/v1',
      kind: 'APIService',
      metadata: { name: 'v1alpha1.apps.cozystack.io', creationTimestamp: created },
      spec: { service: { namespace: 'cozy-system', name: 'cozystack-api' } },
      status: { conditions: [{ type: 'Available', status: 'False', reason: 'MissingEndpoints' }] },
    };
    assert.deepEqual(apiServicePrinter.cells(remote, now), ['v1alpha1.apps.cozystack.io', 'cozy-system/cozystack-api', 'False (MissingEndpoints)', '5d']);
    const fresh: KubeObject = { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'x' }, spec: {} };
    assert.equal(apiServicePrinter.cells(fresh, now)[2], 'Unknown');
  });
  test('webhooks and priority classes', () => {
    const wh: KubeObject = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name: 'w', creationTimestamp: created }, webhooks: [{}, {}] };
    assert.deepEqual(webhookConfigurationPrinter.cells(wh, now), ['w', 2, '5d']);
    const pc: KubeObject = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'system-cluster-critical', creationTimestamp: created }, value: 2000000000, preemptionPolicy: 'PreemptLowerPriority' };
    assert.deepEqual(priorityClassPrinter.cells(pc, now), ['system-cluster-critical', 2000000000, false, '5d', 'PreemptLowerPriority']);
  });
});
