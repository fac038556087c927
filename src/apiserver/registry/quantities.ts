// resource.Quantity fields of the built-in kinds are stored and served in canonical form, as
// kube-apiserver's typed decoding leaves them: `cpu: 0.05` comes back as `50m`, `memory: 1024Mi` as
// `1Gi`, a JSON number `2` as the string "2". A value that is no quantity fails the decoding (400).
// Where the quantities are is read off the kind's OpenAPI schema once, as a tree of the paths that lead to one.

import { badRequest } from '../../machinery/errors.ts';
import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { Quantity } from '../../machinery/quantity.ts';
import { builtinKindSchemaRef, componentOfRef, resolveBuiltinRef } from '../openapi/builtin-schemas.ts';
import { QUANTITY } from '../openapi/special-types.ts';
import type { JSONSchemaProps, ResourceType } from '../resource.ts';

/** The parts of a schema that lead to a quantity: the value itself, named fields, array items, map values. */
interface QuantityPaths {
  quantity?: true;
  fields?: Map<string, QuantityPaths>;
  items?: QuantityPaths;
  values?: QuantityPaths;
}

const QUANTITY_PATTERN = `quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`;

/** The paths of one schema; `inProgress` cuts recursive types (none of which holds a quantity). */
function compile(schema: JSONSchemaProps | undefined, memo: Map<string, QuantityPaths | undefined>, inProgress: Set<string>): QuantityPaths | undefined {
  if (!schema) return undefined;
  if (schema.$ref) {
    const name = componentOfRef(schema.$ref);
    if (name === QUANTITY) return { quantity: true };
    if (memo.has(name)) return memo.get(name);
    if (inProgress.has(name)) return undefined;
    inProgress.add(name);
    const paths = compile(resolveBuiltinRef(schema.$ref), memo, inProgress);
    inProgress.delete(name);
    memo.set(name, paths);
    return paths;
  }
  const allOf = schema.allOf as JSONSchemaProps[] | undefined;
  if (allOf?.length) return compile(allOf[0], memo, inProgress);
  const out: QuantityPaths = {};
  for (const [field, sub] of Object.entries(schema.properties ?? {})) {
    const paths = compile(sub, memo, inProgress);
    if (paths) (out.fields ??= new Map()).set(field, paths);
  }
  const items = compile(schema.items, memo, inProgress);
  if (items) out.items = items;
  const values = isPlainObject(schema.additionalProperties) ? compile(schema.additionalProperties as JSONSchemaProps, memo, inProgress) : undefined;
  if (values) out.values = values;
  return out.fields || out.items || out.values ? out : undefined;
}

const compiled = new Map<string, QuantityPaths | undefined>();

function pathsOf(rt: ResourceType): QuantityPaths | undefined {
  const ref = rt.strategicMergePatch ? builtinKindSchemaRef(rt.group, rt.version, rt.kind) : undefined;
  if (!ref) return undefined;
  if (!compiled.has(ref)) compiled.set(ref, compile({ $ref: ref }, new Map(), new Set()));
  return compiled.get(ref);
}

/** The canonical text of a quantity value, or undefined when it is none. */
function canonical(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return Quantity.from(value)?.toString();
}

/** Rewrites every quantity of `value` under `paths` in canonical form; false when one is no quantity. */
function canonicalize(value: unknown, paths: QuantityPaths): boolean {
  if (Array.isArray(value)) return paths.items ? value.every((item) => canonicalize(item, paths.items!)) : true;
  if (!isPlainObject(value)) return true;
  const obj = value as Record<string, unknown>;
  if (paths.fields) {
    for (const [field, sub] of paths.fields) {
      const v = obj[field];
      if (v === undefined || v === null) continue;
      if (sub.quantity) {
        const text = canonical(v);
        if (text === undefined) return false;
        if (text !== v) obj[field] = text;
      } else if (!canonicalize(v, sub)) return false;
    }
  }
  if (paths.values) {
    for (const [key, v] of Object.entries(obj)) {
      if (v === undefined || v === null) continue;
      if (paths.values.quantity) {
        const text = canonical(v);
        if (text === undefined) return false;
        if (text !== v) obj[key] = text;
      } else if (!canonicalize(v, paths.values)) return false;
    }
  }
  return true;
}

/**
 * Puts the object's quantities in canonical form, in place (the registry's own copy). Throws 400
 * as kube-apiserver's decoder does when one is not a quantity.
 */
export function canonicalizeQuantities(rt: ResourceType, obj: KubeObject): void {
  const paths = pathsOf(rt);
  if (!paths || canonicalize(obj, paths)) return;
  throw badRequest(`${rt.kind} in version "${rt.version}" cannot be handled as a ${rt.kind}: ${QUANTITY_PATTERN}`);
}
