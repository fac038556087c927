import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChartRenderError } from '../../chart.ts';
import { ingressNginxObjects } from '../../system/components/ingress-nginx.ts';
import { find, release, renderModule } from '../test-render.ts';
import { ingressChart } from './index.ts';

test('ingress renders ingress-nginx-system with the tenant names, LoadBalancer service and t1.micro over the ratio', () => {
  const objects = renderModule(ingressChart, 'tenant-foo');
  const hr = find(objects, 'HelmRelease', 'ingress-nginx-system');
  const spec = hr.spec as Record<string, any>;
  assert.equal(spec.chartRef.name, 'cozystack-ingress-application-default-ingress-system');
  const nginx = spec.values['ingress-nginx'];
  assert.equal(nginx.fullnameOverride, 'foo-ingress');
  assert.equal(nginx.controller.replicaCount, 2);
  assert.deepEqual(nginx.controller.ingressClassResource, { name: 'tenant-foo', controllerValue: 'k8s.io/ingress-nginx-tenant-foo' });
  assert.deepEqual(nginx.controller.podLabels, { 'cozystack.io/service': 'ingress', 'policy.cozystack.io/allow-to-apiserver': 'true' });
  assert.deepEqual(nginx.controller.admissionWebhooks, { enabled: false });
  assert.deepEqual(nginx.controller.service, { type: 'LoadBalancer', externalTrafficPolicy: 'Local' });
  assert.deepEqual(nginx.controller.resources.limits, { cpu: '500m', 'ephemeral-storage': '2Gi', memory: '256Mi' });
  assert.equal(nginx.controller.resources.requests.cpu, '0.05');
  assert.deepEqual((find(objects, 'Role', 'ingress-dashboard-resources').rules as any[])[0].resourceNames, ['foo-ingress-controller']);
});

test('the sub-chart turns those values into root-ingress-controller with IngressClass tenant-root', () => {
  const values = (find(renderModule(ingressChart, 'tenant-root', { replicas: 3, resourcesPreset: 't1.small' }), 'HelmRelease', 'ingress-nginx-system').spec as any).values;
  const objects = ingressNginxObjects({ values, release: release('ingress-nginx-system', 'tenant-root'), namespace: 'tenant-root', labels: {} });
  const deploy = find(objects, 'Deployment', 'root-ingress-controller');
  const spec = deploy.spec as any;
  assert.equal(spec.replicas, 3);
  assert.equal(spec.template.metadata.labels['cozystack.io/service'], 'ingress');
  assert.equal(spec.template.spec.containers[0].resources.requests.cpu, '0.1');
  assert.equal((find(objects, 'Service', 'root-ingress-controller').spec as any).type, 'LoadBalancer');
  assert.equal((find(objects, 'IngressClass', 'tenant-root').spec as any).controller, 'k8s.io/ingress-nginx-tenant-root');
  find(objects, 'Service', 'root-ingress-controller-admission');
});

test('host ingress with externalIPs gets ClusterIP; per-app proxyProtocol on the host ingress fails', () => {
  const values = (find(renderModule(ingressChart, 'tenant-root', {}, { 'expose-external-ips': '10.0.0.1, 10.0.0.2' }), 'HelmRelease', 'ingress-nginx-system').spec as any).values;
  assert.deepEqual(values['ingress-nginx'].controller.service, { externalIPs: ['10.0.0.1', '10.0.0.2'], type: 'ClusterIP', externalTrafficPolicy: 'Cluster' });
  assert.throws(() => renderModule(ingressChart, 'tenant-root', { proxyProtocol: true }), ChartRenderError);
  const whitelisted = (find(renderModule(ingressChart, 'tenant-foo', { whitelist: ['1.2.3.4', '10.0.0.0/8'] }), 'HelmRelease', 'ingress-nginx-system').spec as any).values;
  assert.equal(whitelisted['ingress-nginx'].controller.config['whitelist-source-range'], '1.2.3.4,10.0.0.0/8');
});
