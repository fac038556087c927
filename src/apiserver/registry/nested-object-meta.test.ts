import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import { stampNestedCreationTimestamps } from './nested-object-meta.ts';

type Json = Record<string, any>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

async function newServer() {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' }, disableAdmissionPlugins: ['ServiceAccount'] });
  const ctx = server.internalContext();
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, ctx);
  return server;
}

test("every nested ObjectMeta of a built-in kind carries creationTimestamp: null, in Go's field order", async () => {
  const server = await newServer();
  const rt = server.catalog.byKind('batch', 'CronJob')!.type;
  const cron = {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'c', namespace: 'default' },
    spec: {
      schedule: '* * * * *',
      jobTemplate: {
        spec: {
          template: {
            metadata: { labels: { a: 'b' }, name: 'tpl' },
            spec: {
              containers: [{ name: 'c', image: 'busybox' }],
              volumes: [{ name: 'e', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'] } } } }, { name: 'x', emptyDir: {} }],
            },
          },
        },
      },
    },
  };
  const input = deepFreeze(structuredClone(cron));
  const obj = { ...input } as unknown as KubeObject;
  stampNestedCreationTimestamps(rt, obj);
  const spec = (obj as Json).spec;
  assert.deepEqual(spec.jobTemplate.metadata, { creationTimestamp: null });
  assert.deepEqual(Object.keys(spec.jobTemplate.spec.template.metadata), ['name', 'creationTimestamp', 'labels']);
  assert.deepEqual(spec.jobTemplate.spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.metadata, { creationTimestamp: null });
  // Copies along the changed paths only: the input is untouched, what did not change is shared.
  assert.equal((input as Json).spec.jobTemplate.metadata, undefined);
  assert.equal(spec.jobTemplate.spec.template.spec.volumes[1], (input as Json).spec.jobTemplate.spec.template.spec.volumes[1]);
  assert.equal(spec.jobTemplate.spec.template.spec.containers, (input as Json).spec.jobTemplate.spec.template.spec.containers);
  assert.equal((obj as Json).metadata.creationTimestamp, undefined, 'the top-level metadata is not nested');
});

test('a value already there is kept, and an object without nested metadata is returned as it was', async () => {
  const server = await newServer();
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: { metadata: { creationTimestamp: '2026-01-01T00:00:00Z' } } } } as unknown as KubeObject;
  const template = (deployment as Json).spec.template;
  stampNestedCreationTimestamps(server.catalog.byKind('apps', 'Deployment')!.type, deployment);
  assert.equal((deployment as Json).spec.template, template);
  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { metadata: 'x' } } as unknown as KubeObject;
  stampNestedCreationTimestamps(server.catalog.byKind('', 'ConfigMap')!.type, cm);
  assert.deepEqual(cm, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { metadata: 'x' } });
});

test('written through the registry, a template keeps its null through updates that do not send it', async () => {
  const server = await newServer();
  const ctx = server.internalContext();
  const deployments = server.registry('apps', 'deployments');
  await deployments.create(
    'default',
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
    },
    ctx,
  );
  const updated = (await deployments.guaranteedUpdate('default', 'web', ctx, '', (d) => {
    const next = structuredClone(d) as Json;
    delete next.spec.template.metadata.creationTimestamp;
    return next as KubeObject;
  })) as Json;
  assert.deepEqual(updated.spec.template.metadata, { creationTimestamp: null, labels: { app: 'web' } });
  assert.equal(updated.metadata.generation, 1);
});
