import assert from 'node:assert/strict';
import { test } from 'node:test';
import { find, renderModule } from '../test-render.ts';
import { infoChart } from './index.ts';

test('info renders the token Secret named after the namespace for its ServiceAccount', () => {
  const objects = renderModule(infoChart, 'tenant-foo');
  const secret = find(objects, 'Secret', 'tenant-foo');
  assert.equal(secret.type, 'kubernetes.io/service-account-token');
  assert.equal(secret.metadata.annotations?.['kubernetes.io/service-account.name'], 'tenant-foo');
  assert.deepEqual((find(objects, 'Role', 'info-dashboard-resources').rules as any[])[0].resourceNames, ['tenant-foo']);
});

test('with OIDC the kubeconfig Secret points kubelogin at keycloak.<root host>', () => {
  const objects = renderModule(infoChart, 'tenant-foo', {}, { 'oidc-enabled': 'true', 'api-server-endpoint': 'https://api.example.org:443' });
  const kubeconfig = String((find(objects, 'Secret', 'kubeconfig-tenant-foo').stringData as any).kubeconfig);
  assert.match(kubeconfig, /server: https:\/\/api\.example\.org:443/);
  assert.match(kubeconfig, /--oidc-issuer-url=https:\/\/keycloak\.example\.org\/realms\/cozy/);
  assert.deepEqual((find(objects, 'Role', 'info-dashboard-resources').rules as any[])[0].resourceNames, ['kubeconfig-tenant-foo']);
});
