// HorizontalPodAutoscaler between autoscaling/v1 and autoscaling/v2, the version it is stored in,
// as k8s.io/kubernetes pkg/apis/autoscaling/v1/conversion.go converts it. v1 has a single CPU
// target; what only v2 can say (other metrics, behavior, conditions, current metrics) travels in
// the `autoscaling.alpha.kubernetes.io/*` annotations of the v1 object, so a read-modify-write
// through v1 keeps it.

import type { KubeObject } from '../../machinery/object.ts';

type Json = Record<string, any>;

export const METRICS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
export const CURRENT_METRICS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/conditions';
export const BEHAVIOR_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';

const CONVERSION_ANNOTATIONS = [METRICS_ANNOTATION, CURRENT_METRICS_ANNOTATION, CONDITIONS_ANNOTATION, BEHAVIOR_ANNOTATION];

/** DefaultCPUUtilization: the target of an HPA that names no metric. */
export const DEFAULT_CPU_UTILIZATION = 80;

const defined = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function isCpuUtilization(metric: Json): boolean {
  return metric.type === 'Resource' && metric.resource?.name === 'cpu' && metric.resource?.target?.averageUtilization !== undefined;
}

// ---- metric specs and statuses: v2 ⇄ v1 (the v2beta1 shapes autoscaling/v1 keeps for its annotations) ----

/** A metric's target (spec) or current value (status): v1 prefixes its fields with the side. */
type Side = 'target' | 'current';

/** A v2 MetricSpec (side target) or MetricStatus (side current) in v1's flattened shape. */
function metricToV1(m: Json, side: Side): Json {
  const at = (source: Json | undefined) => (source?.[side] ?? {}) as Json;
  const prefixed = (field: string) => `${side}${field}`;
  switch (m.type) {
    case 'Resource':
    case 'ContainerResource': {
      const field = m.type === 'Resource' ? 'resource' : 'containerResource';
      const s = (m[field] ?? {}) as Json;
      return { type: m.type, [field]: defined({ name: s.name, container: s.container, [prefixed('AverageUtilization')]: at(s).averageUtilization, [prefixed('AverageValue')]: at(s).averageValue }) };
    }
    case 'Pods':
      return { type: m.type, pods: defined({ metricName: m.pods?.metric?.name, selector: m.pods?.metric?.selector, [prefixed('AverageValue')]: at(m.pods).averageValue }) };
    case 'Object':
      return { type: m.type, object: defined({ target: m.object?.describedObject, metricName: m.object?.metric?.name, selector: m.object?.metric?.selector, [prefixed('Value')]: at(m.object).value, averageValue: at(m.object).averageValue }) };
    case 'External':
      return { type: m.type, external: defined({ metricName: m.external?.metric?.name, metricSelector: m.external?.metric?.selector, [prefixed('Value')]: at(m.external).value, [prefixed('AverageValue')]: at(m.external).averageValue }) };
    default:
      return { type: m.type };
  }
}

/** v2's MetricTarget (with the type v1 leaves implicit) or MetricValueStatus from v1's values. */
function measured(side: Side, v: { averageUtilization?: unknown; value?: unknown; averageValue?: unknown }): Json {
  if (side === 'current') return defined(v);
  if (v.averageUtilization !== undefined) return { type: 'Utilization', averageUtilization: v.averageUtilization };
  if (v.value !== undefined) return { type: 'Value', value: v.value };
  return defined({ type: 'AverageValue', averageValue: v.averageValue });
}

/** A v1 metric (of the annotations) as v2's MetricSpec (side target) or MetricStatus (side current). */
function metricToV2(m: Json, side: Side): Json {
  const get = (source: Json, field: string) => source[`${side}${field}`];
  switch (m.type) {
    case 'Resource':
    case 'ContainerResource': {
      const field = m.type === 'Resource' ? 'resource' : 'containerResource';
      const s = (m[field] ?? {}) as Json;
      return { type: m.type, [field]: defined({ name: s.name, container: s.container, [side]: measured(side, { averageUtilization: get(s, 'AverageUtilization'), averageValue: get(s, 'AverageValue') }) }) };
    }
    case 'Pods': {
      const s = (m.pods ?? {}) as Json;
      return { type: m.type, pods: { metric: defined({ name: s.metricName, selector: s.selector }), [side]: measured(side, { averageValue: get(s, 'AverageValue') }) } };
    }
    case 'Object': {
      const o = (m.object ?? {}) as Json;
      return { type: m.type, object: { describedObject: o.target, metric: defined({ name: o.metricName, selector: o.selector }), [side]: measured(side, { value: get(o, 'Value'), averageValue: o.averageValue }) } };
    }
    case 'External': {
      const e = (m.external ?? {}) as Json;
      return { type: m.type, external: { metric: defined({ name: e.metricName, selector: e.metricSelector }), [side]: measured(side, { value: get(e, 'Value'), averageValue: get(e, 'AverageValue') }) } };
    }
    default:
      return { type: m.type };
  }
}

// ---- behavior: kube-apiserver marshals its internal type, so the annotation has Go's field names ----

function rulesToGo(r: Json | undefined): Json | null {
  if (!r) return null;
  return defined({
    StabilizationWindowSeconds: r.stabilizationWindowSeconds ?? null,
    SelectPolicy: r.selectPolicy ?? null,
    Policies: ((r.policies ?? null) as Json[] | null)?.map((p) => ({ Type: p.type, Value: p.value, PeriodSeconds: p.periodSeconds })) ?? null,
    Tolerance: r.tolerance,
  });
}

function rulesFromGo(r: Json | null | undefined): Json | undefined {
  if (!r) return undefined;
  return defined({
    stabilizationWindowSeconds: r.StabilizationWindowSeconds ?? undefined,
    selectPolicy: r.SelectPolicy ?? undefined,
    policies: (r.Policies as Json[] | null | undefined)?.map((p) => ({ type: p.Type, value: p.Value, periodSeconds: p.PeriodSeconds })),
    tolerance: r.Tolerance ?? undefined,
  });
}

function parseAnnotation(annotations: Record<string, string>, key: string): unknown {
  const text = annotations[key];
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// ---- whole objects ----

/** The v1 view of a stored (v2) HorizontalPodAutoscaler. */
export function hpaV2ToV1(v2: KubeObject): KubeObject {
  const spec = (v2.spec ?? {}) as Json;
  const status = v2.status as Json | undefined;
  const metrics = (spec.metrics ?? []) as Json[];
  const annotations: Record<string, string> = { ...(v2.metadata.annotations ?? {}) };
  const others = metrics.filter((m) => !isCpuUtilization(m)).map((m) => metricToV1(m, 'target'));
  if (others.length) annotations[METRICS_ANNOTATION] = JSON.stringify(others);
  const current = (status?.currentMetrics ?? []) as Json[];
  if (current.length) annotations[CURRENT_METRICS_ANNOTATION] = JSON.stringify(current.map((m) => metricToV1(m, 'current')));
  if (spec.behavior) annotations[BEHAVIOR_ANNOTATION] = JSON.stringify({ ScaleUp: rulesToGo(spec.behavior.scaleUp), ScaleDown: rulesToGo(spec.behavior.scaleDown) });
  const conditions = (status?.conditions ?? []) as Json[];
  if (conditions.length) annotations[CONDITIONS_ANNOTATION] = JSON.stringify(conditions);

  const cpu = metrics.find(isCpuUtilization);
  const currentCpu = current.find((m) => m.type === 'Resource' && m.resource?.name === 'cpu')?.resource?.current?.averageUtilization;
  const v1: KubeObject = {
    ...v2,
    apiVersion: 'autoscaling/v1',
    metadata: { ...v2.metadata, ...(Object.keys(annotations).length ? { annotations } : {}) },
    spec: defined({
      scaleTargetRef: spec.scaleTargetRef,
      minReplicas: spec.minReplicas,
      maxReplicas: spec.maxReplicas,
      targetCPUUtilizationPercentage: cpu?.resource.target.averageUtilization,
    }),
  };
  if (status) {
    v1.status = defined({
      observedGeneration: status.observedGeneration,
      lastScaleTime: status.lastScaleTime,
      currentReplicas: status.currentReplicas ?? 0,
      desiredReplicas: status.desiredReplicas ?? 0,
      currentCPUUtilizationPercentage: currentCpu,
    });
  }
  return v1;
}

/** A v1 HorizontalPodAutoscaler as stored (v2), its annotations lifted back into fields. */
export function hpaV1ToV2(v1: KubeObject): KubeObject {
  const spec = (v1.spec ?? {}) as Json;
  const status = v1.status as Json | undefined;
  const annotations: Record<string, string> = { ...(v1.metadata.annotations ?? {}) };
  const others = parseAnnotation(annotations, METRICS_ANNOTATION);
  const currentMetrics = parseAnnotation(annotations, CURRENT_METRICS_ANNOTATION);
  const conditions = parseAnnotation(annotations, CONDITIONS_ANNOTATION);
  const behavior = parseAnnotation(annotations, BEHAVIOR_ANNOTATION) as Json | undefined;
  for (const key of CONVERSION_ANNOTATIONS) delete annotations[key];

  const metrics: Json[] = Array.isArray(others) ? (others as Json[]).map((m) => metricToV2(m, 'target')) : [];
  if (spec.targetCPUUtilizationPercentage !== undefined && spec.targetCPUUtilizationPercentage !== null) {
    metrics.push({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: spec.targetCPUUtilizationPercentage } } });
  }
  const { annotations: _dropped, ...metadata } = v1.metadata;
  const v2: KubeObject = {
    ...v1,
    apiVersion: 'autoscaling/v2',
    metadata: { ...metadata, ...(Object.keys(annotations).length ? { annotations } : {}) },
    spec: defined({
      scaleTargetRef: spec.scaleTargetRef,
      minReplicas: spec.minReplicas,
      maxReplicas: spec.maxReplicas,
      metrics: metrics.length ? metrics : undefined,
      behavior: behavior && typeof behavior === 'object' ? defined({ scaleUp: rulesFromGo(behavior.ScaleUp), scaleDown: rulesFromGo(behavior.ScaleDown) }) : undefined,
    }),
  };
  if (status) {
    let current: Json[] | undefined;
    if (Array.isArray(currentMetrics)) current = (currentMetrics as Json[]).map((m) => metricToV2(m, 'current'));
    else if (status.currentCPUUtilizationPercentage !== undefined) current = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }];
    v2.status = defined({
      observedGeneration: status.observedGeneration,
      lastScaleTime: status.lastScaleTime,
      currentReplicas: status.currentReplicas,
      desiredReplicas: status.desiredReplicas ?? 0,
      currentMetrics: current,
      conditions: Array.isArray(conditions) ? conditions : undefined,
    });
  }
  return v2;
}
