// Built-in kinds are stored and served as kube-apiserver's typed decoding and Go's JSON encoding
// leave them: an optional list or map written empty (`tolerations: []`, `nodeSelector: {}`, a pod
// template's `annotations: {}`, as Helm charts often render) comes back absent, since such fields
// are `omitempty`. Which fields are lists and maps, and which are required, is read off the kind's
// OpenAPI schema once; the few optional fields Go encodes even when empty are named below.

import { isPlainObject, mapSharing, type KubeObject } from '../../machinery/object.ts';
import { derefBuiltin, perBuiltinKind } from '../openapi/builtin-schemas.ts';
import type { JSONSchemaProps, ResourceType } from '../resource.ts';

/**
 * Optional lists without `omitempty` in the Go types (so `[]` stays `[]`), as `Type.field`; and
 * ObjectMeta's managedFields, whose empty list is the field manager's business, not the decoder's.
 */
const KEPT_WHEN_EMPTY = new Set([
  'Role.rules',
  'ClusterRole.rules',
  'EndpointSlice.endpoints',
  'EndpointSlice.ports',
  'CSINodeDriver.topologyKeys',
  'HorizontalPodAutoscalerStatus.currentMetrics',
  'ResourcePolicyRule.namespaces',
  'TokenRequestSpec.audiences',
  'ProjectedVolumeSource.sources',
  'ContainerImage.names',
  'DeviceClaim.requests',
  'AllocatedDeviceStatus.conditions',
  'CustomResourceDefinitionStatus.storedVersions',
  'ObjectMeta.managedFields',
]);

/** Types not descended into: a CRD's schemas are kept as written. */
const NOT_DESCENDED = new Set(['JSONSchemaProps']);

/** Where empty collections are dropped: per field, whether it is one that is, and what lies below. */
interface EmptyPaths {
  fields?: Map<string, { omit: boolean; below?: EmptyPaths }>;
  items?: EmptyPaths;
  values?: EmptyPaths;
}

function typeNameOf(component: string): string {
  return component.slice(component.lastIndexOf('.') + 1);
}

function isCollection(s: JSONSchemaProps | undefined): boolean {
  if (!s) return false;
  if (s.type === 'array') return true;
  return s.type === 'object' && !s.properties && isPlainObject(s.additionalProperties);
}

function compile(schema: JSONSchemaProps | undefined, component: string | undefined, memo: Map<string, EmptyPaths | undefined>, inProgress: Set<string>): EmptyPaths | undefined {
  if (component) {
    if (NOT_DESCENDED.has(typeNameOf(component))) return undefined;
    if (memo.has(component)) return memo.get(component);
    if (inProgress.has(component)) return undefined;
    inProgress.add(component);
  }
  const out: EmptyPaths = {};
  if (schema) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const typeName = component ? typeNameOf(component) : '';
    for (const [field, sub] of Object.entries(schema.properties ?? {})) {
      const target = derefBuiltin(sub);
      const omit = isCollection(target.schema) && !required.has(field) && !KEPT_WHEN_EMPTY.has(`${typeName}.${field}`);
      const below = compile(target.schema, target.component, memo, inProgress);
      if (omit || below) (out.fields ??= new Map()).set(field, { omit, below });
    }
    const items = derefBuiltin(schema.items as JSONSchemaProps | undefined);
    if (items.schema || items.component) out.items = compile(items.schema, items.component, memo, inProgress);
    if (isPlainObject(schema.additionalProperties)) {
      const values = derefBuiltin(schema.additionalProperties as JSONSchemaProps);
      out.values = compile(values.schema, values.component, memo, inProgress);
    }
  }
  const paths = out.fields || out.items || out.values ? out : undefined;
  if (component) {
    inProgress.delete(component);
    memo.set(component, paths);
  }
  return paths;
}

/** Each kind's paths, compiled once per component (kinds served in two versions may share one). */
const compiled = new Map<string, EmptyPaths | undefined>();

const pathsOf = perBuiltinKind((schema, component) => {
  if (!compiled.has(component)) compiled.set(component, compile(schema, component, new Map(), new Set()));
  return compiled.get(component);
});

/**
 * `value` without its empty omitempty collections: the same reference when there are none, else
 * copies along the changed paths only (the rest may be shared with the watch cache).
 */
function prune(value: unknown, paths: EmptyPaths): unknown {
  if (Array.isArray(value)) return paths.items ? mapSharing(value, (item) => prune(item, paths.items!)) : value;
  if (!isPlainObject(value)) return value;
  const obj = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  // The object's fields, looked up in the schema's (an object sets few of the fields its type has).
  const fields = paths.fields;
  if (fields) {
    for (const field in obj) {
      const path = fields.get(field);
      if (path === undefined) continue;
      const v = obj[field];
      if (path.omit && isEmptyCollection(v)) {
        out ??= { ...obj };
        delete out[field];
      } else if (path.below) {
        const next = prune(v, path.below);
        if (next !== v) (out ??= { ...obj })[field] = next;
      }
    }
  }
  const values = paths.values;
  if (values) {
    for (const key in obj) {
      const v = obj[key];
      const next = prune(v, values);
      if (next !== v) (out ??= { ...obj })[key] = next;
    }
  }
  return out ?? obj;
}

/**
 * Drops the empty omitempty lists and maps of a built-in kind's object (its metadata's too); its top
 * level is the caller's own. False for a kind without a built-in schema (a custom resource).
 */
export function dropEmptyCollections(rt: ResourceType, obj: KubeObject): boolean {
  const paths = pathsOf(rt);
  if (!paths) return false;
  const pruned = prune(obj, paths) as KubeObject;
  if (pruned === obj) return true;
  for (const key of Object.keys(obj)) if (!(key in pruned)) delete obj[key];
  Object.assign(obj, pruned);
  return true;
}

/** ObjectMeta's collections that Go's JSON encoding omits when empty (`omitempty`). */
const OMITTED_WHEN_EMPTY = ['labels', 'annotations', 'finalizers', 'ownerReferences'] as const;

function isEmptyCollection(v: unknown): boolean {
  if (v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isPlainObject(v) && Object.keys(v as object).length === 0;
}

/**
 * Every write's metadata passes through kube-apiserver's typed ObjectMeta (custom resources' too),
 * so `annotations: {}`, `labels: null` or `finalizers: []` come back absent: what `kubectl diff`
 * sends for a manifest without annotations must not show up as a change. Replaces `obj.metadata`
 * by a copy when it drops one, as the metadata may be shared with the watch cache.
 */
export function dropEmptyMetaCollections(obj: KubeObject): void {
  let copy: KubeObject['metadata'] | undefined;
  for (const key of OMITTED_WHEN_EMPTY) {
    if (key in obj.metadata && isEmptyCollection(obj.metadata[key])) {
      copy ??= { ...obj.metadata };
      delete copy[key];
    }
  }
  if (copy) obj.metadata = copy;
}
