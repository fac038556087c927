import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../storage/memory.ts';
import { ApiServer } from './api-server.ts';
import { reconcileKubernetesService } from './kubernetes-service.ts';

test('the kubernetes Service, Endpoints and EndpointSlice point at the server, and follow a new port', async () => {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, server.internalContext());
  const registries = { services: server.registry('', 'services'), endpoints: server.registry('', 'endpoints'), endpointSlices: server.registry('discovery.k8s.io', 'endpointslices') };
  const ctx = server.internalContext();
  await reconcileKubernetesService(registries, { clusterIP: '10.96.0.1', host: '127.0.0.1', port: 6443, ctx });
  const svc = await registries.services.get('default', 'kubernetes');
  assert.deepEqual(svc.metadata.labels, { component: 'apiserver', provider: 'kubernetes' });
  assert.equal((svc.spec as any).clusterIP, '10.96.0.1');
  assert.deepEqual((svc.spec as any).ports, [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }]);
  const ep = await registries.endpoints.get('default', 'kubernetes');
  assert.deepEqual(ep.subsets, [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }]);
  const slice = await registries.endpointSlices.get('default', 'kubernetes');
  assert.deepEqual(slice.metadata.labels, { 'kubernetes.io/service-name': 'kubernetes' });
  assert.deepEqual(slice.endpoints, [{ addresses: ['127.0.0.1'], conditions: { ready: true } }]);

  const before = svc.metadata.resourceVersion;
  await reconcileKubernetesService(registries, { clusterIP: '10.96.0.1', host: '127.0.0.1', port: 6443, ctx });
  assert.equal((await registries.services.get('default', 'kubernetes')).metadata.resourceVersion, before, 'an unchanged Service is not rewritten');

  await reconcileKubernetesService(registries, { clusterIP: '10.96.0.1', host: '0.0.0.0', port: 7443, ctx });
  assert.equal(((await registries.services.get('default', 'kubernetes')).spec as any).ports[0].targetPort, 7443);
  assert.deepEqual((await registries.endpoints.get('default', 'kubernetes')).subsets, [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ name: 'https', port: 7443, protocol: 'TCP' }] }]);
  assert.equal(((await registries.endpointSlices.get('default', 'kubernetes')).ports as any)[0].port, 7443);
});
