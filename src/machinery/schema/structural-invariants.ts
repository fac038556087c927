// The structural-schema invariants apiextensions-apiserver enforces on a CRD's openAPIV3Schema
// (ValidateStructural): types everywhere, value validations that only restrict, metadata limits.

import type { FieldError } from '../errors.ts';
import { fieldErrors } from '../errors.ts';
import { EMBEDDED_RESOURCE, INT_OR_STRING, isObjectValue, PRESERVE_UNKNOWN, schemaList, type StructuralSchema } from './schema.ts';

type Level = 'root' | 'item' | 'field';

const TYPE_REQUIRED: Record<Level, string> = {
  root: 'must not be empty at the root',
  item: 'must not be empty for specified array items',
  field: 'must not be empty for specified object fields',
};

const key = (path: string, name: string) => `${path}.properties[${name}]`;

function isIntOrStringAnyOf(anyOf: unknown): boolean {
  const list = schemaList(anyOf);
  const only = (s: StructuralSchema, type: string) => Object.keys(s).length === 1 && s.type === type;
  return list.length === 2 && only(list[0]!, 'integer') && only(list[1]!, 'string');
}

const NESTED_FORBIDDEN: Array<[string, string, (v: unknown) => boolean]> = [
  ['type', 'must be empty to be structural', (v) => typeof v === 'string' && v !== ''],
  ['default', 'must be undefined to be structural', (v) => v !== undefined && v !== null],
  ['title', 'must be empty to be structural', (v) => typeof v === 'string' && v !== ''],
  ['description', 'must be empty to be structural', (v) => typeof v === 'string' && v !== ''],
  ['nullable', 'must be false to be structural', (v) => v === true],
  [PRESERVE_UNKNOWN, 'must be false to be structural', (v) => v === true],
  [EMBEDDED_RESOURCE, 'must be false to be structural', (v) => v === true],
  [INT_OR_STRING, 'must be false to be structural', (v) => v === true],
  ['x-kubernetes-list-map-keys', 'must be empty to be structural', (v) => Array.isArray(v) && v.length > 0],
  ['x-kubernetes-list-type', 'must be undefined to be structural', (v) => v !== undefined && v !== null],
  ['x-kubernetes-map-type', 'must be undefined to be structural', (v) => v !== undefined && v !== null],
  ['x-kubernetes-validations', 'must be empty to be structural', (v) => Array.isArray(v) && v.length > 0],
];

function valueValidation(s: StructuralSchema, skipAnyOf: boolean, skipFirstAllOfAnyOf: boolean, path: string, errors: FieldError[]): void {
  if (!skipAnyOf) schemaList(s.anyOf).forEach((v, i) => nested(v, false, `${path}.anyOf[${i}]`, errors));
  schemaList(s.allOf).forEach((v, i) => nested(v, skipFirstAllOfAnyOf && i === 0, `${path}.allOf[${i}]`, errors));
  schemaList(s.oneOf).forEach((v, i) => nested(v, false, `${path}.oneOf[${i}]`, errors));
  if (isObjectValue(s.not)) nested(s.not as StructuralSchema, false, `${path}.not`, errors);
}

function nested(v: StructuralSchema, skipAnyOf: boolean, path: string, errors: FieldError[]): void {
  valueValidation(v, skipAnyOf, false, path, errors);
  if (v.items) nested(v.items, false, `${path}.items`, errors);
  for (const [k, p] of Object.entries(v.properties ?? {})) nested(p, false, key(path, k), errors);
  for (const [name, detail, present] of NESTED_FORBIDDEN) {
    if (present(v[name])) errors.push(fieldErrors.forbidden(`${path}.${name}`, detail));
    if (name === 'type' && v.additionalProperties !== undefined) {
      errors.push(fieldErrors.forbidden(`${path}.additionalProperties`, 'must be undefined to be structural'));
    }
  }
  if (v.properties && Object.hasOwn(v.properties, 'metadata')) {
    errors.push(fieldErrors.forbidden(key(path, 'metadata'), 'must not be specified in a nested context'));
  }
}

function metadataInvariants(m: StructuralSchema, checkMetadata: boolean, level: Level, path: string, errors: FieldError[]): void {
  if (checkMetadata && m.type !== 'object') errors.push(fieldErrors.invalid(`${path}.type`, m.type ?? '', 'must be object'));
  if (level !== 'root') return;
  const props = Object.keys(m.properties ?? {});
  const onlyNames = props.every((p) => p === 'name' || p === 'generateName');
  const rest = Object.keys(m).filter((k) => k !== 'type' && k !== 'default' && !(k === 'properties' && onlyNames));
  if (rest.length > 0) {
    errors.push(fieldErrors.forbidden(path, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
  }
}

function invariants(s: StructuralSchema, level: Level, path: string, errors: FieldError[]): void {
  const type = typeof s.type === 'string' ? s.type : '';
  const embedded = s[EMBEDDED_RESOURCE] === true;
  const preserve = s[PRESERVE_UNKNOWN] === true;
  const intOrString = s[INT_OR_STRING] === true;
  if (type === 'array' && !s.items) errors.push(fieldErrors.required(`${path}.items`, 'must be specified'));
  if (s.items) invariants(s.items, 'item', `${path}.items`, errors);
  for (const [k, p] of Object.entries(s.properties ?? {})) invariants(p, 'field', key(path, k), errors);
  if (s.additionalProperties !== undefined) {
    if (level === 'root') errors.push(fieldErrors.forbidden(`${path}.additionalProperties`, 'must not be used at the root'));
    if (typeof s.additionalProperties === 'object') invariants(s.additionalProperties, 'field', `${path}.additionalProperties`, errors);
  }
  if (intOrString && preserve) {
    errors.push(fieldErrors.invalid(`${path}.${PRESERVE_UNKNOWN}`, true, 'must be false if x-kubernetes-int-or-string is true'));
  }
  if (intOrString && embedded) {
    errors.push(fieldErrors.invalid(`${path}.${EMBEDDED_RESOURCE}`, true, 'must be false if x-kubernetes-int-or-string is true'));
  }
  const allOf = schemaList(s.allOf);
  valueValidation(s, isIntOrStringAnyOf(s.anyOf), allOf.length > 0 && isIntOrStringAnyOf(allOf[0]!.anyOf), path, errors);
  if (typeof s.pattern === 'string' && s.pattern !== '') {
    try {
      new RegExp(s.pattern);
    } catch (err) {
      errors.push(fieldErrors.invalid(`${path}.pattern`, s.pattern, `must be a valid regular expression, but isn't: ${(err as Error).message}`));
    }
  }
  const checkMetadata = level === 'root' || embedded;
  if (embedded && type !== 'object') {
    const detail = 'must be object if x-kubernetes-embedded-resource is true';
    errors.push(type === '' ? fieldErrors.required(`${path}.type`, detail) : fieldErrors.invalid(`${path}.type`, type, detail));
  } else if (type === '' && !intOrString && !preserve) {
    errors.push(fieldErrors.required(`${path}.type`, TYPE_REQUIRED[level]));
  }
  if (embedded && s.additionalProperties !== undefined) {
    errors.push(fieldErrors.forbidden(`${path}.additionalProperties`, 'must not be used if x-kubernetes-embedded-resource is set'));
  }
  if (level === 'root' && type !== '' && type !== 'object') errors.push(fieldErrors.invalid(`${path}.type`, type, 'must be object at the root'));
  for (const field of ['kind', 'apiVersion']) {
    const p = s.properties?.[field];
    if (p && checkMetadata && p.type !== 'string') errors.push(fieldErrors.invalid(`${key(path, field)}.type`, p.type ?? '', 'must be string'));
  }
  const metadata = s.properties?.metadata;
  if (metadata) metadataInvariants(metadata, checkMetadata, level, key(path, 'metadata'), errors);
  if (embedded && !preserve && Object.keys(s.properties ?? {}).length === 0) {
    errors.push(
      fieldErrors.required(`${path}.properties`, 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'),
    );
  }
}

/** Value validations at the root may only talk about fields the structural part specifies. */
function completeness(v: StructuralSchema, s: StructuralSchema | undefined, sPath: string, vPath: string, errors: FieldError[]): void {
  const junctors: Array<[StructuralSchema, string]> = [];
  if (isObjectValue(v.not)) junctors.push([v.not as StructuralSchema, `${vPath}.not`]);
  schemaList(v.allOf).forEach((x, i) => junctors.push([x, `${vPath}.allOf[${i}]`]));
  schemaList(v.anyOf).forEach((x, i) => junctors.push([x, `${vPath}.anyOf[${i}]`]));
  schemaList(v.oneOf).forEach((x, i) => junctors.push([x, `${vPath}.oneOf[${i}]`]));
  for (const [x, xPath] of junctors) nestedCompleteness(x, s, sPath, xPath, errors);
}

function nestedCompleteness(v: StructuralSchema, s: StructuralSchema | undefined, sPath: string, vPath: string, errors: FieldError[]): void {
  if (!s) {
    errors.push(fieldErrors.required(sPath, `because it is defined in ${vPath}`));
    return;
  }
  completeness(v, s, sPath, vPath, errors);
  if (v.items) nestedCompleteness(v.items, s.items, `${sPath}.items`, `${vPath}.items`, errors);
  for (const [k, p] of Object.entries(v.properties ?? {})) {
    const sp = s.properties?.[k];
    if (!sp) errors.push(fieldErrors.required(key(sPath, k), `because it is defined in ${key(vPath, k)}`));
    else nestedCompleteness(p, sp, key(sPath, k), key(vPath, k), errors);
  }
}

/** ValidateStructural: errors sorted by their text, as upstream sorts them. */
export function structuralInvariantErrors(schema: StructuralSchema, path: string): FieldError[] {
  const errors: FieldError[] = [];
  invariants(schema, 'root', path, errors);
  completeness(schema, schema, path, path, errors);
  const text = (e: FieldError) => `${e.field}: ${e.message}`;
  return errors.sort((a, b) => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0));
}
