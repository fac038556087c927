// The type errors Go's JSON decoder finds in a built-in object before kube-apiserver looks at it
// further: a string where the Go field is an int32, a bool among a map[string]string's values. The
// text is encoding/json's ("json: cannot unmarshal string into Go struct field
// DeploymentSpec.spec.replicas of type int32"): the innermost struct, the field's full path without
// list indices, and the Go type, all read from the OpenAPI components the kind's schema uses.

import { isPlainObject } from '../object.ts';
import { PRESERVE_UNKNOWN, type SchemaResolver, type StructuralSchema } from './schema.ts';
import { jsonKind } from '../patch/go-format.ts';
import { base64ErrorOffset } from './go-base64.ts';

/** Types with their own UnmarshalJSON (Time, Quantity, IntOrString …): their errors are not the decoder's. */
export type CustomDecoded = (component: string) => boolean;

interface Named {
  schema: StructuralSchema;
  /** The component the schema was reached through, when a `$ref` led to it. */
  component?: string;
}

interface Walk {
  resolve: SchemaResolver;
  custom: CustomDecoded;
}

const INT_RANGES: Record<string, [number, number]> = { int32: [-(2 ** 31), 2 ** 31 - 1], int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] };

function componentName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

/** Follows `$ref`s (and single-ref allOf wrappers), remembering the last component named. */
function named(schema: StructuralSchema | undefined, w: Walk): Named | undefined {
  let s = schema;
  let component: string | undefined;
  for (let hops = 0; s && hops < 16; hops++) {
    if (typeof s.$ref === 'string') {
      component = componentName(s.$ref);
      s = w.resolve(s.$ref);
      continue;
    }
    const allOf = s.allOf as StructuralSchema[] | undefined;
    if (Array.isArray(allOf) && allOf.length === 1 && !s.type && !s.properties && typeof allOf[0]?.$ref === 'string') {
      s = allOf[0];
      continue;
    }
    return { schema: s, component };
  }
  return undefined;
}

/** `io.k8s.api.apps.v1.DeploymentSpec` → `v1.DeploymentSpec`, as Go prints a struct type. */
function goStructType(component: string): string {
  const parts = component.split('.');
  return parts.slice(-2).join('.');
}

function shortName(component: string): string {
  return component.slice(component.lastIndexOf('.') + 1);
}

function goType(n: Named | undefined, w: Walk): string {
  if (!n) return 'interface {}';
  const s = n.schema;
  if (s.properties && n.component) return goStructType(n.component);
  if (s.type === 'array') return `[]${goType(named(s.items as StructuralSchema, w), w)}`;
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object') return `map[string]${goType(named(s.additionalProperties as StructuralSchema, w), w)}`;
  if (s.type === 'string') return s.format === 'byte' ? '[]uint8' : 'string';
  if (s.type === 'integer') return s.format === 'int32' ? 'int32' : 'int64';
  if (s.type === 'number') return 'float64';
  if (s.type === 'boolean') return 'bool';
  return 'interface {}';
}

class Mismatch {
  constructor(readonly message: string) {}
}

function check(value: unknown, n: Named | undefined, struct: string, path: string[], w: Walk): void {
  if (value === null || value === undefined || !n) return;
  const s = n.schema;
  if ((n.component && w.custom(n.component)) || s[PRESERVE_UNKNOWN] === true) return;
  const fail = (kind: string) => {
    throw new Mismatch(`json: cannot unmarshal ${kind} into Go struct field ${struct}.${path.join('.')} of type ${goType(n, w)}`);
  };
  if (s.properties) {
    if (!isPlainObject(value)) fail(jsonKind(value));
    const inner = n.component ? shortName(n.component) : struct;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const prop = s.properties[key];
      if (prop) check(child, named(prop as StructuralSchema, w), inner, [...path, key], w);
    }
    return;
  }
  switch (s.type) {
    case 'object': {
      if (!isPlainObject(value)) fail(jsonKind(value));
      const extra = s.additionalProperties;
      if (extra && typeof extra === 'object') for (const child of Object.values(value as Record<string, unknown>)) check(child, named(extra as StructuralSchema, w), struct, path, w);
      return;
    }
    case 'array':
      if (!Array.isArray(value)) fail(jsonKind(value));
      for (const item of value as unknown[]) check(item, named(s.items as StructuralSchema, w), struct, path, w);
      return;
    case 'string': {
      if (typeof value !== 'string') fail(jsonKind(value));
      // A []byte field: the decoder's own error, not "cannot unmarshal".
      const offset = s.format === 'byte' ? base64ErrorOffset(value as string) : undefined;
      if (offset !== undefined) throw new Mismatch(`illegal base64 data at input byte ${offset}`);
      return;
    }
    case 'boolean':
      if (typeof value !== 'boolean') fail(jsonKind(value));
      return;
    case 'number':
      if (typeof value !== 'number') fail(jsonKind(value));
      return;
    case 'integer': {
      if (typeof value !== 'number') fail(jsonKind(value));
      const [lo, hi] = INT_RANGES[goType(n, w)] ?? INT_RANGES.int64!;
      if (!Number.isInteger(value) || (value as number) < lo || (value as number) > hi) fail(`number ${String(value)}`);
      return;
    }
  }
}

/** The first type error in `value` against the kind's schema (at `rootRef`), or undefined when Go would decode it. */
export function goDecodeError(value: unknown, rootRef: string, resolve: SchemaResolver, custom: CustomDecoded): string | undefined {
  const w = { resolve, custom };
  const root = named({ $ref: rootRef } as StructuralSchema, w);
  try {
    check(value, root, root?.component ? shortName(root.component) : '', [], w);
  } catch (err) {
    if (err instanceof Mismatch) return err.message;
    throw err;
  }
  return undefined;
}
