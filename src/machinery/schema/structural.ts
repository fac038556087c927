// Operations over OpenAPI v3 schemas as kube-apiserver applies them: unknown-field detection
// and pruning, defaulting, value validation, and the checks a CRD's schema must pass.

import { deepEqual } from '../object.ts';
import { fieldErrors, type FieldError } from '../errors.ts';
import { crdSchemaRuleErrors } from './crd-schema-rules.ts';
import { isObjectValue, type StructuralSchema } from './schema.ts';
import { structuralInvariantErrors } from './structural-invariants.ts';
import { pruneUnknownFields } from './unknown-fields.ts';
import { validateAgainstSchema } from './validate.ts';

export type { SchemaResolver, StructuralSchema } from './schema.ts';
export { effectiveSchema } from './schema.ts';
export { applyDefaults } from './defaults.ts';
export { findUnknownFields, pruneUnknownFields } from './unknown-fields.ts';
export { validateAgainstSchema } from './validate.ts';

/** The message kube-apiserver returns for unknown fields under fieldValidation=Strict. */
export function strictDecodingMessage(problems: string[]): string {
  return `strict decoding error: ${problems.join(', ')}`;
}

/** Every default must validate against its own schema and survive pruning unchanged. */
function defaultErrors(s: StructuralSchema, path: string, isRoot: boolean, errors: FieldError[]): void {
  if (s.default !== undefined && s.default !== null && !isRoot) {
    const at = `${path}.default`;
    const valueErrors = validateAgainstSchema(s.default, s, undefined, at);
    errors.push(...valueErrors);
    if (valueErrors.length === 0 && (isObjectValue(s.default) || Array.isArray(s.default))) {
      const pruned = pruneUnknownFields(s.default, s);
      if (!deepEqual(pruned, s.default)) errors.push(fieldErrors.invalid(at, s.default, 'must not have unknown fields'));
    }
  }
  if (s.items) defaultErrors(s.items, `${path}.items`, false, errors);
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    if (isRoot && k === 'metadata') continue;
    defaultErrors(p, `${path}.properties[${k}]`, false, errors);
  }
  if (typeof s.additionalProperties === 'object') defaultErrors(s.additionalProperties, `${path}.additionalProperties`, false, errors);
}

/**
 * The CRD schema checks that matter, with upstream paths and wording, e.g.
 * `spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields`.
 * `fieldPath` is where the schema sits in the CRD.
 */
export function validateStructuralSchema(schema: StructuralSchema, fieldPath = 'spec.validation.openAPIV3Schema'): FieldError[] {
  const errors: FieldError[] = [];
  if (schema.nullable === true) errors.push(fieldErrors.forbidden(`${fieldPath}.nullable`, 'nullable cannot be true at the root'));
  const structural = structuralInvariantErrors(schema, fieldPath);
  errors.push(...structural);
  if (structural.length === 0) defaultErrors(schema, fieldPath, true, errors);
  errors.push(...crdSchemaRuleErrors(schema, fieldPath));
  return errors;
}
