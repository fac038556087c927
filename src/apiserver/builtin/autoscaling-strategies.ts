// HorizontalPodAutoscaler's strategy in autoscaling/v2 (its storage version) and autoscaling/v1:
// the defaults of k8s.io/kubernetes pkg/apis/autoscaling/v{1,2}/defaults.go and the checks of
// pkg/apis/autoscaling/validation, with their messages.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { Quantity } from '../../machinery/quantity.ts';
import type { Strategy } from '../registry/strategy.ts';
import { DEFAULT_CPU_UTILIZATION } from './hpa-conversion.ts';

type Json = Record<string, any>;

const METRIC_TYPES = ['Object', 'Pods', 'Resource', 'External', 'ContainerResource'];
const SOURCE_FIELD: Record<string, string> = { Object: 'object', Pods: 'pods', Resource: 'resource', External: 'external', ContainerResource: 'containerResource' };
const SELECT_POLICIES = ['Max', 'Min', 'Disabled'];
const POLICY_TYPES = ['Pods', 'Percent'];
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
const MAX_PERIOD_SECONDS = 1800;

/** GenerateHPAScaleUpRules / GenerateHPAScaleDownRules: what a behavior leaves out. */
export const SCALE_UP_DEFAULTS = { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] };
export const SCALE_DOWN_DEFAULTS = { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };
/** scaleDown's window is left unset by the defaults; the controller reads it as its --horizontal-pod-autoscaler-downscale-stabilization (5 minutes). */
export const DEFAULT_DOWNSCALE_STABILIZATION_SECONDS = 300;

function fillRules(rules: Json | undefined, defaults: Json): Json {
  const r = { ...(rules ?? {}) };
  if (r.stabilizationWindowSeconds === undefined && defaults.stabilizationWindowSeconds !== undefined) r.stabilizationWindowSeconds = defaults.stabilizationWindowSeconds;
  r.selectPolicy ??= defaults.selectPolicy;
  r.policies ??= structuredClone(defaults.policies);
  return r;
}

/** SetDefaults_HorizontalPodAutoscaler (autoscaling/v2). */
export function defaultHpaV2(obj: KubeObject): void {
  const spec = (obj.spec ??= {}) as Json;
  spec.minReplicas ??= 1;
  if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  }
  // A behavior, once given, is completed; without one, none is written.
  if (spec.behavior) {
    spec.behavior.scaleUp = fillRules(spec.behavior.scaleUp, SCALE_UP_DEFAULTS);
    spec.behavior.scaleDown = fillRules(spec.behavior.scaleDown, SCALE_DOWN_DEFAULTS);
  }
}

function validateReplicas(spec: Json): FieldError[] {
  const errors: FieldError[] = [];
  const min = spec.minReplicas;
  if (typeof min === 'number' && min < 1) errors.push(fieldErrors.invalid('spec.minReplicas', min, 'must be greater than or equal to 1'));
  const max = spec.maxReplicas;
  if (typeof max !== 'number' || max < 1) errors.push(fieldErrors.invalid('spec.maxReplicas', max ?? 0, 'must be greater than 0'));
  else if (typeof min === 'number' && max < min) errors.push(fieldErrors.invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  return errors;
}

const PATH_SEGMENT_BAD = /[/%]|^\.\.?$/;

function validateReference(ref: Json | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['kind', 'name'] as const) {
    const value = ref?.[field];
    if (!value) errors.push(fieldErrors.required(`${path}.${field}`));
    else if (PATH_SEGMENT_BAD.test(String(value))) errors.push(fieldErrors.invalid(`${path}.${field}`, value, `may not contain '/' or '%' and may not be '.' or '..'`));
  }
  return errors;
}

function positiveQuantity(value: unknown, path: string): FieldError[] {
  try {
    if (Quantity.parse(String(value)).sign() <= 0) return [fieldErrors.invalid(path, value, 'must be positive')];
  } catch {
    return [fieldErrors.invalid(path, value, 'must be a quantity')];
  }
  return [];
}

function validateTarget(target: Json | undefined, path: string, resource: boolean): FieldError[] {
  if (!target?.type) return [fieldErrors.required(`${path}.type`, 'must specify a metric target type')];
  const errors: FieldError[] = [];
  if (!['Utilization', 'Value', 'AverageValue'].includes(target.type)) errors.push(fieldErrors.invalid(`${path}.type`, target.type, 'must be either Utilization, Value, or AverageValue'));
  else if (resource && target.type === 'Value') errors.push(fieldErrors.invalid(`${path}.type`, target.type, 'must be either Utilization or AverageValue'));
  if (target.type === 'Utilization' && target.averageUtilization === undefined) errors.push(fieldErrors.required(`${path}.averageUtilization`, 'must populate the given metric target'));
  if (target.type === 'Value' && target.value === undefined) errors.push(fieldErrors.required(`${path}.value`, 'must populate the given metric target'));
  if (target.type === 'AverageValue' && target.averageValue === undefined) errors.push(fieldErrors.required(`${path}.averageValue`, 'must populate the given metric target'));
  if (typeof target.averageUtilization === 'number' && target.averageUtilization < 1) errors.push(fieldErrors.invalid(`${path}.averageUtilization`, target.averageUtilization, 'must be greater than 0'));
  if (target.value !== undefined) errors.push(...positiveQuantity(target.value, `${path}.value`));
  if (target.averageValue !== undefined) errors.push(...positiveQuantity(target.averageValue, `${path}.averageValue`));
  return errors;
}

function validateMetric(m: Json, path: string): FieldError[] {
  if (!m.type) return [fieldErrors.required(`${path}.type`, 'must specify a metric source type')];
  if (!METRIC_TYPES.includes(m.type)) return [fieldErrors.notSupported(`${path}.type`, m.type, METRIC_TYPES)];
  const errors: FieldError[] = [];
  for (const [type, field] of Object.entries(SOURCE_FIELD)) {
    if (type !== m.type && m[field] !== undefined) errors.push(fieldErrors.forbidden(`${path}.${field}`, `must populate the given metric source only`));
  }
  const field = SOURCE_FIELD[m.type]!;
  const source = m[field] as Json | undefined;
  if (!source) return [...errors, fieldErrors.required(`${path}.${field}`, 'must populate information for the given metric source')];
  const at = `${path}.${field}`;
  if (m.type === 'Resource' || m.type === 'ContainerResource') {
    if (!source.name) errors.push(fieldErrors.required(`${at}.name`, 'must specify a resource name'));
    if (m.type === 'ContainerResource' && !source.container) errors.push(fieldErrors.required(`${at}.container`, 'must specify a container'));
    errors.push(...validateTarget(source.target, `${at}.target`, true));
  } else {
    if (!source.metric?.name) errors.push(fieldErrors.required(`${at}.metric.name`, 'must specify a metric name'));
    if (m.type === 'Object') errors.push(...validateReference(source.describedObject, `${at}.describedObject`));
    errors.push(...validateTarget(source.target, `${at}.target`, false));
  }
  return errors;
}

function validateRules(rules: Json | undefined, path: string): FieldError[] {
  if (!rules) return [];
  const errors: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (typeof window === 'number' && window < 0) errors.push(fieldErrors.invalid(`${path}.stabilizationWindowSeconds`, window, 'must be greater than or equal to zero'));
  if (typeof window === 'number' && window > MAX_STABILIZATION_WINDOW_SECONDS) errors.push(fieldErrors.invalid(`${path}.stabilizationWindowSeconds`, window, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  if (rules.selectPolicy !== undefined && !SELECT_POLICIES.includes(rules.selectPolicy)) errors.push(fieldErrors.notSupported(`${path}.selectPolicy`, rules.selectPolicy, SELECT_POLICIES));
  const policies = (rules.policies ?? []) as Json[];
  if (rules.policies !== undefined && policies.length === 0) errors.push(fieldErrors.required(`${path}.policies`, 'must specify at least one Policy'));
  policies.forEach((p, i) => {
    const at = `${path}.policies[${i}]`;
    if (!POLICY_TYPES.includes(p.type)) errors.push(fieldErrors.notSupported(`${at}.type`, p.type ?? '', POLICY_TYPES));
    if (!(typeof p.value === 'number' && p.value > 0)) errors.push(fieldErrors.invalid(`${at}.value`, p.value ?? 0, 'must be greater than zero'));
    if (!(typeof p.periodSeconds === 'number' && p.periodSeconds > 0)) errors.push(fieldErrors.invalid(`${at}.periodSeconds`, p.periodSeconds ?? 0, 'must be greater than zero'));
    else if (p.periodSeconds > MAX_PERIOD_SECONDS) errors.push(fieldErrors.invalid(`${at}.periodSeconds`, p.periodSeconds, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errors;
}

/** ValidateHorizontalPodAutoscalerSpec: metrics and behavior are looked at once the target is right. */
export function validateHpaV2(obj: KubeObject): FieldError[] {
  const spec = (obj.spec ?? {}) as Json;
  const errors = validateReplicas(spec);
  const refErrors = validateReference(spec.scaleTargetRef, 'spec.scaleTargetRef');
  if (refErrors.length) return [...errors, ...refErrors];
  const metricErrors = ((spec.metrics ?? []) as Json[]).flatMap((m, i) => validateMetric(m, `spec.metrics[${i}]`));
  if (metricErrors.length) return [...errors, ...metricErrors];
  return [...errors, ...validateRules(spec.behavior?.scaleUp, 'spec.behavior.scaleUp'), ...validateRules(spec.behavior?.scaleDown, 'spec.behavior.scaleDown')];
}

function validateHpaV1(obj: KubeObject): FieldError[] {
  const spec = (obj.spec ?? {}) as Json;
  const errors = [...validateReplicas(spec), ...validateReference(spec.scaleTargetRef, 'spec.scaleTargetRef')];
  const cpu = spec.targetCPUUtilizationPercentage;
  if (typeof cpu === 'number' && cpu < 1) errors.push(fieldErrors.invalid('spec.targetCPUUtilizationPercentage', cpu, 'must be greater than 0'));
  return errors;
}

/** A new HPA has not been looked at yet: kube-apiserver answers its zero status. */
function emptyStatus(obj: KubeObject): void {
  obj.status = { currentMetrics: null, desiredReplicas: 0 };
}

export const hpaV2Strategy: Strategy = {
  statusSubresource: true,
  applyDefaults: defaultHpaV2,
  prepareForCreate: emptyStatus,
  validate: validateHpaV2,
};

export const hpaV1Strategy: Strategy = {
  statusSubresource: true,
  applyDefaults(obj) {
    const spec = (obj.spec ??= {}) as Json;
    spec.minReplicas ??= 1;
  },
  prepareForCreate: emptyStatus,
  validate: validateHpaV1,
};
