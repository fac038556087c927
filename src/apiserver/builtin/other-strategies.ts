// Strategies of RBAC, networking, storage, coordination, policy, scheduling and discovery kinds.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { deepEqual, isPlainObject, type KubeObject } from '../../machinery/object.ts';
import type { Strategy } from '../registry/strategy.ts';
import { isDNS1123Label } from '../../machinery/validation/names.ts';

type Json = Record<string, unknown>;

function validateRules(obj: KubeObject): FieldError[] {
  const errors: FieldError[] = [];
  const rules = obj.rules;
  if (rules === undefined || rules === null) return errors;
  if (!Array.isArray(rules)) return [fieldErrors.invalid('rules', rules, 'must be a list')];
  rules.forEach((r: Json, i) => {
    if (!Array.isArray(r.verbs) || r.verbs.length === 0) errors.push(fieldErrors.required(`rules[${i}].verbs`, 'verbs must contain at least one value'));
    const hasResources = Array.isArray(r.resources) && r.resources.length > 0;
    const hasUrls = Array.isArray(r.nonResourceURLs) && r.nonResourceURLs.length > 0;
    if (obj.kind === 'Role' && hasUrls) errors.push(fieldErrors.invalid(`rules[${i}].nonResourceURLs`, r.nonResourceURLs, 'namespaced rules cannot apply to non-resource URLs'));
    if (hasResources && !Array.isArray(r.apiGroups)) errors.push(fieldErrors.required(`rules[${i}].apiGroups`, 'resource rules must supply at least one api group'));
    if (!hasResources && !hasUrls) errors.push(fieldErrors.required(`rules[${i}].resources`, 'resource rules must supply at least one resource'));
  });
  return errors;
}

export const roleStrategy: Strategy = { statusSubresource: false, noGeneration: true, nameRule: 'path-segment', validate: validateRules };

const SUBJECT_KINDS = ['ServiceAccount', 'User', 'Group'];

function validateBinding(obj: KubeObject): FieldError[] {
  const errors: FieldError[] = [];
  const ref = obj.roleRef as Json | undefined;
  if (!isPlainObject(ref)) errors.push(fieldErrors.required('roleRef'));
  else {
    const kinds = obj.kind === 'RoleBinding' ? ['Role', 'ClusterRole'] : ['ClusterRole'];
    if (!kinds.includes(String(ref.kind))) errors.push(fieldErrors.notSupported('roleRef.kind', ref.kind ?? '', kinds));
    if (!ref.name) errors.push(fieldErrors.required('roleRef.name'));
    if (ref.apiGroup !== 'rbac.authorization.k8s.io') errors.push(fieldErrors.notSupported('roleRef.apiGroup', ref.apiGroup ?? '', ['rbac.authorization.k8s.io']));
  }
  const subjects = Array.isArray(obj.subjects) ? (obj.subjects as Json[]) : [];
  subjects.forEach((s, i) => {
    if (!SUBJECT_KINDS.includes(String(s.kind))) errors.push(fieldErrors.notSupported(`subjects[${i}].kind`, s.kind ?? '', SUBJECT_KINDS));
    if (!s.name) errors.push(fieldErrors.required(`subjects[${i}].name`));
    if (s.kind === 'ServiceAccount' && obj.kind === 'ClusterRoleBinding' && !s.namespace) errors.push(fieldErrors.required(`subjects[${i}].namespace`));
  });
  return errors;
}

export const bindingStrategy: Strategy = {
  statusSubresource: false,
  noGeneration: true,
  nameRule: 'path-segment',
  applyDefaults(obj) {
    for (const s of (obj.subjects as Json[] | undefined) ?? []) {
      if (s.kind === 'User' || s.kind === 'Group') s.apiGroup ??= 'rbac.authorization.k8s.io';
      if (s.kind === 'ServiceAccount') s.apiGroup ??= '';
      if (s.apiGroup === '') delete s.apiGroup;
    }
  },
  validate: validateBinding,
  validateUpdate(next, prev) {
    return deepEqual(next.roleRef, prev.roleRef) ? [] : [fieldErrors.invalid('roleRef', next.roleRef, 'cannot change roleRef')];
  },
};

export const ingressStrategy: Strategy = {
  statusSubresource: true,
  validate(obj) {
    const spec = (obj.spec ?? {}) as Json;
    const errors: FieldError[] = [];
    if (!spec.defaultBackend && (!Array.isArray(spec.rules) || spec.rules.length === 0)) {
      errors.push(fieldErrors.invalid('spec', spec, 'either `defaultBackend` or `rules` must be specified'));
    }
    ((spec.rules as Json[] | undefined) ?? []).forEach((r, i) => {
      const paths = ((r.http as Json | undefined)?.paths as Json[] | undefined) ?? [];
      paths.forEach((p, j) => {
        const types = ['Exact', 'Prefix', 'ImplementationSpecific'];
        if (!types.includes(String(p.pathType))) errors.push(fieldErrors.notSupported(`spec.rules[${i}].http.paths[${j}].pathType`, p.pathType ?? '', types));
      });
    });
    return errors;
  },
};

export const networkPolicyStrategy: Strategy = {
  statusSubresource: false,
  applyDefaults(obj) {
    const spec = (obj.spec ?? {}) as Json;
    if (!spec.policyTypes) spec.policyTypes = spec.egress ? ['Ingress', 'Egress'] : ['Ingress'];
    spec.podSelector ??= {};
    obj.spec = spec;
  },
};

export const storageClassStrategy: Strategy = {
  statusSubresource: false,
  noGeneration: true,
  applyDefaults(obj) {
    obj.reclaimPolicy ??= 'Delete';
    obj.volumeBindingMode ??= 'Immediate';
  },
  validate(obj) {
    return obj.provisioner ? [] : [fieldErrors.required('provisioner')];
  },
  validateUpdate(next, prev) {
    const errors: FieldError[] = [];
    for (const f of ['provisioner', 'parameters', 'reclaimPolicy', 'volumeBindingMode']) {
      if (!deepEqual(next[f], prev[f])) errors.push(fieldErrors.forbidden(f, 'updates to ' + f + ' are forbidden.'));
    }
    return errors;
  },
};

export const leaseStrategy: Strategy = { statusSubresource: false, noGeneration: true };
export const endpointSliceStrategy: Strategy = {
  statusSubresource: false,
  noGeneration: true,
  validate(obj) {
    const types = ['IPv4', 'IPv6', 'FQDN'];
    return types.includes(String(obj.addressType)) ? [] : [fieldErrors.notSupported('addressType', obj.addressType ?? '', types)];
  },
};
export const pdbStrategy: Strategy = { statusSubresource: true };
/** The two classes the scheduling/bootstrap-system-priority-classes hook creates, and the highest value a user's may have. */
export const SYSTEM_PRIORITY_CLASSES = [
  { name: 'system-node-critical', value: 2000001000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2000000000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' },
];
const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;
const PREEMPTION_POLICIES = ['Never', 'PreemptLowerPriority'];

export const priorityClassStrategy: Strategy = {
  statusSubresource: false,
  noGeneration: true,
  applyDefaults(obj) {
    obj.preemptionPolicy ??= 'PreemptLowerPriority';
  },
  validate(obj) {
    if (typeof obj.value !== 'number') return [fieldErrors.required('value')];
    const name = obj.metadata.name ?? '';
    const errors: FieldError[] = [];
    if (name.startsWith('system-')) {
      const known = SYSTEM_PRIORITY_CLASSES.find((c) => c.name === name);
      const why = !known ? `${name} is not a known system priority class` : known.value !== obj.value ? `value of ${name} PriorityClass must be ${known.value}` : obj.globalDefault === true ? `globalDefault of ${name} PriorityClass must be false` : '';
      if (why) errors.push(fieldErrors.forbidden('metadata.name', `priority class names with 'system-' prefix are reserved for system use only. error: ${why}`));
    } else if (obj.value > HIGHEST_USER_DEFINABLE_PRIORITY) {
      errors.push(fieldErrors.forbidden('value', `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
    }
    if (obj.preemptionPolicy !== undefined && !PREEMPTION_POLICIES.includes(String(obj.preemptionPolicy))) {
      errors.push(fieldErrors.notSupported('preemptionPolicy', obj.preemptionPolicy, PREEMPTION_POLICIES));
    }
    return errors;
  },
  validateUpdate(next, prev) {
    const errors: FieldError[] = [];
    if (next.value !== prev.value) errors.push(fieldErrors.forbidden('value', 'may not be changed in an update.'));
    if (next.preemptionPolicy !== prev.preemptionPolicy) errors.push(fieldErrors.invalid('preemptionPolicy', next.preemptionPolicy, 'field is immutable'));
    return errors;
  },
};
export const apiServiceStrategy: Strategy = {
  statusSubresource: true,
  validate(obj) {
    const spec = (obj.spec ?? {}) as Json;
    const errors: FieldError[] = [];
    if (!spec.version) errors.push(fieldErrors.required('spec.version'));
    const expected = spec.group ? `${spec.version}.${spec.group}` : String(spec.version ?? '');
    if (obj.metadata.name !== expected) errors.push(fieldErrors.invalid('metadata.name', obj.metadata.name, `must be ${expected}`));
    if (spec.groupPriorityMinimum === undefined) errors.push(fieldErrors.required('spec.groupPriorityMinimum'));
    if (spec.versionPriority === undefined) errors.push(fieldErrors.required('spec.versionPriority'));
    return errors;
  },
};

/** node.k8s.io/v1 RuntimeClass: a handler name the nodes' container runtime knows, fixed once set. */
export const runtimeClassStrategy: Strategy = {
  statusSubresource: false,
  noGeneration: true,
  nameRule: 'subdomain',
  validate(obj) {
    const handler = obj.handler;
    if (typeof handler !== 'string' || handler === '') return [fieldErrors.required('handler')];
    return isDNS1123Label(handler).map((msg) => fieldErrors.invalid('handler', handler, msg));
  },
  validateUpdate(next, prev) {
    return next.handler !== prev.handler ? [fieldErrors.invalid('handler', next.handler, 'field is immutable')] : [];
  },
};

/** storage.k8s.io/v1 CSIDriver: SetDefaults_CSIDriver, and a spec that cannot change but for a few fields. */
export const csiDriverStrategy: Strategy = {
  statusSubresource: false,
  applyDefaults(obj) {
    const spec = (obj.spec ??= {}) as Json;
    spec.attachRequired ??= true;
    spec.podInfoOnMount ??= false;
    spec.storageCapacity ??= false;
    spec.fsGroupPolicy ??= 'ReadWriteOnceWithFSType';
    spec.requiresRepublish ??= false;
    spec.seLinuxMount ??= false;
    spec.volumeLifecycleModes ??= ['Persistent'];
  },
  validate(obj) {
    const modes = ((obj.spec as Json | undefined)?.volumeLifecycleModes ?? []) as unknown[];
    return modes.filter((m) => m !== 'Persistent' && m !== 'Ephemeral').map((m) => fieldErrors.notSupported('spec.volumeLifecycleModes', m, ['Ephemeral', 'Persistent']));
  },
  validateUpdate(next, prev) {
    const a = (next.spec ?? {}) as Json;
    const b = (prev.spec ?? {}) as Json;
    return ['attachRequired', 'fsGroupPolicy', 'volumeLifecycleModes']
      .filter((f) => !deepEqual(a[f], b[f]))
      .map((f) => fieldErrors.invalid(`spec.${f}`, a[f], 'field is immutable'));
  },
};
