// x-kubernetes-list-type checks: `set` lists hold unique items, `map` lists unique keys
// (apiextensions-apiserver's ValidateListSetsAndMaps).

import type { FieldError } from '../errors.ts';
import { fieldErrors } from '../errors.ts';
import { effectiveSchema, isObjectValue, LIST_MAP_KEYS, LIST_TYPE, type SchemaResolver, type StructuralSchema } from './schema.ts';
import { goValue } from './value-errors.ts';

const UNSPECIFIED = Symbol('unspecified key');

function childField(parent: string | null, name: string): string {
  return parent ? `${parent}.${name}` : name;
}

/** A comparable identity for a list element or key: JSON for compound values (keys sorted as Go does). */
function identity(value: unknown): string {
  if (value === UNSPECIFIED) return 'unspecified';
  return `${typeof value}:${JSON.stringify(sortKeys(value))}`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObjectValue(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
}

/** Indices of the second appearance of each repeated value. */
function secondAppearances(values: unknown[]): number[] {
  const seen = new Map<string, number>();
  const found: number[] = [];
  values.forEach((v, i) => {
    const id = identity(v);
    const times = seen.get(id) ?? 0;
    if (times === 1) found.push(i);
    seen.set(id, times + 1);
  });
  return found;
}

function duplicate(field: string, value: unknown): FieldError {
  return { type: 'FieldValueDuplicate', field, message: `Duplicate value: ${goValue(sortKeys(value))}` };
}

function checkListMap(list: unknown[], s: StructuralSchema, field: string): FieldError[] {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (item !== null && !isObjectValue(item)) return [fieldErrors.invalid(`${field}[${i}]`, item, 'must be an object for an array of list-type map')];
  }
  if (list.length <= 1) return [];
  const keyFields = Array.isArray(s[LIST_MAP_KEYS]) ? (s[LIST_MAP_KEYS] as string[]) : [];
  if (keyFields.length === 1) {
    const keyField = keyFields[0]!;
    const keys = list.map((item) => (isObjectValue(item) && Object.hasOwn(item, keyField) ? item[keyField] : UNSPECIFIED));
    return secondAppearances(keys).map((i) => duplicate(`${field}[${i}]`, keys[i] === UNSPECIFIED ? {} : { [keyField]: keys[i] }));
  }
  const keys = list.map((item) => {
    const key: Record<string, unknown> = {};
    if (isObjectValue(item)) for (const k of keyFields) if (Object.hasOwn(item, k)) key[k] = item[k];
    return key;
  });
  return secondAppearances(keys).map((i) => duplicate(`${field}[${i}]`, keys[i]));
}

function walk(value: unknown, schema: StructuralSchema | undefined, field: string, resolve: SchemaResolver | undefined): FieldError[] {
  const s = effectiveSchema(schema, resolve);
  if (!s) return [];
  if (Array.isArray(value)) {
    const errors: FieldError[] = [];
    if (s[LIST_TYPE] === 'set') errors.push(...secondAppearances(value).map((i) => duplicate(`${field}[${i}]`, value[i])));
    else if (s[LIST_TYPE] === 'map') errors.push(...checkListMap(value, s, field));
    if (s.items) value.forEach((item, i) => errors.push(...walk(item, s.items, `${field}[${i}]`, resolve)));
    return errors;
  }
  return isObjectValue(value) ? walkObject(value, s, field, resolve) : [];
}

function walkObject(obj: Record<string, unknown>, s: StructuralSchema, field: string | null, resolve: SchemaResolver | undefined): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof s.additionalProperties === 'object') {
    for (const [k, v] of Object.entries(obj)) errors.push(...walk(v, s.additionalProperties, `${field ?? ''}[${k}]`, resolve));
  }
  for (const [k, v] of Object.entries(obj)) {
    const prop = s.properties?.[k];
    if (prop && Object.hasOwn(s.properties!, k)) errors.push(...walk(v, prop, childField(field, k), resolve));
  }
  return errors;
}

export function validateListTypes(obj: unknown, schema: StructuralSchema, resolve?: SchemaResolver, fieldPath?: string): FieldError[] {
  const s = effectiveSchema(schema, resolve);
  if (!s || !isObjectValue(obj)) return [];
  return walkObject(obj, s, fieldPath ?? null, resolve);
}
