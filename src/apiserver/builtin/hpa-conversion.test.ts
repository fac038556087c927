import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { BEHAVIOR_ANNOTATION, CONDITIONS_ANNOTATION, CURRENT_METRICS_ANNOTATION, hpaV1ToV2, hpaV2ToV1, METRICS_ANNOTATION } from './hpa-conversion.ts';

const ref = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const cpu = (n: number) => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: n } } });

function v2(spec: Record<string, unknown>, status?: Record<string, unknown>): KubeObject {
  return { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'default' }, spec: { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 5, ...spec }, ...(status ? { status } : {}) };
}

describe('HorizontalPodAutoscaler v2 → v1', () => {
  it('shows a CPU utilization target as targetCPUUtilizationPercentage, with no annotations', () => {
    const out = hpaV2ToV1(v2({ metrics: [cpu(60)] }, { currentReplicas: 2, desiredReplicas: 3, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 41, averageValue: '41m' } } }] }));
    assert.equal(out.apiVersion, 'autoscaling/v1');
    assert.deepEqual(out.spec, { scaleTargetRef: ref, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 60 });
    assert.deepEqual(out.status, { currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 41 });
    // The current metrics keep their raw value in the annotation, as kube-apiserver writes it.
    assert.deepEqual(JSON.parse(out.metadata.annotations![CURRENT_METRICS_ANNOTATION]!), [{ type: 'Resource', resource: { name: 'cpu', currentAverageUtilization: 41, currentAverageValue: '41m' } }]);
    assert.equal(out.metadata.annotations![METRICS_ANNOTATION], undefined);
  });

  it('carries other metrics, behavior and conditions in the alpha annotations, in v1 shapes', () => {
    const behavior = { scaleUp: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }] }, scaleDown: { stabilizationWindowSeconds: 300, selectPolicy: 'Min', policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }] } };
    const conditions = [{ type: 'AbleToScale', status: 'True', lastTransitionTime: '2026-12-04T10:00:00Z', reason: 'ReadyForNewScale', message: 'recommended size matches current size' }];
    const out = hpaV2ToV1(
      v2(
        {
          metrics: [
            { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } } },
            { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } },
            cpu(70),
          ],
          behavior,
        },
        { desiredReplicas: 0, conditions },
      ),
    );
    assert.equal((out.spec as { targetCPUUtilizationPercentage?: number }).targetCPUUtilizationPercentage, 70);
    const a = out.metadata.annotations!;
    assert.deepEqual(JSON.parse(a[METRICS_ANNOTATION]!), [
      { type: 'Resource', resource: { name: 'memory', targetAverageValue: '100Mi' } },
      { type: 'Pods', pods: { metricName: 'qps', targetAverageValue: '10' } },
    ]);
    assert.equal(a[BEHAVIOR_ANNOTATION], '{"ScaleUp":{"StabilizationWindowSeconds":0,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":4,"PeriodSeconds":15}]},"ScaleDown":{"StabilizationWindowSeconds":300,"SelectPolicy":"Min","Policies":[{"Type":"Percent","Value":10,"PeriodSeconds":60}]}}');
    assert.deepEqual(JSON.parse(a[CONDITIONS_ANNOTATION]!), conditions);
    assert.deepEqual(out.status, { currentReplicas: 0, desiredReplicas: 0 });
  });
});

describe('HorizontalPodAutoscaler v1 → v2', () => {
  it('turns targetCPUUtilizationPercentage into a Resource metric', () => {
    const v1: KubeObject = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web' }, spec: { scaleTargetRef: ref, maxReplicas: 3, targetCPUUtilizationPercentage: 50 } };
    assert.deepEqual(hpaV1ToV2(v1).spec, { scaleTargetRef: ref, maxReplicas: 3, metrics: [cpu(50)] });
  });

  it('gives back what only v2 can say after a round trip through v1 (a kubectl edit of an old client)', () => {
    const original = v2(
      {
        metrics: [
          { type: 'External', external: { metric: { name: 'queue', selector: { matchLabels: { q: 'jobs' } } }, target: { type: 'Value', value: '30' } } },
          { type: 'Object', object: { describedObject: { apiVersion: 'v1', kind: 'Service', name: 'web' }, metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '5' } } },
          { type: 'ContainerResource', containerResource: { name: 'cpu', container: 'app', target: { type: 'Utilization', averageUtilization: 40 } } },
          cpu(80),
        ],
        behavior: { scaleUp: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 50, periodSeconds: 30 }] } },
      },
      { currentReplicas: 2, desiredReplicas: 2, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 12, averageValue: '12m' } } }], conditions: [{ type: 'ScalingActive', status: 'True', reason: 'ValidMetricFound', message: 'ok' }] },
    );
    const back = hpaV1ToV2(hpaV2ToV1(original));
    assert.deepEqual(back.spec, original.spec);
    assert.deepEqual(back.status, original.status);
    assert.equal(back.metadata.annotations, undefined, 'the conversion annotations are lifted back out');
  });

  it('keeps annotations of its own and ignores an alpha annotation that is not JSON', () => {
    const v1: KubeObject = {
      apiVersion: 'autoscaling/v1',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web', annotations: { team: 'a', [METRICS_ANNOTATION]: 'not json' } },
      spec: { scaleTargetRef: ref, maxReplicas: 3 },
    };
    const out = hpaV1ToV2(v1);
    assert.deepEqual(out.metadata.annotations, { team: 'a' });
    assert.equal((out.spec as { metrics?: unknown }).metrics, undefined);
  });
});
