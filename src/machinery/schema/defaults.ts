// CRD defaulting, as apiextensions-apiserver does it after pruning: first non-nullable nulls
// without a default are dropped, then absent fields (and non-nullable nulls) get their
// schema's `default`, recursively through properties, additionalProperties and array items.

import { effectiveSchema, isObjectValue, type SchemaResolver, type StructuralSchema } from './schema.ts';

function childSchema(s: StructuralSchema | undefined, key: string, resolve?: SchemaResolver): StructuralSchema | undefined {
  if (!s) return undefined;
  if (s.properties && Object.hasOwn(s.properties, key)) return effectiveSchema(s.properties[key], resolve);
  return typeof s.additionalProperties === 'object' ? effectiveSchema(s.additionalProperties, resolve) : undefined;
}

function isNonNullableNull(value: unknown, s: StructuralSchema | undefined): boolean {
  return value === null && s !== undefined && s.nullable !== true;
}

function pruneNonNullableNulls(value: unknown, s: StructuralSchema | undefined, resolve?: SchemaResolver): void {
  if (Array.isArray(value)) {
    const items = s ? effectiveSchema(s.items, resolve) : undefined;
    for (const item of value) pruneNonNullableNulls(item, items, resolve);
    return;
  }
  if (!isObjectValue(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const sub = childSchema(s, key, resolve);
    if (isNonNullableNull(child, sub) && sub!.default === undefined) delete value[key];
    else pruneNonNullableNulls(child, sub, resolve);
  }
}

function defaultValue(value: unknown, s: StructuralSchema | undefined, resolve?: SchemaResolver): void {
  if (!s) return;
  if (Array.isArray(value)) {
    const items = effectiveSchema(s.items, resolve);
    for (let i = 0; i < value.length; i++) {
      if (isNonNullableNull(value[i], items) && items!.default !== undefined) value[i] = structuredClone(items!.default);
      defaultValue(value[i], items, resolve);
    }
    return;
  }
  if (!isObjectValue(value)) return;
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    const sub = effectiveSchema(prop, resolve);
    if (sub?.default === undefined) continue;
    if (!Object.hasOwn(value, key) || isNonNullableNull(value[key], sub)) value[key] = structuredClone(sub.default);
  }
  for (const key of Object.keys(value)) {
    const sub = childSchema(s, key, resolve);
    const isProperty = s.properties !== undefined && Object.hasOwn(s.properties, key);
    if (!isProperty && isNonNullableNull(value[key], sub) && sub!.default !== undefined) value[key] = structuredClone(sub!.default);
    defaultValue(value[key], sub, resolve);
  }
}

/** A copy of `obj` with the schema's defaults applied. */
export function applyDefaults(obj: unknown, schema: StructuralSchema, resolve?: SchemaResolver): unknown {
  const out = structuredClone(obj);
  const root = effectiveSchema(schema, resolve);
  pruneNonNullableNulls(out, root, resolve);
  defaultValue(out, root, resolve);
  return out;
}
