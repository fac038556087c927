// Admission webhooks end to end: configurations applied with kubectl, a webhook server of the
// user's own on loopback refusing and mutating what kubectl writes, and a webhook whose Service
// is backed by simulated pods failing the write as its failurePolicy says.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { startCluster, type TestCluster } from '../support/cluster.ts';
import { kubectlBinary } from '../support/kubectl.ts';

let cluster: TestCluster;
let webhooks: ChildProcess;
let endpoint: { port: number; caBundle: string };
const reviews: Array<{ path: string; dryRun: boolean; operation: string; name: string }> = [];

before(async () => {
  webhooks = spawn(process.execPath, ['--import', 'tsx', join(resolve(import.meta.dirname, '..', 'support'), 'webhook-process.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: webhooks.stdout! });
  endpoint = await new Promise((resolveEndpoint) => {
    lines.on('line', (line) => {
      const parsed = JSON.parse(line);
      if ('port' in parsed) resolveEndpoint(parsed);
      else reviews.push(parsed);
    });
  });
  cluster = await startCluster();
});

after(async () => {
  webhooks.kill('SIGTERM');
  await cluster.stop();
  cluster.cleanup();
});

const k = (args: string[], input?: string, version?: string) => cluster.kubectl(args, { input, version });
/** Lets the webhook process's report lines in (kubectl runs synchronously, holding this loop). */
const reported = () => new Promise((r) => setTimeout(r, 200));

function configurations(): string {
  const client = (path: string) => `{url: "https://127.0.0.1:${endpoint.port}${path}", caBundle: ${endpoint.caBundle}}`;
  return `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: require-team}
webhooks:
- name: require-team.cozylab.test
  clientConfig: ${client('/require-team')}
  rules: [{apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources: ["configmaps"], scope: Namespaced}]
  namespaceSelector: {matchLabels: {webhooks: enabled}}
  admissionReviewVersions: ["v1"]
  sideEffects: None
  timeoutSeconds: 5
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata: {name: add-environment}
webhooks:
- name: add-environment.cozylab.test
  clientConfig: ${client('/add-environment')}
  rules: [{apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"]}]
  namespaceSelector: {matchLabels: {webhooks: enabled}}
  admissionReviewVersions: ["v1", "v1beta1"]
  sideEffects: NoneOnDryRun
`;
}

test('a validating webhook refuses and a mutating one labels what kubectl creates, in the namespaces they select', async () => {
  const applied = k(['apply', '-f', '-'], configurations());
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(k(['get', 'validatingwebhookconfigurations']).stdout, /^NAME\s+WEBHOOKS\s+AGE\n^require-team\s+1\s+\d+s$/m);
  assert.match(k(['get', 'mutatingwebhookconfiguration', 'add-environment', '-o', 'jsonpath={.webhooks[0].failurePolicy} {.webhooks[0].timeoutSeconds} {.webhooks[0].reinvocationPolicy}']).stdout, /^Fail 10 Never$/);
  assert.match(k(['explain', 'validatingwebhookconfiguration.webhooks.failurePolicy']).stdout, /FIELD:\s+failurePolicy/);
  assert.equal(k(['create', 'namespace', 'hooked']).code, 0);
  assert.equal(k(['label', 'namespace', 'hooked', 'webhooks=enabled']).code, 0);

  for (const version of ['1.27', '1.33']) {
    if (!kubectlBinary(version)) {
      console.log(`kubectl.${version} is not on this machine: skipped`);
      continue;
    }
    const refused = k(['create', 'configmap', `plain-${version.replace('.', '-')}`, '-n', 'hooked'], undefined, version);
    assert.equal(refused.stderr.trim(), 'error: failed to create configmap: admission webhook "require-team.cozylab.test" denied the request: label "team" is required');
  }
  const manifest = (name: string, labels: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}, namespace: hooked, labels: {${labels}}}\ndata: {a: "1"}\n`;
  const noTeam = k(['apply', '-f', '-'], manifest('no-team', 'app: web'));
  assert.equal(noTeam.stderr.trim(), 'Error from server (Forbidden): error when creating "STDIN": admission webhook "require-team.cozylab.test" denied the request: label "team" is required');

  const dry = k(['apply', '--dry-run=server', '-f', '-'], manifest('team-web', 'team: web'));
  assert.equal(dry.stdout.trim(), 'configmap/team-web created (server dry run)');
  await reported();
  assert.ok(reviews.some((r) => r.name === 'team-web' && r.dryRun), 'the webhook was told of the dry run');
  assert.equal(k(['get', 'configmap', 'team-web', '-n', 'hooked']).code, 1, 'a dry run stores nothing');

  assert.equal(k(['apply', '-f', '-'], manifest('team-web', 'team: web')).code, 0);
  assert.equal(k(['get', 'configmap', 'team-web', '-n', 'hooked', '-o', 'jsonpath={.metadata.labels}']).stdout, '{"environment":"dev","team":"web"}');
  const update = k(['label', 'configmap', 'team-web', '-n', 'hooked', 'team-']);
  assert.match(update.stderr, /admission webhook "require-team.cozylab.test" denied the request: label "team" is required/);

  // Outside the selected namespaces nothing is sent.
  await reported();
  const sent = reviews.length;
  assert.ok(sent > 0);
  assert.equal(k(['create', 'configmap', 'elsewhere', '-n', 'default']).code, 0);
  assert.equal(k(['get', 'configmap', 'elsewhere', '-o', 'jsonpath={.metadata.labels}']).stdout, '');
  await reported();
  assert.equal(reviews.length, sent);
});

test('a webhook served by simulated pods fails writes as its failurePolicy says, and can always be removed', () => {
  assert.equal(k(['create', 'deployment', 'policy-operator', '--image=example.org/operator:v1', '--port=9443', '-n', 'default']).code, 0);
  assert.equal(k(['expose', 'deployment', 'policy-operator', '--port=443', '--target-port=9443', '-n', 'default']).code, 0);
  assert.equal(k(['rollout', 'status', 'deployment/policy-operator', '-n', 'default', '--timeout=30s']).code, 0);
  const hook = (name: string, policy: string) => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: ${name}}
webhooks:
- name: ${name}.cozylab.test
  clientConfig: {service: {name: policy-operator, namespace: default, path: /validate-secret}}
  rules: [{apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["secrets"]}]
  objectSelector: {matchLabels: {checked: "${name}"}}
  failurePolicy: ${policy}
  admissionReviewVersions: ["v1"]
  sideEffects: None
`;
  assert.equal(k(['apply', '-f', '-'], hook('strict', 'Fail') + '---\n' + hook('lenient', 'Ignore')).code, 0);
  const secret = (name: string) => `apiVersion: v1\nkind: Secret\nmetadata: {name: ${name}, namespace: default, labels: {checked: ${name}}}\nstringData: {k: v}\n`;
  const strict = k(['apply', '-f', '-'], secret('strict'));
  assert.match(
    strict.stderr,
    /^Error from server \(InternalError\): error when creating "STDIN": Internal error occurred: failed calling webhook "strict\.cozylab\.test": failed to call webhook: Post "https:\/\/policy-operator\.default\.svc:443\/validate-secret\?timeout=10s": dial tcp [\d.]+:9443: pod default\/policy-operator-[a-z0-9]+-[a-z0-9]+ behind service "policy-operator" is simulated by cozylab: no process listens on it$/m,
  );
  assert.equal(k(['apply', '-f', '-'], secret('lenient')).code, 0, 'failurePolicy Ignore lets the write through');
  assert.equal(k(['delete', 'validatingwebhookconfiguration', 'strict', 'lenient']).code, 0);
  assert.equal(k(['apply', '-f', '-'], secret('strict')).code, 0);
});
