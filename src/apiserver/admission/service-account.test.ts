import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import { TOKEN_MOUNT_PATH } from './service-account.ts';

type Json = Record<string, any>;

/** A server with the `default` namespace and, unless told otherwise, its `default` ServiceAccount (no controller makes it here). */
async function newServer(accounts: Json[] = [{ metadata: { name: 'default' } }]) {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const ctx = server.internalContext();
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, ctx);
  for (const a of accounts) {
    await server.registry('', 'serviceaccounts').create('default', { apiVersion: 'v1', kind: 'ServiceAccount', ...a, metadata: { namespace: 'default', ...a.metadata } } as KubeObject, ctx);
  }
  return { create: async (obj: Json) => (await server.registry('', 'pods').create('default', obj as KubeObject, ctx)) as Json };
}

const pod = (name: string, spec: Json = {}, annotations?: Record<string, string>): Json => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', ...(annotations ? { annotations } : {}) },
  spec: { initContainers: [{ name: 'init', image: 'busybox' }], containers: [{ name: 'main', image: 'nginx' }], ...spec },
});

describe('ServiceAccount admission', () => {
  test('a pod runs as `default`, and every container mounts one kube-api-access volume', async () => {
    const server = await newServer();
    const { spec } = await server.create(pod('plain'));
    assert.equal(spec.serviceAccountName, 'default');
    assert.equal(spec.serviceAccount, 'default');
    assert.equal(spec.volumes.length, 1);
    const name = spec.volumes[0].name as string;
    assert.match(name, /^kube-api-access-[a-z0-9]{5}$/);
    assert.deepEqual(spec.volumes[0].projected.sources.map((s: Json) => Object.keys(s)[0]), ['serviceAccountToken', 'configMap', 'downwardAPI']);
    for (const c of [...spec.initContainers, ...spec.containers]) assert.deepEqual(c.volumeMounts, [{ mountPath: TOKEN_MOUNT_PATH, name, readOnly: true }]);
  });

  test('a container with its own mount at the token path is left alone; an existing token volume is reused', async () => {
    const server = await newServer();
    const own = { name: 'mine', mountPath: TOKEN_MOUNT_PATH };
    const { spec } = await server.create(
      pod('own', {
        containers: [{ name: 'main', image: 'nginx', volumeMounts: [own] }, { name: 'side', image: 'nginx' }],
        volumes: [{ name: 'mine', emptyDir: {} }, { name: 'kube-api-access-abcde', emptyDir: {} }],
      }),
    );
    assert.deepEqual(spec.containers[0].volumeMounts, [own]);
    assert.deepEqual(spec.containers[1].volumeMounts, [{ mountPath: TOKEN_MOUNT_PATH, name: 'kube-api-access-abcde', readOnly: true }]);
    assert.equal(spec.volumes.length, 2);
  });

  test("the pod's automountServiceAccountToken wins over its account's; the account's image pull secrets are copied", async () => {
    const server = await newServer([{ metadata: { name: 'builder' }, automountServiceAccountToken: false, imagePullSecrets: [{ name: 'registry' }] }]);
    const quiet = (await server.create(pod('quiet', { serviceAccountName: 'builder' }))).spec;
    assert.equal(quiet.volumes, undefined);
    assert.deepEqual(quiet.imagePullSecrets, [{ name: 'registry' }]);
    const insists = (await server.create(pod('insists', { serviceAccountName: 'builder', automountServiceAccountToken: true, imagePullSecrets: [{ name: 'own' }] }))).spec;
    assert.equal(insists.volumes.length, 1);
    assert.deepEqual(insists.imagePullSecrets, [{ name: 'own' }]);
  });

  test('an account that does not exist is Forbidden, with kube-apiserver\'s message', async () => {
    const server = await newServer([]);
    await assert.rejects(server.create(pod('orphan')), (err: unknown) => {
      assert.ok(isStatusError(err, 'Forbidden'));
      assert.equal((err as Error).message, 'pods "orphan" is forbidden: error looking up service account default/default: serviceaccount "default" not found');
      return true;
    });
  });

  test('a mirror pod is not changed, and may reference no account, Secret or token', async () => {
    const server = await newServer([]);
    const mirror = { 'kubernetes.io/config.mirror': 'abc' };
    const { spec } = await server.create(pod('static', {}, mirror));
    assert.equal(spec.serviceAccountName, undefined);
    assert.equal(spec.volumes, undefined);
    const refused = [
      [{ serviceAccountName: 'default' }, 'a mirror pod may not reference service accounts'],
      [{ volumes: [{ name: 's', secret: { secretName: 'x' } }] }, 'a mirror pod may not reference secrets'],
      [{ containers: [{ name: 'main', image: 'nginx', env: [{ name: 'A', valueFrom: { secretKeyRef: { name: 'x', key: 'y' } } }] }] }, 'a mirror pod may not reference secrets'],
      [{ volumes: [{ name: 't', projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } }] }, 'a mirror pod may not use ServiceAccountToken volume projections'],
    ] as const;
    for (const [i, [extra, why]] of refused.entries()) {
      await assert.rejects(server.create(pod(`static-${i}`, extra, mirror)), { message: `pods "static-${i}" is forbidden: ${why}` });
    }
  });
});
