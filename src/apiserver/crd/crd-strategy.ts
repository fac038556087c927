// Validation and defaults of CustomResourceDefinition objects themselves.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { validateStructuralSchema } from '../../machinery/schema/structural.ts';
import type { Strategy } from '../registry/strategy.ts';
import { CRD_CLEANUP_FINALIZER, type CRDSpec } from './crd-types.ts';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function crdSpec(obj: KubeObject): CRDSpec {
  return (isPlainObject(obj.spec) ? obj.spec : {}) as unknown as CRDSpec;
}

function defaultNames(spec: CRDSpec): void {
  if (!isPlainObject(spec.names)) return;
  spec.names.singular ||= String(spec.names.kind ?? '').toLowerCase();
  spec.names.listKind ||= `${spec.names.kind}List`;
}

function validateCRD(obj: KubeObject): FieldError[] {
  const spec = crdSpec(obj);
  const errors: FieldError[] = [];
  if (!spec.group) errors.push(fieldErrors.required('spec.group'));
  else if (!spec.group.includes('.')) errors.push(fieldErrors.invalid('spec.group', spec.group, 'should be a domain with at least one dot'));
  const names = spec.names;
  if (!isPlainObject(names)) {
    errors.push(fieldErrors.required('spec.names'));
    return errors;
  }
  if (!names.plural) errors.push(fieldErrors.required('spec.names.plural'));
  else if (!DNS_LABEL.test(names.plural)) errors.push(fieldErrors.invalid('spec.names.plural', names.plural, 'a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\''));
  if (!names.kind) errors.push(fieldErrors.required('spec.names.kind'));
  if (names.singular && !DNS_LABEL.test(names.singular)) errors.push(fieldErrors.invalid('spec.names.singular', names.singular, 'a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\''));
  if (names.plural && spec.group && obj.metadata.name !== `${names.plural}.${spec.group}`) {
    errors.push(fieldErrors.invalid('metadata.name', obj.metadata.name ?? '', 'must be spec.names.plural+"."+spec.group'));
  }
  if (spec.scope !== 'Namespaced' && spec.scope !== 'Cluster') errors.push(fieldErrors.notSupported('spec.scope', spec.scope ?? '', ['Cluster', 'Namespaced']));
  const versions = Array.isArray(spec.versions) ? spec.versions : [];
  if (versions.length === 0) errors.push(fieldErrors.invalid('spec.versions', versions, 'must have exactly one version marked as storage version'));
  else if (versions.filter((v) => v.storage).length !== 1) {
    errors.push(fieldErrors.invalid('spec.versions', versions, 'must have exactly one version marked as storage version'));
  }
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    if (!v.name) errors.push(fieldErrors.required(`spec.versions[${i}].name`));
    else if (seen.has(v.name)) errors.push(fieldErrors.invalid('spec.versions', versions, 'must contain unique version names'));
    seen.add(v.name);
    const schema = v.schema?.openAPIV3Schema;
    if (!schema) errors.push(fieldErrors.required(`spec.versions[${i}].schema.openAPIV3Schema`, 'schemas are required'));
    else errors.push(...validateStructuralSchema(schema, `spec.versions[${i}].schema.openAPIV3Schema`));
  });
  return errors;
}

export const crdStrategy: Strategy = {
  statusSubresource: true,
  applyDefaults(obj) {
    const spec = crdSpec(obj);
    defaultNames(spec);
    (spec as unknown as Record<string, unknown>).conversion ??= { strategy: 'None' };
  },
  prepareForCreate(obj) {
    obj.metadata.finalizers = [...new Set([...(obj.metadata.finalizers ?? []), CRD_CLEANUP_FINALIZER])];
  },
  validate: validateCRD,
  validateUpdate(next, prev) {
    const n = crdSpec(next);
    const p = crdSpec(prev);
    const errors: FieldError[] = [];
    if (n.group !== p.group) errors.push(fieldErrors.invalid('spec.group', n.group, 'field is immutable'));
    if (n.scope !== p.scope) errors.push(fieldErrors.invalid('spec.scope', n.scope, 'field is immutable'));
    if (n.names?.plural !== p.names?.plural) errors.push(fieldErrors.invalid('spec.names.plural', n.names?.plural, 'field is immutable'));
    return errors;
  },
};
