import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../storage/memory.ts';
import { ApiServer } from './api-server.ts';

const labels = { group: 'apps', version: 'v1', resource: 'deployments', subresource: '', dryRun: '' };

test('requests are counted by verb, scope and code, with cumulative latency buckets, as kube-apiserver exposes them', async () => {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const m = server.metrics;
  m.observe({ ...labels, verb: 'create', scope: 'namespace' }, 201, 0.003);
  m.observe({ ...labels, verb: 'create', scope: 'namespace' }, 201, 0.03);
  m.observe({ ...labels, verb: 'create', scope: 'namespace' }, 409, 0.001);
  m.observe({ ...labels, verb: 'patch', scope: 'resource', apply: true }, 200, 0.002);
  m.observe({ ...labels, verb: 'list', scope: 'cluster', dryRun: '' }, 200, 0.5);
  const text = await m.text();
  const series = 'component="apiserver",dry_run="",group="apps",resource="deployments"';
  assert.match(text, /^# TYPE apiserver_request_total counter$/m);
  assert.ok(text.includes(`apiserver_request_total{code="201",${series},scope="namespace",subresource="",verb="POST",version="v1"} 2\n`), text);
  assert.ok(text.includes(`apiserver_request_total{code="409",${series},scope="namespace",subresource="",verb="POST",version="v1"} 1\n`));
  assert.ok(text.includes(`apiserver_request_total{code="200",${series},scope="resource",subresource="",verb="APPLY",version="v1"} 1\n`));
  const bucket = (le: string) => `apiserver_request_duration_seconds_bucket{${series},scope="namespace",subresource="",verb="POST",version="v1",le="${le}"}`;
  assert.ok(text.includes(`${bucket('0.005')} 2\n`), 'two of three under 5 ms');
  assert.ok(text.includes(`${bucket('0.05')} 3\n`), 'buckets are cumulative');
  assert.ok(text.includes(`${bucket('+Inf')} 3\n`));
  assert.match(text, /^apiserver_request_duration_seconds_count\{.*verb="LIST".*\} 1$/m);
  assert.match(text, /^kubernetes_build_info\{.*git_version="v1\.33\.0\+cozylab".*\} 1$/m);
  assert.match(text, /^process_resident_memory_bytes \d+$/m);
});

test('open watches count as long-running until they end; objects are counted per resource', async () => {
  const store = new MemoryStore();
  const server = new ApiServer({ store, host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const end = server.metrics.watchStarted({ ...labels, verb: 'watch', scope: 'cluster' });
  const watching = /^apiserver_longrunning_requests\{component="apiserver",group="apps",resource="deployments",scope="cluster",subresource="",verb="WATCH",version="v1"\} (\d+)$/m;
  assert.equal(watching.exec(await server.metrics.text())?.[1], '1');
  end();
  end();
  assert.equal(watching.exec(await server.metrics.text())?.[1], '0');
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a' } }, server.internalContext());
  await server.registry('', 'configmaps').create('a', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'a' } }, server.internalContext());
  const text = await server.metrics.text();
  assert.match(text, /^apiserver_storage_objects\{resource="configmaps"\} 1$/m);
  assert.match(text, /^apiserver_storage_objects\{resource="deployments\.apps"\} 0$/m);
});
