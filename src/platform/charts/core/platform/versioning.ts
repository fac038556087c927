// templates/cozystack-version.yaml and migration-hook.yaml. The ConfigMap cozystack-version
// records which platform migration the cluster is at; it is written once (on first install) and
// kept. On an upgrade from an older version a pre-install/pre-upgrade hook Job runs the
// platform-migrations image from the recorded version to `migrations.targetVersion`. A fresh
// install has no ConfigMap yet, so it never renders the hook.

import type { KubeObject } from '../../../../machinery/object.ts';
import { ANNOTATION_RESOURCE_POLICY } from '../../../installer/types.ts';
import type { ReleaseContext, Values } from '../../chart.ts';
import type { Lookup } from './lookup.ts';
import { NO_DELETE_LABEL } from './repository.ts';
import { dig, quoteScalar, record, truthy } from './template.ts';

export const VERSION_CONFIGMAP = 'cozystack-version';
export const MIGRATION_HOOK = 'cozystack-migration-hook';

export function versionConfigMap(values: Values, release: ReleaseContext, lookup: Lookup): KubeObject[] {
  if (lookup('v1', 'ConfigMap', release.namespace, VERSION_CONFIGMAP)) return [];
  return [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: VERSION_CONFIGMAP,
        namespace: release.namespace,
        labels: { [NO_DELETE_LABEL]: 'true' },
        annotations: { [ANNOTATION_RESOURCE_POLICY]: 'keep' },
      },
      data: { version: quoteScalar(dig(values, 'migrations', 'targetVersion')) },
    },
  ];
}

/** Go's `| int` of what a values file or a ConfigMap may hold. */
function toInt(v: unknown): number {
  const n = Number.parseInt(String(v ?? '0'), 10);
  return Number.isFinite(n) ? n : 0;
}

export function migrationHook(values: Values, release: ReleaseContext, lookup: Lookup): KubeObject[] {
  if (!truthy(dig(values, 'migrations', 'enabled'))) return [];
  const configMap = lookup('v1', 'ConfigMap', release.namespace, VERSION_CONFIGMAP);
  if (!configMap) return [];
  const target = toInt(dig(values, 'migrations', 'targetVersion'));
  const data = record(configMap.data);
  const current = toInt('version' in data ? data.version : '0');
  if (current >= target) return [];
  // Taking the no-snapshot hatch needs an affirmative spelling: true, "true", 1, "yes".
  const rawSkip = dig(values, 'migrations', 'etcdAdoptSkipBackup') ?? false;
  const skipBackup = ['1', 'true', 'yes'].includes(String(rawSkip).toLowerCase());
  const hook = (deletePolicy: string) => ({ 'helm.sh/hook': 'pre-upgrade,pre-install', 'helm.sh/hook-weight': '1', 'helm.sh/hook-delete-policy': deletePolicy });
  return [
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: MIGRATION_HOOK, namespace: release.namespace, annotations: hook('before-hook-creation') },
      spec: {
        backoffLimit: 3,
        template: {
          metadata: { labels: { 'policy.cozystack.io/allow-to-apiserver': 'true' } },
          spec: {
            serviceAccountName: MIGRATION_HOOK,
            containers: [
              {
                name: 'migration',
                image: quoteScalar(dig(values, 'migrations', 'image')),
                env: [
                  { name: 'NAMESPACE', value: release.namespace },
                  { name: 'CURRENT_VERSION', value: String(current) },
                  { name: 'TARGET_VERSION', value: String(target) },
                  { name: 'ETCD_ADOPT_SKIP_BACKUP', value: skipBackup ? '1' : '0' },
                ],
              },
            ],
            restartPolicy: 'Never',
          },
        },
      },
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: MIGRATION_HOOK, annotations: hook('hook-succeeded,before-hook-creation') },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
      subjects: [{ kind: 'ServiceAccount', name: MIGRATION_HOOK, namespace: release.namespace }],
    },
    {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: MIGRATION_HOOK, namespace: release.namespace, annotations: hook('hook-succeeded,before-hook-creation') },
    },
  ];
}
