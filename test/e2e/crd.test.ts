// CustomResourceDefinitions: served at once, validated, pruned, defaulted, printed, removed with their objects.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type TestCluster } from '../support/cluster.ts';
import { apiRequest } from '../support/http.ts';

let cluster: TestCluster;
before(async () => {
  cluster = await startCluster();
});
after(async () => {
  await cluster.stop();
  cluster.cleanup();
});

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, shortNames: [wd], categories: [all, toys]}
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    additionalPrinterColumns:
    - {name: Size, type: string, jsonPath: .spec.size}
    - {name: Replicas, type: integer, jsonPath: .spec.replicas}
    - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: string, enum: [small, large], default: small}
              replicas: {type: integer, minimum: 0, maximum: 10}
          status:
            type: object
            properties:
              phase: {type: string}
`;

const widget = (name: string, spec: string) => `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: ${name}\n  namespace: default\nspec:\n${spec}\n`;

test('a CRD serves its kind at once, with printer columns and short names', () => {
  let r = cluster.kubectl(['apply', '-f', '-'], { input: CRD });
  assert.equal(r.code, 0, r.stderr);
  r = cluster.kubectl(['apply', '-f', '-'], { input: widget('w1', '  replicas: 3') });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /widget\.example\.com\/w1 created/);
  r = cluster.kubectl(['get', 'wd']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^NAME\s+SIZE\s+REPLICAS\s+AGE$/m);
  assert.match(r.stdout, /^w1\s+small\s+3\s+\d+s$/m);
  r = cluster.kubectl(['get', 'crd', 'widgets.example.com', '-o', 'jsonpath={.status.conditions[?(@.type=="Established")].status}']);
  assert.equal(r.stdout, 'True');
});

test('schema violations are 422 Invalid with field causes; unknown fields are refused under Strict', () => {
  let r = cluster.kubectl(['apply', '-f', '-'], { input: widget('w2', '  replicas: 11\n  size: huge') });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /The Widget "w2" is invalid/);
  assert.match(r.stderr, /spec\.replicas: Invalid value: 11/);
  assert.match(r.stderr, /spec\.size: Unsupported value: "huge"/);
  r = cluster.kubectl(['apply', '-f', '-'], { input: widget('w3', '  bogus: 1') });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec\.bogus"/);
});

test('strategic merge patch is refused for custom kinds with 415', async () => {
  const r = await apiRequest(cluster, 'PATCH', '/apis/example.com/v1/namespaces/default/widgets/w1', {
    body: '{"spec":{"replicas":1}}',
    headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
  });
  assert.equal(r.status, 415);
  assert.equal(r.json().reason, 'UnsupportedMediaType');
});

test('status is a subresource: a main update keeps it, a status update changes only it', async () => {
  const base = '/apis/example.com/v1/namespaces/default/widgets/w1';
  let r = await apiRequest(cluster, 'PATCH', `${base}/status`, { body: '{"status":{"phase":"Ready"},"spec":{"replicas":9}}', headers: { 'Content-Type': 'application/merge-patch+json' } });
  assert.equal(r.status, 200, r.body);
  const obj = r.json<{ status: { phase: string }; spec: { replicas: number }; metadata: { generation: number } }>();
  assert.equal(obj.status.phase, 'Ready');
  assert.equal(obj.spec.replicas, 3);
  r = await apiRequest(cluster, 'PATCH', base, { body: '{"status":{"phase":"Gone"},"spec":{"replicas":4}}', headers: { 'Content-Type': 'application/merge-patch+json' } });
  const after = r.json<{ status: { phase: string }; spec: { replicas: number }; metadata: { generation: number } }>();
  assert.equal(after.status.phase, 'Ready');
  assert.equal(after.spec.replicas, 4);
  assert.equal(after.metadata.generation, obj.metadata.generation + 1);
});

test('deleting the CRD removes its objects and the kind', async () => {
  let r = cluster.kubectl(['delete', 'crd', 'widgets.example.com']);
  assert.equal(r.code, 0, r.stderr);
  r = cluster.kubectl(['get', 'crd']);
  assert.doesNotMatch(r.stdout, /widgets/);
  const raw = await apiRequest(cluster, 'GET', '/apis/example.com/v1/namespaces/default/widgets');
  assert.equal(raw.status, 404);
});
