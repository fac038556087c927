// The parts of a CustomResourceDefinition the server reads.

import type { JSONSchemaProps } from '../resource.ts';

export interface CRDNames {
  plural: string;
  singular?: string;
  kind: string;
  listKind?: string;
  shortNames?: string[];
  categories?: string[];
}

export interface CRDPrinterColumn {
  name: string;
  type: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath: string;
}

export interface CRDVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: { status?: Record<string, never>; scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string } };
  additionalPrinterColumns?: CRDPrinterColumn[];
  selectableFields?: { jsonPath: string }[];
}

export interface CRDSpec {
  group: string;
  names: CRDNames;
  scope: 'Namespaced' | 'Cluster';
  versions: CRDVersion[];
  preserveUnknownFields?: boolean;
}

export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';
