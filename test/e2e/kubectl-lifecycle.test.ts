// Watching, waiting and deleting as kubectl does it, and the protobuf bodies of kubectl 1.32+.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary, runKubectl } from '../support/kubectl.ts';
import { apiRequest } from '../support/http.ts';

const cluster = useCluster();

const k = (args: string[], input?: string) => cluster.kubectl(args, { input });

function kubectlAsync(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(kubectlBinary()!, args, { env: { ...process.env, KUBECONFIG: cluster.kubeconfig } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a new namespace gets its default ServiceAccount', async () => {
  k(['create', 'namespace', 'life']);
  const start = Date.now();
  let r = k(['get', 'sa', '-n', 'life']);
  while (!/^default\s+0\s+\d+s$/m.test(r.stdout) && Date.now() - start < 10_000) r = k(['get', 'sa', '-n', 'life']);
  assert.match(r.stdout, /^NAME\s+SECRETS\s+AGE$/m);
  assert.match(r.stdout, /^default\s+0\s+\d+s$/m);
});

test('kubectl wait --for=delete returns once a finalizer is removed', async () => {
  let r = k(['apply', '-f', '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: held\n  namespace: life\n  finalizers: [example.com/hold]\n');
  assert.equal(r.code, 0, r.stderr);
  r = k(['delete', 'cm', 'held', '-n', 'life', '--wait=false']);
  assert.equal(r.code, 0, r.stderr);
  const waiting = kubectlAsync(['wait', '--for=delete', 'cm/held', '-n', 'life', '--timeout=20s']);
  await new Promise((res) => setTimeout(res, 500));
  r = k(['patch', 'cm', 'held', '-n', 'life', '--type', 'merge', '-p', '{"metadata":{"finalizers":null}}']);
  assert.equal(r.code, 0, r.stderr);
  const done = await waiting;
  assert.equal(done.code, 0, done.stderr);
});

test('kubectl wait --for=condition on a custom status', async () => {
  k(['apply', '-f', '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ignore\n  namespace: life\n');
  const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: gadgets, kind: Gadget}
  versions:
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`;
  assert.equal(k(['apply', '-f', '-'], crd).code, 0);
  await new Promise((res) => setTimeout(res, 300));
  let r = k(['apply', '-f', '-'], 'apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g1, namespace: life}\nspec: {}\n');
  assert.equal(r.code, 0, r.stderr);
  const waiting = kubectlAsync(['wait', '--for=condition=Ready', 'gadget/g1', '-n', 'life', '--timeout=20s']);
  await new Promise((res) => setTimeout(res, 500));
  const patch = await apiRequest(cluster, 'PATCH', '/apis/example.com/v1/namespaces/life/gadgets/g1/status', {
    body: JSON.stringify({ status: { conditions: [{ type: 'Ready', status: 'True', reason: 'Done', message: 'ok', lastTransitionTime: '2026-01-01T00:00:00Z' }] } }),
    headers: { 'Content-Type': 'application/merge-patch+json' },
  });
  assert.equal(patch.status, 200, patch.body);
  const done = await waiting;
  assert.equal(done.code, 0, done.stderr);
  assert.match(done.stdout, /gadget\.example\.com\/g1 condition met/);
  r = k(['delete', 'crd', 'gadgets.example.com']);
  assert.equal(r.code, 0, r.stderr);
});

test('kubectl get -w prints changes as they happen', async () => {
  const watching = spawn(kubectlBinary()!, ['get', 'cm', '-n', 'life', '-w'], { env: { ...process.env, KUBECONFIG: cluster.kubeconfig } });
  let out = '';
  watching.stdout.on('data', (d) => (out += d));
  await new Promise((res) => setTimeout(res, 800));
  k(['create', 'configmap', 'live', '-n', 'life', '--from-literal=a=b']);
  const start = Date.now();
  while (!/\blive\s+1\s+\d+s/.test(out) && Date.now() - start < 10_000) await new Promise((res) => setTimeout(res, 50));
  watching.kill();
  assert.match(out, /^NAME\s+DATA\s+AGE$/m);
  assert.match(out, /\blive\s+1\s+\d+s/);
});

test('deleting a namespace removes what is in it, then the namespace', async () => {
  k(['create', 'namespace', 'doomed']);
  k(['create', 'configmap', 'c1', '-n', 'doomed']);
  k(['create', 'secret', 'generic', 's1', '-n', 'doomed', '--from-literal=a=b']);
  const r = k(['delete', 'namespace', 'doomed', '--timeout=30s']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /namespace "doomed" deleted/);
  const gone = k(['get', 'namespace', 'doomed']);
  assert.match(gone.stderr, /NotFound/);
  const refused = k(['delete', 'namespace', 'default']);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /Forbidden.*this namespace may not be deleted/);
});

test('foreground cascading delete waits for dependents, orphan keeps them', () => {
  k(['create', 'configmap', 'owner', '-n', 'life']);
  const uid = k(['get', 'cm', 'owner', '-n', 'life', '-o', 'jsonpath={.metadata.uid}']).stdout;
  const dep = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: life\n  ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: owner, uid: ${uid}, blockOwnerDeletion: true}]\n`;
  assert.equal(k(['apply', '-f', '-'], dep('dep1')).code, 0);
  let r = k(['delete', 'cm', 'owner', '-n', 'life', '--cascade=foreground', '--timeout=20s']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(k(['get', 'cm', 'dep1', '-n', 'life']).stderr, /NotFound/);
  k(['create', 'configmap', 'owner2', '-n', 'life']);
  const uid2 = k(['get', 'cm', 'owner2', '-n', 'life', '-o', 'jsonpath={.metadata.uid}']).stdout;
  k(['apply', '-f', '-'], dep('dep2').replace('name: owner,', 'name: owner2,').replace(uid, uid2));
  r = k(['delete', 'cm', 'owner2', '-n', 'life', '--cascade=orphan', '--timeout=20s']);
  assert.equal(r.code, 0, r.stderr);
  r = k(['get', 'cm', 'dep2', '-n', 'life', '-o', 'jsonpath={.metadata.ownerReferences}']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
});

test('typed creates of kubectl 1.32+ (protobuf bodies) work', { skip: kubectlBinary('1.33') ? false : 'kubectl.1.33 absent' }, () => {
  const k33 = (args: string[]) => cluster.kubectl(args, { version: '1.33' });
  let r = k33(['create', 'namespace', 'proto']);
  assert.equal(r.code, 0, r.stderr);
  r = k33(['create', 'configmap', 'pc', '-n', 'proto', '--from-literal=mode=prod']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(k33(['get', 'cm', 'pc', '-n', 'proto', '-o', 'jsonpath={.data.mode}']).stdout, 'prod');
  r = k33(['create', 'deployment', 'web', '-n', 'proto', '--image=nginx:1.27', '--replicas=3', '--port=80']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(k33(['get', 'deploy', 'web', '-n', 'proto', '-o', 'jsonpath={.spec.replicas}/{.spec.template.spec.containers[0].ports[0].containerPort}']).stdout, '3/80');
  r = k33(['create', 'secret', 'generic', 'ps', '-n', 'proto', '--from-literal=password=s3cr3t']);
  assert.equal(r.code, 0, r.stderr);
  r = k33(['auth', 'whoami']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Username\s+admin/);
  assert.match(r.stdout, /system:masters/);
});

test('kubectl get prints the columns of a real cluster', () => {
  k(['create', 'service', 'clusterip', 'web', '-n', 'life', '--tcp=80:8080']);
  const r = k(['get', 'svc', 'web', '-n', 'life']);
  assert.match(r.stdout, /^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE$/m);
  assert.match(r.stdout, /^web\s+ClusterIP\s+10\.96\.\d+\.\d+\s+<none>\s+80\/TCP\s+\d+s$/m);
  const all = k(['get', 'cm', '-A']);
  assert.match(all.stdout, /^NAMESPACE\s+NAME\s+DATA\s+AGE$/m);
  assert.match(all.stdout, /^life\s+ignore\s+0\s+\d+s$/m);
  const apis = k(['get', 'apiservices']);
  assert.match(apis.stdout, /^v1\.apps\s+Local\s+True\s+\d+s$/m);
});

test('a Deployment makes a ReplicaSet that makes its pods', async () => {
  k(['create', 'namespace', 'work']);
  let r = k(['create', 'deployment', 'web', '-n', 'work', '--image=nginx:1.27', '--replicas=3']);
  assert.equal(r.code, 0, r.stderr);
  const start = Date.now();
  do {
    r = k(['get', 'pods', '-n', 'work', '-l', 'app=web', '-o', 'name']);
  } while (r.stdout.trim().split('\n').filter(Boolean).length < 3 && Date.now() - start < 10_000);
  assert.equal(r.stdout.trim().split('\n').length, 3, r.stdout);
  const rs = k(['get', 'rs', '-n', 'work']);
  assert.match(rs.stdout, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE$/m);
  assert.match(rs.stdout, /^web-[a-z0-9]+\s+3\s+3\s+[0-3]\s+\d+s$/m);
  const del = k(['delete', 'deployment', 'web', '-n', 'work', '--cascade=foreground', '--timeout=20s']);
  assert.equal(del.code, 0, del.stderr);
});

for (const version of ['1.27', '1.33']) {
  test(`kubectl ${version} rollout undo scales the earlier ReplicaSet back up instead of making a new one`, { skip: kubectlBinary(version) ? false : `kubectl.${version} absent` }, () => {
    const kv = (args: string[]) => runKubectl(kubectlBinary(version)!, cluster.kubeconfig, args);
    const ns = `undo-${version.replace('.', '-')}`;
    kv(['create', 'namespace', ns]);
    assert.equal(kv(['create', 'deployment', 'web', '-n', ns, '--image=nginx:1.26', '--replicas=2']).code, 0);
    const rolledOut = () => assert.equal(kv(['rollout', 'status', 'deployment/web', '-n', ns, '--timeout=20s']).code, 0);
    rolledOut();
    const first = kv(['get', 'rs', '-n', ns, '-o', 'name']).stdout.trim();
    assert.equal(kv(['set', 'image', 'deployment/web', '-n', ns, 'nginx=nginx:1.27']).code, 0);
    rolledOut();
    const undo = kv(['rollout', 'undo', 'deployment/web', '-n', ns]);
    assert.equal(undo.code, 0, undo.stderr);
    assert.match(undo.stdout, /deployment.apps\/web rolled back/);
    rolledOut();
    const sets = kv(['get', 'rs', '-n', ns, '-o', 'custom-columns=NAME:.metadata.name,REPLICAS:.spec.replicas,REVISION:.metadata.annotations.deployment\\.kubernetes\\.io/revision', '--no-headers']).stdout;
    const rows = sets.trim().split('\n').map((l) => l.trim().split(/\s+/));
    assert.equal(rows.length, 2, sets);
    assert.deepEqual(rows.find((r) => `replicaset.apps/${r[0]}` === first), [first.split('/')[1], '2', '3'], sets);
    assert.match(kv(['rollout', 'history', 'deployment/web', '-n', ns]).stdout, /^2\s+<none>\n3\s+<none>$/m);
  });
}

test('managedFields name the components that wrote, as on a real cluster', async () => {
  k(['create', 'namespace', 'owners']);
  assert.equal(k(['create', 'deployment', 'api', '-n', 'owners', '--image=nginx:1.27']).code, 0);
  const start = Date.now();
  let pod: { metadata: { managedFields?: Array<{ manager: string; operation: string; subresource?: string }> }; status?: { phase?: string } } | undefined;
  while (Date.now() - start < 20_000) {
    const r = k(['get', 'pods', '-n', 'owners', '-l', 'app=api', '-o', 'json', '--show-managed-fields']);
    pod = JSON.parse(r.stdout).items[0];
    if (pod?.status?.phase === 'Running') break;
    await new Promise((res) => setTimeout(res, 200));
  }
  assert.equal(pod?.status?.phase, 'Running');
  // The binding writes past the field manager; the ReplicaSet controller creates, the kubelet reports.
  const managers = pod!.metadata.managedFields!.map((m) => `${m.manager} ${m.operation}${m.subresource ? ` ${m.subresource}` : ''}`).sort();
  assert.deepEqual(managers, ['kube-controller-manager Update', 'kubelet Update status']);
  const deploy = JSON.parse(k(['get', 'deployment', 'api', '-n', 'owners', '-o', 'json', '--show-managed-fields']).stdout);
  assert.ok(deploy.metadata.managedFields.some((m: { manager: string; subresource?: string }) => m.manager === 'kube-controller-manager' && m.subresource === 'status'));
  assert.equal(deploy.metadata.annotations['deployment.kubernetes.io/revision'], '1');
});

test('kubectl logs: the kubelet\'s errors while a container is not running, an empty log once it runs, -f until it stops', async () => {
  k(['create', 'namespace', 'logs']);
  const pod = `apiVersion: v1
kind: Pod
metadata: {name: app, namespace: logs}
spec:
  containers:
  - {name: main, image: "nginx:1.27"}
  - {name: sidecar, image: "busybox:1.36"}
`;
  assert.equal(k(['apply', '-f', '-'], pod).code, 0);
  const early = k(['logs', 'app', '-n', 'logs', '-c', 'main']);
  if (early.code !== 0) assert.match(early.stderr, /Error from server \(BadRequest\): container "main" in pod "app" is waiting to start: ContainerCreating/);
  assert.equal(k(['wait', '--for=condition=Ready', 'pod/app', '-n', 'logs', '--timeout=30s']).code, 0);
  const logs = k(['logs', 'app', '-n', 'logs', '-c', 'main']);
  assert.equal(logs.code, 0, logs.stderr);
  assert.equal(logs.stdout, '');
  assert.match(k(['logs', 'app', '-n', 'logs', '-c', 'main', '--previous']).stderr, /previous terminated container "main" in pod "app" not found/);
  const raw = await apiRequest(cluster, 'GET', '/api/v1/namespaces/logs/pods/app/log');
  assert.equal(raw.status, 400);
  assert.equal(raw.json().message, 'a container name must be specified for pod app, choose one of: [main sidecar]');
  const follow = kubectlAsync(['logs', '-f', 'app', '-n', 'logs', '-c', 'main']);
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(k(['delete', 'pod', 'app', '-n', 'logs', '--wait=false', '--grace-period=1']).code, 0);
  const done = await follow;
  assert.equal(done.code, 0, done.stderr);
});

test('kubectl exec, attach and port-forward are refused with what stops them: the container runs no process', async () => {
  k(['create', 'namespace', 'streams']);
  assert.equal(k(['run', 'box', '-n', 'streams', '--image=busybox:1.36', '--', 'sleep', '3600']).code, 0);
  assert.equal(k(['wait', '--for=condition=Ready', 'pod/box', '-n', 'streams', '--timeout=30s']).code, 0);
  const exec = k(['exec', 'box', '-n', 'streams', '--', 'ls', '-la']);
  assert.notEqual(exec.code, 0);
  assert.match(exec.stderr, /Error from server \(BadRequest\): container "box" in pod "box" is simulated by cozylab and runs no process: there is nothing to run "ls -la" in/);
  assert.match(k(['exec', 'box', '-n', 'streams', '-c', 'other', '--', 'ls']).stderr, /container other is not valid for pod box/);
  assert.match(k(['attach', 'box', '-n', 'streams']).stderr, /there is nothing to attach to/);
  // kubectl opens the streaming connection before it listens locally: refused, it exits at once.
  const forward = k(['port-forward', 'pod/box', '-n', 'streams', '18080:80']);
  assert.notEqual(forward.code, 0);
  assert.match(forward.stderr, /error upgrading connection: pod box is simulated by cozylab: no process listens on its ports, so there is nothing to forward to/);
});

for (const version of ['1.27', '1.33']) {
  test(`kubectl ${version} debug adds an ephemeral container that the kubelet starts and reports`, { skip: kubectlBinary(version) ? false : `kubectl.${version} absent` }, async () => {
    const kv = (args: string[]) => cluster.kubectl(args, { version });
    const ns = `debug-${version.replace('.', '-')}`;
    k(['create', 'namespace', ns]);
    assert.equal(k(['run', 'app', '-n', ns, '--image=nginx:1.27']).code, 0);
    assert.equal(k(['wait', '--for=condition=Ready', 'pod/app', '-n', ns, '--timeout=30s']).code, 0);
    const debug = kv(['debug', 'pod/app', '-n', ns, '--image=busybox:1.36', '--target=app', '-c', 'debugger', '--', 'sleep', '1']);
    assert.equal(debug.code, 0, debug.stderr);
    const state = () => k(['get', 'pod', 'app', '-n', ns, '-o', 'jsonpath={.status.ephemeralContainerStatuses[0].state}']).stdout;
    const deadline = Date.now() + 20_000;
    while (!state().includes('"terminated"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    assert.match(state(), /"terminated":\{.*"exitCode":0.*"reason":"Completed"/);
    assert.match(k(['describe', 'pod', 'app', '-n', ns]).stdout, /Ephemeral Containers:\n {2}debugger:\n[\s\S]*State: +Terminated\n +Reason: +Completed/);
    const again = kv(['debug', 'pod/app', '-n', ns, '--image=alpine', '-c', 'debugger', '--profile=general']);
    assert.match(again.stderr, /The Pod "app" is invalid: spec\.ephemeralContainers: Forbidden: existing ephemeral containers "debugger" may not be changed/);
    const resources = JSON.parse(k(['get', '--raw', '/api/v1']).stdout).resources as Array<{ name: string; kind: string; verbs: string[] }>;
    assert.deepEqual(resources.find((r) => r.name === 'pods/ephemeralcontainers'), { name: 'pods/ephemeralcontainers', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get', 'patch', 'update'] });
  });
}

test('pods keep metadata.generation as 1.33 does: 1 at create, up on a spec change, not for a binding or status, up once at deletion', async () => {
  k(['create', 'namespace', 'podgen']);
  const generation = () => k(['get', 'pod', 'app', '-n', 'podgen', '-o', 'jsonpath={.metadata.generation}']).stdout;
  assert.equal(k(['run', 'app', '-n', 'podgen', '--image=nginx:1.27']).code, 0);
  assert.equal(k(['wait', '--for=condition=Ready', 'pod/app', '-n', 'podgen', '--timeout=30s']).code, 0);
  // Scheduled (binding) and Running (status writes) by now: still the generation it was created with.
  assert.equal(generation(), '1');
  assert.equal(k(['label', 'pod', 'app', '-n', 'podgen', 'tier=web']).code, 0);
  assert.equal(generation(), '1');
  assert.equal(k(['set', 'image', 'pod/app', '-n', 'podgen', 'app=nginx:1.28']).code, 0);
  assert.equal(generation(), '2');
  // A finalizer keeps the pod to be read after the kubelet has stopped it.
  assert.equal(k(['patch', 'pod', 'app', '-n', 'podgen', '-p', '{"metadata":{"finalizers":["example.com/hold"]}}']).code, 0);
  assert.equal(k(['delete', 'pod', 'app', '-n', 'podgen', '--wait=false']).code, 0);
  assert.equal(generation(), '3');
  assert.equal(k(['delete', 'pod', 'app', '-n', 'podgen', '--wait=false', '--grace-period=0', '--force']).code, 0);
  assert.equal(generation(), '3');
  assert.equal(k(['patch', 'pod', 'app', '-n', 'podgen', '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]']).code, 0);
});
