// What the server knows about one served resource: names, scope, verbs, schema and printing.
// Built-in kinds, CRDs and aggregated groups all describe themselves with this one shape.

import type { TablePrinter } from '../machinery/table.ts';

/** An OpenAPI v3 schema (the CRD `JSONSchemaProps` subset, with x-kubernetes-* extensions). */
export type JSONSchemaProps = {
  type?: string;
  format?: string;
  description?: string;
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: JSONSchemaProps | boolean;
  items?: JSONSchemaProps;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  $ref?: string;
  [extension: string]: unknown;
};

export const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

export interface ResourceType {
  group: string;
  version: string;
  kind: string;
  listKind: string;
  /** Lower-case plural: the URL segment (`pods`). */
  plural: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  verbs: string[];
  /** Subresources served under `<plural>/<name>/<sub>` (`status`, `scale`, `binding`, `token` …). */
  subresources: string[];
  /** Built-in kinds accept strategic merge patch; custom kinds do not. */
  strategicMergePatch: boolean;
  /** The kind's OpenAPI v3 schema, when known (CRDs, built-ins). */
  schema?: JSONSchemaProps;
  /** Columns for `kubectl get`; absent means Name and Age. */
  printer?: TablePrinter;
}

export function groupVersion(rt: Pick<ResourceType, 'group' | 'version'>): string {
  return rt.group === '' ? rt.version : `${rt.group}/${rt.version}`;
}
