// cozystack-basics: the root tenant (namespace tenant-root, its cozystack-values Secret and the
// HelmRelease `tenant-root` of kind Tenant), the cozy-public namespace, and the roles every tenant's
// RoleBindings point at (packages/system/cozystack-basics/templates/{tenant-root,cozy-public,
// cozystack-values-secret,clusterroles,dashboard-role}.yaml). The no-delete label on tenant-root is
// enforced by the platform chart's no-delete guardrail, a ValidatingAdmissionPolicy (core/platform/deletion-protection.ts).

import { stringify } from 'yaml';
import type { KubeObject } from '../../../../machinery/object.ts';
import type { RenderContext } from '../component.ts';
import { tenantClusterRoles, tenantDashboardRole } from './basics-clusterroles.ts';

export function basicsObjects(ctx: RenderContext): KubeObject[] {
  const cluster = (ctx.values._cluster ?? {}) as Record<string, unknown>;
  const rootHost = String(cluster['root-host'] ?? '');
  const gateway = String(cluster['gateway-enabled'] ?? 'false') === 'true';
  const nsLabels: Record<string, string> = { 'platform.cozystack.io/no-delete': 'true', 'namespace.cozystack.io/host': rootHost };
  if (gateway) nsLabels['namespace.cozystack.io/gateway'] = 'tenant-root';
  const namespaceValues: Record<string, string> = { host: rootHost, etcd: 'tenant-root', ingress: 'tenant-root' };
  if (gateway) namespaceValues.gateway = 'tenant-root';
  namespaceValues.monitoring = 'tenant-root';
  namespaceValues.seaweedfs = 'tenant-root';
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'tenant-root', labels: nsLabels } },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'cozy-public' } },
    ...tenantClusterRoles(),
    tenantDashboardRole(),
    {
      apiVersion: 'v1', kind: 'Secret', type: 'Opaque',
      metadata: { name: 'cozystack-values', namespace: 'tenant-root', labels: { 'reconcile.fluxcd.io/watch': 'Enabled', 'internal.cozystack.io/managed-by-cozystack': '' } },
      stringData: { 'values.yaml': stringify({ _cluster: cluster, _namespace: namespaceValues }) },
    },
    {
      apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease',
      metadata: {
        name: 'tenant-root', namespace: 'tenant-root',
        annotations: { 'helm.sh/resource-policy': 'keep' },
        labels: {
          'platform.cozystack.io/no-delete': 'true', 'sharding.fluxcd.io/key': 'tenants',
          'apps.cozystack.io/application.kind': 'Tenant', 'apps.cozystack.io/application.group': 'apps.cozystack.io', 'apps.cozystack.io/application.name': 'tenant-root',
        },
      },
      spec: {
        chartRef: { kind: 'ExternalArtifact', name: 'cozystack-tenant-application-default-tenant', namespace: 'cozy-system' },
        interval: '1m0s', timeout: '15m0s',
        valuesFrom: [{ kind: 'Secret', name: 'cozystack-values' }],
      },
    },
  ];
}
