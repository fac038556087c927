import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { MetricError, podRequests, resourceReplicas, type PodMetric } from './hpa-replicas.ts';

const now = new Date('2026-12-04T12:00:00Z');
const longAgo = '2026-12-04T11:00:00Z';

function pod(name: string, opts: { cpu?: string; phase?: string; ready?: boolean; readySince?: string; started?: string } = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'app', image: 'nginx', resources: opts.cpu === undefined ? {} : { requests: { cpu: opts.cpu } } }] },
    status: {
      phase: opts.phase ?? 'Running',
      startTime: opts.started ?? longAgo,
      conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True', lastTransitionTime: opts.readySince ?? longAgo }],
    },
  };
}

const sample = (milli: number): PodMetric => ({ milli, timestamp: now, windowMs: 15_000 });
const metrics = (entries: Record<string, number>) => new Map(Object.entries(entries).map(([k, v]) => [k, sample(v)]));
const cpu = (pods: KubeObject[], usage: Map<string, PodMetric>, target: number, currentReplicas = pods.length) =>
  resourceReplicas({ currentReplicas, resource: 'cpu', target: { utilization: target }, pods, metrics: usage, now });

describe('HPA replica calculator', () => {
  test('scales by the ratio of utilization to target, rounding up', () => {
    const pods = [pod('a', { cpu: '100m' }), pod('b', { cpu: '100m' })];
    assert.deepEqual(cpu(pods, metrics({ a: 80, b: 80 }), 50), { replicas: 4, utilization: 80, averageMilli: 80 });
    assert.deepEqual(cpu(pods, metrics({ a: 10, b: 10 }), 50), { replicas: 1, utilization: 10, averageMilli: 10 });
  });

  test('a ratio within the 10 % tolerance keeps the current count', () => {
    const pods = [pod('a', { cpu: '100m' }), pod('b', { cpu: '100m' }), pod('c', { cpu: '100m' })];
    assert.equal(cpu(pods, metrics({ a: 54, b: 54, c: 54 }), 50).replicas, 3);
  });

  test('a pod without a sample counts as using all of its request on a scale-down, nothing on a scale-up', () => {
    const pods = [pod('a', { cpu: '100m' }), pod('b', { cpu: '100m' }), pod('c', { cpu: '100m' }), pod('d', { cpu: '100m' })];
    // Three pods at 10 % alone would mean 1 replica; d at 100 % makes it ceil(0.325/0.5 × 4) = 3.
    assert.equal(cpu(pods, metrics({ a: 10, b: 10, c: 10 }), 50).replicas, 3);
    // Three at 100 %: d at 0 % gives 75 %, ceil(1.5 × 4) = 6.
    assert.equal(cpu(pods, metrics({ a: 100, b: 100, c: 100 }), 50).replicas, 6);
  });

  test('pods not ready, or ready for less than a metrics window, do not count', () => {
    const fresh = pod('b', { cpu: '100m', started: '2026-12-04T11:59:00Z', readySince: '2026-12-04T11:59:55Z' });
    assert.deepEqual(cpu([pod('a', { cpu: '100m' }), fresh], metrics({ a: 20, b: 90 }), 50), { replicas: 1, utilization: 20, averageMilli: 20 });
    const pending = pod('c', { cpu: '100m', phase: 'Pending' });
    // Scaling up with an unready pod: it counts as 0 %, and 90 % on one pod and 0 % on the other still asks for 2.
    assert.equal(cpu([pod('a', { cpu: '100m' }), pending], metrics({ a: 90 }), 50).replicas, 2);
  });

  test('refuses pods without a CPU request, and a selection without samples, with upstream texts', () => {
    assert.throws(() => cpu([pod('a')], metrics({ a: 10 }), 50), (err: Error) => err instanceof MetricError && err.message === 'missing request for cpu in container app of Pod a');
    assert.throws(() => cpu([pod('a', { cpu: '100m', ready: false })], metrics({ a: 10 }), 50), /did not receive metrics for targeted pods \(pods might be unready\)/);
    assert.throws(() => cpu([], metrics({}), 50), /no pods returned by selector while calculating replica count/);
  });

  test('an average-value target compares the mean usage with it', () => {
    const pods = [pod('a'), pod('b')];
    const r = resourceReplicas({ currentReplicas: 2, resource: 'memory', target: { averageMilli: 100_000 }, pods, metrics: metrics({ a: 300_000, b: 100_000 }), now });
    assert.deepEqual(r, { replicas: 4, utilization: undefined, averageMilli: 200_000 });
  });

  test('requests are summed over the containers, in millicores', () => {
    const two: KubeObject = { ...pod('a'), spec: { containers: [{ name: 'x', resources: { requests: { cpu: '0.5' } } }, { name: 'y', resources: { requests: { cpu: '250m' } } }] } };
    assert.deepEqual([...podRequests([two], 'cpu')], [['a', 750]]);
    assert.deepEqual([...podRequests([two], 'cpu', 'y')], [['a', 250]]);
  });
});
