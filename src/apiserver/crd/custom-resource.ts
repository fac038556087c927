// A served custom resource: its ResourceType and strategy, derived from one CRD version.

import { isPlainObject } from '../../machinery/object.ts';
import { customPatchSchema } from '../builtin/patch-schemas.ts';
import { applyDefaults, pruneUnknownFields, validateAgainstSchema } from '../../machinery/schema/structural.ts';
import { crdPrinter } from '../../machinery/table-build.ts';
import { ALL_VERBS, type JSONSchemaProps, type ResourceType } from '../resource.ts';
import type { Strategy } from '../registry/strategy.ts';
import type { CRDSpec, CRDVersion } from './crd-types.ts';

/** apiVersion, kind and metadata are the server's to check; the schema governs the rest. */
function objectSchema(schema: JSONSchemaProps | undefined): JSONSchemaProps {
  const base: JSONSchemaProps = schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  return {
    ...base,
    properties: {
      ...(base.properties ?? {}),
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
  };
}

export function customResourceType(spec: CRDSpec, version: CRDVersion): ResourceType {
  const names = spec.names;
  const subresources: string[] = [];
  if (version.subresources?.status) subresources.push('status');
  if (version.subresources?.scale) subresources.push('scale');
  const printer = version.additionalPrinterColumns?.length ? crdPrinter(version.additionalPrinterColumns) : undefined;
  return {
    group: spec.group,
    version: version.name,
    kind: names.kind,
    listKind: names.listKind || `${names.kind}List`,
    plural: names.plural,
    singular: names.singular || names.kind.toLowerCase(),
    namespaced: spec.scope === 'Namespaced',
    shortNames: names.shortNames ?? [],
    categories: names.categories ?? [],
    verbs: ALL_VERBS,
    subresources,
    strategicMergePatch: false,
    schema: version.schema?.openAPIV3Schema,
    printer,
  };
}

export function customResourceStrategy(version: CRDVersion): Strategy {
  const schema = objectSchema(version.schema?.openAPIV3Schema);
  const normalize = (obj: Record<string, unknown>) => {
    const pruned = pruneUnknownFields(obj, schema) as Record<string, unknown>;
    const defaulted = applyDefaults(pruned, schema) as Record<string, unknown>;
    for (const k of Object.keys(obj)) if (k !== 'metadata') delete obj[k];
    for (const [k, v] of Object.entries(defaulted)) if (k !== 'metadata') obj[k] = v;
  };
  return {
    statusSubresource: Boolean(version.subresources?.status),
    nameRule: 'path-segment',
    // Pruning and structural defaults happen as the request decodes: the writer owns the defaults.
    applyDefaults: (obj) => normalize(obj),
    // A status write keeps the stored spec, normalized already: only its status is walked.
    applyStatusDefaults(obj) {
      const view: Record<string, unknown> = { apiVersion: obj.apiVersion, kind: obj.kind, metadata: obj.metadata, status: obj.status };
      normalize(view);
      if (view.status === undefined) delete obj.status;
      else obj.status = view.status;
    },
    validate(obj) {
      const { metadata: _m, ...rest } = obj;
      return validateAgainstSchema({ ...rest, metadata: {} }, schema);
    },
    patchSchema: customPatchSchema(schema),
    selectableFields(obj) {
      const fields: Record<string, string> = {};
      for (const f of version.selectableFields ?? []) {
        let cur: unknown = obj;
        for (const part of f.jsonPath.replace(/^\./, '').split('.')) cur = isPlainObject(cur) ? cur[part] : undefined;
        fields[f.jsonPath.replace(/^\./, '')] = cur === undefined ? '' : String(cur);
      }
      return fields;
    },
  };
}
