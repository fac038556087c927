// extra/monitoring: a tenant's monitoring (packages/extra/monitoring). The chart hands all of its
// values to the nested HelmRelease `monitoring-system` (system/monitoring: VMClusters, VMAgent,
// VMAlert, VMAlertmanager, VLCluster, Grafana, Alerta) and renders the WorkloadMonitors and the
// dashboard Role over what that sub-chart runs.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { Chart, ReleaseContext, Values } from '../../chart.ts';
import { LOOKUP_VALUES_KEY, CAPABILITIES_VALUES_KEY } from '../../lookup.ts';
import { monitoringOpenAPISchema } from '../../system/definitions/monitoring.ts';
import { asRecord, dashboardResources, MODULE_CHART_VERSION, nestedHelmRelease, requireReleaseName, tenantSubjects, workloadMonitor } from '../module-objects.ts';

interface Named {
  name: string;
}

function named(list: unknown): Named[] {
  return Array.isArray(list) ? list.map((x) => ({ name: String(asRecord(x).name ?? '') })) : [];
}

/** The VLCluster health gate of the real nested release (ignored here until the helm-controller evaluates CEL). */
const VLCLUSTER_HEALTH = {
  apiVersion: 'operator.victoriametrics.com/v1',
  kind: 'VLCluster',
  inProgress: "has(status.updateStatus) && status.updateStatus == 'expanding'",
  failed: "has(status.updateStatus) && status.updateStatus != 'operational' && status.updateStatus != 'expanding'",
  current: "has(status.updateStatus) && status.updateStatus == 'operational'",
};

function monitors(metrics: Named[], logs: Named[], namespace: string): KubeObject[] {
  const wm = (name: string, type: string, selector: Record<string, string>, replicas = 2) =>
    workloadMonitor({ name, namespace, replicas, minReplicas: 1, kind: 'monitoring', type, selector });
  const component = (instance: string, app: string) => ({ 'app.kubernetes.io/component': 'monitoring', 'app.kubernetes.io/instance': instance, 'app.kubernetes.io/name': app });
  const out: KubeObject[] = [];
  for (const m of metrics) for (const c of ['vmstorage', 'vmselect', 'vminsert']) out.push(wm(`${m.name}-${c}`, c, component(m.name, c)));
  const first = metrics[0];
  if (first) out.push(wm(`vmalert-${first.name}`, 'vmalert', { 'app.kubernetes.io/instance': `vmalert-${first.name}`, 'app.kubernetes.io/name': 'vmalert' }, 1));
  for (const l of logs) for (const c of ['vlstorage', 'vlselect', 'vlinsert']) out.push(wm(`${l.name}-${c}`, c, component(l.name, c)));
  return out;
}

export function renderMonitoring(values: Values, release: ReleaseContext): KubeObject[] {
  requireReleaseName(release, 'monitoring');
  const ns = release.namespace;
  const metrics = named(values.metricsStorages);
  const logs = named(values.logsStorages);
  // `.Values | toYaml`: everything the chart was given, minus cozylab's own lookup plumbing.
  const handed = Object.fromEntries(Object.entries(values).filter(([k]) => k !== LOOKUP_VALUES_KEY && k !== CAPABILITIES_VALUES_KEY));
  const workloadNames = [
    'alerta', 'grafana', 'grafana-db', 'alerta-db', 'alermanager',
    ...metrics.flatMap((m) => [`${m.name}-vmstorage`, `${m.name}-vmselect`, `${m.name}-vminsert`]),
    ...logs.flatMap((l) => [`${l.name}-vlstorage`, `${l.name}-vlselect`, `${l.name}-vlinsert`]),
    ...(metrics[0] ? [`vmalert-${metrics[0].name}`] : []),
  ];
  return [
    nestedHelmRelease({ name: `${release.name}-system`, artifact: 'cozystack-monitoring-application-default-monitoring-system', values: handed,
      timeout: '15m', waitStrategy: 'poller', healthCheckExprs: [VLCLUSTER_HEALTH] }),
    ...monitors(metrics, logs, ns),
    ...dashboardResources(`${release.name}-dashboard-resources`, `${release.name}-dashboard-resources`, [
      { apiGroups: ['networking.k8s.io'], resources: ['ingresses'], resourceNames: ['grafana-ingress', 'alerta'] },
      { apiGroups: [''], resources: ['secrets'], resourceNames: ['grafana-admin-password'] },
      { apiGroups: [''], resources: ['services'], resourceNames: ['grafana-service', 'alerta'] },
      { apiGroups: ['cozystack.io'], resources: ['workloadmonitors'], resourceNames: workloadNames },
    ], tenantSubjects('admin', ns)),
  ];
}

export const MONITORING_DEFAULT_VALUES: Values = {
  host: '',
  metricsStorages: [
    { name: 'shortterm', retentionPeriod: '3d', deduplicationInterval: '15s', storage: '10Gi', storageClassName: '' },
    { name: 'longterm', retentionPeriod: '14d', deduplicationInterval: '5m', storage: '10Gi', storageClassName: '' },
  ],
  logsStorages: [{ name: 'generic', retentionPeriod: '1', storage: '10Gi', storageClassName: 'replicated' }],
  alerta: {
    storage: '10Gi', storageClassName: '',
    resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '100m', memory: '256Mi' } },
    alerts: { telegram: { token: '', chatID: '', disabledSeverity: [] }, slack: { url: '', disabledSeverity: [] } },
  },
  grafana: { db: { size: '10Gi' }, resources: { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '100m', memory: '256Mi' } } },
  vmagent: { externalLabels: { cluster: 'cozystack' }, remoteWrite: { urls: ['http://vminsert-shortterm:8480/insert/0/prometheus', 'http://vminsert-longterm:8480/insert/0/prometheus'] } },
  oidc: { mode: 'None', customConfig: { config: {}, secretRef: { name: '' } }, users: [] },
};

export const monitoringChart: Chart = {
  path: 'extra/monitoring',
  name: 'monitoring',
  version: MODULE_CHART_VERSION,
  valuesSchema: monitoringOpenAPISchema,
  values: MONITORING_DEFAULT_VALUES,
  render: renderMonitoring,
};
