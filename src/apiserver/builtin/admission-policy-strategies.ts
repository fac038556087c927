// admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding:
// the checks of pkg/apis/admissionregistration/validation that a user meets when writing one
// (every CEL expression must compile, a binding names a policy and how to act on a failure).

import { compileCel } from '../../machinery/cel.ts';
import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import type { Strategy } from '../registry/strategy.ts';
import { goStringSlice } from '../../machinery/validation/names.ts';

type Json = Record<string, any>;

const OPERATIONS = ['*', 'CREATE', 'UPDATE', 'DELETE', 'CONNECT'];
const ACTIONS = ['Audit', 'Deny', 'Warn'];

function compiles(expression: unknown, path: string): FieldError[] {
  if (typeof expression !== 'string' || expression.trim() === '') return [fieldErrors.required(path)];
  const { error } = compileCel(expression);
  return error ? [fieldErrors.invalid(path, expression, `compilation failed: ${error}`)] : [];
}

function validateRules(rules: unknown, path: string): FieldError[] {
  const errors: FieldError[] = [];
  ((rules ?? []) as Json[]).forEach((r, i) => {
    const at = `${path}[${i}]`;
    for (const field of ['apiGroups', 'apiVersions', 'resources', 'operations']) {
      if (!Array.isArray(r[field]) || r[field].length === 0) errors.push(fieldErrors.required(`${at}.${field}`));
    }
    ((r.operations ?? []) as string[]).forEach((op, j) => !OPERATIONS.includes(op) && errors.push(fieldErrors.notSupported(`${at}.operations[${j}]`, op, OPERATIONS)));
  });
  return errors;
}

export const validatingAdmissionPolicyStrategy: Strategy = {
  statusSubresource: true,
  applyDefaults(obj) {
    const spec = (obj.spec ??= {}) as Json;
    spec.failurePolicy ??= 'Fail';
    spec.matchConstraints ??= {};
    spec.matchConstraints.matchPolicy ??= 'Equivalent';
    spec.matchConstraints.namespaceSelector ??= {};
    spec.matchConstraints.objectSelector ??= {};
  },
  validate(obj) {
    const spec = (obj.spec ?? {}) as Json;
    const errors: FieldError[] = [];
    const rules = spec.matchConstraints?.resourceRules;
    if (!Array.isArray(rules) || rules.length === 0) errors.push(fieldErrors.required('spec.matchConstraints.resourceRules'));
    errors.push(...validateRules(rules, 'spec.matchConstraints.resourceRules'));
    if (!['Fail', 'Ignore'].includes(spec.failurePolicy)) errors.push(fieldErrors.notSupported('spec.failurePolicy', spec.failurePolicy, ['Fail', 'Ignore']));
    const validations = (spec.validations ?? []) as Json[];
    if (validations.length === 0 && ((spec.auditAnnotations ?? []) as unknown[]).length === 0) {
      errors.push(fieldErrors.required('spec.validations', 'validations or auditAnnotations must contain at least one item'));
    }
    validations.forEach((v, i) => {
      errors.push(...compiles(v.expression, `spec.validations[${i}].expression`));
      if (v.messageExpression !== undefined) errors.push(...compiles(v.messageExpression, `spec.validations[${i}].messageExpression`));
    });
    ((spec.matchConditions ?? []) as Json[]).forEach((c, i) => errors.push(...compiles(c.expression, `spec.matchConditions[${i}].expression`)));
    ((spec.variables ?? []) as Json[]).forEach((v, i) => errors.push(...compiles(v.expression, `spec.variables[${i}].expression`)));
    return errors;
  },
};

export const validatingAdmissionPolicyBindingStrategy: Strategy = {
  statusSubresource: false,
  validate(obj) {
    const spec = (obj.spec ?? {}) as Json;
    const errors: FieldError[] = [];
    if (!spec.policyName) errors.push(fieldErrors.required('spec.policyName'));
    const actions = (spec.validationActions ?? []) as string[];
    if (actions.length === 0) errors.push(fieldErrors.required('spec.validationActions'));
    actions.forEach((a, i) => !ACTIONS.includes(a) && errors.push(fieldErrors.notSupported(`spec.validationActions[${i}]`, a, ACTIONS)));
    if (actions.includes('Deny') && actions.includes('Warn')) errors.push(fieldErrors.invalidRendered('spec.validationActions', goStringSlice(actions), 'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)'));
    errors.push(...validateRules(spec.matchResources?.resourceRules, 'spec.matchResources.resourceRules'));
    return errors;
  },
};
