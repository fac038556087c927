// OpenAPI v3 component schemas of the built-in kinds, derived from @kubernetes/client-node's
// generated models and named as kube-apiserver names them (`io.k8s.api.core.v1.Pod`). Deriving
// them reads some 400 model files (80 ms of every start): the compiled build
// (bin/compiled-sources.js) stores the result beside this module, which then reads it instead.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { JSONSchemaProps, ResourceType } from '../resource.ts';
import { modelExists, readModel, type Model } from './client-node-models.ts';
import { addPatchExtensions, referencedComponent } from './patch-extensions.ts';
import { BUILTIN_KINDS, componentName, kindModelCandidates, META_PACKAGE, packageOfGroup, type BuiltinKind } from './builtin-kinds.ts';
import {
  ANY_FIELD_TYPES,
  INT_OR_STRING,
  METADATA_DESCRIPTION,
  MICRO_TIME,
  QUANTITY,
  QUANTITY_FIELDS,
  SPECIAL_COMPONENTS,
  TIME,
} from './special-types.ts';

export const COMPONENT_REF_PREFIX = '#/components/schemas/';

const ref = (name: string): JSONSchemaProps => ({ $ref: `${COMPONENT_REF_PREFIX}${name}` });

function kindComponent(k: BuiltinKind): string {
  return `${packageOfGroup(k.group)}.${k.version}.${k.kind}`;
}

function kindModel(k: BuiltinKind): string | undefined {
  return kindModelCandidates(k.group, k.version, k.kind).find(modelExists);
}

class SchemaBuilder {
  readonly components: Record<string, JSONSchemaProps> = {};
  /** model → component name, fixed by the first kind that reaches it. */
  private readonly names = new Map<string, string>();
  private readonly queue: Array<{ model: string; pkg: string }> = [];

  addKind(k: BuiltinKind): void {
    const model = kindModel(k);
    if (!model || this.names.has(model)) return;
    this.names.set(model, kindComponent(k));
    this.build(model, packageOfGroup(k.group), k);
    this.drain();
  }

  /** A type no kind reaches but documents refer to (ListMeta of list kinds). */
  addType(model: string, pkg: string): void {
    this.nameOf(model, pkg);
    this.drain();
  }

  private drain(): void {
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.build(next.model, next.pkg);
    }
  }

  private nameOf(model: string, pkg: string): string {
    let name = this.names.get(model);
    if (!name) {
      name = componentName(model, pkg);
      this.names.set(model, name);
      this.queue.push({ model, pkg });
    }
    return name;
  }

  private build(modelName: string, pkg: string, kind?: BuiltinKind): void {
    const model = readModel(modelName);
    if (!model) return;
    const schema = this.objectSchema(model, pkg);
    if (kind) schema['x-kubernetes-group-version-kind'] = [{ group: kind.group, kind: kind.kind, version: kind.version }];
    this.components[this.names.get(modelName)!] = schema;
  }

  private objectSchema(model: Model, pkg: string): JSONSchemaProps {
    const properties: Record<string, JSONSchemaProps> = {};
    const required: string[] = [];
    for (const attr of model.attributes) {
      const key = `${model.name}.${attr.jsonName}`;
      let prop = this.typeSchema(attr.type, attr.format, pkg, key);
      const description = attr.description ?? (attr.jsonName === 'metadata' && attr.type === 'V1ObjectMeta' ? METADATA_DESCRIPTION : undefined);
      if (description) prop = prop.$ref ? { description, allOf: [prop] } : { ...prop, description };
      properties[attr.jsonName] = prop;
      if (attr.required) required.push(attr.jsonName);
    }
    const schema: JSONSchemaProps = { type: 'object' };
    if (model.description) schema.description = model.description;
    schema.properties = properties;
    if (required.length) schema.required = required;
    return schema;
  }

  private typeSchema(type: string, format: string, pkg: string, field: string): JSONSchemaProps {
    const array = /^Array<(.+)>$/.exec(type);
    if (array) return { type: 'array', items: this.typeSchema(array[1]!, format, pkg, field) };
    const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
    if (map) return { type: 'object', additionalProperties: this.typeSchema(map[1]!, format, pkg, field) };
    switch (type) {
      case 'string':
        if (QUANTITY_FIELDS.has(field)) return ref(QUANTITY);
        return format === 'byte' ? { type: 'string', format: 'byte' } : { type: 'string' };
      case 'number':
        if (format === 'int32' || format === 'int64') return { type: 'integer', format };
        return format ? { type: 'number', format } : { type: 'number' };
      case 'boolean':
        return { type: 'boolean' };
      case 'Date':
        return ref(format === 'date-time-micro' ? MICRO_TIME : TIME);
      case 'IntOrString':
        return ref(INT_OR_STRING);
      case 'any': {
        const special = ANY_FIELD_TYPES[field];
        return special ? ref(special) : { 'x-kubernetes-preserve-unknown-fields': true };
      }
      default:
        return modelExists(type) ? ref(this.nameOf(type, pkg)) : { 'x-kubernetes-preserve-unknown-fields': true };
    }
  }
}

interface BuiltinSchemas {
  components: Record<string, JSONSchemaProps>;
  /** gvkKey → component name. */
  kinds: Map<string, string>;
}

let memo: BuiltinSchemas | undefined;

/** Where the build stores what `derive` gives. */
const STORED = join(import.meta.dirname, 'builtin-schemas.json');

function gvkKey(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

function derive(): BuiltinSchemas {
  const builder = new SchemaBuilder();
  const kinds = new Map<string, string>();
  for (const k of BUILTIN_KINDS) {
    builder.addKind(k);
    if (kindModel(k)) kinds.set(gvkKey(k.group, k.version, k.kind), kindComponent(k));
  }
  builder.addType('V1ListMeta', META_PACKAGE);
  addPatchExtensions(builder.components, BUILTIN_KINDS.filter(kindModel).map((k) => ({ group: k.group, kind: k.kind, component: kindComponent(k) })));
  return { components: { ...SPECIAL_COMPONENTS, ...builder.components }, kinds };
}

function built(): BuiltinSchemas {
  if (!memo) {
    if (existsSync(STORED)) {
      const stored = JSON.parse(readFileSync(STORED, 'utf8')) as { components: Record<string, JSONSchemaProps>; kinds: Array<[string, string]> };
      memo = { components: stored.components, kinds: new Map(stored.kinds) };
    } else memo = derive();
  }
  return memo;
}

/** The schemas derived from the installed models, as the build stores them. */
export function derivedBuiltinSchemasJson(): string {
  const { components, kinds } = derive();
  return JSON.stringify({ components, kinds: [...kinds] });
}

/** Every component schema of the built-in kinds and the types they reach (memoized). */
export function builtinComponentSchemas(): Record<string, JSONSchemaProps> {
  return built().components;
}

/** `#/components/schemas/io.k8s.api.apps.v1.Deployment` for a built-in kind, else undefined. */
export function builtinKindSchemaRef(group: string, version: string, kind: string): string | undefined {
  const name = built().kinds.get(gvkKey(group, version, kind));
  return name ? `${COMPONENT_REF_PREFIX}${name}` : undefined;
}

/** The component name a `$ref` points at (`#/components/schemas/X` → `X`). */
export function componentOfRef(refText: string): string {
  return refText.startsWith(COMPONENT_REF_PREFIX) ? refText.slice(COMPONENT_REF_PREFIX.length) : refText;
}

/** Resolves `$ref`s into the built-in components (for the machinery schema walkers). */
export function resolveBuiltinRef(refText: string): JSONSchemaProps | undefined {
  return builtinComponentSchemas()[componentOfRef(refText)];
}

/**
 * A fact about each built-in kind compiled once from its OpenAPI schema (its component and the
 * component's name), for the walkers that run on every write; a custom kind has none.
 */
export function perBuiltinKind<T>(compile: (schema: JSONSchemaProps | undefined, component: string) => T | undefined): (rt: ResourceType) => T | undefined {
  const byResourceType = new WeakMap<ResourceType, T | null>();
  return (rt) => {
    const known = byResourceType.get(rt);
    if (known !== undefined) return known ?? undefined;
    const ref = rt.strategicMergePatch ? builtinKindSchemaRef(rt.group, rt.version, rt.kind) : undefined;
    const fact = ref ? compile(resolveBuiltinRef(ref), componentOfRef(ref)) : undefined;
    byResourceType.set(rt, fact ?? null);
    return fact;
  };
}

/** The schema a property's `$ref` or `allOf: [{$ref}]` points at, with the component's name. */
export function derefBuiltin(schema: JSONSchemaProps | undefined): { schema?: JSONSchemaProps; component?: string } {
  const component = referencedComponent(schema);
  return component ? { schema: builtinComponentSchemas()[component], component } : { schema };
}
