// templates/seaweedfs.yaml's preflight `fail`s: topology, replication factor, zones and pools.

import { ChartRenderError, type Values } from '../../chart.ts';
import { asRecord } from '../module-objects.ts';

const DNS_LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
const DISK_TYPE = /^[a-z0-9]+$/;

function fail(message: string): never {
  throw new ChartRenderError(message);
}

function checkPool(where: string, key: string, pool: Record<string, unknown>, defaultDisk: string, label: string): string {
  if (!DNS_LABEL.test(key)) fail(`${where} key '${key}' must be a valid DNS label${label}`);
  if (key.endsWith('-lock') || key.endsWith('-readonly')) fail(`${where} key '${key}' must not end with '-lock' or '-readonly' (reserved suffixes for COSI resources).`);
  const disk = String(pool.diskType ?? '');
  if (!disk) fail(`${where}.${key}.diskType is required.`);
  if (!DISK_TYPE.test(disk)) fail(`${where}.${key}.diskType must be lowercase alphanumeric (got: ${disk}).`);
  if (defaultDisk && disk === defaultDisk) fail(`${where}.${key}.diskType '${disk}' must differ from volume.diskType.`);
  return disk;
}

/** Fails as the chart's preflight does; returns every pool name with its disk type. */
export function validateSeaweedfs(values: Values): Map<string, string> {
  const topology = String(values.topology);
  const volume = asRecord(values.volume);
  const zones = asRecord(volume.zones);
  const pools = asRecord(volume.pools);
  const filer = asRecord(values.filer);
  const rf = Number(values.replicationFactor);
  if (!['Simple', 'MultiZone', 'Client'].includes(topology)) fail("Invalid value for .Values.topology. Must be one of 'Simple', 'MultiZone' or 'Client'.");
  if (topology === 'Client' && !filer.grpcHost) fail("When topology is 'Client', .Values.filer.grpcHost must be set to a valid remote filer GRPC service endpoint.");
  if (Math.trunc(rf) < 1) fail('Invalid value for .Values.replicationFactor. Must be at least 1.');
  if (topology === 'MultiZone') {
    if (Object.keys(zones).length === 0) fail('Zones must be defined for MultiZone topology.');
    if (rf > Object.keys(zones).length) fail('replicationFactor must be less than or equal to the number of zones defined in .Values.volume.zones.');
  }
  if (topology === 'Client' && Object.keys(pools).length) fail('volume.pools is not supported with Client topology.');
  if (topology === 'MultiZone' && Object.keys(pools).length) fail('volume.pools is not supported with MultiZone topology. Use volume.zones[name].pools instead.');
  const defaultDisk = String(volume.diskType ?? '');
  if (defaultDisk && !DISK_TYPE.test(defaultDisk)) fail(`volume.diskType must be lowercase alphanumeric (got: ${defaultDisk}).`);
  const all = new Map<string, string>();
  for (const key of Object.keys(pools).sort()) {
    all.set(key, checkPool('volume.pools', key, asRecord(pools[key]), defaultDisk, ' (lowercase alphanumeric and hyphens, no dots).'));
  }
  if (topology === 'MultiZone') {
    for (const zoneName of Object.keys(zones).sort()) {
      const zonePools = asRecord(asRecord(zones[zoneName]).pools);
      for (const key of Object.keys(zonePools).sort()) {
        const disk = checkPool(`volume.zones.${zoneName}.pools`, key, asRecord(zonePools[key]), defaultDisk, '.');
        const known = all.get(key);
        if (known !== undefined && known !== disk) fail(`Pool '${key}' has inconsistent diskType across zones (expected '${known}', got '${disk}' in zone '${zoneName}').`);
        all.set(key, disk);
        const composed = `${zoneName}-${key}`;
        if (Object.hasOwn(zones, composed)) fail(`Composed volume name '${composed}' (from zone '${zoneName}' and pool '${key}') collides with an existing zone name.`);
      }
    }
  }
  return all;
}
