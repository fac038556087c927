// What kube-apiserver tells kubectl about a Pod or pod template that is valid but likely not what was
// meant (Warning headers), and the AppArmor annotations 1.33 still copies into fields.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary } from '../support/kubectl.ts';
import { apiRequest } from '../support/http.ts';

const NS = 'warned';
const APPARMOR = 'container.apparmor.security.beta.kubernetes.io';

const cluster = useCluster({}, () => {
  cluster.kubectl(['create', 'namespace', NS]);
  // Pod Security's own warnings stay out of what these tests read.
  cluster.kubectl(['label', 'namespace', NS, 'pod-security.kubernetes.io/warn=privileged']);
});

const warnings = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('Warning: ')).map((l) => l.slice('Warning: '.length));

for (const version of ['1.27', '1.33']) {
  test(`kubectl ${version} shows a Pod's warnings and the AppArmor field its annotation became`, { skip: kubectlBinary(version) ? false : `kubectl.${version} absent` }, () => {
    const name = `warned-${version.replace('.', '-')}`;
    const manifest = `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: ${NS}
  annotations: {${APPARMOR}/app: localhost/k8s-deny-write}
spec:
  nodeSelector: {beta.kubernetes.io/arch: amd64}
  containers:
  - name: app
    image: nginx:1.27
    env: [{name: MODE, value: a}, {name: MODE, value: b}]
    resources: {requests: {memory: "0.5"}}
`;
    const r = cluster.kubectl(['create', '-f', '-'], { input: manifest, version });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(warnings(r.stderr), [
      `metadata.annotations[${APPARMOR}/app]: deprecated since v1.30; use the "appArmorProfile" field instead`,
      'spec.nodeSelector[beta.kubernetes.io/arch]: deprecated since v1.14; use "kubernetes.io/arch" instead',
      'spec.containers[0].resources.requests[memory]: fractional byte value "500m" is invalid, must be an integer',
      'spec.containers[0].env[1]: hides previous definition of "MODE", which may be dropped when using apply',
    ]);
    const profile = cluster.kubectl(['get', 'pod', name, '-n', NS, '-o', 'jsonpath={.spec.containers[0].securityContext.appArmorProfile}']).stdout;
    assert.deepEqual(JSON.parse(profile), { type: 'Localhost', localhostProfile: 'k8s-deny-write' });
  });
}

test('a Deployment warns about its template on create and on a template change, not on a label', () => {
  const deployment = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: ports, namespace: ${NS}}
spec:
  selector: {matchLabels: {app: ports}}
  template:
    metadata: {labels: {app: ports}}
    spec:
      containers:
      - {name: web, image: ${image}, ports: [{containerPort: 8080}]}
      - {name: proxy, image: envoy, ports: [{containerPort: 8080}]}
`;
  const duplicate = 'spec.template.spec.containers[1].ports[0]: duplicate port definition with spec.template.spec.containers[0].ports[0]';
  let r = cluster.kubectl(['apply', '-f', '-'], { input: deployment('nginx:1.27') });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(warnings(r.stderr), [duplicate]);
  r = cluster.kubectl(['label', 'deployment', 'ports', '-n', NS, 'tier=web']);
  assert.deepEqual(warnings(r.stderr), []);
  r = cluster.kubectl(['apply', '-f', '-'], { input: deployment('nginx:1.28') });
  assert.deepEqual(warnings(r.stderr), [duplicate]);
});

test('AppArmor annotations that name no container or no profile, or disagree with the field, and a Localhost profile without its name, are refused; nothing is stored', () => {
  let r = cluster.kubectl(['apply', '-f', '-'], {
    input: `apiVersion: apps/v1
kind: Deployment
metadata: {name: strict, namespace: ${NS}}
spec:
  selector: {matchLabels: {app: strict}}
  template:
    metadata: {labels: {app: strict}, annotations: {${APPARMOR}/app: strict}}
    spec: {containers: [{name: app, image: nginx}]}
`,
  });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, new RegExp(`The Deployment "strict" is invalid: spec\\.template\\.metadata\\.annotations\\[${APPARMOR.replaceAll('.', '\\.')}/app\\]: Invalid value: "strict": invalid AppArmor profile name: "strict"`));
  r = cluster.kubectl(['apply', '-f', '-'], {
    input: `apiVersion: v1
kind: Pod
metadata: {name: mixed, namespace: ${NS}, annotations: {${APPARMOR}/app: unconfined, ${APPARMOR}/ghost: runtime/default}}
spec: {containers: [{name: app, image: nginx, securityContext: {appArmorProfile: {type: RuntimeDefault}}}]}
`,
  });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /metadata\.annotations\[container\.apparmor\.security\.beta\.kubernetes\.io\/ghost\]: Invalid value: "ghost": container not found/);
  assert.match(r.stderr, /spec\.containers\[0\]\.securityContext\.appArmorProfile\.type: Forbidden: apparmor type in annotation and field must match/);
  r = cluster.kubectl(['apply', '-f', '-'], {
    input: `apiVersion: v1
kind: Pod
metadata: {name: unnamed-profile, namespace: ${NS}}
spec: {containers: [{name: app, image: nginx, securityContext: {appArmorProfile: {type: Localhost}}}]}
`,
  });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /The Pod "unnamed-profile" is invalid: spec\.containers\[0\]\.securityContext\.appArmorProfile\.localhostProfile: Required value: must be set when AppArmor type is Localhost/);
  assert.notEqual(cluster.kubectl(['get', 'deployment', 'strict', '-n', NS]).code, 0);
  assert.notEqual(cluster.kubectl(['get', 'pod', 'mixed', '-n', NS]).code, 0);
});

test('an env var with both a value and a valueFrom is refused as kube-apiserver refuses it', () => {
  const r = cluster.kubectl(['apply', '-f', '-'], {
    input: `apiVersion: v1
kind: Pod
metadata: {name: envy, namespace: ${NS}}
spec: {containers: [{name: app, image: nginx, env: [{name: POD, value: x, valueFrom: {fieldRef: {fieldPath: metadata.name}}}]}]}
`,
  });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /The Pod "envy" is invalid: spec\.containers\[0\]\.env\[0\]\.valueFrom: Invalid value: "": may not be specified when `value` is not empty/);
});

test('a negative terminationGracePeriodSeconds is accepted with the warning; a delete gives the pod 1 s; it may change to 1 only', async () => {
  const pod = (name: string) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: ${NS}, finalizers: [example.com/hold]}
spec: {terminationGracePeriodSeconds: -10, containers: [{name: app, image: nginx}]}
`;
  const r = cluster.kubectl(['apply', '-f', '-'], { input: pod('impatient') });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(warnings(r.stderr), ['spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1']);
  assert.equal(cluster.kubectl(['wait', '--for=condition=Ready', 'pod/impatient', '-n', NS, '--timeout=30s']).code, 0);
  // The delete's own answer: the pod as marked, before the kubelet has finished it.
  const deleted = await apiRequest(cluster, 'DELETE', `/api/v1/namespaces/${NS}/pods/impatient`);
  assert.equal(deleted.status, 200);
  assert.equal(deleted.json<{ metadata: { deletionGracePeriodSeconds?: number } }>().metadata.deletionGracePeriodSeconds, 1);
  cluster.kubectl(['patch', 'pod', 'impatient', '-n', NS, '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]']);

  assert.equal(cluster.kubectl(['apply', '-f', '-'], { input: pod('settled') }).code, 0);
  const five = cluster.kubectl(['patch', 'pod', 'settled', '-n', NS, '-p', '{"spec":{"terminationGracePeriodSeconds":5}}']);
  assert.match(five.stderr, /spec: Forbidden: pod updates may not change fields other than/);
  assert.equal(cluster.kubectl(['patch', 'pod', 'settled', '-n', NS, '-p', '{"spec":{"terminationGracePeriodSeconds":1}}']).code, 0);
  cluster.kubectl(['patch', 'pod', 'settled', '-n', NS, '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]']);
});

test("a running pod's tolerations may grow and change their tolerationSeconds, nothing else", () => {
  const r = cluster.kubectl(['apply', '-f', '-'], {
    input: `apiVersion: v1
kind: Pod
metadata: {name: tolerant, namespace: ${NS}}
spec:
  tolerations: [{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 100}]
  containers: [{name: app, image: nginx}]
`,
  });
  assert.equal(r.code, 0, r.stderr);
  const patch = (ops: unknown[]) => cluster.kubectl(['patch', 'pod', 'tolerant', '-n', NS, '--type=json', '-p', JSON.stringify(ops)]);
  assert.equal(patch([{ op: 'add', path: '/spec/tolerations/-', value: { key: 'gpu', operator: 'Exists', effect: 'NoSchedule' } }]).code, 0);
  assert.equal(patch([{ op: 'replace', path: '/spec/tolerations/0/tolerationSeconds', value: 50 }]).code, 0);
  const removed = patch([{ op: 'remove', path: '/spec/tolerations/0' }]);
  assert.notEqual(removed.code, 0);
  assert.match(removed.stderr, /The Pod "tolerant" is invalid: spec\.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds/);
  const keys = cluster.kubectl(['get', 'pod', 'tolerant', '-n', NS, '-o', 'jsonpath={.spec.tolerations[*].key}']).stdout;
  assert.match(keys, /^maintenance .*gpu$/);
});
