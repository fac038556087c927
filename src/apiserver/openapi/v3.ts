// /openapi/v3: the root listing one document per group-version, and each document with the
// paths and component schemas of its kinds (built-in kinds from client-node's models, custom
// kinds from their CRD schema), as kube-apiserver publishes them for kubectl.

import { createHash } from 'node:crypto';
import { groupVersion, type JSONSchemaProps, type ResourceType } from '../resource.ts';
import { builtinComponentSchemas, builtinKindSchemaRef, COMPONENT_REF_PREFIX, componentOfRef } from './builtin-schemas.ts';
import { resourcePaths } from './v3-paths.ts';

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const LIST_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta';
const API_VERSION_DESCRIPTION =
  'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources';
const KIND_DESCRIPTION =
  'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds';
const METADATA_DESCRIPTION =
  "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";
const LIST_METADATA_DESCRIPTION =
  'Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds';

/** `apps.cozystack.io` → `io.cozystack.apps`: how kube-apiserver names CRD components. */
export function reversedGroup(group: string): string {
  return group.split('.').reverse().join('.');
}

function ref(name: string): JSONSchemaProps {
  return { $ref: `${COMPONENT_REF_PREFIX}${name}` };
}

/** The component for a kind served from a CRD (or another schema-carrying source). */
export function customKindComponent(rt: ResourceType): JSONSchemaProps {
  const base: JSONSchemaProps = structuredClone(rt.schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true });
  const properties: Record<string, JSONSchemaProps> = {
    apiVersion: { description: API_VERSION_DESCRIPTION, type: 'string' },
    kind: { description: KIND_DESCRIPTION, type: 'string' },
    metadata: { description: METADATA_DESCRIPTION, allOf: [ref(OBJECT_META)] },
  };
  for (const [name, prop] of Object.entries(base.properties ?? {})) if (!(name in properties)) properties[name] = prop;
  return {
    ...base,
    type: 'object',
    properties,
    'x-kubernetes-group-version-kind': [{ group: rt.group, kind: rt.kind, version: rt.version }],
  };
}

function listComponent(rt: ResourceType, itemRef: string): JSONSchemaProps {
  return {
    description: `${rt.listKind} is a list of ${rt.kind}`,
    type: 'object',
    required: ['items'],
    properties: {
      apiVersion: { description: API_VERSION_DESCRIPTION, type: 'string' },
      items: { description: `List of ${rt.plural}.`, type: 'array', items: { $ref: itemRef } },
      kind: { description: KIND_DESCRIPTION, type: 'string' },
      metadata: { description: LIST_METADATA_DESCRIPTION, allOf: [ref(LIST_META)] },
    },
    'x-kubernetes-group-version-kind': [{ group: rt.group, kind: rt.listKind, version: rt.version }],
  };
}

/** Adds every component reachable through `$ref` from `schema` (cycles end at the visited set). */
function collectRefs(schema: unknown, from: Record<string, JSONSchemaProps>, into: Record<string, JSONSchemaProps>): void {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const name = componentOfRef(value);
          if (!into[name] && from[name]) {
            into[name] = from[name]!;
            stack.push(from[name]);
          }
        } else if (key !== 'default' && key !== 'example' && key !== 'enum') stack.push(value);
      }
    }
  }
}

export interface GroupVersionDocument {
  body: string;
  hash: string;
}

function sha512(text: string): string {
  return createHash('sha512').update(text).digest('hex').toUpperCase();
}

export class OpenAPIV3Publisher {
  private docs: Map<string, GroupVersionDocument> | undefined;
  private rootDoc: { body: string; etag: string } | undefined;

  constructor(private readonly types: () => ResourceType[]) {}

  /** Forget every document; they are rebuilt on the next request (CRDs or APIServices changed). */
  invalidate(): void {
    this.docs = undefined;
    this.rootDoc = undefined;
  }

  root(): { body: string; etag: string } {
    if (!this.rootDoc) {
      const paths: Record<string, { serverRelativeURL: string }> = {};
      for (const [gv, doc] of this.documents()) paths[gv] = { serverRelativeURL: `/openapi/v3/${gv}?hash=${doc.hash}` };
      const body = JSON.stringify({ paths });
      this.rootDoc = { body, etag: `"${sha512(body)}"` };
    }
    return this.rootDoc;
  }

  /** The document for `api/v1` or `apis/<group>/<version>`, or undefined when not served. */
  document(gvPath: string): GroupVersionDocument | undefined {
    return this.documents().get(gvPath.replace(/^\/+|\/+$/g, ''));
  }

  private documents(): Map<string, GroupVersionDocument> {
    if (!this.docs) {
      const byGv = new Map<string, ResourceType[]>();
      for (const rt of this.types()) {
        const key = rt.group === '' ? `api/${rt.version}` : `apis/${groupVersion(rt)}`;
        byGv.set(key, [...(byGv.get(key) ?? []), rt]);
      }
      this.docs = new Map([...byGv.keys()].sort().map((gv) => [gv, build(byGv.get(gv)!)]));
    }
    return this.docs;
  }
}

function build(types: ResourceType[]): GroupVersionDocument {
  const builtin = builtinComponentSchemas();
  const own: Record<string, JSONSchemaProps> = {};
  const paths: Record<string, unknown> = {};
  for (const rt of [...types].sort((a, b) => a.plural.localeCompare(b.plural))) {
    const builtinRef = rt.schema ? undefined : builtinKindSchemaRef(rt.group, rt.version, rt.kind);
    let kindName: string;
    if (builtinRef) {
      kindName = componentOfRef(builtinRef);
      own[kindName] = builtin[kindName]!;
    } else {
      kindName = `${reversedGroup(rt.group)}.${rt.version}.${rt.kind}`;
      own[kindName] = customKindComponent(rt);
    }
    const listName = `${kindName.slice(0, kindName.length - rt.kind.length)}${rt.listKind}`;
    own[listName] ??= listComponent(rt, `${COMPONENT_REF_PREFIX}${kindName}`);
    Object.assign(paths, resourcePaths({ rt, kindRef: `${COMPONENT_REF_PREFIX}${kindName}`, listRef: `${COMPONENT_REF_PREFIX}${listName}` }));
  }
  const schemas: Record<string, JSONSchemaProps> = { ...own };
  collectRefs(own, builtin, schemas);
  const sortedPaths = Object.fromEntries(Object.keys(paths).sort().map((p) => [p, paths[p]]));
  const sortedSchemas = Object.fromEntries(Object.keys(schemas).sort().map((n) => [n, schemas[n]]));
  const body = JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: 'v1.33.0' },
    paths: sortedPaths,
    components: { schemas: sortedSchemas },
  });
  return { body, hash: sha512(body) };
}
