// templates/{info,etcd,ingress,monitoring,seaweedfs,gateway}.yaml: the tenant modules, HelmReleases
// in the tenant's namespace that read its cozystack-values and set no values of their own (a user
// edits them through the app API: `kubectl edit etcds etcd -n tenant-x`).

import type { KubeObject } from '../../../../machinery/object.ts';
import type { ReleaseContext, Values } from '../../chart.ts';
import { gatewayEffective } from './namespace.ts';

export const TENANT_MODULE_LABEL = 'internal.cozystack.io/tenantmodule';

interface ModuleSpec {
  name: string;
  kind: string;
  timeout: string;
  /** Waits for the victoria-metrics-operator (its admission webhook guards their VM* resources). */
  needsVictoriaMetrics: boolean;
  enabled(values: Values): boolean;
}

export const TENANT_MODULES: ModuleSpec[] = [
  { name: 'etcd', kind: 'Etcd', timeout: '30m', needsVictoriaMetrics: true, enabled: (v) => Boolean(v.etcd) },
  { name: 'gateway', kind: 'Gateway', timeout: '10m', needsVictoriaMetrics: false, enabled: gatewayEffective },
  { name: 'info', kind: 'Info', timeout: '10m', needsVictoriaMetrics: false, enabled: () => true },
  { name: 'ingress', kind: 'Ingress', timeout: '10m', needsVictoriaMetrics: true, enabled: (v) => Boolean(v.ingress) },
  { name: 'monitoring', kind: 'Monitoring', timeout: '10m', needsVictoriaMetrics: true, enabled: (v) => Boolean(v.monitoring) },
  { name: 'seaweedfs', kind: 'SeaweedFS', timeout: '10m', needsVictoriaMetrics: false, enabled: (v) => Boolean(v.seaweedfs) },
];

function moduleRelease(m: ModuleSpec, tenantNamespace: string, release: ReleaseContext): KubeObject {
  const spec: Record<string, unknown> = {};
  if (m.needsVictoriaMetrics) spec.dependsOn = [{ name: 'victoria-metrics-operator', namespace: 'cozy-victoria-metrics-operator' }];
  Object.assign(spec, {
    chartRef: { kind: 'ExternalArtifact', name: `cozystack-${m.name}-application-default-${m.name}`, namespace: 'cozy-system' },
    interval: '5m',
    timeout: m.timeout,
    install: { remediation: { retries: -1 } },
    upgrade: { remediation: { retries: -1 } },
    valuesFrom: [{ kind: 'Secret', name: 'cozystack-values' }],
  });
  return {
    apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease',
    metadata: {
      name: m.name, namespace: tenantNamespace,
      labels: {
        'sharding.fluxcd.io/key': 'tenants',
        [TENANT_MODULE_LABEL]: 'true',
        'app.kubernetes.io/instance': release.name,
        'app.kubernetes.io/managed-by': release.service,
        'apps.cozystack.io/application.kind': m.kind,
        'apps.cozystack.io/application.group': 'apps.cozystack.io',
        'apps.cozystack.io/application.name': m.name,
      },
    },
    spec,
  };
}

export function moduleObjects(values: Values, tenantNamespace: string, release: ReleaseContext): KubeObject[] {
  return TENANT_MODULES.filter((m) => m.enabled(values)).map((m) => moduleRelease(m, tenantNamespace, release));
}
