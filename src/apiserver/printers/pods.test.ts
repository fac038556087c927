import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { podPrinter } from './pods.ts';
import type { KubeObject } from '../../machinery/object.ts';

const now = new Date('2024-05-01T12:00:00Z');

function pod(specPart: Record<string, unknown>, statusPart: Record<string, unknown>, meta: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-1', namespace: 'default', creationTimestamp: '2024-05-01T10:00:00Z', ...meta },
    spec: { containers: [{ name: 'app', image: 'nginx' }], ...specPart },
    status: statusPart,
  };
}

const running = { running: { startedAt: '2024-05-01T10:01:00Z' } };

describe('pod printer', () => {
  test('columns as kube-apiserver declares them', () => {
    assert.deepEqual(
      podPrinter.columns.map((c) => [c.name, c.type, c.priority]),
      [
        ['Name', 'string', 0],
        ['Ready', 'string', 0],
        ['Status', 'string', 0],
        ['Restarts', 'string', 0],
        ['Age', 'string', 0],
        ['IP', 'string', 1],
        ['Node', 'string', 1],
        ['Nominated Node', 'string', 1],
        ['Readiness Gates', 'string', 1],
      ],
    );
    assert.equal(podPrinter.columns[0].format, 'name');
  });

  test('running pod with two containers and restarts', () => {
    const p = pod(
      { containers: [{ name: 'app' }, { name: 'sidecar' }], nodeName: 'node-1' },
      {
        phase: 'Running',
        podIP: '10.244.0.5',
        podIPs: [{ ip: '10.244.0.5' }],
        conditions: [{ type: 'Ready', status: 'True' }],
        containerStatuses: [
          { name: 'app', ready: true, restartCount: 2, state: running, lastState: { terminated: { exitCode: 1, finishedAt: '2024-05-01T11:55:00Z' } } },
          { name: 'sidecar', ready: true, restartCount: 0, state: running },
        ],
      },
    );
    assert.deepEqual(podPrinter.cells(p, now), ['web-1', '2/2', 'Running', '2 (5m ago)', '120m', '10.244.0.5', 'node-1', '<none>', '<none>']);
  });

  test('pending pod not yet scheduled', () => {
    const p = pod({}, { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] });
    assert.deepEqual(podPrinter.cells(p, now), ['web-1', '0/1', 'Pending', '0', '120m', '<none>', '<none>', '<none>', '<none>']);
  });

  test('container creating', () => {
    const p = pod({ nodeName: 'node-1' }, {
      phase: 'Pending',
      containerStatuses: [{ name: 'app', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }],
    });
    assert.equal(podPrinter.cells(p, now)[2], 'ContainerCreating');
  });

  test('crash loop', () => {
    const p = pod({}, {
      phase: 'Running',
      containerStatuses: [
        {
          name: 'app',
          ready: false,
          restartCount: 7,
          state: { waiting: { reason: 'CrashLoopBackOff' } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: '2024-05-01T11:59:30Z' } },
        },
      ],
    });
    assert.deepEqual(podPrinter.cells(p, now).slice(1, 4), ['0/1', 'CrashLoopBackOff', '7 (30s ago)']);
  });

  test('completed pod', () => {
    const p = pod({}, {
      phase: 'Succeeded',
      containerStatuses: [{ name: 'app', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } }],
    });
    assert.deepEqual(podPrinter.cells(p, now).slice(1, 3), ['0/1', 'Completed']);
  });

  test('terminated without a reason shows the exit code', () => {
    const p = pod({}, { phase: 'Failed', containerStatuses: [{ name: 'app', state: { terminated: { exitCode: 137 } } }] });
    assert.equal(podPrinter.cells(p, now)[2], 'ExitCode:137');
  });

  test('terminating pod', () => {
    const p = pod(
      {},
      { phase: 'Running', containerStatuses: [{ name: 'app', ready: true, state: running }] },
      { deletionTimestamp: '2024-05-01T11:59:00Z' },
    );
    assert.deepEqual(podPrinter.cells(p, now).slice(1, 3), ['1/1', 'Terminating']);
  });

  test('terminating pod on a lost node is Unknown', () => {
    const p = pod({}, { phase: 'Running', reason: 'NodeLost' }, { deletionTimestamp: '2024-05-01T11:59:00Z' });
    assert.equal(podPrinter.cells(p, now)[2], 'Unknown');
  });

  test('init containers in progress', () => {
    const p = pod({ initContainers: [{ name: 'init-a' }, { name: 'init-b' }] }, {
      phase: 'Pending',
      initContainerStatuses: [
        { name: 'init-a', state: { terminated: { exitCode: 0, reason: 'Completed' } } },
        { name: 'init-b', state: { running: {} } },
      ],
      containerStatuses: [{ name: 'app', state: { waiting: { reason: 'PodInitializing' } } }],
    });
    assert.deepEqual(podPrinter.cells(p, now).slice(1, 3), ['0/1', 'Init:1/2']);
  });

  test('failing init container', () => {
    const p = pod({ initContainers: [{ name: 'init-a' }] }, {
      phase: 'Pending',
      initContainerStatuses: [{ name: 'init-a', restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff' } } }],
    });
    assert.deepEqual(podPrinter.cells(p, now).slice(1, 4), ['0/1', 'Init:CrashLoopBackOff', '3']);
  });

  test('sidecar (restartable init) containers count as containers', () => {
    const p = pod({ initContainers: [{ name: 'proxy', restartPolicy: 'Always' }] }, {
      phase: 'Running',
      conditions: [{ type: 'Initialized', status: 'True' }, { type: 'Ready', status: 'True' }],
      initContainerStatuses: [{ name: 'proxy', started: true, ready: true, restartCount: 1, state: running }],
      containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: running }],
    });
    assert.deepEqual(podPrinter.cells(p, now).slice(1, 4), ['2/2', 'Running', '1']);
  });

  test('scheduling gated', () => {
    const p = pod({}, { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] });
    assert.equal(podPrinter.cells(p, now)[2], 'SchedulingGated');
  });

  test('readiness gates and nominated node', () => {
    const p = pod({ readinessGates: [{ conditionType: 'example.com/lb' }, { conditionType: 'example.com/dns' }] }, {
      phase: 'Pending',
      nominatedNodeName: 'node-2',
      conditions: [{ type: 'example.com/lb', status: 'True' }],
    });
    assert.deepEqual(podPrinter.cells(p, now).slice(7), ['node-2', '1/2']);
  });
});
