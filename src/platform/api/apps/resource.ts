// How an application kind is served: its ResourceType (names, no short names, OpenAPI schema built
// from the definition's openAPISchema, NAME READY AGE VERSION columns) and its strategy.

import { badRequest, fieldErrors, type FieldError } from '../../../machinery/errors.ts';
import type { KubeObject } from '../../../machinery/object.ts';
import { customPatchSchema } from '../../../apiserver/builtin/patch-schemas.ts';
import { applyDefaults, validateAgainstSchema, type StructuralSchema } from '../../../machinery/schema/structural.ts';
import { ageColumn, column, nameColumn, objectAge, objectName } from '../../../machinery/table-build.ts';
import type { TablePrinter } from '../../../machinery/table.ts';
import type { Strategy } from '../../../apiserver/registry/strategy.ts';
import { ALL_VERBS, type JSONSchemaProps, type ResourceType } from '../../../apiserver/resource.ts';
import { APPS_GROUP, APPS_VERSION, type AppDefinition } from './definition.ts';

/** Helm's release name limit: prefix + name must fit in it. */
export const MAX_RELEASE_NAME = 53;

const CONDITION_SCHEMA: JSONSchemaProps = {
  type: 'object',
  required: ['type', 'status'],
  properties: {
    type: { type: 'string' },
    status: { type: 'string' },
    reason: { type: 'string' },
    message: { type: 'string' },
    lastTransitionTime: { type: 'string', format: 'date-time' },
    observedGeneration: { type: 'integer', format: 'int64' },
  },
};

const STATUS_SCHEMA: JSONSchemaProps = {
  description: 'ApplicationStatus defines the observed state of Application',
  type: 'object',
  properties: {
    version: { description: 'Version is the revision of the chart last attempted', type: 'string' },
    conditions: { type: 'array', items: CONDITION_SCHEMA, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'] },
    namespace: { description: 'Namespace holds the computed namespace for Tenant applications.', type: 'string' },
    externalIPsCount: { description: 'ExternalIPsCount is the number of LoadBalancer Services with an external IP in the tenant namespace.', type: 'integer', format: 'int32' },
  },
};

/** The kind's whole-object schema: `spec` is the chart's values schema. */
export function appObjectSchema(def: AppDefinition): JSONSchemaProps {
  const { title: _title, $schema: _s, ...values } = def.schema as JSONSchemaProps & { title?: string; $schema?: string };
  return {
    description: `${def.kind} is the Schema for the ${def.plural} API`,
    type: 'object',
    properties: {
      appVersion: { description: 'AppVersion is the version of the application chart', type: 'string' },
      spec: { ...values, type: 'object', description: (values.description as string | undefined) ?? `${def.kind} values (the chart's values.schema.json)` },
      status: STATUS_SCHEMA,
    },
  };
}

export const appPrinter: TablePrinter = {
  columns: [
    { ...nameColumn(), name: 'NAME' },
    column('READY', 'string', 'Ready status of the Application'),
    { ...ageColumn(), name: 'AGE' },
    column('VERSION', 'string', 'Version of the Application'),
  ],
  cells(obj: KubeObject, now: Date) {
    const status = (obj.status ?? {}) as { conditions?: Array<{ type: string; status: string }>; version?: string };
    const ready = status.conditions?.find((c) => c.type === 'Ready');
    const readyCell = ready?.status === 'True' || ready?.status === 'False' ? ready.status : 'Unknown';
    return [objectName(obj), readyCell, objectAge(obj, now), versionCell(status.version)];
  },
};

/** getVersion of rest.go: the part after the last `+`, `<unknown>` when empty. */
export function versionCell(version: string | undefined): string {
  if (!version) return '<unknown>';
  const i = version.lastIndexOf('+');
  return i >= 0 && i < version.length - 1 ? version.slice(i + 1) : version;
}

export function appResourceType(def: AppDefinition): ResourceType {
  return {
    group: APPS_GROUP,
    version: APPS_VERSION,
    kind: def.kind,
    listKind: `${def.kind}List`,
    plural: def.plural,
    singular: def.singular,
    namespaced: true,
    shortNames: [],
    categories: [],
    verbs: ALL_VERBS,
    subresources: [],
    strategicMergePatch: false,
    schema: appObjectSchema(def),
    printer: appPrinter,
  };
}

/** A top-level values key starting with `_` is the platform's (`_cluster`, `_namespace`): 400, as rest.go answers. */
export function reservedKeyError(spec: unknown): Error | undefined {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return undefined;
  const key = Object.keys(spec).find((k) => k.startsWith('_'));
  return key === undefined ? undefined : badRequest(`values key "${key}" is reserved (keys starting with '_' are not allowed)`);
}

export function nameLengthErrors(def: AppDefinition, name: string | undefined): FieldError[] {
  if (!name) return [];
  const max = MAX_RELEASE_NAME - def.prefix.length;
  if (max <= 0) return [fieldErrors.invalid('metadata.name', name, `configuration error: no valid name length possible (release prefix "${def.prefix}")`)];
  if (name.length > max) return [fieldErrors.invalid('metadata.name', name, `must be no more than ${max} characters (release prefix "${def.prefix}")`)];
  return [];
}

export function appStrategy(def: AppDefinition): Strategy {
  const objectSchema = appObjectSchema(def);
  const specSchema = objectSchema.properties!.spec as StructuralSchema;
  const checkReserved = (obj: KubeObject) => {
    const err = reservedKeyError(obj.spec);
    if (err) throw err;
  };
  return {
    // status is the HelmRelease's: writes never carry it.
    statusSubresource: true,
    noGeneration: true,
    nameRule: 'dns1035',
    prepareForCreate: checkReserved,
    prepareForUpdate: checkReserved,
    validate(obj) {
      return [...nameLengthErrors(def, obj.metadata.name), ...validateAgainstSchema(applyDefaults(obj.spec ?? {}, specSchema), specSchema, undefined, 'spec')];
    },
    // cozystack-api's Application holds its spec as *apiextensionsv1.JSON: a create owns it whole.
    patchSchema: customPatchSchema(objectSchema),
  };
}
