import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newTestServer, newTestClient } from '../../controller/test-server.ts';
import { installFlux } from './install.ts';

test('installFlux serves the Flux kinds and creates the flux Deployment in cozy-fluxcd, idempotently', async (t) => {
  const server = await newTestServer();
  await server.start();
  t.after(() => server.stop());
  const client = newTestClient(server);
  await installFlux(client);
  const ns = await client.get({ apiVersion: 'v1', kind: 'Namespace', name: 'cozy-fluxcd' });
  assert.equal(ns.metadata.labels?.['cozystack.io/system'], 'true');
  assert.equal(ns.metadata.labels?.['pod-security.kubernetes.io/enforce'], 'privileged');
  const deploy = await client.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'cozy-fluxcd', name: 'flux' });
  const containers = (deploy.spec as { template: { spec: { containers: Array<{ name: string }> } } }).template.spec.containers.map((c) => c.name);
  assert.deepEqual(containers, ['source-controller', 'kustomize-controller', 'helm-controller', 'notification-controller', 'source-watcher']);
  const hr = await client.resolve({ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease' });
  assert.equal(hr.plural, 'helmreleases');
  const rv = deploy.metadata.resourceVersion;
  await installFlux(client);
  const again = await client.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'cozy-fluxcd', name: 'flux' });
  assert.equal(again.metadata.resourceVersion, rv);
});
