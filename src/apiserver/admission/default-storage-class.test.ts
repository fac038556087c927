import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';

const claim = (name: string, spec: Record<string, unknown> = {}, annotations?: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name, namespace: 'default', ...(annotations ? { annotations } : {}) },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
});

test('a claim without a class gets the default StorageClass; an explicit class or "" is kept', async () => {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const ctx = server.internalContext();
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, ctx);
  const client = {
    create: (obj: KubeObject) =>
      obj.kind === 'StorageClass' ? server.registry('storage.k8s.io', 'storageclasses').create('', obj, ctx) : server.registry('', 'persistentvolumeclaims').create('default', obj, ctx),
  };
  const sc = (name: string, isDefault: boolean) => ({
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name, ...(isDefault ? { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } : {}) },
    provisioner: 'linstor.csi.linbit.com',
  });
  const noDefault = await client.create(claim('before'));
  assert.equal((noDefault.spec as any).storageClassName, undefined, 'no default class: left unset');
  await client.create(sc('replicated', true));
  await client.create(sc('local', false));
  assert.equal(((await client.create(claim('a'))).spec as any).storageClassName, 'replicated');
  assert.equal(((await client.create(claim('b', { storageClassName: 'local' }))).spec as any).storageClassName, 'local');
  assert.equal(((await client.create(claim('c', { storageClassName: '' }))).spec as any).storageClassName, '');
  const beta = await client.create(claim('d', {}, { 'volume.beta.kubernetes.io/storage-class': 'local' }));
  assert.equal((beta.spec as any).storageClassName, undefined);
});
