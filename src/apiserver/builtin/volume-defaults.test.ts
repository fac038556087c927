import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultEnvSources, defaultVolumes, validateFileModes } from './volume-defaults.ts';

test('volume sources get core/v1 defaults; what a user set is kept', () => {
  const spec = {
    volumes: [
      { name: 'bare' },
      { name: 'cm', configMap: { name: 'c' } },
      { name: 'secret', secret: { secretName: 's', defaultMode: 0o400 } },
      { name: 'host', hostPath: { path: '/x' } },
      { name: 'host-typed', hostPath: { path: '/y', type: 'Directory' } },
      { name: 'down', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }, { path: 'cpu', resourceFieldRef: { containerName: 'c', resource: 'limits.cpu' } }] } },
      { name: 'proj', projected: { sources: [{ serviceAccountToken: { path: 'token' } }, { downwardAPI: { items: [{ path: 'ns', fieldRef: { fieldPath: 'metadata.namespace' } }] } }] } },
      { name: 'eph', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'] } } } },
      { name: 'claim', persistentVolumeClaim: { claimName: 'data' } },
    ],
  };
  defaultVolumes(spec);
  assert.deepEqual(spec.volumes, [
    { name: 'bare', emptyDir: {} },
    { name: 'cm', configMap: { name: 'c', defaultMode: 420 } },
    { name: 'secret', secret: { secretName: 's', defaultMode: 0o400 } },
    { name: 'host', hostPath: { path: '/x', type: '' } },
    { name: 'host-typed', hostPath: { path: '/y', type: 'Directory' } },
    {
      name: 'down',
      downwardAPI: {
        items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels', apiVersion: 'v1' } }, { path: 'cpu', resourceFieldRef: { containerName: 'c', resource: 'limits.cpu', divisor: '0' } }],
        defaultMode: 420,
      },
    },
    {
      name: 'proj',
      projected: {
        sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3600 } }, { downwardAPI: { items: [{ path: 'ns', fieldRef: { fieldPath: 'metadata.namespace', apiVersion: 'v1' } }] } }],
        defaultMode: 420,
      },
    },
    { name: 'eph', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], volumeMode: 'Filesystem' } } } },
    { name: 'claim', persistentVolumeClaim: { claimName: 'data' } },
  ]);
});

test("env from the downward API: fieldRef's apiVersion v1, resourceFieldRef's zero divisor", () => {
  const container = {
    env: [
      { name: 'A', value: 'x' },
      { name: 'NS', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
      { name: 'OLD', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
      { name: 'MEM', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
    ],
  };
  defaultEnvSources(container);
  assert.deepEqual(container.env.map((e) => e.valueFrom), [
    undefined,
    { fieldRef: { fieldPath: 'metadata.namespace', apiVersion: 'v1' } },
    { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } },
    { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } },
  ]);
});

test('file modes beyond 0777 are Invalid with validateVolumes\' message, projected sources\' items too', () => {
  const errors = (volume: Record<string, unknown>) => validateFileModes(volume, 'spec.volumes[0]').map((e) => `${e.field}: ${e.message}`);
  assert.deepEqual(errors({ name: 'ok', secret: { secretName: 's', defaultMode: 0o777, items: [{ key: 'a', path: 'a', mode: 0 }] } }), []);
  assert.deepEqual(errors({ name: 'cm', configMap: { name: 'c', defaultMode: 99999, items: [{ key: 'a', path: 'a', mode: -1 }] } }), [
    'spec.volumes[0].configMap.defaultMode: Invalid value: 99999: must be a number between 0 and 0777 (octal), both inclusive',
    'spec.volumes[0].configMap.items[0].mode: Invalid value: -1: must be a number between 0 and 0777 (octal), both inclusive',
  ]);
  assert.deepEqual(errors({ name: 'p', projected: { defaultMode: 511, sources: [{ secret: { name: 's', items: [{ key: 'a', path: 'a', mode: 1000 }] } }] } }), [
    'spec.volumes[0].projected.sources[0].secret.items[0].mode: Invalid value: 1000: must be a number between 0 and 0777 (octal), both inclusive',
  ]);
  // validateDownwardAPIVolumeFile is handed the source's path: a file's mode names no item.
  assert.deepEqual(errors({ name: 'd', downwardAPI: { items: [{ path: 'a', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' }, mode: 1000 }] } }), [
    'spec.volumes[0].downwardAPI.mode: Invalid value: 1000: must be a number between 0 and 0777 (octal), both inclusive',
  ]);
});
