// A built-in type that nests an ObjectMeta (a pod template, a CronJob's job template, a
// StatefulSet's claim templates, an ephemeral volume's claim template) embeds it by value, and Go
// encodes its zero creationTimestamp as `null`: kube-apiserver up to 1.33 serves every such nested
// metadata as `{creationTimestamp: null, …}`, whatever the client sent (1.34 dropped the null with
// `omitzero`). The kind's empty object holds the same null, so no manager owns it.

import { isPlainObject, mapSharing, type KubeObject } from '../../machinery/object.ts';
import { derefBuiltin, perBuiltinKind } from '../openapi/builtin-schemas.ts';
import type { JSONSchemaProps, ResourceType } from '../resource.ts';

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

/** ObjectMeta's fields that Go encodes before creationTimestamp, in its struct order. */
const BEFORE_CREATION = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation'];

/** Where nested ObjectMetas lie below a type: its own ObjectMeta fields, and the fields, items or values leading to more. */
interface MetaPaths {
  metaFields?: string[];
  fields?: Map<string, MetaPaths>;
  items?: MetaPaths;
  values?: MetaPaths;
}

function compile(schema: JSONSchemaProps | undefined, component: string | undefined, memo: Map<string, MetaPaths | undefined>, inProgress: Set<string>): MetaPaths | undefined {
  if (component) {
    if (memo.has(component)) return memo.get(component);
    if (inProgress.has(component)) return undefined;
    inProgress.add(component);
  }
  const out: MetaPaths = {};
  for (const [field, sub] of Object.entries(schema?.properties ?? {})) {
    const target = derefBuiltin(sub);
    if (target.component === OBJECT_META) (out.metaFields ??= []).push(field);
    else {
      const below = compile(target.schema, target.component, memo, inProgress);
      if (below) (out.fields ??= new Map()).set(field, below);
    }
  }
  const items = derefBuiltin(schema?.items as JSONSchemaProps | undefined);
  if (items.schema) out.items = compile(items.schema, items.component, memo, inProgress);
  if (isPlainObject(schema?.additionalProperties)) {
    const values = derefBuiltin(schema.additionalProperties as JSONSchemaProps);
    out.values = compile(values.schema, values.component, memo, inProgress);
  }
  const paths = out.metaFields || out.fields || out.items || out.values ? out : undefined;
  if (component) {
    inProgress.delete(component);
    memo.set(component, paths);
  }
  return paths;
}

/** The kind's nested ObjectMetas (its own top-level metadata is not nested), found once. */
const pathsOf = perBuiltinKind((schema, component): MetaPaths | undefined => {
  const top = compile(schema, component, new Map(), new Set());
  return top?.fields ? { fields: top.fields } : undefined;
});

function withZeroCreation(meta: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of BEFORE_CREATION) if (key in meta) out[key] = meta[key];
  out.creationTimestamp = null;
  for (const key in meta) if (!(key in out)) out[key] = meta[key];
  return out;
}

/** `value` with its nested metadata stamped: the same reference when all are, else copies along the changed paths only. */
function stamp(value: unknown, paths: MetaPaths): unknown {
  if (Array.isArray(value)) return paths.items ? mapSharing(value, (item) => stamp(item, paths.items!)) : value;
  if (!isPlainObject(value)) return value;
  const obj = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const field of paths.metaFields ?? []) {
    const meta = obj[field];
    if (meta === undefined) (out ??= { ...obj })[field] = { creationTimestamp: null };
    else if (isPlainObject(meta) && meta.creationTimestamp === undefined) (out ??= { ...obj })[field] = withZeroCreation(meta);
  }
  if (paths.fields) {
    for (const field in obj) {
      const below = paths.fields.get(field);
      if (below === undefined) continue;
      const next = stamp(obj[field], below);
      if (next !== obj[field]) (out ??= { ...obj })[field] = next;
    }
  }
  if (paths.values) {
    for (const key in obj) {
      const next = stamp(obj[key], paths.values);
      if (next !== obj[key]) (out ??= { ...obj })[key] = next;
    }
  }
  return out ?? obj;
}

/** Gives each nested ObjectMeta of a built-in kind's object its `creationTimestamp: null`; the top level is the caller's own. */
export function stampNestedCreationTimestamps(rt: ResourceType, obj: KubeObject): void {
  const paths = pathsOf(rt);
  if (!paths) return;
  const stamped = stamp(obj, paths) as KubeObject;
  if (stamped !== obj) Object.assign(obj, stamped);
}
