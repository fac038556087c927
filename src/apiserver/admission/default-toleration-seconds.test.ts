import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';

/** Creates pods through the registry, so admission runs as for any request. */
async function newPodCreator(opts: { defaultTolerationSeconds?: { notReadySeconds?: number; unreachableSeconds?: number } } = {}) {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' }, disableAdmissionPlugins: ['ServiceAccount'], ...opts });
  const ctx = server.internalContext();
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, ctx);
  return { create: (obj: KubeObject) => server.registry('', 'pods').create('default', obj, ctx) };
}

const pod = (name: string, tolerations?: unknown[]) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'main', image: 'nginx' }], ...(tolerations ? { tolerations } : {}) },
});

describe('DefaultTolerationSeconds admission', () => {
  test('a pod gets 300 s tolerations for the not-ready and unreachable NoExecute taints', async () => {
    const client = await newPodCreator();
    const created = (await client.create(pod('plain'))) as any;
    assert.deepEqual(created.spec.tolerations, [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ]);
  });

  test('tolerations the pod brings are kept and not duplicated', async () => {
    const client = await newPodCreator();
    const own = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 6000 };
    const created = (await client.create(pod('own', [own]))) as any;
    assert.deepEqual(created.spec.tolerations, [own, { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }]);
  });

  test('a toleration of every taint (operator Exists, no key) covers both', async () => {
    const client = await newPodCreator();
    const created = (await client.create(pod('all', [{ operator: 'Exists' }]))) as any;
    assert.deepEqual(created.spec.tolerations, [{ operator: 'Exists' }]);
  });

  test('the seconds are those the server was configured with', async () => {
    const client = await newPodCreator({ defaultTolerationSeconds: { notReadySeconds: 30, unreachableSeconds: 5 } });
    const created = (await client.create(pod('short'))) as any;
    assert.deepEqual(created.spec.tolerations.map((t: any) => t.tolerationSeconds), [30, 5]);
  });
});
