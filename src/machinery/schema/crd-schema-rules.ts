// The OpenAPI-level rules a CRD schema must follow (ValidateCustomResourceDefinitionOpenAPISchema):
// supported types and keywords, no $ref, list/map type extensions, no defaults in metadata.

import type { FieldError } from '../errors.ts';
import { fieldErrors } from '../errors.ts';
import { isObjectValue, LIST_MAP_KEYS, LIST_TYPE, PRESERVE_UNKNOWN, schemaList, type StructuralSchema } from './schema.ts';

const TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const META_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

interface Context {
  /** Why defaults are forbidden here (undefined: allowed). */
  forbiddenDefaults?: string;
  insideResourceMeta: boolean;
}

const FORBIDDEN_KEYWORDS: Array<[string, string]> = [
  ['id', 'id is not supported'],
  ['additionalItems', 'additionalItems is not supported'],
  ['patternProperties', 'patternProperties is not supported'],
  ['definitions', 'definitions is not supported'],
  ['dependencies', 'dependencies is not supported'],
  ['$ref', '$ref is not supported'],
];

function typeRequiredOr(errors: FieldError[], path: string, type: string, detail: string): void {
  errors.push(type === '' ? fieldErrors.required(`${path}.type`, detail) : fieldErrors.invalid(`${path}.type`, type, detail));
}

function listAndMapTypes(s: StructuralSchema, type: string, path: string, errors: FieldError[]): void {
  const mapType = s['x-kubernetes-map-type'];
  if (mapType !== undefined && type !== 'object') typeRequiredOr(errors, path, type, 'must be object if x-kubernetes-map-type is specified');
  if (mapType !== undefined && mapType !== 'atomic' && mapType !== 'granular') {
    errors.push(fieldErrors.notSupported(`${path}.x-kubernetes-map-type`, mapType, ['atomic', 'granular']));
  }
  const listType = s[LIST_TYPE];
  if (listType !== undefined && type !== 'array') typeRequiredOr(errors, path, type, 'must be array if x-kubernetes-list-type is specified');
  if (listType !== undefined && listType !== 'atomic' && listType !== 'set' && listType !== 'map') {
    errors.push(fieldErrors.notSupported(`${path}.x-kubernetes-list-type`, listType, ['atomic', 'set', 'map']));
  }
  const keys = Array.isArray(s[LIST_MAP_KEYS]) ? (s[LIST_MAP_KEYS] as string[]) : [];
  if (keys.length > 0 && listType !== 'map') {
    const detail = 'must be map if x-kubernetes-list-map-keys is non-empty';
    errors.push(listType === undefined ? fieldErrors.required(`${path}.x-kubernetes-list-type`, detail) : fieldErrors.invalid(`${path}.x-kubernetes-list-type`, listType, detail));
  }
  if (listType !== 'map') return;
  if (keys.length === 0) errors.push(fieldErrors.required(`${path}.${LIST_MAP_KEYS}`, 'must not be empty if x-kubernetes-list-type is map'));
  const items = s.items;
  if (!items) {
    errors.push(fieldErrors.required(`${path}.items`, 'must have a schema if x-kubernetes-list-type is map'));
    return;
  }
  if (items.type !== 'object') errors.push(fieldErrors.invalid(`${path}.items.type`, items.type ?? '', "must be object if parent array's x-kubernetes-list-type is map"));
  const props = items.properties ?? {};
  if (keys.some((k) => !Object.hasOwn(props, k))) errors.push(fieldErrors.invalid(`${path}.${LIST_MAP_KEYS}`, keys, 'entries must all be names of item properties'));
  if (new Set(keys).size !== keys.length) errors.push(fieldErrors.invalid(`${path}.${LIST_MAP_KEYS}`, keys, 'must not contain duplicate entries'));
  const required = new Set(items.required ?? []);
  for (const k of keys) {
    const p = props[k];
    if (!p) continue;
    if (p.default === undefined && !required.has(k)) {
      errors.push(fieldErrors.required(`${path}.items.properties[${k}].default`, 'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'));
    }
    if (p.nullable === true) {
      errors.push(fieldErrors.forbidden(`${path}.items.properties[${k}].nullable`, 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
    }
  }
}

function check(s: StructuralSchema, path: string, isRoot: boolean, ctx: Context, errors: FieldError[]): void {
  const type = typeof s.type === 'string' ? s.type : '';
  if (type !== '' && !TYPES.includes(type)) errors.push(fieldErrors.notSupported(`${path}.type`, type, TYPES));
  if (s.default !== undefined && ctx.forbiddenDefaults !== undefined) {
    errors.push(fieldErrors.forbidden(`${path}.default`, `must not be set ${ctx.forbiddenDefaults}`.trimEnd()));
  }
  for (const [keyword, detail] of FORBIDDEN_KEYWORDS) {
    if (s[keyword] !== undefined) errors.push(fieldErrors.forbidden(`${path}.${keyword}`, detail));
  }
  if (type === 'null') errors.push(fieldErrors.forbidden(`${path}.type`, 'type cannot be set to null, use nullable as an alternative'));
  if (Array.isArray(s.items)) errors.push(fieldErrors.forbidden(`${path}.items`, 'items must be a schema object and not an array'));
  if (ctx.insideResourceMeta && s['x-kubernetes-embedded-resource'] === true) {
    errors.push(fieldErrors.forbidden(`${path}.x-kubernetes-embedded-resource`, 'must not be used inside of resource meta'));
  }
  if (s.uniqueItems === true) errors.push(fieldErrors.forbidden(`${path}.uniqueItems`, 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  const extra = s.additionalProperties;
  if (extra !== undefined) {
    if (Object.keys(s.properties ?? {}).length > 0 && extra !== true) {
      errors.push(fieldErrors.forbidden(`${path}.additionalProperties`, 'additionalProperties and properties are mutual exclusive'));
    }
    if (isObjectValue(extra)) {
      const sub = ctx.insideResourceMeta ? { ...ctx, forbiddenDefaults: 'inside additionalProperties applying to object metadata' } : ctx;
      check(extra as StructuralSchema, `${path}.additionalProperties`, false, sub, errors);
    }
  }
  const embedded = s['x-kubernetes-embedded-resource'] === true;
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    let sub = ctx;
    if ((isRoot || embedded) && META_FIELDS.has(name)) {
      sub = { ...sub, insideResourceMeta: true };
      if (isRoot) sub.forbiddenDefaults = `in top-level ${name}`;
    }
    check(prop, `${path}.properties[${name}]`, false, sub, errors);
  }
  if (isObjectValue(s.not)) check(s.not as StructuralSchema, `${path}.not`, false, ctx, errors);
  schemaList(s.allOf).forEach((x, i) => check(x, `${path}.allOf[${i}]`, false, ctx, errors));
  schemaList(s.oneOf).forEach((x, i) => check(x, `${path}.oneOf[${i}]`, false, ctx, errors));
  schemaList(s.anyOf).forEach((x, i) => check(x, `${path}.anyOf[${i}]`, false, ctx, errors));
  if (isObjectValue(s.items)) check(s.items, `${path}.items`, false, ctx, errors);
  if (s[PRESERVE_UNKNOWN] === false) errors.push(fieldErrors.invalid(`${path}.${PRESERVE_UNKNOWN}`, false, 'must be true or undefined'));
  listAndMapTypes(s, type, path, errors);
}

export function crdSchemaRuleErrors(schema: StructuralSchema, path: string): FieldError[] {
  const errors: FieldError[] = [];
  check(schema, path, true, { insideResourceMeta: false }, errors);
  return errors;
}
