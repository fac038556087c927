import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  controllerRevisionPrinter, cronJobPrinter, replicationControllerPrinter, daemonSetPrinter, deploymentPrinter, jobPrinter, podDisruptionBudgetPrinter, replicaSetPrinter, statefulSetPrinter,
} from './workloads.ts';
import type { KubeObject } from '../../machinery/object.ts';

const now = new Date('2024-05-01T12:00:00Z');
const meta = { name: 'web', namespace: 'default', creationTimestamp: '2024-04-28T12:00:00Z' };
const template = {
  metadata: { labels: { app: 'web' } },
  spec: { containers: [{ name: 'app', image: 'nginx:1.25' }, { name: 'sidecar', image: 'envoy:1.30' }], nodeSelector: { 'kubernetes.io/os': 'linux' } },
};
const kube = (apiVersion: string, kind: string, spec: unknown, status: unknown, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion,
  kind,
  metadata: { ...meta, ...extra },
  spec,
  status,
});

describe('apps printers', () => {
  test('replicationcontroller: the ReplicaSet columns, the selector a plain map', () => {
    const rc = kube('v1', 'ReplicationController', { replicas: 3, selector: { app: 'web' }, template }, { replicas: 3, readyReplicas: 2 });
    assert.deepEqual(replicationControllerPrinter.columns.map((c) => c.name), ['Name', 'Desired', 'Current', 'Ready', 'Age', 'Containers', 'Images', 'Selector']);
    assert.deepEqual(replicationControllerPrinter.cells(rc, now), ['web', 3, 3, 2, '3d', 'app,sidecar', 'nginx:1.25,envoy:1.30', 'app=web']);
  });

  test('controllerrevision: the controller as kind.group/name, <none> without one', () => {
    const owned = { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { ...meta, name: 'db-7d4b9c', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 'u', controller: true }] }, revision: 3 } as KubeObject;
    assert.deepEqual(controllerRevisionPrinter.columns.map((c) => c.name), ['Name', 'Controller', 'Revision', 'Age']);
    assert.deepEqual(controllerRevisionPrinter.cells(owned, now), ['db-7d4b9c', 'statefulset.apps/db', 3, '3d']);
    assert.deepEqual(controllerRevisionPrinter.cells({ ...owned, metadata: { ...meta, name: 'lone' } }, now), ['lone', '<none>', 3, '3d']);
  });

  test('deployment', () => {
    const d = kube('apps/v1', 'Deployment', { replicas: 3, selector: { matchLabels: { app: 'web' } }, template }, {
      readyReplicas: 2,
      updatedReplicas: 3,
      availableReplicas: 2,
    });
    assert.deepEqual(deploymentPrinter.columns.map((c) => c.name), ['Name', 'Ready', 'Up-to-date', 'Available', 'Age', 'Containers', 'Images', 'Selector']);
    assert.deepEqual(deploymentPrinter.cells(d, now), ['web', '2/3', 3, 2, '3d', 'app,sidecar', 'nginx:1.25,envoy:1.30', 'app=web']);
  });
  test('deployment with no status yet', () => {
    const d = kube('apps/v1', 'Deployment', { replicas: 1, selector: { matchLabels: { app: 'web' } }, template }, {});
    assert.deepEqual(deploymentPrinter.cells(d, now).slice(1, 4), ['0/1', 0, 0]);
  });
  test('replicaset', () => {
    const rs = kube('apps/v1', 'ReplicaSet', { replicas: 2, selector: { matchLabels: { app: 'web', 'pod-template-hash': 'abc' } }, template }, {
      replicas: 2,
      readyReplicas: 1,
    });
    assert.deepEqual(replicaSetPrinter.cells(rs, now), ['web', 2, 2, 1, '3d', 'app,sidecar', 'nginx:1.25,envoy:1.30', 'app=web,pod-template-hash=abc']);
  });
  test('statefulset', () => {
    const ss = kube('apps/v1', 'StatefulSet', { replicas: 3, template }, { readyReplicas: 3 });
    assert.deepEqual(statefulSetPrinter.cells(ss, now), ['web', '3/3', '3d', 'app,sidecar', 'nginx:1.25,envoy:1.30']);
  });
  test('daemonset', () => {
    const ds = kube('apps/v1', 'DaemonSet', { selector: { matchLabels: { app: 'web' } }, template }, {
      desiredNumberScheduled: 3,
      currentNumberScheduled: 3,
      numberReady: 2,
      updatedNumberScheduled: 3,
      numberAvailable: 2,
    });
    assert.deepEqual(daemonSetPrinter.cells(ds, now), ['web', 3, 3, 2, 3, 2, 'kubernetes.io/os=linux', '3d', 'app,sidecar', 'nginx:1.25,envoy:1.30', 'app=web']);
  });
});

describe('batch printers', () => {
  const jobTemplate = { spec: { containers: [{ name: 'migrate', image: 'busybox' }] } };
  test('completed job', () => {
    const job = kube('batch/v1', 'Job', { completions: 1, template: jobTemplate, selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u1' } } }, {
      succeeded: 1,
      startTime: '2024-05-01T11:00:00Z',
      completionTime: '2024-05-01T11:00:42Z',
      conditions: [{ type: 'Complete', status: 'True' }],
    });
    assert.deepEqual(jobPrinter.cells(job, now), ['web', 'Complete', '1/1', '42s', '3d', 'migrate', 'busybox', 'batch.kubernetes.io/controller-uid=u1']);
  });
  test('running parallel job without completions', () => {
    const job = kube('batch/v1', 'Job', { parallelism: 3, template: jobTemplate }, { succeeded: 0, startTime: '2024-05-01T11:55:00Z' });
    assert.deepEqual(jobPrinter.cells(job, now).slice(1, 4), ['Running', '0/1 of 3', '5m']);
  });
  test('job status precedence', () => {
    const failed = kube('batch/v1', 'Job', { completions: 2, template: jobTemplate }, { conditions: [{ type: 'Failed', status: 'True' }] });
    assert.deepEqual(jobPrinter.cells(failed, now).slice(1, 4), ['Failed', '0/2', '']);
    const deleting = kube('batch/v1', 'Job', { template: jobTemplate }, {}, { deletionTimestamp: '2024-05-01T11:59:00Z' });
    assert.equal(jobPrinter.cells(deleting, now)[1], 'Terminating');
    const suspended = kube('batch/v1', 'Job', { template: jobTemplate }, { conditions: [{ type: 'Suspended', status: 'True' }] });
    assert.equal(jobPrinter.cells(suspended, now)[1], 'Suspended');
  });
  test('cronjob', () => {
    const cj = kube('batch/v1', 'CronJob', { schedule: '*/5 * * * *', suspend: false, jobTemplate: { spec: { template: jobTemplate } } }, {
      active: [{ name: 'web-1' }],
      lastScheduleTime: '2024-05-01T11:55:00Z',
    });
    assert.deepEqual(cronJobPrinter.columns.map((c) => c.name), ['Name', 'Schedule', 'Timezone', 'Suspend', 'Active', 'Last Schedule', 'Age', 'Containers', 'Images', 'Selector']);
    assert.deepEqual(cronJobPrinter.cells(cj, now), ['web', '*/5 * * * *', '<none>', 'False', 1, '5m', '3d', 'migrate', 'busybox', '<none>']);
  });
  test('cronjob never scheduled, with a time zone', () => {
    const cj = kube('batch/v1', 'CronJob', { schedule: '@daily', timeZone: 'Europe/Berlin', jobTemplate: { spec: { template: jobTemplate } } }, {});
    assert.deepEqual(cronJobPrinter.cells(cj, now).slice(1, 6), ['@daily', 'Europe/Berlin', '<unset>', 0, '<none>']);
  });
});

describe('PodDisruptionBudget', () => {
  test('min available and N/A', () => {
    const pdb = kube('policy/v1', 'PodDisruptionBudget', { minAvailable: 2 }, { disruptionsAllowed: 1 });
    assert.deepEqual(podDisruptionBudgetPrinter.cells(pdb, now), ['web', '2', 'N/A', 1, '3d']);
    const pct = kube('policy/v1', 'PodDisruptionBudget', { maxUnavailable: '25%' }, {});
    assert.deepEqual(podDisruptionBudgetPrinter.cells(pct, now).slice(1, 4), ['N/A', '25%', 0]);
  });
});
