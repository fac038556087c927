// The rendered PackageSources and Packages are what the cozystack.io CRDs accept, unchanged:
// created on an API server with the real CRDs installed, they read back as rendered.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { realClock } from '../../../../controller/clock.ts';
import { newTestClient, newTestServer } from '../../../../controller/test-server.ts';
import { installCRDs } from '../../../installer/crds.ts';
import { renderVariant } from './test-render.ts';

describe('platform chart: rendered cozystack.io objects against the CRDs', () => {
  it('every PackageSource and isp-full Package is accepted and stored as rendered', async (t) => {
    const server = await newTestServer();
    await server.start();
    t.after(() => server.stop());
    const client = newTestClient(server);
    await installCRDs(client, realClock);
    const objects = renderVariant('isp-full', { authentication: { oidc: { enabled: true } }, backupStorage: { region: 'eu' } });
    const cozy = objects.filter((o) => o.apiVersion === 'cozystack.io/v1alpha1');
    assert.equal(cozy.filter((o) => o.kind === 'PackageSource').length, 98);
    for (const obj of cozy) {
      await client.create(obj);
      const stored = await client.get({ apiVersion: obj.apiVersion, kind: obj.kind, name: obj.metadata.name! });
      assert.deepEqual(stored.spec, obj.spec, `${obj.kind} ${obj.metadata.name}`);
      assert.deepEqual(stored.metadata.annotations ?? {}, obj.metadata.annotations ?? {});
    }
  });
});
