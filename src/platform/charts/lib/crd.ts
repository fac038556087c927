// Builds CustomResourceDefinitions from their identity (group, names, scope, versions with
// printer columns). Charts whose real schemas run to megabytes keep the columns users see and an
// open schema (`x-kubernetes-preserve-unknown-fields`), which the API server stores as given.

import type { KubeObject } from '../../../machinery/object.ts';

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  priority?: number;
  description?: string;
  format?: string;
}

export interface CrdVersion {
  name: string;
  served?: boolean;
  storage?: boolean;
  deprecated?: boolean;
  printerColumns?: PrinterColumn[];
  subresources?: Record<string, unknown>;
  /** The openAPIV3Schema; an open object when absent. */
  schema?: Record<string, unknown>;
}

export interface CrdInput {
  group: string;
  kind: string;
  plural: string;
  singular?: string;
  listKind?: string;
  shortNames?: string[];
  categories?: string[];
  scope: 'Namespaced' | 'Cluster';
  versions: CrdVersion[];
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export const OPEN_OBJECT_SCHEMA: Record<string, unknown> = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

/** A schema that keeps apiVersion/kind/metadata typed and leaves spec and status open. */
export function openSchema(): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: { ...OPEN_OBJECT_SCHEMA },
      status: { ...OPEN_OBJECT_SCHEMA },
    },
    'x-kubernetes-preserve-unknown-fields': true,
  };
}

export function crdName(input: Pick<CrdInput, 'plural' | 'group'>): string {
  return `${input.plural}.${input.group}`;
}

export function customResourceDefinition(input: CrdInput): KubeObject {
  const hasStorage = input.versions.some((v) => v.storage);
  const versions = input.versions.map((v, i) => {
    const out: Record<string, unknown> = {
      name: v.name,
      served: v.served ?? true,
      storage: v.storage ?? (!hasStorage && i === 0),
      schema: { openAPIV3Schema: structuredClone(v.schema ?? openSchema()) },
    };
    if (v.deprecated) out.deprecated = true;
    if (v.printerColumns?.length) out.additionalPrinterColumns = v.printerColumns.map((c) => ({ ...c }));
    if (v.subresources) out.subresources = structuredClone(v.subresources);
    return out;
  });
  const names: Record<string, unknown> = {
    kind: input.kind,
    listKind: input.listKind ?? `${input.kind}List`,
    plural: input.plural,
    singular: input.singular ?? input.kind.toLowerCase(),
  };
  if (input.shortNames?.length) names.shortNames = [...input.shortNames];
  if (input.categories?.length) names.categories = [...input.categories];
  const metadata: KubeObject['metadata'] = { name: crdName(input) };
  if (input.labels) metadata.labels = { ...input.labels };
  if (input.annotations) metadata.annotations = { ...input.annotations };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata,
    spec: { group: input.group, names, scope: input.scope, versions },
  };
}
