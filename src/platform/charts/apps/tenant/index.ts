// packages/apps/tenant: the chart behind every Tenant. Rendered as release `tenant-<name>` in the
// parent's namespace, it makes the tenant's namespace (none for the root, which cozystack-basics
// creates), its values Secret, RBAC, Cilium policies, quota and module HelmReleases.
//
// The real chart also ships a pre-delete hook Job (templates/cleanup-job.yaml) that deletes the
// tenant's apps, then its modules, before Helm removes the namespace. cozylab's helm-controller runs
// no hook Jobs; the tenant-cleanup controller (platform/tenants) does that work instead.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { Chart, ReleaseContext, Values } from '../../chart.ts';
import { lookupFrom, type LookupRef } from '../../lookup.ts';
import { mergeValues } from '../../lib/index.ts';
import { keycloakGroupObjects } from './keycloak-groups.ts';
import { moduleObjects } from './modules.ts';
import { tenantNamespaceObjects } from './namespace.ts';
import { tenantNamespaceName } from './names.ts';
import { networkPolicyObjects } from './network-policies.ts';
import { quotaObjects } from './quota.ts';
import { tenantRbacObjects } from './rbac.ts';
import { tenantDefaultValues, tenantValuesSchema } from './values-schema.ts';

export function renderTenant(input: Values, release: ReleaseContext): KubeObject[] {
  const values = mergeValues(tenantDefaultValues, input);
  const tenantNamespace = tenantNamespaceName(release.name, release.namespace);
  return [
    ...tenantNamespaceObjects(values, release.namespace, tenantNamespace, lookupFrom(values)),
    ...tenantRbacObjects(release.namespace, tenantNamespace),
    ...moduleObjects(values, tenantNamespace, release),
    ...networkPolicyObjects(values, release.namespace, tenantNamespace),
    ...quotaObjects(values, tenantNamespace),
    ...keycloakGroupObjects(values, tenantNamespace),
  ];
}

export const tenantChart: Chart = {
  path: 'apps/tenant',
  name: 'tenant',
  version: '0.0.0',
  valuesSchema: tenantValuesSchema,
  values: structuredClone(tenantDefaultValues),
  lookups(_values: Values, release: ReleaseContext): LookupRef[] {
    // templates/namespace.yaml: the parent namespace, for the child's ownerReference uid.
    return [{ apiVersion: 'v1', kind: 'Namespace', namespace: '', name: release.namespace }];
  },
  render: renderTenant,
};
