// Bad input gets the right Status, never a 500, and the server keeps serving.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useCluster } from '../support/cluster.ts';
import { apiRequest } from '../support/http.ts';

const cluster = useCluster({ store: 'memory' });

const post = (path: string, body: string | Buffer, contentType = 'application/json') =>
  apiRequest(cluster, 'POST', path, { body, headers: { 'Content-Type': contentType } });

test('malformed JSON and YAML are 400 BadRequest', async () => {
  let r = await post('/api/v1/namespaces/default/configmaps', '{"metadata": {');
  assert.equal(r.status, 400);
  assert.equal(r.json().reason, 'BadRequest');
  r = await post('/api/v1/namespaces/default/configmaps', 'metadata: [unclosed', 'application/yaml');
  assert.equal(r.status, 400);
  r = await post('/api/v1/namespaces/default/configmaps', '[1,2]');
  assert.equal(r.status, 400);
});

test('a body of another kind or apiVersion is refused', async () => {
  let r = await post('/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x' } }));
  assert.equal(r.status, 400);
  assert.match(r.json<{ message: string }>().message, /Secret/);
  r = await post('/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'apps/v1', kind: 'ConfigMap', metadata: { name: 'x' } }));
  assert.equal(r.status, 400);
  assert.match(r.json<{ message: string }>().message, /does not match the expected API version/);
});

test('a body over 3 MiB is 413', async () => {
  const big = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { x: 'a'.repeat(3 * 1024 * 1024 + 10) } });
  const r = await post('/api/v1/namespaces/default/configmaps', big);
  assert.equal(r.status, 413);
  assert.deepEqual([r.json<{ reason: string }>().reason, r.json<{ message: string }>().message], ['RequestEntityTooLarge', 'Request entity too large: limit is 3145728']);
});

test('a ConfigMap or Secret holding more than 1 MiB is 422, through kubectl too, and nothing is stored', async () => {
  const mib = 'a'.repeat(1024 * 1024);
  let r = await post('/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'full' }, data: { x: mib, y: 'b' } }));
  assert.equal(r.status, 422);
  const status = r.json<{ message: string; details: { causes: unknown[] } }>();
  assert.equal(status.message, 'ConfigMap "full" is invalid: []: Too long: may not be more than 1048576 bytes');
  assert.deepEqual(status.details.causes, [{ reason: 'FieldValueTooLong', message: 'Too long: may not be more than 1048576 bytes', field: '[]' }]);
  r = await post('/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'full' }, data: { x: mib } }));
  assert.equal(r.status, 201, 'exactly 1 MiB fits');
  const file = join(cluster.dataDir, 'secret-value');
  writeFileSync(file, 'a'.repeat(1024 * 1024 + 1));
  const secret = cluster.kubectl(['create', 'secret', 'generic', 'full', `--from-file=x=${file}`]);
  assert.notEqual(secret.code, 0);
  assert.match(secret.stderr, /Secret "full" is invalid: data: Too long: may not be more than 1048576 bytes/);
  assert.equal((await apiRequest(cluster, 'GET', '/api/v1/namespaces/default/secrets/full')).status, 404);
});

test('data that is not base64 is 400 with the byte Go stops at, as kubectl shows it', () => {
  const applied = cluster.kubectl(['apply', '-f', '-'], { input: 'apiVersion: v1\nkind: Secret\nmetadata: {name: notb64}\ndata: {a: "ab$cd"}\n' });
  assert.notEqual(applied.code, 0);
  assert.match(applied.stderr, /Error from server \(BadRequest\).*Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 2/);
  const cm = cluster.kubectl(['apply', '-f', '-'], { input: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: notb64}\nbinaryData: {a: "YWJjZ"}\n' });
  assert.match(cm.stderr, /ConfigMap in version "v1" cannot be handled as a ConfigMap: illegal base64 data at input byte 4/);
});

test('invalid names are 422 Invalid with a field cause', async () => {
  const r = await post('/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'Bad_Name' } }));
  assert.equal(r.status, 422);
  const s = r.json<{ reason: string; details: { causes: { field: string; message: string }[] } }>();
  assert.equal(s.reason, 'Invalid');
  assert.equal(s.details.causes[0]!.field, 'metadata.name');
  assert.match(s.details.causes[0]!.message, /RFC 1123 subdomain/);
  const ns = await post('/api/v1/namespaces', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a.b' } }));
  assert.equal(ns.status, 422);
});

test('unknown fields: Strict is 400, Warn returns a quoted Warning header', async () => {
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'uf' }, bogus: true });
  let r = await apiRequest(cluster, 'POST', '/api/v1/namespaces/default/configmaps?fieldValidation=Strict', { body, headers: { 'Content-Type': 'application/json' } });
  assert.equal(r.status, 400);
  assert.equal(r.json<{ message: string }>().message, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus"');
  r = await apiRequest(cluster, 'POST', '/api/v1/namespaces/default/configmaps?fieldValidation=Warn', { body, headers: { 'Content-Type': 'application/json' } });
  assert.equal(r.status, 201);
  assert.equal(String(r.headers.warning), '299 - "unknown field \\"bogus\\""');
  assert.equal(r.json<Record<string, unknown>>().bogus, undefined);
});

test('a value of the wrong JSON type is 400 with Go\'s decoding error, through kubectl too, and nothing is stored', async () => {
  const deployment = (replicas: unknown, labels: Record<string, unknown>) =>
    JSON.stringify({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'typed' },
      spec: { replicas, selector: { matchLabels: { app: 'typed' } }, template: { metadata: { labels: { app: 'typed', ...labels } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    });
  let r = await post('/apis/apps/v1/namespaces/default/deployments', deployment('3', {}));
  assert.equal(r.status, 400);
  assert.deepEqual([r.json<{ reason: string }>().reason, r.json<{ message: string }>().message], ['BadRequest', 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32']);
  r = await post('/apis/apps/v1/namespaces/default/deployments', deployment(1, { enabled: true }));
  assert.equal(r.json<{ message: string }>().message, 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal bool into Go struct field ObjectMeta.spec.template.metadata.labels of type string');
  // kubectl passes a quoted port on as a string and shows the server's answer.
  const applied = cluster.kubectl(['apply', '-f', '-'], { input: 'apiVersion: v1\nkind: Service\nmetadata: {name: typed}\nspec:\n  ports: [{port: "80"}]\n' });
  assert.notEqual(applied.code, 0);
  assert.match(applied.stderr, /Service in version "v1" cannot be handled as a Service: json: cannot unmarshal string into Go struct field ServicePort\.spec\.ports\.port of type int32/);
  assert.equal((await apiRequest(cluster, 'GET', '/apis/apps/v1/namespaces/default/deployments/typed')).status, 404);
  assert.equal((await apiRequest(cluster, 'GET', '/api/v1/namespaces/default/services/typed')).status, 404);
});

test('a stale resourceVersion is 409 Conflict and the stored object is intact', async () => {
  const created = await post('/api/v1/namespaces/default/configmaps', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'stale' }, data: { v: '1' } }));
  const obj = created.json<{ metadata: { resourceVersion: string } }>();
  await apiRequest(cluster, 'PUT', '/api/v1/namespaces/default/configmaps/stale', { body: JSON.stringify({ ...obj, data: { v: '2' } }), headers: { 'Content-Type': 'application/json' } });
  const r = await apiRequest(cluster, 'PUT', '/api/v1/namespaces/default/configmaps/stale', { body: JSON.stringify({ ...obj, data: { v: '3' } }), headers: { 'Content-Type': 'application/json' } });
  assert.equal(r.status, 409);
  assert.equal(r.json().reason, 'Conflict');
  const now = await apiRequest(cluster, 'GET', '/api/v1/namespaces/default/configmaps/stale');
  assert.deepEqual(now.json<{ data: unknown }>().data, { v: '2' });
});

test('unknown paths are 404 Status, bad selectors 400, and the server still answers', async () => {
  let r = await apiRequest(cluster, 'GET', '/apis/nope.example.com/v1/things');
  assert.equal(r.status, 404);
  assert.equal(r.json().kind, 'Status');
  r = await apiRequest(cluster, 'GET', '/api/v1/pods?labelSelector=' + encodeURIComponent('a in (b'));
  assert.equal(r.status, 400);
  r = await apiRequest(cluster, 'GET', '/api/v1/pods?fieldSelector=spec.bogus%3Dx');
  assert.equal(r.status, 400);
  assert.match(r.json<{ message: string }>().message, /field label not supported: spec\.bogus/);
  r = await apiRequest(cluster, 'GET', '/api/v1/namespaces/default/configmaps/missing');
  assert.equal(r.status, 404);
  assert.equal(r.json<{ message: string }>().message, 'configmaps "missing" not found');
  r = await apiRequest(cluster, 'POST', '/api/v1/namespaces/nowhere/configmaps', { body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }), headers: { 'Content-Type': 'application/json' } });
  assert.equal(r.status, 404);
  assert.equal(r.json<{ message: string }>().message, 'namespaces "nowhere" not found');
  r = await apiRequest(cluster, 'GET', '/readyz');
  assert.equal(r.status, 200);
});

test('SIGTERM stops the server cleanly with exit code 0', async () => {
  const code = await cluster.stop('SIGTERM');
  assert.equal(code, 0, cluster.output());
  assert.match(cluster.output(), /received SIGTERM, stopping/);
});
