// kube-controller-manager's horizontal-pod-autoscaler controller (horizontal.go): every sync period
// each HorizontalPodAutoscaler reads its target's scale, asks the resource metrics API
// (metrics.k8s.io, served by metrics-server when the platform runs it) what the selected pods use,
// and sets the scale the metrics recommend, within min/max and the behavior's rates. Its status and
// conditions say what it saw; events say what it did or why it could not.

import { isStatusError, StatusError } from '../../machinery/errors.ts';
import { matches, parseLabelSelector } from '../../machinery/labels.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { Quantity } from '../../machinery/quantity.ts';
import { objectKey, runController, WorkQueue, type ReconcileResult } from '../../controller/index.ts';
import { formatTime } from './conditions.ts';
import { MetricError, resourceReplicas, type PodMetric, type ResourceTarget } from './hpa-replicas.ts';
import { ScalingHistory, type ConditionUpdate } from './hpa-scaling.ts';
import { afterSync, POD_GVK, recorderFor, sameJson, specOf, statusOf, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

type Json = Record<string, any>;

export const HPA_GVK = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler' };
const POD_METRICS_GVK = { apiVersion: 'metrics.k8s.io/v1beta1', kind: 'PodMetrics' };

export interface HpaTiming {
  /** --horizontal-pod-autoscaler-sync-period. */
  syncPeriodMs: number;
  /** --horizontal-pod-autoscaler-downscale-stabilization. */
  downscaleStabilizationMs: number;
}

export const DEFAULT_HPA_TIMING: HpaTiming = { syncPeriodMs: 15_000, downscaleStabilizationMs: 5 * 60_000 };

interface Condition {
  type: string;
  status: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** One metric's outcome: a proposal, or the condition and error that say why there is none. */
type MetricOutcome = { replicas: number; name: string; status: Json } | { condition: ConditionUpdate; error: string };

/** What a failed call says, as client-go's errors print (a 404 without a Status names what was asked for). */
function errorText(err: unknown, what: string): string {
  if (err instanceof StatusError && err.code === 404 && err.message === 'the server could not find the requested resource') return `${err.message} (get ${what})`;
  return err instanceof Error ? err.message : String(err);
}

function parseWindow(window: unknown): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(String(window ?? ''));
  if (!m) return 0;
  return Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 's' ? 1000 : 60_000);
}

export function startHorizontalPodAutoscalerController(deps: WorkloadControllerDeps & { timing?: Partial<HpaTiming> }): StoppableController {
  const { client, factory, clock } = deps;
  const timing = { ...DEFAULT_HPA_TIMING, ...deps.timing };
  const recorder = recorderFor(deps, 'horizontal-pod-autoscaler');
  const autoscalers = factory.informerFor(HPA_GVK);
  const pods = factory.informerFor(POD_GVK);
  const queue = new WorkQueue<string>({ clock });
  const histories = new Map<string, ScalingHistory>();

  // Every change waits for the next sync, as upstream's fixed-interval queue has it: an HPA is looked at once per period.
  const enqueue = (hpa: KubeObject) => queue.addAfter(objectKey(hpa), timing.syncPeriodMs);
  autoscalers.addEventHandler({ onAdd: enqueue, onUpdate: (_, hpa) => enqueue(hpa), onDelete: (hpa) => histories.delete(objectKey(hpa)) });

  function historyOf(key: string): ScalingHistory {
    let h = histories.get(key);
    if (!h) histories.set(key, (h = new ScalingHistory(timing.downscaleStabilizationMs)));
    return h;
  }

  /** The pods' usage of a resource as metrics-server reports it (getPodMetrics: a pod missing a container's sample has none). */
  async function podUsage(namespace: string, selector: string, resource: string, container?: string): Promise<Map<string, PodMetric>> {
    let list;
    try {
      list = await client.list(POD_METRICS_GVK, { namespace, labelSelector: selector });
    } catch (err) {
      throw new MetricError(`unable to fetch metrics from resource metrics API: ${errorText(err, 'pods.metrics.k8s.io')}`);
    }
    if (list.items.length === 0) throw new MetricError('no metrics returned from resource metrics API');
    const usage = new Map<string, PodMetric>();
    for (const item of list.items as Json[]) {
      const containers = ((item.containers ?? []) as Json[]).filter((c) => !container || c.name === container);
      if (container && containers.length === 0) throw new MetricError(`failed to get container metrics: container ${container} not present in metrics for pod ${namespace}/${item.metadata.name}`);
      if (containers.length === 0 || containers.some((c) => c.usage?.[resource] === undefined)) continue;
      const milli = containers.reduce((n, c) => n + Quantity.parse(String(c.usage[resource])).milliValue(), 0);
      usage.set(item.metadata.name, { milli, timestamp: new Date(item.timestamp ?? clock.now()), windowMs: parseWindow(item.window) });
    }
    return usage;
  }

  /** computeStatusForResourceMetricGeneric: a Resource or ContainerResource metric. */
  async function resourceMetric(hpa: KubeObject, m: Json, current: number, selector: string, selected: KubeObject[]): Promise<MetricOutcome> {
    const containerMetric = m.type === 'ContainerResource';
    const source = (containerMetric ? m.containerResource : m.resource) as Json;
    const resource = String(source.name);
    const target = source.target as Json;
    const byValue = target.averageValue !== undefined;
    const reason = containerMetric ? 'FailedGetContainerResourceMetric' : 'FailedGetResourceMetric';
    try {
      const t: ResourceTarget = byValue ? { averageMilli: Quantity.parse(String(target.averageValue)).milliValue() } : { utilization: Number(target.averageUtilization) };
      let usage: Map<string, PodMetric>;
      try {
        usage = await podUsage(hpa.metadata.namespace!, selector, resource, containerMetric ? source.container : undefined);
      } catch (err) {
        throw err instanceof MetricError ? new MetricError(`unable to get metrics for resource ${resource}: ${err.message}`) : err;
      }
      const r = resourceReplicas({ currentReplicas: current, resource, container: containerMetric ? source.container : undefined, target: t, pods: selected, metrics: usage, now: clock.now() });
      const value = Quantity.fromMilli(r.averageMilli).toString();
      const measured = byValue ? { averageValue: value } : { averageUtilization: r.utilization, averageValue: value };
      const status = containerMetric
        ? { type: m.type, containerResource: { name: resource, container: source.container, current: measured } }
        : { type: m.type, resource: { name: resource, current: measured } };
      const name = byValue ? `${resource} resource` : `${resource}${containerMetric ? ' container' : ''} resource utilization (percentage of request)`;
      return { replicas: r.replicas, name, status };
    } catch (err) {
      if (!(err instanceof MetricError)) throw err;
      const text = `failed to get ${resource} ${byValue ? 'usage' : 'utilization'}: ${err.message}`;
      await recorder.warning(hpa, reason, text);
      return { condition: { status: 'False', reason, message: `the HPA was unable to compute the replica count: ${text}` }, error: `failed to get ${resource}${containerMetric ? ' container' : ''} resource metric value: ${text}` };
    }
  }

  /** Pods, Object and External metrics come from the custom and external metrics APIs, which nothing here serves. */
  async function customMetric(hpa: KubeObject, m: Json): Promise<MetricOutcome> {
    const kinds: Record<string, { reason: string; api: string; prefix: string }> = {
      Pods: { reason: 'FailedGetPodsMetric', api: 'custom metrics API', prefix: 'failed to get pods metric value' },
      Object: { reason: 'FailedGetObjectMetric', api: 'custom metrics API', prefix: 'failed to get object metric value' },
      External: { reason: 'FailedGetExternalMetric', api: 'external metrics API', prefix: 'failed to get external metric value' },
    };
    const k = kinds[m.type] ?? kinds.Pods!;
    const source = (m.type === 'Pods' ? m.pods : m.type === 'Object' ? m.object : m.external) as Json;
    const group = k.api === 'external metrics API' ? 'external.metrics.k8s.io' : 'custom.metrics.k8s.io';
    const text = `unable to get metric ${source?.metric?.name ?? ''}: unable to fetch metrics from ${k.api}: the server could not find the requested resource (get ${group})`;
    await recorder.warning(hpa, k.reason, text);
    return { condition: { status: 'False', reason: k.reason, message: `the HPA was unable to compute the replica count: ${text}` }, error: `${k.prefix}: ${text}` };
  }

  /** computeReplicasForMetrics: the largest proposal of the metrics that could be read. */
  async function computeReplicas(hpa: KubeObject, scale: Json, current: number): Promise<{ replicas: number; name: string; statuses: Json[]; error?: string; condition?: ConditionUpdate }> {
    const metrics = (specOf(hpa).metrics ?? []) as Json[];
    const selector = String(scale.status?.selector ?? '');
    if (!selector) {
      await recorder.warning(hpa, 'SelectorRequired', 'selector is required');
      return { replicas: -1, name: '', statuses: [], error: 'selector is required', condition: { status: 'False', reason: 'InvalidSelector', message: "the HPA target's scale is missing a selector" } };
    }
    let parsed;
    try {
      parsed = parseLabelSelector(selector);
    } catch (err) {
      const text = `couldn't convert selector into a corresponding internal selector object: ${(err as Error).message}`;
      await recorder.warning(hpa, 'InvalidSelector', text);
      return { replicas: -1, name: '', statuses: [], error: text, condition: { status: 'False', reason: 'InvalidSelector', message: text } };
    }
    const selected = pods.list(hpa.metadata.namespace!).filter((p) => matches(parsed, p.metadata.labels));
    const statuses: Json[] = [];
    let replicas = 0;
    let name = '';
    let invalid = 0;
    let first: { condition: ConditionUpdate; error: string } | undefined;
    for (const m of metrics) {
      const outcome = m.type === 'Resource' || m.type === 'ContainerResource' ? await resourceMetric(hpa, m, current, selector, selected) : await customMetric(hpa, m);
      if ('error' in outcome) {
        statuses.push({ type: '' });
        first ??= outcome;
        invalid++;
        continue;
      }
      statuses.push(outcome.status);
      if (replicas === 0 || outcome.replicas > replicas) [replicas, name] = [outcome.replicas, outcome.name];
    }
    const error = first ? `invalid metrics (${invalid} invalid out of ${metrics.length}), first error is: ${first.error}` : undefined;
    if (first && (invalid >= metrics.length || replicas < current)) return { replicas: -1, name, statuses, error, condition: first.condition };
    return { replicas, name, statuses, error };
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const hpa = autoscalers.getByKey(key);
    if (!hpa || hpa.metadata.deletionTimestamp) {
      histories.delete(key);
      return;
    }
    await autoscale(key, hpa);
    return { requeueAfter: timing.syncPeriodMs };
  }

  async function autoscale(key: string, hpa: KubeObject): Promise<void> {
    const now = clock.now();
    const spec = specOf(hpa);
    const previous = statusOf(hpa);
    let conditions = [...((previous.conditions ?? []) as Condition[])];
    const set = (type: string, c: ConditionUpdate) => {
      const old = conditions.find((x) => x.type === type);
      const lastTransitionTime = old && old.status === c.status ? old.lastTransitionTime : formatTime(now);
      const next = { type, status: c.status, lastTransitionTime, reason: c.reason, message: c.message };
      conditions = old ? conditions.map((x) => (x.type === type ? next : x)) : [...conditions, next];
    };
    const write = async (status: Json) => {
      const next = { ...status, conditions };
      if (sameJson(next, previous)) return;
      try {
        await client.updateStatus({ ...hpa, status: next });
      } catch (err) {
        if (!isStatusError(err, 'Conflict') && !isStatusError(err, 'NotFound')) throw err;
      }
    };
    const base = { observedGeneration: hpa.metadata.generation, ...(previous.lastScaleTime ? { lastScaleTime: previous.lastScaleTime } : {}) };

    const ref = (spec.scaleTargetRef ?? {}) as Json;
    const target = { apiVersion: String(ref.apiVersion ?? ''), kind: String(ref.kind ?? ''), namespace: hpa.metadata.namespace, name: String(ref.name ?? '') };
    let scale: Json;
    try {
      scale = await client.getSubresource<Json>(target, 'scale');
    } catch (err) {
      const text = errorText(err, `${ref.kind?.toLowerCase() ?? ''}.${ref.apiVersion ?? ''}`);
      await recorder.warning(hpa, 'FailedGetScale', text);
      set('AbleToScale', { status: 'False', reason: 'FailedGetScale', message: `the HPA controller was unable to get the target's current scale: ${text}` });
      await write({ ...previous, ...base, conditions });
      return;
    }
    set('AbleToScale', { status: 'True', reason: 'SucceededGetScale', message: "the HPA controller was able to get the target's current scale" });
    const current = Number(scale.spec?.replicas ?? 0);
    const min = Number(spec.minReplicas ?? 1);
    const max = Number(spec.maxReplicas);
    const history = historyOf(key);
    history.start(current, now);

    let desired: number;
    let reason = '';
    let statuses: Json[] = (previous.currentMetrics ?? []) as Json[];
    if (current === 0 && min !== 0) {
      desired = 0;
      set('ScalingActive', { status: 'False', reason: 'ScalingDisabled', message: 'scaling is disabled since the replica count of the target is zero' });
    } else if (current > max) {
      [desired, reason] = [max, 'Current number of replicas above Spec.MaxReplicas'];
    } else if (current < min) {
      [desired, reason] = [min, 'Current number of replicas below Spec.MinReplicas'];
    } else {
      const computed = await computeReplicas(hpa, scale, current);
      statuses = computed.statuses;
      if (computed.replicas === -1) {
        set('ScalingActive', computed.condition!);
        await write({ ...base, currentReplicas: current, desiredReplicas: previous.desiredReplicas ?? 0, currentMetrics: statuses });
        await recorder.warning(hpa, 'FailedComputeMetricsReplicas', computed.error!);
        return;
      }
      set('ScalingActive', { status: 'True', reason: 'ValidMetricFound', message: `the HPA was able to successfully calculate a replica count from ${computed.name}` });
      const normalized = history.normalize({ currentReplicas: current, desired: computed.replicas, minReplicas: min, maxReplicas: max, behavior: spec.behavior, now });
      set('AbleToScale', normalized.ableToScale);
      set('ScalingLimited', normalized.scalingLimited);
      desired = normalized.replicas;
      reason = desired > current ? `${computed.name} above target` : 'All metrics below target';
    }

    let lastScaleTime = previous.lastScaleTime as string | undefined;
    if (desired !== current) {
      try {
        await client.patch(target, 'merge', { spec: { replicas: desired } }, { subresource: 'scale' });
      } catch (err) {
        const text = errorText(err, 'scale');
        await recorder.warning(hpa, 'FailedRescale', `New size: ${desired}; reason: ${reason}; error: ${text}`);
        set('AbleToScale', { status: 'False', reason: 'FailedUpdateScale', message: `the HPA controller was unable to update the target scale: ${text}` });
        await write({ ...base, currentReplicas: current, desiredReplicas: previous.desiredReplicas ?? 0, currentMetrics: statuses });
        return;
      }
      set('AbleToScale', { status: 'True', reason: 'SucceededRescale', message: `the HPA controller was able to update the target scale to ${desired}` });
      await recorder.normal(hpa, 'SuccessfulRescale', `New size: ${desired}; reason: ${reason}`);
      history.recordScale(current, desired, spec.behavior, now);
      lastScaleTime = formatTime(now);
    }
    await write({ observedGeneration: hpa.metadata.generation, ...(lastScaleTime ? { lastScaleTime } : {}), currentReplicas: current, desiredReplicas: desired, currentMetrics: statuses });
  }

  return afterSync([autoscalers, pods], () =>
    runController({ name: 'horizontal-pod-autoscaler', queue, reconcile, workers: deps.workers ?? 5, recorder, objectFor: (k) => autoscalers.getByKey(k) }),
  );
}
