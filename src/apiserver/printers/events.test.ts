import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { eventPrinter } from './events.ts';
import type { KubeObject } from '../../machinery/object.ts';

const now = new Date('2024-05-01T12:00:00Z');

describe('event printer', () => {
  test('columns: default set and wide extras', () => {
    assert.deepEqual(
      eventPrinter.columns.map((c) => [c.name, c.priority]),
      [['Last Seen', 0], ['Type', 0], ['Reason', 0], ['Object', 0], ['Subobject', 1], ['Source', 1], ['Message', 0], ['First Seen', 1], ['Count', 1], ['Name', 1]],
    );
    assert.equal(eventPrinter.columns[9].format, 'name');
  });
  test('core event from the kubelet', () => {
    const e: KubeObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web-1.17c', namespace: 'default' },
      involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'default', fieldPath: 'spec.containers{app}' },
      reason: 'BackOff',
      message: 'Back-off restarting failed container\n',
      type: 'Warning',
      source: { component: 'kubelet', host: 'node-1' },
      firstTimestamp: '2024-05-01T11:00:00Z',
      lastTimestamp: '2024-05-01T11:58:00Z',
      count: 14,
    };
    assert.deepEqual(eventPrinter.cells(e, now), [
      '2m', 'Warning', 'BackOff', 'pod/web-1', 'spec.containers{app}', 'kubelet, node-1', 'Back-off restarting failed container', '60m', 14, 'web-1.17c',
    ]);
  });
  test('new-style event in core form: eventTime, no count, reporting controller', () => {
    const e: KubeObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'x' },
      involvedObject: { kind: 'Node' },
      reason: 'Scheduled',
      message: 'ok',
      type: 'Normal',
      eventTime: '2024-05-01T11:59:30.000000Z',
      reportingComponent: 'default-scheduler',
      reportingInstance: 'sched-1',
    };
    assert.deepEqual(eventPrinter.cells(e, now), ['30s', 'Normal', 'Scheduled', 'node', '', 'default-scheduler, sched-1', 'ok', '30s', 1, 'x']);
  });
  test('events.k8s.io event with a series', () => {
    const e: KubeObject = {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'y' },
      regarding: { kind: 'Tenant', name: 'root' },
      reason: 'Reconciled',
      note: 'done',
      type: 'Normal',
      eventTime: '2024-05-01T11:00:00.000000Z',
      reportingController: 'cozystack-controller',
      series: { count: 5, lastObservedTime: '2024-05-01T11:55:00.000000Z' },
    };
    assert.deepEqual(eventPrinter.cells(e, now), ['5m', 'Normal', 'Reconciled', 'tenant/root', '', 'cozystack-controller', 'done', '60m', 5, 'y']);
  });
});
