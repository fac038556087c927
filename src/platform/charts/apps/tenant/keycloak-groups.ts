// templates/keycloakgroups.yaml: with OIDC on and the Keycloak operator's CRDs served, one
// KeycloakRealmGroup per access level, the groups the tenant's RoleBindings name.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { Values } from '../../chart.ts';
import { hasAPIVersion } from '../../lookup.ts';
import { ACCESS_LEVELS } from './rbac.ts';

export function keycloakGroupObjects(values: Values, tenantNamespace: string): KubeObject[] {
  const cluster = (values._cluster ?? {}) as Record<string, unknown>;
  if (String(cluster['oidc-enabled']) !== 'true') return [];
  if (!hasAPIVersion(values, 'v1.edp.epam.com/v1') && !hasAPIVersion(values, 'v1.edp.epam.com/v1/KeycloakRealmGroup')) return [];
  return ACCESS_LEVELS.map((level) => ({
    apiVersion: 'v1.edp.epam.com/v1', kind: 'KeycloakRealmGroup',
    metadata: { name: `${tenantNamespace}-${level}`, namespace: tenantNamespace },
    spec: { name: `${tenantNamespace}-${level}`, realmRef: { name: 'keycloakrealm-cozy', kind: 'ClusterKeycloakRealm' } },
  }));
}
