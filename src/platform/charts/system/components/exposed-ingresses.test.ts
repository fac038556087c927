import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RenderContext } from '../component.ts';
import { exposedIngress } from './exposed-ingresses.ts';

const ctx = (cluster: Record<string, unknown>): RenderContext => ({ values: { _cluster: cluster }, release: { name: 'dashboard', namespace: 'cozy-dashboard' }, namespace: 'cozy-dashboard', labels: {} }) as unknown as RenderContext;

test('an exposed service gets its Ingress on the expose-ingress class; none when unlisted or on the Gateway path', () => {
  const base = { 'root-host': 'example.org', 'expose-services': 'api,dashboard', 'expose-ingress': 'tenant-root' };
  const [api] = exposedIngress(ctx(base), 'api');
  assert.equal(api!.metadata.namespace, 'default');
  assert.deepEqual(api!.spec, { ingressClassName: 'tenant-root', rules: [{ host: 'api.example.org', http: { paths: [{ backend: { service: { name: 'kubernetes', port: { number: 443 } } }, path: '/', pathType: 'Prefix' }] } }] });
  assert.equal(api!.metadata.annotations?.['nginx.ingress.kubernetes.io/ssl-passthrough'], 'true');
  assert.deepEqual(exposedIngress(ctx(base), 'vm-exportproxy'), []);
  assert.deepEqual(exposedIngress(ctx({ ...base, 'gateway-enabled': 'true' }), 'api'), []);
});

test('the dashboard asks cert-manager for its certificate, unless an operator wildcard certificate serves every host', () => {
  const [issued] = exposedIngress(ctx({ 'root-host': 'example.org', 'expose-services': 'dashboard' }), 'dashboard');
  assert.equal(issued!.metadata.annotations?.['cert-manager.io/cluster-issuer'], 'letsencrypt-prod');
  assert.equal(issued!.metadata.annotations?.['acme.cert-manager.io/http01-ingress-ingressclassname'], 'tenant-root');
  assert.deepEqual((issued!.spec as { tls: unknown }).tls, [{ hosts: ['dashboard.example.org'], secretName: 'dashboard-web-tls' }]);
  const [wildcard] = exposedIngress(ctx({ 'root-host': 'example.org', 'expose-services': 'dashboard', 'wildcard-secret-name': 'wild' }), 'dashboard');
  assert.equal(wildcard!.metadata.annotations?.['cert-manager.io/cluster-issuer'], undefined);
  assert.deepEqual((wildcard!.spec as { tls: unknown }).tls, [{ hosts: ['dashboard.example.org'] }]);
});
