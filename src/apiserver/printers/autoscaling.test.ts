import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { formatHpaMetrics, horizontalPodAutoscalerPrinter } from './autoscaling.ts';

const now = new Date('2024-05-01T12:00:00Z');
const metadata = { name: 'web', namespace: 'default', creationTimestamp: '2024-05-01T11:58:00Z' };
const ref = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const cpu = (n: number) => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: n } } });

describe('HorizontalPodAutoscaler printer', () => {
  test('the columns kubectl get hpa shows', () => {
    assert.deepEqual(horizontalPodAutoscalerPrinter.columns.map((c) => c.name), ['Name', 'Reference', 'Targets', 'MinPods', 'MaxPods', 'Replicas', 'Age']);
  });

  test('a v2 object before and after the controller measured it', () => {
    const fresh: KubeObject = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata, spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 5, metrics: [cpu(50)] }, status: { desiredReplicas: 0 } };
    assert.deepEqual(horizontalPodAutoscalerPrinter.cells(fresh, now), ['web', 'Deployment/web', 'cpu: <unknown>/50%', '1', 5, 0, '2m']);
    const measured = { ...fresh, status: { currentReplicas: 3, desiredReplicas: 3, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 34, averageValue: '34m' } } }] } };
    assert.equal(horizontalPodAutoscalerPrinter.cells(measured, now)[2], 'cpu: 34%/50%');
  });

  test('a v1 object prints as the v2 one it stands for', () => {
    const v1: KubeObject = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata, spec: { scaleTargetRef: ref, maxReplicas: 4, targetCPUUtilizationPercentage: 70 }, status: { currentReplicas: 2, desiredReplicas: 2, currentCPUUtilizationPercentage: 12 } };
    assert.deepEqual(horizontalPodAutoscalerPrinter.cells(v1, now), ['web', 'Deployment/web', 'cpu: 12%/70%', '<unset>', 4, 2, '2m']);
  });

  test('targets of every metric type, the third and later summed up as "+ N more..."', () => {
    assert.equal(formatHpaMetrics([], []), '<none>');
    const memory = { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } };
    const pods = { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } };
    const external = { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '30' } } };
    const objectAvg = { type: 'Object', object: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '5' } } };
    assert.equal(formatHpaMetrics([memory, pods], [{ type: 'Resource', resource: { name: 'memory', current: { averageValue: '52Mi' } } }]), 'memory: 52Mi/100Mi, <unknown>/10');
    assert.equal(formatHpaMetrics([external], []), '<unknown>/30');
    assert.equal(formatHpaMetrics([objectAvg], []), '<unknown>/5 (avg)');
    assert.equal(formatHpaMetrics([cpu(50), memory, pods, external], []), 'cpu: <unknown>/50%, memory: <unknown>/100Mi + 2 more...');
  });
});
