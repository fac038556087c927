// The HorizontalPodAutoscaler's replica calculator (kube-controller-manager's
// pkg/controller/podautoscaler/replica_calculator.go): from the pods a target selects and the
// usage metrics-server reports for them, the replica count that brings usage to the target.
// Pods not ready yet, or without a sample, are counted the way that least moves the scale.

import type { KubeObject } from '../../machinery/object.ts';
import { Quantity } from '../../machinery/quantity.ts';

/** One pod's usage of a resource, in milli-units, and when metrics-server sampled it. */
export interface PodMetric {
  milli: number;
  timestamp: Date;
  windowMs: number;
}

export interface CalculatorSettings {
  /** --horizontal-pod-autoscaler-tolerance: a usage ratio this close to 1 changes nothing. */
  tolerance: number;
  /** --horizontal-pod-autoscaler-cpu-initialization-period. */
  cpuInitializationMs: number;
  /** --horizontal-pod-autoscaler-initial-readiness-delay. */
  initialReadinessDelayMs: number;
}

export const DEFAULT_CALCULATOR_SETTINGS: CalculatorSettings = { tolerance: 0.1, cpuInitializationMs: 5 * 60_000, initialReadinessDelayMs: 30_000 };

export type ResourceTarget = { utilization: number } | { averageMilli: number };

export interface ResourceRecommendation {
  replicas: number;
  /** Percent of the requests used, when the target is a utilization. */
  utilization?: number;
  /** Average usage per counted pod, in milli-units. */
  averageMilli: number;
}

interface Condition {
  type: string;
  status: string;
  lastTransitionTime?: string;
}

type Json = Record<string, any>;

/** The error texts are upstream's: they reach users through conditions and events. */
export class MetricError extends Error {}

function groupPods(pods: KubeObject[], metrics: Map<string, PodMetric>, resource: string, now: Date, s: CalculatorSettings) {
  let ready = 0;
  const unready = new Set<string>();
  const missing = new Set<string>();
  const ignored = new Set<string>();
  for (const pod of pods) {
    const name = pod.metadata.name!;
    const status = (pod.status ?? {}) as Json;
    if (pod.metadata.deletionTimestamp || status.phase === 'Failed') {
      ignored.add(name);
      continue;
    }
    if (status.phase === 'Pending') {
      unready.add(name);
      continue;
    }
    const metric = metrics.get(name);
    if (!metric) {
      missing.add(name);
      continue;
    }
    if (resource === 'cpu') {
      const condition = ((status.conditions ?? []) as Condition[]).find((c) => c.type === 'Ready');
      const started = status.startTime ? Date.parse(status.startTime) : undefined;
      let isUnready: boolean;
      if (!condition || started === undefined) isUnready = true;
      else {
        const changed = Date.parse(condition.lastTransitionTime ?? '') || 0;
        if (started + s.cpuInitializationMs > now.getTime()) {
          // Still starting: a sample from before it turned ready (one window after) does not count.
          isUnready = condition.status === 'False' || metric.timestamp.getTime() < changed + metric.windowMs;
        } else {
          isUnready = condition.status === 'False' && started + s.initialReadinessDelayMs > changed;
        }
      }
      if (isUnready) {
        unready.add(name);
        continue;
      }
    }
    ready++;
  }
  return { ready, unready, missing, ignored };
}

/** calculatePodRequests: each pod's request of the resource (of one container, when named), in milli-units. */
export function podRequests(pods: KubeObject[], resource: string, container?: string): Map<string, number> {
  const requests = new Map<string, number>();
  for (const pod of pods) {
    let total = 0;
    for (const c of ((pod.spec as Json | undefined)?.containers ?? []) as Json[]) {
      if (container && c.name !== container) continue;
      const request = c.resources?.requests?.[resource];
      if (request === undefined) throw new MetricError(`missing request for ${resource} in container ${c.name} of Pod ${pod.metadata.name}`);
      total += Quantity.parse(String(request)).milliValue();
    }
    requests.set(pod.metadata.name!, total);
  }
  return requests;
}

/** The ratio of usage to target over the pods that have a sample, and the numbers shown in status. */
function usageRatio(metrics: Map<string, number>, requests: Map<string, number>, target: ResourceTarget): { ratio: number; utilization?: number; averageMilli: number } {
  if ('utilization' in target) {
    let used = 0;
    let requested = 0;
    let counted = 0;
    for (const [name, value] of metrics) {
      const request = requests.get(name);
      if (request === undefined) continue;
      used += value;
      requested += request;
      counted++;
    }
    if (requested === 0) throw new MetricError('no metrics returned matched known pods');
    const utilization = Math.trunc((used * 100) / requested);
    return { ratio: utilization / target.utilization, utilization, averageMilli: Math.trunc(used / counted) };
  }
  const values = [...metrics.values()];
  const averageMilli = Math.trunc(values.reduce((a, b) => a + b, 0) / values.length);
  return { ratio: averageMilli / target.averageMilli, averageMilli };
}

/** GetResourceReplicas and GetRawResourceReplicas: the pods' resource usage against a utilization or an average value. */
export function resourceReplicas(args: {
  currentReplicas: number;
  resource: string;
  container?: string;
  target: ResourceTarget;
  pods: KubeObject[];
  metrics: Map<string, PodMetric>;
  now: Date;
  settings?: CalculatorSettings;
}): ResourceRecommendation {
  const s = args.settings ?? DEFAULT_CALCULATOR_SETTINGS;
  const within = (ratio: number) => Math.abs(1 - ratio) <= s.tolerance;
  if (args.pods.length === 0) throw new MetricError('no pods returned by selector while calculating replica count');
  const groups = groupPods(args.pods, args.metrics, args.resource, args.now, s);
  const samples = new Map<string, number>();
  for (const [name, m] of args.metrics) if (!groups.ignored.has(name) && !groups.unready.has(name)) samples.set(name, m.milli);
  if (samples.size === 0) throw new MetricError('did not receive metrics for targeted pods (pods might be unready)');
  const requests = 'utilization' in args.target ? podRequests(args.pods, args.resource, args.container) : new Map<string, number>();
  const first = usageRatio(samples, requests, args.target);
  const answer = (replicas: number): ResourceRecommendation => ({ replicas, utilization: first.utilization, averageMilli: first.averageMilli });
  const scaleUpWithUnready = groups.unready.size > 0 && first.ratio > 1;
  if (!scaleUpWithUnready && groups.missing.size === 0) {
    return answer(within(first.ratio) ? args.currentReplicas : Math.ceil(first.ratio * groups.ready));
  }
  // Pods without a sample count as using all of their request (or the target) on a scale-down, nothing on a scale-up.
  for (const name of groups.missing) {
    if (first.ratio < 1) {
      const t = args.target;
      samples.set(name, 'utilization' in t ? Math.trunc(((requests.get(name) ?? 0) * Math.max(100, t.utilization)) / 100) : t.averageMilli);
    } else if (first.ratio > 1) samples.set(name, 0);
  }
  if (scaleUpWithUnready) for (const name of groups.unready) samples.set(name, 0);
  const second = usageRatio(samples, requests, args.target).ratio;
  if (within(second) || (first.ratio < 1 && second > 1) || (first.ratio > 1 && second < 1)) return answer(args.currentReplicas);
  const replicas = Math.ceil(second * samples.size);
  if ((second < 1 && replicas > args.currentReplicas) || (second > 1 && replicas < args.currentReplicas)) return answer(args.currentReplicas);
  return answer(replicas);
}
