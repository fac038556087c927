// The HPA controller over a real API server on a FakeClock. metrics-server is the platform's, so
// here the client answers the PodMetrics list itself, with the usage each test sets.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeList, KubeObject } from '../../machinery/object.ts';
import type { KubeClient } from '../../controller/index.ts';
import { startDeploymentController } from './deployment-controller.ts';
import { formatTime } from './conditions.ts';
import { HPA_GVK, startHorizontalPodAutoscalerController } from './hpa-controller.ts';
import { startReplicaSetController } from './replicaset-controller.ts';
import { newWorkloadHarness, type WorkloadHarness } from './workload-test-support.ts';
import { DEPLOYMENT_GVK } from './workload-deps.ts';

const SYNC_MS = 15_000;
const hpaRef = { ...HPA_GVK, namespace: 'default', name: 'web' };

interface Setup {
  h: WorkloadHarness;
  /** millicores each pod uses, by pod name; pods not named use `usage.default`. */
  usage: { default: number; metricsApi: boolean };
}

/** A client whose PodMetrics list answers from `usage`, as metrics-server would for the running pods. */
function withMetrics(client: KubeClient, usage: Setup['usage']): KubeClient {
  const wrapped: KubeClient = Object.create(client);
  wrapped.list = (async (gvk, opts) => {
    if (gvk.kind !== 'PodMetrics') return client.list(gvk, opts);
    if (!usage.metricsApi) return client.list(gvk, opts);
    const pods = await client.list({ apiVersion: 'v1', kind: 'Pod' }, { namespace: opts?.namespace, labelSelector: opts?.labelSelector });
    const items = pods.items
      .filter((p) => (p.status as { phase?: string } | undefined)?.phase === 'Running')
      .map((p) => ({ apiVersion: 'metrics.k8s.io/v1beta1', kind: 'PodMetrics', metadata: { name: p.metadata.name, namespace: p.metadata.namespace }, timestamp: new Date(0).toISOString(), window: '15s', containers: [{ name: 'app', usage: { cpu: `${usage.default}m`, memory: '10Mi' } }] }));
    return { apiVersion: 'metrics.k8s.io/v1beta1', kind: 'PodMetricsList', metadata: {}, items } as KubeList;
  }) as KubeClient['list'];
  return wrapped;
}

async function setup(replicas: number, opts: { requests?: boolean } = {}): Promise<Setup> {
  const h = await newWorkloadHarness();
  const usage = { default: 50, metricsApi: true };
  const deps = { ...h.deps, client: withMetrics(h.client, usage) };
  h.run(startReplicaSetController(h.deps), startDeploymentController(h.deps), startHorizontalPodAutoscalerController(deps));
  const resources = opts.requests === false ? {} : { requests: { cpu: '100m' } };
  await h.client.create({
    ...DEPLOYMENT_GVK,
    metadata: { name: 'web', namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx', resources }] } } },
  });
  await runPods(h, replicas);
  return { h, usage };
}

/** Plays the kubelet: every pod Running and Ready since long enough for a metrics window. */
async function runPods(h: WorkloadHarness, count: number): Promise<void> {
  await h.until(async () => (await h.pods()).length === count, `${count} pods`);
  const since = formatTime(new Date(h.clock.now().getTime() - 10 * 60_000));
  for (const pod of await h.pods()) {
    if ((pod.status as { phase?: string } | undefined)?.phase === 'Running') continue;
    await h.client.patch({ apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: pod.metadata.name! }, 'merge', { status: { phase: 'Running', startTime: since, conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: since }] } }, { subresource: 'status' });
  }
}

function autoscaler(spec: Record<string, unknown> = {}): KubeObject {
  return { ...HPA_GVK, metadata: { name: 'web', namespace: 'default' }, spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 10, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }], ...spec } };
}

const hpaStatus = async (h: WorkloadHarness) => ((await h.client.get(hpaRef)).status ?? {}) as Record<string, any>;
const condition = (status: Record<string, any>, type: string) => (status.conditions as Array<Record<string, string>> | undefined)?.find((c) => c.type === type);
const replicasOf = async (h: WorkloadHarness) => Number(((await h.client.get({ ...DEPLOYMENT_GVK, namespace: 'default', name: 'web' })).spec as { replicas: number }).replicas);

async function sync(h: WorkloadHarness): Promise<void> {
  await h.clock.advance(SYNC_MS);
  for (let i = 0; i < 20; i++) await h.clock.advance(0);
}

describe('horizontal-pod-autoscaler controller', () => {
  test('scales a Deployment up to what the CPU usage asks for, and says so in status, conditions and an event', async () => {
    const { h, usage } = await setup(2);
    usage.default = 80; // 80 % of the 100m request against a 50 % target: ceil(1.6 × 2) = 4
    await h.client.create(autoscaler());
    await sync(h);
    await h.until(async () => (await replicasOf(h)) === 4, 'the Deployment scaled to 4');
    await h.until(async () => (await hpaStatus(h)).desiredReplicas === 4, 'status');
    const status = await hpaStatus(h);
    assert.equal(status.currentReplicas, 2);
    assert.deepEqual(status.currentMetrics, [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 80, averageValue: '80m' } } }]);
    assert.ok(status.lastScaleTime);
    assert.equal(condition(status, 'AbleToScale')?.reason, 'SucceededRescale');
    assert.equal(condition(status, 'AbleToScale')?.message, 'the HPA controller was able to update the target scale to 4');
    assert.equal(condition(status, 'ScalingActive')?.message, 'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)');
    const events = (await h.events()).filter((e) => (e.involvedObject as { kind: string }).kind === 'HorizontalPodAutoscaler');
    assert.ok(events.some((e) => e.reason === 'SuccessfulRescale' && e.message === 'New size: 4; reason: cpu resource utilization (percentage of request) above target'));
    await h.stop();
  });

  test('a scale-down waits out the five-minute stabilization window, then goes to what usage asks for', async () => {
    const { h, usage } = await setup(4);
    usage.default = 10; // 10 % against 50 %: one replica would do
    await h.client.create(autoscaler());
    await sync(h);
    await h.until(async () => condition(await hpaStatus(h), 'AbleToScale')?.reason === 'ScaleDownStabilized', 'stabilized');
    assert.equal(await replicasOf(h), 4);
    for (let t = 0; t <= 300_000; t += SYNC_MS) await sync(h);
    await h.until(async () => (await replicasOf(h)) === 1, 'scaled down to 1');
    await h.stop();
  });

  test('the count is brought within min and max before any metric is read', async () => {
    const { h } = await setup(1);
    await h.client.create(autoscaler({ minReplicas: 3 }));
    await sync(h);
    await h.until(async () => (await replicasOf(h)) === 3, 'raised to minReplicas');
    const events = await h.events();
    assert.ok(events.some((e) => e.message === 'New size: 3; reason: Current number of replicas below Spec.MinReplicas'));
    await h.stop();
  });

  test('no CPU request, no metrics API, no target: ScalingActive or AbleToScale False with the reasons kube-controller-manager gives', async () => {
    const noRequests = await setup(2, { requests: false });
    await noRequests.h.client.create(autoscaler());
    await sync(noRequests.h);
    await noRequests.h.until(async () => condition(await hpaStatus(noRequests.h), 'ScalingActive')?.status === 'False', 'ScalingActive False');
    const active = condition(await hpaStatus(noRequests.h), 'ScalingActive')!;
    assert.equal(active.reason, 'FailedGetResourceMetric');
    assert.match(active.message, /^the HPA was unable to compute the replica count: failed to get cpu utilization: missing request for cpu in container app of Pod web-[a-z0-9]+-[a-z0-9]{5}$/);
    assert.deepEqual((await hpaStatus(noRequests.h)).currentMetrics, [{ type: '' }]);
    await noRequests.h.stop();

    const noApi = await setup(2);
    noApi.usage.metricsApi = false;
    await noApi.h.client.create(autoscaler());
    await sync(noApi.h);
    await noApi.h.until(async () => condition(await hpaStatus(noApi.h), 'ScalingActive')?.status === 'False', 'ScalingActive False');
    assert.equal(
      condition(await hpaStatus(noApi.h), 'ScalingActive')!.message,
      'the HPA was unable to compute the replica count: failed to get cpu utilization: unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)',
    );
    const events = await noApi.h.events();
    assert.ok(events.some((e) => e.reason === 'FailedComputeMetricsReplicas' && String(e.message).startsWith('invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: ')));

    await noApi.h.client.create({ ...autoscaler({ scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'nope' } }), metadata: { name: 'lost', namespace: 'default' } });
    await sync(noApi.h);
    const lostRef = { ...hpaRef, name: 'lost' };
    await noApi.h.until(async () => condition(((await noApi.h.client.get(lostRef)).status ?? {}) as Record<string, any>, 'AbleToScale')?.status === 'False', 'AbleToScale False');
    const able = condition(((await noApi.h.client.get(lostRef)).status ?? {}) as Record<string, any>, 'AbleToScale')!;
    assert.equal(able.reason, 'FailedGetScale');
    assert.equal(able.message, `the HPA controller was unable to get the target's current scale: deployments.apps "nope" not found`);
    await noApi.h.stop();
  });

  test('a behavior limits the scale-up rate: ScalingLimited True with ScaleUpLimit', async () => {
    const { h, usage } = await setup(2);
    usage.default = 100; // 100 % against 50 %: 4 wanted, one pod per minute allowed
    await h.client.create(autoscaler({ behavior: { scaleUp: { policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } } }));
    await sync(h);
    await h.until(async () => (await replicasOf(h)) === 3, 'one pod added');
    await runPods(h, 3);
    await sync(h);
    await h.until(async () => condition(await hpaStatus(h), 'ScalingLimited')?.reason === 'ScaleUpLimit', 'ScaleUpLimit');
    assert.equal(await replicasOf(h), 3, 'no second pod within the minute');
    await h.stop();
  });
});
