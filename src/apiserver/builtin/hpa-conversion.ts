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

function metricSpecToV1(m: Json): Json {
  const t = (s: Json | undefined) => (s?.target ?? {}) as Json;
  switch (m.type) {
    case 'Resource':
      return { type: m.type, resource: defined({ name: m.resource?.name, targetAverageUtilization: t(m.resource).averageUtilization, targetAverageValue: t(m.resource).averageValue }) };
    case 'ContainerResource':
      return {
        type: m.type,
        containerResource: defined({ name: m.containerResource?.name, container: m.containerResource?.container, targetAverageUtilization: t(m.containerResource).averageUtilization, targetAverageValue: t(m.containerResource).averageValue }),
      };
    case 'Pods':
      return { type: m.type, pods: defined({ metricName: m.pods?.metric?.name, selector: m.pods?.metric?.selector, targetAverageValue: t(m.pods).averageValue }) };
    case 'Object':
      return {
        type: m.type,
        object: defined({ target: m.object?.describedObject, metricName: m.object?.metric?.name, selector: m.object?.metric?.selector, targetValue: t(m.object).value, averageValue: t(m.object).averageValue }),
      };
    case 'External':
      return { type: m.type, external: defined({ metricName: m.external?.metric?.name, metricSelector: m.external?.metric?.selector, targetValue: t(m.external).value, targetAverageValue: t(m.external).averageValue }) };
    default:
      return { type: m.type };
  }
}

function resourceTarget(utilization: unknown, averageValue: unknown): Json {
  return utilization !== undefined ? { type: 'Utilization', averageUtilization: utilization } : defined({ type: 'AverageValue', averageValue });
}

function valueTarget(value: unknown, averageValue: unknown): Json {
  return value !== undefined ? { type: 'Value', value } : defined({ type: 'AverageValue', averageValue });
}

function metricSpecToV2(m: Json): Json {
  switch (m.type) {
    case 'Resource':
      return { type: m.type, resource: { name: m.resource?.name, target: resourceTarget(m.resource?.targetAverageUtilization, m.resource?.targetAverageValue) } };
    case 'ContainerResource': {
      const c = m.containerResource ?? {};
      return { type: m.type, containerResource: { name: c.name, container: c.container, target: resourceTarget(c.targetAverageUtilization, c.targetAverageValue) } };
    }
    case 'Pods':
      return { type: m.type, pods: { metric: defined({ name: m.pods?.metricName, selector: m.pods?.selector }), target: defined({ type: 'AverageValue', averageValue: m.pods?.targetAverageValue }) } };
    case 'Object': {
      const o = m.object ?? {};
      return { type: m.type, object: { describedObject: o.target, metric: defined({ name: o.metricName, selector: o.selector }), target: valueTarget(o.targetValue, o.averageValue) } };
    }
    case 'External': {
      const e = m.external ?? {};
      return { type: m.type, external: { metric: defined({ name: e.metricName, selector: e.metricSelector }), target: valueTarget(e.targetValue, e.targetAverageValue) } };
    }
    default:
      return { type: m.type };
  }
}

function metricStatusToV1(m: Json): Json {
  const c = (s: Json | undefined) => (s?.current ?? {}) as Json;
  switch (m.type) {
    case 'Resource':
      return { type: m.type, resource: defined({ name: m.resource?.name, currentAverageUtilization: c(m.resource).averageUtilization, currentAverageValue: c(m.resource).averageValue }) };
    case 'ContainerResource':
      return {
        type: m.type,
        containerResource: defined({ name: m.containerResource?.name, container: m.containerResource?.container, currentAverageUtilization: c(m.containerResource).averageUtilization, currentAverageValue: c(m.containerResource).averageValue }),
      };
    case 'Pods':
      return { type: m.type, pods: defined({ metricName: m.pods?.metric?.name, selector: m.pods?.metric?.selector, currentAverageValue: c(m.pods).averageValue }) };
    case 'Object':
      return {
        type: m.type,
        object: defined({ target: m.object?.describedObject, metricName: m.object?.metric?.name, selector: m.object?.metric?.selector, currentValue: c(m.object).value, averageValue: c(m.object).averageValue }),
      };
    case 'External':
      return { type: m.type, external: defined({ metricName: m.external?.metric?.name, metricSelector: m.external?.metric?.selector, currentValue: c(m.external).value, currentAverageValue: c(m.external).averageValue }) };
    default:
      return { type: m.type };
  }
}

function metricStatusToV2(m: Json): Json {
  switch (m.type) {
    case 'Resource':
      return { type: m.type, resource: { name: m.resource?.name, current: defined({ averageUtilization: m.resource?.currentAverageUtilization, averageValue: m.resource?.currentAverageValue }) } };
    case 'ContainerResource': {
      const c = m.containerResource ?? {};
      return { type: m.type, containerResource: { name: c.name, container: c.container, current: defined({ averageUtilization: c.currentAverageUtilization, averageValue: c.currentAverageValue }) } };
    }
    case 'Pods':
      return { type: m.type, pods: { metric: defined({ name: m.pods?.metricName, selector: m.pods?.selector }), current: defined({ averageValue: m.pods?.currentAverageValue }) } };
    case 'Object': {
      const o = m.object ?? {};
      return { type: m.type, object: { describedObject: o.target, metric: defined({ name: o.metricName, selector: o.selector }), current: defined({ value: o.currentValue, averageValue: o.averageValue }) } };
    }
    case 'External': {
      const e = m.external ?? {};
      return { type: m.type, external: { metric: defined({ name: e.metricName, selector: e.metricSelector }), current: defined({ value: e.currentValue, averageValue: e.currentAverageValue }) } };
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
  const others = metrics.filter((m) => !isCpuUtilization(m)).map(metricSpecToV1);
  if (others.length) annotations[METRICS_ANNOTATION] = JSON.stringify(others);
  const current = (status?.currentMetrics ?? []) as Json[];
  if (current.length) annotations[CURRENT_METRICS_ANNOTATION] = JSON.stringify(current.map(metricStatusToV1));
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

  const metrics: Json[] = Array.isArray(others) ? (others as Json[]).map(metricSpecToV2) : [];
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
    if (Array.isArray(currentMetrics)) current = (currentMetrics as Json[]).map(metricStatusToV2);
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
