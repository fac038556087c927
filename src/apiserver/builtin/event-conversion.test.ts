import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { coreEventToEventsV1, eventsV1ToCoreEvent } from './event-conversion.ts';

test('a core Event seen through events.k8s.io/v1 and back is unchanged', () => {
  const core = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web.1', namespace: 'default' },
    involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' },
    reason: 'Started',
    message: 'Started container app',
    source: { component: 'kubelet', host: 'node1' },
    firstTimestamp: '2026-12-04T10:00:00Z',
    lastTimestamp: '2026-12-04T10:05:00Z',
    count: 3,
    type: 'Normal',
    reportingComponent: 'kubelet',
    reportingInstance: 'node1',
  } as KubeObject;
  const v1 = coreEventToEventsV1(core) as Record<string, unknown>;
  assert.deepEqual(
    [v1.apiVersion, v1.regarding, v1.note, v1.deprecatedSource, v1.deprecatedFirstTimestamp, v1.deprecatedLastTimestamp, v1.deprecatedCount, v1.reportingController, v1.reportingInstance],
    ['events.k8s.io/v1', core.involvedObject, 'Started container app', core.source, '2026-12-04T10:00:00Z', '2026-12-04T10:05:00Z', 3, 'kubelet', 'node1'],
  );
  assert.equal(v1.message, undefined);
  assert.deepEqual(eventsV1ToCoreEvent(v1 as KubeObject), core);
});
