// CustomResourceDefinitions: served at once, validated, pruned, defaulted, printed, removed with their objects.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { apiRequest } from '../support/http.ts';

const cluster = useCluster();

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
              attempts: {type: integer, default: 0}
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

test('a status write is pruned and defaulted as it decodes: its writer owns the defaults', async () => {
  assert.equal(cluster.kubectl(['apply', '-f', '-'], { input: widget('w4', '  replicas: 1') }).code, 0);
  const base = '/apis/example.com/v1/namespaces/default/widgets/w4';
  const r = await apiRequest(cluster, 'PATCH', `${base}/status?fieldManager=widget-controller`, {
    body: '{"status":{"phase":"Pruned","surplus":true}}',
    headers: { 'Content-Type': 'application/merge-patch+json' },
  });
  assert.equal(r.status, 200, r.body);
  type Widget = { status: unknown; metadata: { managedFields: Array<{ manager: string; subresource?: string; fieldsV1: unknown }> } };
  const stored = (await apiRequest(cluster, 'GET', base)).json<Widget>();
  assert.deepEqual(stored.status, { attempts: 0, phase: 'Pruned' });
  const entry = stored.metadata.managedFields.find((m) => m.manager === 'widget-controller');
  assert.deepEqual(entry, { ...entry, subresource: 'status', fieldsV1: { 'f:status': { '.': {}, 'f:attempts': {}, 'f:phase': {} } } });
});

test('deleting the CRD removes its objects and the kind', async () => {
  let r = cluster.kubectl(['delete', 'crd', 'widgets.example.com']);
  assert.equal(r.code, 0, r.stderr);
  r = cluster.kubectl(['get', 'crd']);
  assert.doesNotMatch(r.stdout, /widgets/);
  const raw = await apiRequest(cluster, 'GET', '/apis/example.com/v1/namespaces/default/widgets');
  assert.equal(raw.status, 404);
});

test("discovery ranks groups as kube-apiserver does, so a name two groups serve means the built-in kind", async () => {
  const k = (args: string[], input?: string) => {
    const r = cluster.kubectl(args, { input });
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  // A CRD group that sorts before networking.k8s.io by name, serving `ingresses` too (as apps.cozystack.io does).
  k(['apply', '-f', '-'], `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: ingresses.apps.example.com}
spec:
  group: apps.example.com
  scope: Namespaced
  names: {plural: ingresses, singular: ingress, kind: Ingress}
  versions:
  - {name: v1alpha1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
`);
  k(['wait', '--for=condition=Established', 'crd/ingresses.apps.example.com']);
  k(['apply', '-f', '-'], `apiVersion: apps.example.com/v1alpha1
kind: Ingress
metadata: {name: app-module, namespace: default}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: web, namespace: default}
spec: {defaultBackend: {service: {name: web, port: {number: 80}}}}
`);
  const groups = (JSON.parse(k(['get', '--raw', '/apis'])).groups as Array<{ name: string; preferredVersion: { version: string } }>);
  assert.deepEqual(groups.slice(0, 8).map((g) => g.name), ['apiregistration.k8s.io', 'apps', 'events.k8s.io', 'authentication.k8s.io', 'authorization.k8s.io', 'autoscaling', 'batch', 'certificates.k8s.io']);
  assert.ok(groups.findIndex((g) => g.name === 'networking.k8s.io') < groups.findIndex((g) => g.name === 'apps.example.com'));
  assert.equal(groups.find((g) => g.name === 'autoscaling')?.preferredVersion.version, 'v2');
  assert.match(k(['get', 'ingresses', '-n', 'default']), /^web\s+<none>\s+\*/m);
  assert.match(k(['get', 'ingresses.apps.example.com', '-n', 'default']), /^app-module\s/m);
  assert.equal(JSON.parse(k(['get', 'apiservice', 'v1alpha1.apps.example.com', '-o', 'json'])).spec.groupPriorityMinimum, 1000);
  assert.equal(JSON.parse(k(['get', 'apiservice', 'v1alpha1.apps.example.com', '-o', 'json'])).spec.versionPriority, 100);
});
