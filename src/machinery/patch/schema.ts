// What strategic merge patch and server-side apply need to know about a kind: which lists
// merge by key, which are sets, which are atomic, and which maps are atomic. The tree is
// sparse: a field that is not described behaves like a struct field with no list semantics.

export type PatchStrategy = 'merge' | 'replace' | 'retainKeys' | 'merge,retainKeys';

export interface PatchSchema {
  /** Known fields of a struct-like object. */
  fields?: Record<string, PatchSchema>;
  /** The schema of a map's values (`labels`, `data`, CRD `additionalProperties`). */
  additional?: PatchSchema;
  /** The schema of a list's items. */
  items?: PatchSchema;
  /** SMP: the key list items merge by (`+patchMergeKey`). */
  mergeKey?: string;
  /** SMP: `+patchStrategy`. */
  strategy?: PatchStrategy;
  /** SSA: `+listType`. Without it, SMP's merge strategy decides (set or map), else atomic. */
  listType?: 'atomic' | 'set' | 'map';
  /** SSA: `+listMapKey`s. */
  listMapKeys?: string[];
  /** SSA: defaults of key fields an item may omit (container port `protocol: TCP`). */
  listMapKeyDefaults?: Record<string, unknown>;
  /** SSA: `+mapType` / `+structType`. */
  mapType?: 'atomic' | 'granular';
  /**
   * A struct Go holds by pointer: the kind's empty object, which the field manager compares a
   * create with, lacks it, so its creator owns it whole (`.`) besides its fields. Undescribed
   * structs are held by value, and are in the empty object (as `{}`).
   */
  pointer?: boolean;
  /**
   * A list Go encodes even when nil (`json:"containers"`, no omitempty): the kind's empty object
   * holds it as null, so a create adds its items but not the list itself.
   */
  nullInEmpty?: boolean;
  /** The root of an unstructured kind (a custom resource): its empty object has no fields at all. */
  unstructured?: boolean;
}

/** A custom resource's schema: what a create is compared with is an empty unstructured object. */
export function unstructuredRoot(schema: PatchSchema): PatchSchema {
  return { ...schema, unstructured: true };
}

/** The schema of the value under `key` of an object described by `schema`. */
export function childSchema(schema: PatchSchema | undefined, key: string): PatchSchema | undefined {
  if (!schema) return undefined;
  return schema.fields?.[key] ?? schema.additional;
}

/** True when `key` is an entry of a map (not a named struct field), as SSA distinguishes them. */
export function isMapEntry(schema: PatchSchema | undefined, key: string): boolean {
  return schema?.additional !== undefined && !(schema.fields && Object.hasOwn(schema.fields, key));
}

export type ListSemantics = { type: 'atomic' } | { type: 'set' } | { type: 'map'; keys: string[] };

/** How server-side apply treats a list (kube-openapi's rules for lists without `x-kubernetes-list-type`). */
export function listSemantics(schema: PatchSchema | undefined): ListSemantics {
  const strategies = (schema?.strategy ?? '').split(',');
  const merges = strategies.includes('merge');
  switch (schema?.listType) {
    case 'atomic':
      return { type: 'atomic' };
    case 'set':
      return { type: 'set' };
    case 'map':
      return { type: 'map', keys: schema.listMapKeys ?? (schema.mergeKey ? [schema.mergeKey] : []) };
  }
  if (merges && schema?.mergeKey) return { type: 'map', keys: schema.listMapKeys ?? [schema.mergeKey] };
  if (merges) return { type: 'set' };
  return { type: 'atomic' };
}

/** The minimal structure of an OpenAPI v3 / CRD JSONSchemaProps this module reads. */
export interface OpenAPISchemaLike {
  type?: string;
  properties?: Record<string, OpenAPISchemaLike>;
  additionalProperties?: OpenAPISchemaLike | boolean;
  items?: OpenAPISchemaLike;
  default?: unknown;
  allOf?: OpenAPISchemaLike[];
  [extension: string]: unknown;
}

const STRATEGIES: readonly string[] = ['merge', 'replace', 'retainKeys', 'merge,retainKeys', 'retainKeys,merge'];

/** Derives the patch schema from an OpenAPI schema's x-kubernetes-* list and map extensions. */
export function patchSchemaFromOpenAPI(schema: OpenAPISchemaLike): PatchSchema {
  const out: PatchSchema = {};
  const props = { ...collectProperties(schema) };
  if (Object.keys(props).length > 0) {
    out.fields = {};
    for (const [name, sub] of Object.entries(props)) out.fields[name] = patchSchemaFromOpenAPI(sub);
  }
  const additional = schema.additionalProperties;
  if (additional === true) out.additional = {};
  else if (additional && typeof additional === 'object') out.additional = patchSchemaFromOpenAPI(additional);
  if (schema.items && typeof schema.items === 'object') {
    out.items = patchSchemaFromOpenAPI(schema.items);
    const defaults: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(collectProperties(schema.items))) {
      if (sub.default !== undefined) defaults[name] = sub.default;
    }
    const keys = schema['x-kubernetes-list-map-keys'];
    if (Array.isArray(keys)) {
      const own = Object.fromEntries(Object.entries(defaults).filter(([k]) => keys.includes(k)));
      if (Object.keys(own).length > 0) out.listMapKeyDefaults = own;
    }
  }
  const listType = schema['x-kubernetes-list-type'];
  if (listType === 'atomic' || listType === 'set' || listType === 'map') out.listType = listType;
  const mapKeys = schema['x-kubernetes-list-map-keys'];
  if (Array.isArray(mapKeys) && mapKeys.every((k) => typeof k === 'string')) out.listMapKeys = mapKeys as string[];
  const mapType = schema['x-kubernetes-map-type'];
  if (mapType === 'atomic' || mapType === 'granular') out.mapType = mapType;
  const mergeKey = schema['x-kubernetes-patch-merge-key'];
  if (typeof mergeKey === 'string' && mergeKey) out.mergeKey = mergeKey;
  const strategy = schema['x-kubernetes-patch-strategy'];
  if (typeof strategy === 'string' && STRATEGIES.includes(strategy)) {
    out.strategy = (strategy === 'retainKeys,merge' ? 'merge,retainKeys' : strategy) as PatchStrategy;
  }
  return out;
}

function collectProperties(schema: OpenAPISchemaLike): Record<string, OpenAPISchemaLike> {
  const props: Record<string, OpenAPISchemaLike> = { ...(schema.properties ?? {}) };
  for (const part of schema.allOf ?? []) Object.assign(props, part.properties ?? {});
  return props;
}
