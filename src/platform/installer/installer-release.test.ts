import { test } from 'node:test';
import assert from 'node:assert/strict';
import { realClock } from '../../controller/index.ts';
import { newTestClient, newTestServer } from '../../controller/test-server.ts';
import { installerChart } from '../charts/core/installer/index.ts';
import { upgradeInstall } from './installer-release.ts';

test('helm upgrade --install of cozy-installer: revision 1, then no new revision while nothing changed, 2 when values change', async (t) => {
  const server = await newTestServer();
  await server.start();
  t.after(() => server.stop());
  const client = newTestClient(server);
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'cozy-system' } });
  const opts = { releaseName: 'cozystack', namespace: 'cozy-system', values: {} };
  assert.deepEqual(await upgradeInstall(client, realClock, installerChart, opts), { revision: 1, changed: true });
  const deploy = await client.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'cozy-system', name: 'cozystack-operator' });
  assert.equal(deploy.metadata.annotations?.['meta.helm.sh/release-name'], 'cozystack');
  assert.deepEqual(await upgradeInstall(client, realClock, installerChart, opts), { revision: 1, changed: false });
  assert.deepEqual(await upgradeInstall(client, realClock, installerChart, { ...opts, values: { cozystackOperator: { helmReleaseInterval: '1m' } } }), { revision: 2, changed: true });
  const secrets = await client.list({ apiVersion: 'v1', kind: 'Secret' }, { namespace: 'cozy-system', labelSelector: 'owner=helm,name=cozystack' });
  assert.deepEqual(secrets.items.map((s) => `${s.metadata.name}=${s.metadata.labels?.status}`).sort(), ['sh.helm.release.v1.cozystack.v1=superseded', 'sh.helm.release.v1.cozystack.v2=deployed']);
});
