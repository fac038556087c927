// extra/etcd: a tenant's etcd (packages/extra/etcd). The chart renders an
// `etcd-operator.cozystack.io/v1alpha2` EtcdCluster named `etcd` (the etcd-operator turns it
// into members, Pods and PVCs), its certificates, the Kamaji DataStore named after the
// namespace, the `etcd-headless` Service, an hourly defrag CronJob, scrape, VPA and monitor objects.

import type { KubeObject } from '../../../../machinery/object.ts';
import { ChartRenderError, type Chart, type ReleaseContext, type Values } from '../../chart.ts';
import { sanitizeResources } from '../../lib/index.ts';
import { etcdOpenAPISchema } from '../../system/definitions/etcd.ts';
import { asNumber, asRecord, dashboardResources, majority, requireReleaseName, tenantSubjects, workloadMonitor, MODULE_CHART_VERSION } from '../module-objects.ts';
import { etcdCertificates } from './certificates.ts';
import { etcdHousekeeping } from './housekeeping.ts';

const UNIT_BYTES: Record<string, number> = { Ki: 1024, Mi: 1048576, Gi: 1073741824 };

/** `calculateQuotaBackendBytes`: 95% of the volume size, printed as `%.0f`. */
export function quotaBackendBytes(size: string): number {
  const number = /[0-9.]+/.exec(size)?.[0];
  const unit = /[a-zA-Z]+/.exec(size)?.[0];
  const factor = unit ? UNIT_BYTES[unit] : undefined;
  if (!number || factor === undefined) throw new ChartRenderError(`error calling mulf: size ${JSON.stringify(size)} must be a number with a Ki, Mi or Gi unit`);
  return Math.round(Number(number) * factor * 0.95);
}

function topologySpread(values: Values): Record<string, unknown> {
  const scheduling = asRecord(asRecord(values._cluster).scheduling);
  const raw = scheduling.globalAppTopologySpreadConstraints;
  const selector = { matchLabels: { 'app.kubernetes.io/instance': 'etcd' } };
  if (Array.isArray(raw) && raw.length) return { topologySpreadConstraints: raw.map((c) => ({ ...asRecord(c), labelSelector: selector })) };
  return { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: selector }] };
}

export function etcdCluster(values: Values): KubeObject {
  const size = String(values.size);
  const storage: Record<string, unknown> = { size };
  if (values.storageClass) storage.storageClassName = values.storageClass;
  const spec: Record<string, unknown> = {
    version: String(values.version),
    replicas: asNumber(values.replicas, 3),
    storage,
    options: { quotaBackendBytes: quotaBackendBytes(size), autoCompactionMode: 'periodic', autoCompactionRetention: '5m', snapshotCount: 10000 },
  };
  const resources = asRecord(values.resources);
  if (Object.keys(resources).length) spec.resources = sanitizeResources(resources, values);
  spec.additionalMetadata = { labels: { 'cozystack.io/service': 'etcd' } };
  spec.tls = { client: { serverSecretRef: { name: 'etcd-server-tls' }, operatorClientSecretRef: { name: 'etcd-client-tls' } }, peer: { secretRef: { name: 'etcd-peer-tls' } } };
  Object.assign(spec, topologySpread(values));
  return { apiVersion: 'etcd-operator.cozystack.io/v1alpha2', kind: 'EtcdCluster', metadata: { name: 'etcd' }, spec };
}

function dataStore(namespace: string): KubeObject {
  const ref = (name: string, keyPath: string) => ({ secretReference: { keyPath, name, namespace } });
  return {
    apiVersion: 'kamaji.clastix.io/v1alpha1', kind: 'DataStore', metadata: { name: namespace },
    spec: {
      driver: 'etcd',
      endpoints: [`etcd.${namespace}.svc:2379`],
      tlsConfig: {
        certificateAuthority: { certificate: ref('etcd-ca-tls', 'tls.crt'), privateKey: ref('etcd-ca-tls', 'tls.key') },
        clientCertificate: { certificate: ref('etcd-client-tls', 'tls.crt'), privateKey: ref('etcd-client-tls', 'tls.key') },
      },
    },
  };
}

const preInstallKept = (name: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Secret', metadata: { name, annotations: { 'helm.sh/hook': 'pre-install', 'helm.sh/resource-policy': 'keep' } },
});

export function renderEtcd(values: Values, release: ReleaseContext): KubeObject[] {
  requireReleaseName(release, 'etcd');
  const ns = release.namespace;
  const replicas = asNumber(values.replicas, 3);
  return [
    etcdCluster(values),
    ...etcdCertificates(ns, release.name),
    workloadMonitor({ name: release.name, namespace: ns, replicas, minReplicas: majority(replicas), kind: 'etcd', type: 'etcd',
      selector: { 'app.kubernetes.io/instance': 'etcd', 'app.kubernetes.io/managed-by': 'etcd-operator', 'app.kubernetes.io/name': 'etcd' } }),
    {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: 'etcd-headless', namespace: ns, labels: { 'app.kubernetes.io/name': 'etcd', 'app.kubernetes.io/instance': release.name, 'cozystack.io/service': 'etcd' } },
      spec: { clusterIP: 'None', publishNotReadyAddresses: true, selector: { 'etcd-operator.cozystack.io/cluster': 'etcd' },
        ports: [{ name: 'client', port: 2379, targetPort: 2379, protocol: 'TCP' }, { name: 'peer', port: 2380, targetPort: 2380, protocol: 'TCP' }] },
    },
    dataStore(ns),
    preInstallKept('etcd-ca-tls'),
    preInstallKept('etcd-client-tls'),
    ...etcdHousekeeping(values, release),
    ...dashboardResources(`${release.name}-dashboard-resources`, `${release.name}-dashboard-resources`,
      [{ apiGroups: [''], resources: ['services'], resourceNames: ['etcd'] }, { apiGroups: ['cozystack.io'], resources: ['workloadmonitors'], resourceNames: [release.name] }],
      tenantSubjects('super-admin', ns)),
  ];
}

export const etcdChart: Chart = {
  path: 'extra/etcd',
  name: 'etcd',
  version: MODULE_CHART_VERSION,
  valuesSchema: etcdOpenAPISchema,
  values: { version: '3.6.11', size: '4Gi', storageClass: '', replicas: 3, resources: { cpu: '1000m', memory: '512Mi' } },
  render: renderEtcd,
};
