import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InformerFactory, realClock } from '../../controller/index.ts';
import { eventually, newTestClient, newTestServer } from '../../controller/test-server.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { ROOT_CA_CONFIGMAP } from '../../apiserver/admission/service-account.ts';
import { startRootCAPublisher } from './root-ca-publisher.ts';

type ConfigMap = KubeObject & { data?: Record<string, string> };

test('every namespace gets kube-root-ca.crt with the cluster CA, put back when deleted or changed', async () => {
  const server = await newTestServer();
  const client = newTestClient(server);
  const factory = new InformerFactory(client);
  const ctl = startRootCAPublisher({ client, factory, clock: realClock, caPem: 'CA PEM' });
  const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'team', name: ROOT_CA_CONFIGMAP };
  const published = () => eventually(async () => ((await client.get(ref)) as ConfigMap).data?.['ca.crt'] === 'CA PEM' ? ((await client.get(ref)) as ConfigMap) : undefined);
  try {
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } });
    const cm = await published();
    assert.match(cm.metadata.annotations?.['kubernetes.io/description'] ?? '', /^Contains a CA bundle that can be used to verify the kube-apiserver/);

    await client.update({ ...cm, data: { 'ca.crt': 'something else' } } as KubeObject);
    await published();

    await client.delete(ref);
    const back = await published();
    assert.notEqual(back.metadata.uid, cm.metadata.uid);
  } finally {
    await ctl.stop();
    factory.stop();
  }
});
