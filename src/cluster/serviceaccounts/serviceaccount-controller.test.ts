import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { ServiceAccountTokens } from '../../apiserver/auth/service-account-tokens.ts';
import { InformerFactory, realClock } from '../../controller/index.ts';
import { eventually, newTestClient, newTestServer } from '../../controller/test-server.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { startServiceAccountControllers } from './serviceaccount-controller.ts';

test('every namespace gets a default ServiceAccount; token Secrets are filled and authenticate', async () => {
  const server = await newTestServer();
  const client = newTestClient(server);
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const tokens = new ServiceAccountTokens(server, { signingKeyPem: key });
  const factory = new InformerFactory(client);
  const ctl = startServiceAccountControllers({ client, factory, clock: realClock, tokens, caPem: 'CA PEM' });
  try {
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } });
    const sa = await eventually(() => client.get({ apiVersion: 'v1', kind: 'ServiceAccount', namespace: 'team', name: 'default' }));
    assert.equal(sa.metadata.name, 'default');
    await client.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'default-token', namespace: 'team', annotations: { 'kubernetes.io/service-account.name': 'default' } },
      type: 'kubernetes.io/service-account-token',
    });
    const secret = await eventually(async () => {
      const s = (await client.get({ apiVersion: 'v1', kind: 'Secret', namespace: 'team', name: 'default-token' })) as KubeObject & { data?: Record<string, string> };
      return s.data?.token ? s : undefined;
    });
    assert.equal(Buffer.from(secret.data!['ca.crt']!, 'base64').toString(), 'CA PEM');
    assert.equal(Buffer.from(secret.data!.namespace!, 'base64').toString(), 'team');
    assert.equal(secret.metadata.annotations?.['kubernetes.io/service-account.uid'], sa.metadata.uid);
    const user = await tokens.authenticateToken(Buffer.from(secret.data!.token!, 'base64').toString());
    assert.equal(user?.username, 'system:serviceaccount:team:default');
    assert.ok(user?.groups.includes('system:serviceaccounts:team'));
  } finally {
    await ctl.stop();
    factory.stop();
  }
});
