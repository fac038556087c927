import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ChartRenderError } from '../../chart.ts';
import { find, renderModule } from '../test-render.ts';
import { etcdChart, quotaBackendBytes } from './index.ts';

test('etcd renders EtcdCluster etcd with 3 replicas, 4Gi, TLS secret refs and requests = limit ÷ ratio', () => {
  const objects = renderModule(etcdChart, 'tenant-foo');
  const cluster = find(objects, 'EtcdCluster', 'etcd');
  assert.equal(cluster.apiVersion, 'etcd-operator.cozystack.io/v1alpha2');
  const spec = cluster.spec as Record<string, any>;
  assert.equal(spec.version, '3.6.11');
  assert.equal(spec.replicas, 3);
  assert.deepEqual(spec.storage, { size: '4Gi' });
  assert.equal(spec.options.quotaBackendBytes, 4080218931);
  assert.deepEqual(spec.resources, { limits: { cpu: '1000m', memory: '512Mi' }, requests: { cpu: '0.1', memory: '536870912' } });
  assert.deepEqual(spec.tls.client, { serverSecretRef: { name: 'etcd-server-tls' }, operatorClientSecretRef: { name: 'etcd-client-tls' } });
  assert.equal(spec.additionalMetadata.labels['cozystack.io/service'], 'etcd');
  assert.deepEqual(find(objects, 'DataStore', 'tenant-foo').spec && (find(objects, 'DataStore', 'tenant-foo').spec as any).endpoints, ['etcd.tenant-foo.svc:2379']);
  for (const name of ['etcd-server', 'etcd-peer', 'etcd-client', 'etcd-ca', 'etcd-peer-ca']) find(objects, 'Certificate', name);
  find(objects, 'Service', 'etcd-headless');
  find(objects, 'CronJob', 'etcd-defrag');
  const binding = find(objects, 'RoleBinding', 'etcd-dashboard-resources');
  assert.deepEqual((binding.subjects as any[]).map((s) => s.name), ['tenant-foo', 'tenant-foo-super-admin', 'tenant-root', 'tenant-root-super-admin']);
});

test('etcd options: replicas, size, storage class, resources and the cluster ratio', () => {
  const objects = renderModule(etcdChart, 'tenant-foo', { replicas: 5, size: '10Gi', storageClass: 'local', resources: { cpu: '2', memory: '1Gi' } }, { 'cpu-allocation-ratio': '4' });
  const spec = find(objects, 'EtcdCluster', 'etcd').spec as Record<string, any>;
  assert.equal(spec.replicas, 5);
  assert.deepEqual(spec.storage, { size: '10Gi', storageClassName: 'local' });
  assert.equal(spec.resources.requests.cpu, '0.5');
  assert.equal((find(objects, 'WorkloadMonitor', 'etcd').spec as any).minReplicas, 3);
  assert.equal(quotaBackendBytes('10Gi'), 10200547328);
});

test('etcd refuses any release name but etcd', () => {
  assert.throws(() => renderModule(etcdChart, 'tenant-foo', {}, {}, 'etcd2'), (e: unknown) => e instanceof ChartRenderError && e.message === 'The name of the release MUST BE etcd');
});
