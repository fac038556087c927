// The values extra/seaweedfs hands to its nested `seaweedfs-system` release: master, volume
// (and per-pool / per-zone volume groups), filer, s3 with its Ingress, and the COSI driver —
// every container sized by cozy-lib's defaultingSanitize.

import type { Values } from '../../chart.ts';
import { defaultingSanitize } from '../../lib/index.ts';
import { asRecord, clusterValue, namespaceValue } from '../module-objects.ts';

type Rec = Record<string, unknown>;

function sized(component: Rec, values: Values, preset?: unknown): Rec {
  return defaultingSanitize(String(preset ?? component.resourcesPreset), asRecord(component.resources), values) as unknown as Rec;
}

function dataDir(size: unknown, storageClass: unknown): Rec {
  const d: Rec = { name: 'data1', type: 'persistentVolumeClaim', size: String(size) };
  if (storageClass) d.storageClass = String(storageClass);
  d.maxVolumes = 0;
  return d;
}

function zoneNodeSelector(zone: Rec, zoneName: string): string {
  return zone.nodeSelector ? `\n${String(zone.nodeSelector).replace(/^/gm, '            ')}` : `\ntopology.kubernetes.io/zone: ${zoneName}`;
}

function volumeGroups(values: Values): Rec | undefined {
  const topology = String(values.topology);
  const volume = asRecord(values.volume);
  const pools = asRecord(volume.pools);
  const zones = asRecord(volume.zones);
  const has = (o: Rec, k: string) => Object.hasOwn(o, k);
  if (topology === 'Simple' && Object.keys(pools).length) {
    return Object.fromEntries(Object.keys(pools).sort().map((name) => {
      const pool = asRecord(pools[name]);
      return [name, {
        replicas: has(pool, 'replicas') ? pool.replicas : volume.replicas,
        resources: defaultingSanitize(String(pool.resourcesPreset || volume.resourcesPreset), asRecord(pool.resources), values),
        dataDirs: [dataDir(pool.size || volume.size, pool.storageClass || volume.storageClass)],
        extraArgs: [`-disk=${String(pool.diskType)}`],
      }];
    }));
  }
  if (topology !== 'MultiZone') return undefined;
  const groups: Rec = {};
  for (const zoneName of Object.keys(zones).sort()) {
    const zone = asRecord(zones[zoneName]);
    const g: Rec = {
      replicas: has(zone, 'replicas') ? zone.replicas : volume.replicas,
      resources: sized(volume, values),
      dataDirs: [dataDir(zone.size || volume.size, zone.storageClass || volume.storageClass)],
      nodeSelector: zoneNodeSelector(zone, zoneName),
      dataCenter: zone.dataCenter || zoneName,
    };
    if (volume.diskType) g.extraArgs = [`-disk=${String(volume.diskType)}`];
    groups[zoneName] = g;
  }
  for (const zoneName of Object.keys(zones).sort()) {
    const zone = asRecord(zones[zoneName]);
    const zonePools = asRecord(zone.pools);
    for (const poolName of Object.keys(zonePools).sort()) {
      const pool = asRecord(zonePools[poolName]);
      groups[`${zoneName}-${poolName}`] = {
        replicas: has(pool, 'replicas') ? pool.replicas : has(zone, 'replicas') ? zone.replicas : volume.replicas,
        resources: defaultingSanitize(String(pool.resourcesPreset || volume.resourcesPreset), asRecord(pool.resources), values),
        dataDirs: [dataDir(pool.size || zone.size || volume.size, pool.storageClass || zone.storageClass || volume.storageClass)],
        nodeSelector: zoneNodeSelector(zone, zoneName),
        dataCenter: zone.dataCenter || zoneName,
        extraArgs: [`-disk=${String(pool.diskType)}`],
      };
    }
  }
  return groups;
}

function placement(values: Values): Rec {
  const rf = Number(values.replicationFactor) - 1;
  const topology = String(values.topology);
  if (topology === 'Simple') return { defaultReplicaPlacement: `00${rf}` };
  if (topology === 'MultiZone') return { defaultReplicaPlacement: `${rf}00` };
  return {};
}

export function seaweedfsSystemValues(values: Values, releaseName: string, namespace: string): Values {
  const master = asRecord(values.master);
  const volume = asRecord(values.volume);
  const filer = asRecord(values.filer);
  const s3 = asRecord(values.s3);
  const ingress = namespaceValue(values, 'ingress');
  const s3Host = String(values.host || `s3.${namespaceValue(values, 'host')}`);
  const wildcardSecret = clusterValue(values, 'wildcard-secret-name');
  const solver = clusterValue(values, 'solver') || 'http01';
  const annotations: Record<string, string> = {
    'nginx.ingress.kubernetes.io/proxy-body-size': '5g',
    'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
    'nginx.ingress.kubernetes.io/proxy-request-buffering': 'off',
    'nginx.ingress.kubernetes.io/backend-protocol': 'HTTPS',
    'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
    'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
    'nginx.ingress.kubernetes.io/client-body-timeout': '3600',
    'nginx.ingress.kubernetes.io/client-header-timeout': '120',
    'nginx.ingress.kubernetes.io/service-upstream': 'true',
  };
  if (!wildcardSecret) {
    if (solver === 'http01') annotations['acme.cert-manager.io/http01-ingress-ingressclassname'] = ingress;
    annotations['cert-manager.io/cluster-issuer'] = clusterValue(values, 'issuer-name') || 'letsencrypt-prod';
  }
  const tls: Rec = { hosts: [s3Host] };
  if (!wildcardSecret) tls.secretName = `${releaseName}-s3-ingress-tls`;
  const volumeValues: Rec = {};
  if (values.topology === 'MultiZone') volumeValues.enabled = false;
  Object.assign(volumeValues, { replicas: volume.replicas, resources: sized(volume, values), dataDirs: [dataDir(volume.size, volume.storageClass)] });
  if (volume.diskType) volumeValues.extraArgs = [`-disk=${String(volume.diskType)}`];
  const seaweedfs: Rec = {
    master: { ...placement(values), replicas: master.replicas, resources: sized(master, values) },
    volume: volumeValues,
  };
  const groups = volumeGroups(values);
  if (groups) seaweedfs.volumes = groups;
  seaweedfs.filer = { ...placement(values), replicas: filer.replicas, s3: { domainName: s3Host }, resources: sized(filer, values) };
  seaweedfs.s3 = { replicas: s3.replicas, ingress: { className: ingress, host: s3Host, annotations, tls: [tls] }, resources: sized(s3, values) };
  seaweedfs.cosi = {
    driverName: `${namespace}.seaweedfs.objectstorage.k8s.io`,
    bucketClassName: namespace,
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '512Mi' } },
  };
  return { global: { serviceAccountName: `${namespace}-seaweedfs` }, seaweedfs };
}
