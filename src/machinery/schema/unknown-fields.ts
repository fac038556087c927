// Structural pruning: fields a schema does not specify are dropped (and, for fieldValidation,
// reported). Follows apiextensions-apiserver's pruning algorithm: preserve-unknown-fields keeps
// them, additionalProperties governs every key, embedded resources keep apiVersion/kind/metadata.

import {
  effectiveSchema,
  EMBEDDED_RESOURCE,
  isObjectValue,
  PRESERVE_UNKNOWN,
  TYPE_META_FIELDS,
  type SchemaResolver,
  type StructuralSchema,
} from './schema.ts';

interface PruneRun {
  resolve?: SchemaResolver;
  unknown: string[];
}

function childPath(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

/** The schema for `key` of an object governed by `s`: a property, else additionalProperties. */
function fieldSchema(s: StructuralSchema, key: string, run: PruneRun): { known: boolean; schema?: StructuralSchema } {
  const prop = s.properties && Object.hasOwn(s.properties, key) ? s.properties[key] : undefined;
  if (prop) return { known: true, schema: effectiveSchema(prop, run.resolve) };
  const extra = s.additionalProperties;
  if (extra !== undefined && extra !== false) {
    return { known: true, schema: typeof extra === 'object' ? effectiveSchema(extra, run.resolve) : undefined };
  }
  return { known: false };
}

function prune(value: unknown, s: StructuralSchema | undefined, path: string, run: PruneRun): unknown {
  if (s && s[PRESERVE_UNKNOWN] === true) return keep(value, s, path, run);
  if (Array.isArray(value)) {
    const items = s ? effectiveSchema(s.items, run.resolve) : undefined;
    return value.map((item, i) => prune(item, items, `${path}[${i}]`, run));
  }
  if (!isObjectValue(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (s && s[EMBEDDED_RESOURCE] === true && TYPE_META_FIELDS.has(key)) {
      out[key] = child;
      continue;
    }
    const field = s ? fieldSchema(s, key, run) : { known: false };
    if (field.known) out[key] = prune(child, field.schema, childPath(path, key), run);
    else if (path === '' && TYPE_META_FIELDS.has(key)) out[key] = child; // a resource root's own type and object meta
    else run.unknown.push(childPath(path, key));
  }
  return out;
}

/** Under preserve-unknown-fields: unspecified fields stay, specified ones are still pruned inside. */
function keep(value: unknown, s: StructuralSchema, path: string, run: PruneRun): unknown {
  if (Array.isArray(value)) {
    const items = effectiveSchema(s.items, run.resolve);
    return value.map((item, i) => (items ? keep(item, items, `${path}[${i}]`, run) : item));
  }
  if (!isObjectValue(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (s[EMBEDDED_RESOURCE] === true && TYPE_META_FIELDS.has(key)) {
      out[key] = child;
      continue;
    }
    const field = fieldSchema(s, key, run);
    out[key] = field.known ? prune(child, field.schema, childPath(path, key), run) : child;
  }
  return out;
}

function run(obj: unknown, schema: StructuralSchema, resolve?: SchemaResolver): { pruned: unknown; unknown: string[] } {
  const state: PruneRun = { resolve, unknown: [] };
  const pruned = prune(obj, effectiveSchema(schema, resolve), '', state);
  return { pruned, unknown: state.unknown.sort() };
}

/**
 * Paths (`spec.bogus`, `spec.containers[0].imagee`) of fields the schema does not specify,
 * sorted as kube-apiserver reports them: `strict decoding error: unknown field "spec.bogus"`.
 */
export function findUnknownFields(obj: unknown, schema: StructuralSchema, resolve?: SchemaResolver): string[] {
  return run(obj, schema, resolve).unknown;
}

/** A copy of `obj` without the fields the schema does not specify. */
export function pruneUnknownFields(obj: unknown, schema: StructuralSchema, resolve?: SchemaResolver): unknown {
  return run(obj, schema, resolve).pruned;
}
