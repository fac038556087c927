// The `x-kubernetes-patch-strategy`, `-patch-merge-key`, `-list-type`, `-list-map-keys` and
// `-map-type` extensions kube-apiserver's OpenAPI carries for the built-in kinds, from the same
// patch schemas the server's strategic merge patch uses. kubectl 1.30+ computes `apply`'s
// three-way patch from the OpenAPI v3 document: without them every list is atomic to it, so each
// apply resends whole container lists and reports `configured` where nothing changed.

import type { PatchSchema } from '../../machinery/patch/schema.ts';
import { builtinPatchSchema } from '../builtin/patch-schemas.ts';
import type { JSONSchemaProps } from '../resource.ts';

const REF_PREFIX = '#/components/schemas/';

/** The component a property refers to, directly or through `allOf: [{$ref}]`. */
export function referencedComponent(schema: JSONSchemaProps | undefined): string | undefined {
  const ref = schema?.$ref ?? (schema?.allOf as JSONSchemaProps[] | undefined)?.[0]?.$ref;
  return typeof ref === 'string' && ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined;
}

function extensionsOf(patch: PatchSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (patch.listType === 'map' && patch.listMapKeys) out['x-kubernetes-list-map-keys'] = patch.listMapKeys;
  if (patch.listType) out['x-kubernetes-list-type'] = patch.listType;
  if (patch.mergeKey) out['x-kubernetes-patch-merge-key'] = patch.mergeKey;
  if (patch.strategy) out['x-kubernetes-patch-strategy'] = patch.strategy;
  return out;
}

class Annotator {
  private readonly visited = new Map<string, Set<PatchSchema>>();

  constructor(private readonly components: Record<string, JSONSchemaProps>) {}

  component(name: string, patch: PatchSchema): void {
    const schema = this.components[name];
    const seen = this.visited.get(name) ?? new Set();
    if (!schema || seen.has(patch)) return;
    seen.add(patch);
    this.visited.set(name, seen);
    // A struct's `+structType=atomic` is the type's own; a map's `+mapType` is its field's.
    if (patch.mapType === 'atomic' && !patch.additional) schema['x-kubernetes-map-type'] = 'atomic';
    const properties = schema.properties as Record<string, JSONSchemaProps> | undefined;
    for (const [field, sub] of Object.entries(patch.fields ?? {})) {
      const property = properties?.[field];
      if (property) this.property(property, sub);
    }
  }

  private property(property: JSONSchemaProps, patch: PatchSchema): void {
    Object.assign(property, extensionsOf(patch));
    if (patch.mapType === 'atomic' && patch.additional) property['x-kubernetes-map-type'] = 'atomic';
    if (property.type === 'array') {
      const items = referencedComponent(property.items as JSONSchemaProps | undefined);
      if (items && patch.items) this.component(items, patch.items);
      return;
    }
    const target = referencedComponent(property);
    if (target) this.component(target, patch);
  }
}

/** Marks the components of the built-in kinds (`kinds`: group, kind and component name) in place. */
export function addPatchExtensions(components: Record<string, JSONSchemaProps>, kinds: Iterable<{ group: string; kind: string; component: string }>): void {
  const annotator = new Annotator(components);
  for (const k of kinds) annotator.component(k.component, builtinPatchSchema(k.group, k.kind));
}
