// apps/v1 and batch/v1 workloads: defaults, selector/template agreement, immutable selectors.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { deepEqual, isPlainObject, type KubeObject } from '../../machinery/object.ts';
import type { Strategy } from '../registry/strategy.ts';
import { defaultPodTemplate, validatePodTemplate } from './pod-template.ts';
import { templateWarnings } from './pod-warnings.ts';

type Spec = Record<string, unknown>;

function specOf(obj: KubeObject): Spec {
  if (!isPlainObject(obj.spec)) obj.spec = {};
  return obj.spec as Spec;
}

function validateReplicas(s: Spec, errors: FieldError[]): void {
  if (s.replicas !== undefined && (typeof s.replicas !== 'number' || !Number.isInteger(s.replicas) || s.replicas < 0)) {
    errors.push(fieldErrors.invalid('spec.replicas', s.replicas, 'must be greater than or equal to 0'));
  }
}

function validateSelector(s: Spec, errors: FieldError[]): void {
  const sel = s.selector;
  if (!isPlainObject(sel) || (Object.keys(sel.matchLabels ?? {}).length === 0 && ((sel.matchExpressions as unknown[]) ?? []).length === 0)) {
    errors.push(fieldErrors.required('spec.selector'));
  }
}

function immutableSelector(next: KubeObject, prev: KubeObject): FieldError[] {
  const n = (next.spec as Spec | undefined)?.selector;
  const p = (prev.spec as Spec | undefined)?.selector;
  return deepEqual(n, p) ? [] : [fieldErrors.invalid('spec.selector', n, 'field is immutable')];
}

const specTemplate = (obj: KubeObject) => (obj.spec as Spec | undefined)?.template;

function replicatedWorkload(defaults: (s: Spec) => void, restartPolicies = ['Always']): Strategy {
  return {
    statusSubresource: true,
    ...templateWarnings('spec.template', specTemplate),
    applyDefaults(obj) {
      const s = specOf(obj);
      defaults(s);
      defaultPodTemplate(s.template);
    },
    validate(obj) {
      const s = specOf(obj);
      const errors: FieldError[] = [];
      validateReplicas(s, errors);
      validateSelector(s, errors);
      errors.push(...validatePodTemplate(s.template, 'spec.template', s.selector, restartPolicies));
      return errors;
    },
    validateUpdate: immutableSelector,
  };
}

export const deploymentStrategy: Strategy = {
  ...replicatedWorkload(defaultDeploymentSpec),
  statusUpdateKeepsAnnotations: true,
};

function defaultDeploymentSpec(s: Spec): void {
  s.replicas ??= 1;
  s.revisionHistoryLimit ??= 10;
  s.progressDeadlineSeconds ??= 600;
  const strategy = (s.strategy ?? {}) as Spec;
  strategy.type ??= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') strategy.rollingUpdate = { maxUnavailable: '25%', maxSurge: '25%', ...(strategy.rollingUpdate as Spec) };
  s.strategy = strategy;
}

export const replicaSetStrategy = replicatedWorkload((s) => {
  s.replicas ??= 1;
});

export const statefulSetStrategy = replicatedWorkload((s) => {
  s.replicas ??= 1;
  s.podManagementPolicy ??= 'OrderedReady';
  s.revisionHistoryLimit ??= 10;
  s.updateStrategy ??= { type: 'RollingUpdate', rollingUpdate: { partition: 0 } };
  s.persistentVolumeClaimRetentionPolicy ??= { whenDeleted: 'Retain', whenScaled: 'Retain' };
  if (Array.isArray(s.volumeClaimTemplates)) s.volumeClaimTemplates.forEach(defaultClaimTemplate);
});

/** SetDefaults_StatefulSet runs a claim's defaults on each claim template: Filesystem mode, and a Pending phase. */
function defaultClaimTemplate(claim: unknown): void {
  if (!isPlainObject(claim)) return;
  if (isPlainObject(claim.spec)) claim.spec.volumeMode ??= 'Filesystem';
  const status = isPlainObject(claim.status) ? claim.status : {};
  if (!status.phase) claim.status = { ...status, phase: 'Pending' };
}

export const daemonSetStrategy = replicatedWorkload((s) => {
  s.revisionHistoryLimit ??= 10;
  s.updateStrategy ??= { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } };
});

const JOB_RESTART_POLICIES = ['OnFailure', 'Never'];

function defaultJobSpec(s: Spec): void {
  s.parallelism ??= 1;
  s.completions ??= 1;
  s.backoffLimit ??= 6;
  s.completionMode ??= 'NonIndexed';
  s.suspend ??= false;
  s.manualSelector ??= undefined;
  if (s.manualSelector === undefined) delete s.manualSelector;
  s.podReplacementPolicy ??= 'TerminatingOrFailed';
}

/** A Job's selector is generated from its uid unless `manualSelector` is set, as the Job strategy does. */
function generateJobSelector(obj: KubeObject): void {
  const s = specOf(obj);
  if (s.manualSelector === true) return;
  const uid = obj.metadata.uid ?? '';
  const name = obj.metadata.name ?? '';
  s.selector = { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } };
  const template = (s.template ?? {}) as Spec;
  const meta = (template.metadata ?? {}) as { labels?: Record<string, string> };
  meta.labels = {
    ...meta.labels,
    'batch.kubernetes.io/controller-uid': uid,
    'batch.kubernetes.io/job-name': name,
    'controller-uid': uid,
    'job-name': name,
  };
  template.metadata = meta;
  s.template = template;
}

export const jobStrategy: Strategy = {
  statusSubresource: true,
  ...templateWarnings('spec.template', specTemplate),
  applyDefaults(obj) {
    const s = specOf(obj);
    defaultJobSpec(s);
    defaultPodTemplate(s.template);
  },
  // The generated selector and template labels are the strategy's, not the creator's (PrepareForCreate).
  prepareForCreate: generateJobSelector,
  validate(obj) {
    const s = specOf(obj);
    const errors: FieldError[] = [];
    for (const f of ['parallelism', 'completions', 'backoffLimit']) {
      const v = s[f];
      if (v !== undefined && v !== null && (typeof v !== 'number' || v < 0)) errors.push(fieldErrors.invalid(`spec.${f}`, v, 'must be greater than or equal to 0'));
    }
    errors.push(...validatePodTemplate(s.template, 'spec.template', s.selector, JOB_RESTART_POLICIES));
    return errors;
  },
  validateUpdate(next, prev) {
    const errors = immutableSelector(next, prev);
    const n = (next.spec as Spec).template;
    const p = (prev.spec as Spec).template;
    if (!deepEqual(n, p)) errors.push(fieldErrors.invalid('spec.template', n, 'field is immutable'));
    return errors;
  },
};

const CRON_FIELD = /^(\S+\s+){4}\S+$/;
const CRON_MACROS = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];

export const cronJobStrategy: Strategy = {
  statusSubresource: true,
  ...templateWarnings('spec.jobTemplate.spec.template', (obj) => ((obj.spec as Spec | undefined)?.jobTemplate as { spec?: Spec } | undefined)?.spec?.template),
  applyDefaults(obj) {
    const s = specOf(obj);
    s.concurrencyPolicy ??= 'Allow';
    s.suspend ??= false;
    s.successfulJobsHistoryLimit ??= 3;
    s.failedJobsHistoryLimit ??= 1;
    const jt = (s.jobTemplate ?? {}) as Spec;
    const js = (jt.spec ?? {}) as Spec;
    defaultJobSpec(js);
    defaultPodTemplate(js.template);
    jt.spec = js;
    s.jobTemplate = jt;
  },
  validate(obj) {
    const s = specOf(obj);
    const errors: FieldError[] = [];
    const schedule = String(s.schedule ?? '').trim();
    if (!schedule) errors.push(fieldErrors.required('spec.schedule'));
    else if (!CRON_FIELD.test(schedule.replace(/^(CRON_)?TZ=\S+\s+/, '')) && !CRON_MACROS.includes(schedule) && !schedule.startsWith('@every ')) {
      errors.push(fieldErrors.invalid('spec.schedule', schedule, `unparseable schedule: expected exactly 5 fields, found ${schedule.split(/\s+/).length}: ${schedule}`));
    }
    const policies = ['Allow', 'Forbid', 'Replace'];
    if (s.concurrencyPolicy !== undefined && !policies.includes(String(s.concurrencyPolicy))) {
      errors.push(fieldErrors.notSupported('spec.concurrencyPolicy', s.concurrencyPolicy, policies));
    }
    const jt = s.jobTemplate as Spec | undefined;
    errors.push(...validatePodTemplate((jt?.spec as Spec | undefined)?.template, 'spec.jobTemplate.spec.template', undefined, JOB_RESTART_POLICIES));
    return errors;
  },
};

/** apps/v1 ControllerRevision: a snapshot of a workload's template, whose data never changes once written. */
export const controllerRevisionStrategy: Strategy = {
  statusSubresource: false,
  validate(obj) {
    const errors: FieldError[] = [];
    const raw = obj as KubeObject & { data?: unknown; revision?: unknown };
    if (raw.data === undefined || raw.data === null) errors.push(fieldErrors.required('data', 'data is mandatory'));
    const revision = raw.revision ?? 0;
    if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 0) errors.push(fieldErrors.invalid('revision', revision, 'must be greater than or equal to 0'));
    return errors;
  },
  validateUpdate(next, prev) {
    const n = (next as { data?: unknown }).data;
    return deepEqual(n, (prev as { data?: unknown }).data) ? [] : [fieldErrors.invalid('data', n, 'field is immutable')];
  },
};

/** v1 ReplicationController: an equality selector (a plain map), defaulted from the template's labels, as are the controller's own labels. */
function defaultReplicationController(obj: KubeObject): void {
  const s = specOf(obj);
  s.replicas ??= 1;
  s.minReadySeconds ??= 0;
  defaultPodTemplate(s.template);
  const templateLabels = isPlainObject(s.template) && isPlainObject((s.template as Spec).metadata) ? ((s.template as { metadata: { labels?: Record<string, string> } }).metadata.labels ?? {}) : {};
  if (!isPlainObject(s.selector) || Object.keys(s.selector).length === 0) {
    if (Object.keys(templateLabels).length) s.selector = { ...templateLabels };
  }
  if (!obj.metadata.labels || Object.keys(obj.metadata.labels).length === 0) {
    if (Object.keys(templateLabels).length) obj.metadata.labels = { ...templateLabels };
  }
}

/** core/v1 PodTemplate: a stored pod template, defaulted and validated as a workload's is; its template is its spec. */
export const podTemplateStrategy: Strategy = {
  statusSubresource: false,
  ...templateWarnings('template', (obj) => obj.template),
  specOf: (obj) => obj.template,
  applyDefaults(obj) {
    defaultPodTemplate(obj.template);
  },
  validate(obj) {
    if (!isPlainObject(obj.template)) return [fieldErrors.required('template')];
    return validatePodTemplate(obj.template, 'template', undefined);
  },
};

export const replicationControllerStrategy: Strategy = {
  statusSubresource: true,
  ...templateWarnings('spec.template', specTemplate),
  applyDefaults: defaultReplicationController,
  validate(obj) {
    const s = specOf(obj);
    const errors: FieldError[] = [];
    validateReplicas(s, errors);
    if (!isPlainObject(s.selector) || Object.keys(s.selector).length === 0) errors.push(fieldErrors.required('spec.selector'));
    errors.push(...validatePodTemplate(s.template, 'spec.template', { matchLabels: s.selector }, ['Always']));
    return errors;
  },
};
