// core.cozystack.io/v1alpha1 (facts §2.4): names and resource types of its four resources.

import { ageColumn, column, nameColumn, objectAge, objectName } from '../../../machinery/table-build.ts';
import type { TablePrinter } from '../../../machinery/table.ts';
import type { JSONSchemaProps, ResourceType } from '../../../apiserver/resource.ts';
import { appPrinter } from '../apps/resource.ts';

export const CORE_GROUP = 'core.cozystack.io';
export const CORE_VERSION = 'v1alpha1';
export const CORE_API_VERSION = `${CORE_GROUP}/${CORE_VERSION}`;
export const TENANT_RESOURCE_LABEL = 'internal.cozystack.io/tenantresource';

const READ = ['get', 'list', 'watch'];
const OBJECT: JSONSchemaProps = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

function coreType(kind: string, plural: string, namespaced: boolean, verbs: string[], schema: JSONSchemaProps, printer: TablePrinter): ResourceType {
  return {
    group: CORE_GROUP, version: CORE_VERSION, kind, listKind: `${kind}List`, plural, singular: kind.toLowerCase(), namespaced,
    shortNames: [], categories: [], verbs, subresources: [], strategicMergePatch: false, schema, printer,
  };
}

const namePrinter: TablePrinter = { columns: [{ ...nameColumn(), name: 'NAME' }, { ...ageColumn(), name: 'AGE' }], cells: (o, now) => [objectName(o), objectAge(o, now)] };

export const tenantNamespaceType = coreType('TenantNamespace', 'tenantnamespaces', false, READ, { type: 'object', description: 'TenantNamespace is a tenant namespace the caller has access to (metadata only).' }, namePrinter);

export const tenantSecretType = coreType(
  'TenantSecret', 'tenantsecrets', true, ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
  {
    type: 'object',
    description: 'TenantSecret is a Secret of a tenant application, labelled internal.cozystack.io/tenantresource=true.',
    properties: {
      type: { type: 'string' },
      data: { type: 'object', additionalProperties: { type: 'string', format: 'byte' } },
      stringData: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
  {
    columns: [{ ...nameColumn(), name: 'NAME' }, column('TYPE', 'string', 'Type of the secret'), { ...ageColumn(), name: 'AGE' }],
    cells: (o, now) => [objectName(o), (o as { type?: string }).type ?? '', objectAge(o, now)],
  },
);

export const tenantModuleType = coreType('TenantModule', 'tenantmodules', true, READ, { type: 'object', properties: { appVersion: { type: 'string' }, status: OBJECT } }, appPrinter);

export const optionType = coreType(
  'Option', 'options', true, ['get', 'list'],
  { type: 'object', properties: { spec: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { value: { type: 'string' }, label: { type: 'string' }, description: { type: 'string' }, default: { type: 'boolean' } } } } } } } },
  {
    columns: [{ ...nameColumn(), name: 'NAME' }, column('ITEMS', 'integer', 'Number of items')],
    cells: (o) => [objectName(o), ((o.spec as { items?: unknown[] } | undefined)?.items ?? []).length],
  },
);

export const CORE_TYPES = [tenantNamespaceType, tenantSecretType, tenantModuleType, optionType];
