// templates/quota.yaml: `resourceQuotas` becomes the ResourceQuota `tenant-quota` through cozy-lib's
// `resources.flatten` (every value a limit, requests = limit ÷ the cluster's allocation ratio), plus
// the LimitRange `tenant-range-limits` that gives containers without resources a default.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { Values } from '../../chart.ts';
import { sanitizeResources } from '../../lib/index.ts';

/** Quota keys that are counts: kept as they are, never split into requests/limits. */
export const RAW_QUOTA_KEYS = new Set([
  'pods', 'services', 'services.loadbalancers', 'services.nodeports', 'services.clusterip', 'configmaps', 'secrets',
  'persistentvolumeclaims', 'replicationcontrollers', 'resourcequotas',
]);

/** `cozy-lib.resources.flattenResource`: the ResourceQuota key for a sanitized section/key, or '' to drop it. */
export function quotaKey(section: 'limits' | 'requests', key: string): string {
  if (section === 'limits' && key === 'storage') return '';
  if (section === 'limits' && RAW_QUOTA_KEYS.has(key)) return key;
  if (!RAW_QUOTA_KEYS.has(key)) return `${section}.${key}`;
  return '';
}

/** `cozy-lib.resources.flatten`: `{cpu: 60}` → `{limits.cpu: 60, requests.cpu: 6}` with the default ratio. */
export function flattenQuota(resourceQuotas: Record<string, unknown>, values: Values): Record<string, string> {
  const sanitized = sanitizeResources(resourceQuotas, values);
  const hard: Record<string, string> = {};
  for (const section of ['limits', 'requests'] as const) {
    for (const [key, value] of Object.entries(sanitized[section])) {
      const target = quotaKey(section, key);
      if (target) hard[target] = value;
    }
  }
  return Object.fromEntries(Object.entries(hard).sort(([a], [b]) => a.localeCompare(b)));
}

export function quotaObjects(values: Values, tenantNamespace: string): KubeObject[] {
  const quotas = (values.resourceQuotas ?? {}) as Record<string, unknown>;
  if (!Object.keys(quotas).length) return [];
  return [
    { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'tenant-quota', namespace: tenantNamespace }, spec: { hard: flattenQuota(quotas, values) } },
    {
      apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'tenant-range-limits', namespace: tenantNamespace },
      spec: {
        limits: [{
          default: { cpu: '250m', memory: '128Mi', 'ephemeral-storage': '2Gi' },
          defaultRequest: { cpu: '25m', memory: '128Mi', 'ephemeral-storage': '50Mi' },
          type: 'Container',
        }],
      },
    },
  ];
}
