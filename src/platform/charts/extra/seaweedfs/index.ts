// extra/seaweedfs: a tenant's object storage (packages/extra/seaweedfs). The chart renders two
// nested releases — `seaweedfs-db` (the filer's PostgreSQL) and `seaweedfs-system` (master,
// volume, filer, s3 of system/seaweedfs) — the deployed-topology ConfigMap, BucketClasses per
// storage pool, the filer's external gRPC Ingress, WorkloadMonitors and the dashboard Role.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { Chart, ReleaseContext, Values } from '../../chart.ts';
import { defaultingSanitize } from '../../lib/index.ts';
import { seaweedfsOpenAPISchema } from '../../system/definitions/seaweedfs.ts';
import { asNumber, asRecord, dashboardResources, majority, MODULE_CHART_VERSION, namespaceValue, nestedHelmRelease, tenantSubjects, workloadMonitor } from '../module-objects.ts';
import { seaweedfsSystemValues } from './system-values.ts';
import { validateSeaweedfs } from './validate.ts';
import { bucketClasses, filerExternal } from './objects.ts';

const CNPG_HEALTH = {
  apiVersion: 'postgresql.cnpg.io/v1',
  kind: 'Cluster',
  inProgress: "has(status.conditions) && status.conditions.exists(e, e.type == 'Ready' && e.status == 'False' && e.reason == 'ClusterIsNotReady')",
  failed: "has(status.conditions) && status.conditions.exists(e, e.type == 'Ready' && e.status == 'False' && e.reason != 'ClusterIsNotReady')",
  current: "has(status.conditions) && status.conditions.exists(e, e.type == 'Ready' && e.status == 'True')",
};

function volumeMonitors(values: Values, release: string, namespace: string): KubeObject[] {
  const volume = asRecord(values.volume);
  const wm = (suffix: string, replicas: unknown) => workloadMonitor({ name: `${release}-volume${suffix}`, namespace, replicas: asNumber(replicas, 2), minReplicas: 1, kind: 'seaweedfs', type: 'volume',
    selector: { 'app.kubernetes.io/component': `volume${suffix}`, 'app.kubernetes.io/name': 'seaweedfs' } });
  const has = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k);
  if (values.topology === 'Simple') {
    const pools = asRecord(volume.pools);
    return [wm('', volume.replicas), ...Object.keys(pools).sort().map((p) => wm(`-${p}`, has(asRecord(pools[p]), 'replicas') ? asRecord(pools[p]).replicas : volume.replicas))];
  }
  const zones = asRecord(volume.zones);
  return Object.keys(zones).sort().flatMap((z) => {
    const zone = asRecord(zones[z]);
    const zoneReplicas = has(zone, 'replicas') ? zone.replicas : volume.replicas;
    const pools = asRecord(zone.pools);
    return [wm(`-${z}`, zoneReplicas), ...Object.keys(pools).sort().map((p) => wm(`-${z}-${p}`, has(asRecord(pools[p]), 'replicas') ? asRecord(pools[p]).replicas : zoneReplicas))];
  });
}

function monitors(values: Values, release: string, namespace: string): KubeObject[] {
  const master = asRecord(values.master);
  const filer = asRecord(values.filer);
  const db = asRecord(values.db);
  const s3 = asRecord(values.s3);
  const sw = (component: string) => ({ 'app.kubernetes.io/component': component, 'app.kubernetes.io/name': 'seaweedfs' });
  const masterReplicas = asNumber(master.replicas, 3);
  return [
    workloadMonitor({ name: `${release}-master`, namespace, replicas: masterReplicas, minReplicas: majority(masterReplicas), kind: 'seaweedfs', type: 'master', selector: sw('master') }),
    workloadMonitor({ name: `${release}-filer`, namespace, replicas: asNumber(filer.replicas, 2), minReplicas: 1, kind: 'seaweedfs', type: 'filer', selector: sw('filer') }),
    ...volumeMonitors(values, release, namespace),
    workloadMonitor({ name: `${release}-db`, namespace, replicas: asNumber(db.replicas, 2), minReplicas: 1, kind: 'seaweedfs', type: 'postgres', selector: { 'cnpg.io/cluster': 'seaweedfs-db', 'cnpg.io/podRole': 'instance' } }),
    workloadMonitor({ name: `${release}-s3`, namespace, replicas: asNumber(s3.replicas, 2), minReplicas: 1, kind: 'seaweedfs', type: 's3', selector: sw('s3') }),
  ];
}

function monitorNames(values: Values, release: string): string[] {
  if (values.topology === 'Client') return [];
  const volume = asRecord(values.volume);
  const names = [`${release}-master`, `${release}-filer`, `${release}-db`, `${release}-s3`];
  if (values.topology === 'Simple') names.push(`${release}-volume`, ...Object.keys(asRecord(volume.pools)).sort().map((p) => `${release}-volume-${p}`));
  else {
    const zones = asRecord(volume.zones);
    for (const z of Object.keys(zones).sort()) names.push(`${release}-volume-${z}`, ...Object.keys(asRecord(asRecord(zones[z]).pools)).sort().map((p) => `${release}-volume-${z}-${p}`));
  }
  return names;
}

function dbRelease(values: Values, release: string): KubeObject {
  const db = asRecord(values.db);
  const dbValues: Record<string, unknown> = { replicas: db.replicas, resources: defaultingSanitize(String(db.resourcesPreset), asRecord(db.resources), values), size: db.size };
  if (db.storageClass) dbValues.storageClass = db.storageClass;
  return nestedHelmRelease({ name: `${release}-db`, artifact: 'cozystack-seaweedfs-application-default-seaweedfs-db', values: { db: dbValues },
    waitStrategy: 'poller', healthCheckExprs: [CNPG_HEALTH] });
}

export function renderSeaweedfs(values: Values, release: ReleaseContext): KubeObject[] {
  const pools = validateSeaweedfs(values);
  const ns = release.namespace;
  const name = release.name;
  const objects: KubeObject[] = [];
  if (values.topology !== 'Client') {
    const dependsOn: Array<{ name: string; namespace?: string }> = [{ name: `${name}-db` }];
    if (namespaceValue(values, 'ingress') === ns) dependsOn.push({ name: 'ingress-nginx-system', namespace: ns });
    objects.push(
      nestedHelmRelease({ name: `${name}-system`, artifact: 'cozystack-seaweedfs-application-default-seaweedfs-system', values: seaweedfsSystemValues(values, name, ns), interval: '30s', dependsOn }),
      ...monitors(values, name, ns),
      dbRelease(values, name),
      ...filerExternal(values, name),
      ...bucketClasses(pools, ns),
    );
  }
  objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${name}-deployed-topology` }, data: { topology: String(values.topology) } });
  const rules = values.topology === 'Client' ? [] : [
    { apiGroups: [''], resources: ['services'], resourceNames: [`${name}-s3`] },
    { apiGroups: ['networking.k8s.io'], resources: ['ingresses'], resourceNames: [`ingress-${name}-s3`] },
    { apiGroups: ['cozystack.io'], resources: ['workloadmonitors'], resourceNames: monitorNames(values, name) },
  ];
  objects.push(...dashboardResources(`${name}-dashboard-resources`, `${name}-dashboard-resources`, rules, tenantSubjects('super-admin', ns)));
  return objects;
}

export const SEAWEEDFS_DEFAULT_VALUES: Values = {
  host: '',
  topology: 'Simple',
  replicationFactor: 2,
  db: { replicas: 2, size: '10Gi', storageClass: '', resources: {}, resourcesPreset: 't1.small' },
  master: { replicas: 3, resources: {}, resourcesPreset: 't1.small' },
  filer: { replicas: 2, resources: {}, resourcesPreset: 't1.small', grpcHost: '', grpcPort: 443, whitelist: [] },
  volume: { replicas: 2, size: '10Gi', storageClass: '', diskType: '', resources: {}, resourcesPreset: 't1.small', zones: {}, pools: {} },
  s3: { replicas: 2, resources: {}, resourcesPreset: 't1.small' },
};

export const seaweedfsChart: Chart = {
  path: 'extra/seaweedfs',
  name: 'seaweedfs',
  version: MODULE_CHART_VERSION,
  valuesSchema: seaweedfsOpenAPISchema,
  values: SEAWEEDFS_DEFAULT_VALUES,
  render: renderSeaweedfs,
};
