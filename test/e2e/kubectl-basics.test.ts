// The everyday kubectl commands against a real `cozylab up`, for the oldest and newest kubectl.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { startCluster, useCluster } from '../support/cluster.ts';
import { kubectlBinary } from '../support/kubectl.ts';
import { apiRequest } from '../support/http.ts';
import { RESTRICTED_WARNING } from '../support/pod-security.ts';

const cluster = useCluster();

test('health endpoints answer ok without credentials; /version is a version object', async () => {
  for (const path of ['/healthz', '/livez', '/readyz']) {
    const r = await apiRequest(cluster, 'GET', path, { token: null });
    assert.equal(r.status, 200);
    assert.equal(r.body, 'ok');
  }
  const v = await apiRequest(cluster, 'GET', '/version', { token: null });
  assert.match(v.json<{ gitVersion: string }>().gitVersion, /^v1\.33\.\d+\+cozylab$/);
});

test('health checks as kube-apiserver lists them: ?verbose, ?exclude, one check by path', async () => {
  const verbose = cluster.kubectl(['get', '--raw', '/readyz?verbose']).stdout;
  for (const line of ['[+]ping ok', '[+]etcd ok', '[+]informer-sync ok', '[+]poststarthook/rbac/bootstrap-roles ok', '[+]poststarthook/scheduling/bootstrap-system-priority-classes ok', '[+]shutdown ok']) {
    assert.ok(verbose.split('\n').includes(line), `${line} in\n${verbose}`);
  }
  assert.match(verbose, /readyz check passed\n?$/);
  assert.match(cluster.kubectl(['get', '--raw', '/livez?verbose&exclude=etcd']).stdout, /^\[\+\]etcd excluded: ok$[\s\S]*livez check passed/m);
  assert.equal(cluster.kubectl(['get', '--raw', '/livez/etcd']).stdout, 'ok');
  const unknown = await apiRequest(cluster, 'GET', '/readyz/nothing', { token: null });
  assert.equal(unknown.status, 404);
  assert.equal((await apiRequest(cluster, 'GET', '/healthz?verbose', { token: null })).status, 200);
});

test('service-account issuer discovery: the OpenID configuration and the key that verifies kubectl create token', async () => {
  const config = JSON.parse(cluster.kubectl(['get', '--raw', '/.well-known/openid-configuration']).stdout);
  assert.equal(config.issuer, 'https://kubernetes.default.svc.cluster.local');
  assert.match(config.jwks_uri, /^https:\/\/127\.0\.0\.1:\d+\/openid\/v1\/jwks$/);
  // A new data dir's key is ECDSA P-256, as Talos makes it: ES256 tokens.
  assert.deepEqual(config.id_token_signing_alg_values_supported, ['ES256']);
  const token = cluster.kubectl(['create', 'token', 'default']).stdout.trim();
  const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
  // A service account may read them (system:service-account-issuer-discovery), as a workload verifying tokens does.
  const jwks = await apiRequest(cluster, 'GET', '/openid/v1/jwks', { token });
  assert.equal(jwks.status, 200);
  const [key] = jwks.json<{ keys: Array<{ kid: string; kty: string; alg: string; use: string }> }>().keys;
  assert.equal(header.alg, 'ES256');
  assert.deepEqual([key!.kid, key!.kty, key!.alg, key!.use], [header.kid, 'EC', 'ES256', 'sig']);
  assert.equal((await apiRequest(cluster, 'GET', '/openid/v1/jwks', { token: null })).status, 401);
});

test('no credential → 401 Unauthorized Status', async () => {
  const r = await apiRequest(cluster, 'GET', '/api/v1/namespaces', { token: null });
  assert.equal(r.status, 401);
  assert.equal(r.json().reason, 'Unauthorized');
  const bad = await apiRequest(cluster, 'GET', '/api/v1/namespaces', { token: 'wrong' });
  assert.equal(bad.status, 401);
});

test('--kubernetes-only is a plain Kubernetes cluster: none of Cozystack, not even Flux', () => {
  const namespaces = cluster.kubectl(['get', 'ns', '-o', 'name']).stdout.trim().split('\n').filter((l) => !l.startsWith('namespace/basics-'));
  assert.deepEqual(namespaces, ['namespace/default', 'namespace/kube-node-lease', 'namespace/kube-public', 'namespace/kube-system']);
  assert.equal(cluster.kubectl(['get', 'crd', '-o', 'name']).stdout.trim(), '');
  assert.doesNotMatch(cluster.kubectl(['api-resources', '-o', 'name']).stdout, /fluxcd|cozystack/);
});

for (const version of ['1.27', '1.33']) {
  describe(`kubectl ${version}`, { skip: kubectlBinary(version) ? false : `kubectl.${version} is not on this machine` }, () => {
    const k = (args: string[], input?: string) => cluster.kubectl(args, { version, input });
    const ns = `basics-${version.replace('.', '')}`;

    test('get ns shows the system namespaces', () => {
      const r = k(['get', 'ns']);
      assert.equal(r.code, 0, r.stderr);
      const lines = r.stdout.trim().split('\n');
      assert.match(lines[0]!, /^NAME\s+STATUS\s+AGE$/);
      for (const name of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) {
        assert.ok(lines.some((l) => new RegExp(`^${name}\\s+Active\\s+\\d+s$`).test(l)), `${name} missing in:\n${r.stdout}`);
      }
    });

    test('version reports the server', () => {
      const r = k(['version']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /v1\.33\.0\+cozylab/);
    });

    test('create, apply, get, label, patch, replace, delete a ConfigMap', () => {
      assert.equal(k(['create', 'namespace', ns]).code, 0);
      const manifest = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n  namespace: ${ns}\ndata:\n  a: "1"\n`;
      let r = k(['apply', '-f', '-'], manifest);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /configmap\/cfg created/);
      r = k(['apply', '-f', '-'], manifest);
      assert.match(r.stdout, /configmap\/cfg unchanged/);
      r = k(['apply', '-f', '-'], manifest.replace('"1"', '"2"'));
      assert.match(r.stdout, /configmap\/cfg configured/);
      r = k(['get', 'cm', 'cfg', '-n', ns, '-o', 'jsonpath={.data.a}']);
      assert.equal(r.stdout, '2');
      r = k(['label', 'cm', 'cfg', '-n', ns, 'tier=web']);
      assert.equal(r.code, 0, r.stderr);
      r = k(['get', 'cm', '-n', ns, '-l', 'tier in (web,db)', '-o', 'name']);
      assert.equal(r.stdout.trim(), 'configmap/cfg');
      r = k(['patch', 'cm', 'cfg', '-n', ns, '--type', 'merge', '-p', '{"data":{"b":"3"}}']);
      assert.match(r.stdout, /patched/);
      r = k(['patch', 'cm', 'cfg', '-n', ns, '--type', 'json', '-p', '[{"op":"remove","path":"/data/b"}]']);
      assert.match(r.stdout, /patched/);
      r = k(['patch', 'cm', 'cfg', '-n', ns, '-p', '{"data":{"c":"4"}}']);
      assert.match(r.stdout, /patched/);
      r = k(['patch', 'cm', 'cfg', '-n', ns, '-p', '{"data":{"c":"4"}}']);
      assert.match(r.stdout, /patched \(no change\)/);
      r = k(['get', 'cm', 'cfg', '-n', ns, '-o', 'json']);
      const live = JSON.parse(r.stdout);
      live.metadata.resourceVersion = '1';
      r = k(['replace', '-f', '-'], JSON.stringify(live));
      assert.equal(r.code, 1);
      assert.match(r.stderr, /Error from server \(Conflict\).*the object has been modified/);
      r = k(['delete', 'cm', 'cfg', '-n', ns]);
      assert.match(r.stdout, /configmap "cfg" deleted/);
      r = k(['get', 'cm', 'cfg', '-n', ns]);
      assert.match(r.stderr, /Error from server \(NotFound\): configmaps "cfg" not found/);
    });

    test('server dry run stores nothing; strict field validation names the unknown field', () => {
      const manifest = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dry\n  namespace: ${ns}\ndata:\n  a: "1"\n`;
      let r = k(['apply', '--dry-run=server', '-f', '-'], manifest);
      assert.match(r.stdout, /configmap\/dry created \(server dry run\)/);
      r = k(['get', 'cm', 'dry', '-n', ns]);
      assert.equal(r.code, 1);
      r = k(['apply', '-f', '-'], manifest.replace('\ndata:', '\nbogus: 1\ndata:'));
      assert.equal(r.code, 1);
      assert.match(r.stderr, /error when creating "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus"/);
      // A patch of an existing object is refused with the bare decoding error, as kube-apiserver's patch handler words it.
      assert.equal(k(['apply', '-f', '-'], manifest).code, 0);
      r = k(['apply', '-f', '-'], manifest.replace('\ndata:', '\nbogus: 1\ndata:'));
      assert.equal(r.code, 1);
      assert.match(r.stderr, /Error from server \(BadRequest\): error when applying patch:[\s\S]*strict decoding error: unknown field "bogus"/);
      assert.doesNotMatch(r.stderr, /cannot be handled as/);
    });

    test('kubectl diff against an object made by kubectl create shows only what the manifest changes', () => {
      assert.equal(k(['create', 'cm', 'plain', '-n', ns, '--from-literal=a=1']).code, 0);
      const manifest = (a: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\n  namespace: ${ns}\ndata:\n  a: "${a}"\n`;
      let r = k(['diff', '-f', '-'], manifest('1'));
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.equal(r.stdout, '');
      r = k(['diff', '-f', '-'], manifest('2'));
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stdout, /^-  a: "1"$/m);
      assert.match(r.stdout, /^\+  a: "2"$/m);
      assert.doesNotMatch(r.stdout, /annotations/);
      assert.equal(k(['delete', 'cm', 'plain', '-n', ns]).code, 0);
    });

    test('a manifest as Helm renders it, with empty lists and maps, is stored as kube-apiserver stores it', () => {
      const manifest = `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: helmish\n  namespace: ${ns}\nspec:\n  selector: {matchLabels: {app: helmish}}\n  template:\n    metadata: {labels: {app: helmish}, annotations: {}}\n    spec:\n      nodeSelector: {}\n      tolerations: []\n      affinity: {}\n      containers: [{name: c, image: nginx, env: [], resources: {}}]\n`;
      assert.equal(k(['apply', '-f', '-'], manifest).code, 0);
      const template = JSON.parse(k(['get', 'deploy', 'helmish', '-n', ns, '-o', 'jsonpath={.spec.template}']).stdout);
      assert.deepEqual(template.metadata, { creationTimestamp: null, labels: { app: 'helmish' } });
      assert.deepEqual([template.spec.nodeSelector, template.spec.tolerations, template.spec.affinity], [undefined, undefined, {}]);
      assert.deepEqual([template.spec.containers[0].env, template.spec.containers[0].resources], [undefined, {}]);
      // Applied again, kubectl's patch re-adds the empty fields (so it says "configured", as against a real
      // cluster, the sync loop GitOps tools fall into with such charts), and nothing is written. (Once rolled
      // out: until then the deployment controller writes its status.)
      assert.equal(k(['rollout', 'status', 'deploy/helmish', '-n', ns, '--timeout=60s']).code, 0);
      const rv = k(['get', 'deploy', 'helmish', '-n', ns, '-o', 'jsonpath={.metadata.resourceVersion}']).stdout;
      assert.match(k(['apply', '-f', '-'], manifest).stdout, /deployment.apps\/helmish configured/);
      assert.equal(k(['get', 'deploy', 'helmish', '-n', ns, '-o', 'jsonpath={.metadata.resourceVersion}']).stdout, rv);
      assert.equal(k(['delete', 'deploy', 'helmish', '-n', ns]).code, 0);
    });

    test('quantities come back in canonical form; a value that is none is refused with the decoder\'s message', () => {
      const quota = `apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: q\n  namespace: ${ns}\nspec:\n  hard:\n    requests.cpu: "0.5"\n    requests.memory: 1024Mi\n    limits.cpu: 2\n    pods: "10"\n`;
      let r = k(['apply', '-f', '-'], quota);
      assert.equal(r.code, 0, r.stderr);
      r = k(['get', 'quota', 'q', '-n', ns, '-o', 'jsonpath={.spec.hard}']);
      assert.deepEqual(JSON.parse(r.stdout), { 'limits.cpu': '2', pods: '10', 'requests.cpu': '500m', 'requests.memory': '1Gi' });
      const pod = (cpu: string) =>
        `apiVersion: v1\nkind: Pod\nmetadata:\n  name: sized\n  namespace: ${ns}\nspec:\n  containers:\n  - name: app\n    image: nginx\n    resources:\n      requests:\n        cpu: ${cpu}\n        memory: 268435456\n      limits:\n        cpu: 0.25\n        memory: 512Mi\n`;
      r = k(['apply', '-f', '-'], pod('lots'));
      assert.equal(r.code, 1);
      assert.match(r.stderr, /Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression/);
      assert.equal(k(['get', 'pod', 'sized', '-n', ns]).code, 1);
      r = k(['apply', '-f', '-'], pod('"0.1"'));
      assert.equal(r.code, 0, r.stderr);
      r = k(['get', 'pod', 'sized', '-n', ns, '-o', 'jsonpath={.spec.containers[0].resources}']);
      assert.deepEqual(JSON.parse(r.stdout), { limits: { cpu: '250m', memory: '512Mi' }, requests: { cpu: '100m', memory: '268435456' } });
      assert.equal(k(['delete', 'pod', 'sized', '-n', ns, '--grace-period=0', '--force']).code, 0);
      assert.equal(k(['delete', 'quota', 'q', '-n', ns]).code, 0);
    });

    test('without the platform there is no metrics-server, and kubectl top says so', () => {
      const r = k(['top', 'nodes']);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /Metrics API not available/);
    });

    test('server-side apply creates and then applies', () => {
      const manifest = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\n  namespace: ${ns}\ndata:\n  a: "1"\n`;
      let r = k(['apply', '--server-side', '-f', '-'], manifest);
      assert.match(r.stdout, /configmap\/ssa serverside-applied/, r.stderr);
      r = k(['apply', '--server-side', '-f', '-'], manifest.replace('"1"', '"2"'));
      assert.match(r.stdout, /serverside-applied/, r.stderr);
      r = k(['get', 'cm', 'ssa', '-n', ns, '-o', 'jsonpath={.data.a}']);
      assert.equal(r.stdout, '2');
    });

    test('server-side apply takes over what client-side apply set, and still refuses what another manager changed', () => {
      const manifest = (a: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: csa\n  namespace: ${ns}\ndata:\n  a: "${a}"\n  b: "<b>"\n`;
      k(['create', 'namespace', ns]);
      assert.equal(k(['apply', '-f', '-'], manifest('1')).code, 0);
      let r = k(['apply', '--server-side', '-f', '-'], manifest('2'));
      assert.match(r.stdout, /configmap\/csa serverside-applied/, r.stderr);
      const annotation = k(['get', 'cm', 'csa', '-n', ns, '-o', 'jsonpath={.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}']).stdout;
      assert.equal(annotation, `{"apiVersion":"v1","data":{"a":"2","b":"\\u003cb\\u003e"},"kind":"ConfigMap","metadata":{"name":"csa","namespace":"${ns}"}}\n`);
      assert.equal(k(['patch', 'cm', 'csa', '-n', ns, '--field-manager=editor', '-p', '{"data":{"a":"9"}}']).code, 0);
      r = k(['apply', '--server-side', '-f', '-'], manifest('3'));
      assert.notEqual(r.code, 0);
      assert.match(r.stderr, /Apply failed with 1 conflict: conflict with "editor" using v1: \.data\.a/);
      assert.equal(k(['get', 'cm', 'csa', '-n', ns, '-o', 'jsonpath={.data.a}']).stdout, '9');
    });

    test('api-resources lists built-in kinds with short names', () => {
      const r = k(['api-resources']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/m);
      assert.match(r.stdout, /^namespaces\s+ns\s+v1\s+false\s+Namespace$/m);
      assert.match(r.stdout, /^customresourcedefinitions\s+crd,crds\s+apiextensions\.k8s\.io\/v1\s+false\s+CustomResourceDefinition$/m);
    });

    test('apply --prune -l deletes what left the manifest (its default allowlist names every kind it prunes)', () => {
      const cm = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}, namespace: ${ns}, labels: {set: pruned}}\ndata: {k: v}\n`;
      k(['create', 'namespace', ns]);
      assert.equal(k(['apply', '-f', '-'], `${cm('keep')}---\n${cm('drop')}`).code, 0);
      const pruned = k(['apply', '-n', ns, '--prune', '-l', 'set=pruned', '-f', '-'], cm('keep'));
      assert.equal(pruned.code, 0, pruned.stderr);
      assert.match(pruned.stdout, /^configmap\/drop pruned$/m);
      assert.deepEqual(k(['get', 'cm', '-n', ns, '-l', 'set=pruned', '-o', 'name']).stdout.trim().split('\n'), ['configmap/keep']);
    });
  });
}

test('a ReplicationController keeps its replicas, scales, and takes its pods with it when deleted', async () => {
  const k = (args: string[], input?: string) => cluster.kubectl(args, { input });
  k(['create', 'namespace', 'rc']);
  const rc = `apiVersion: v1
kind: ReplicationController
metadata: {name: nginx, namespace: rc}
spec:
  replicas: 3
  template:
    metadata: {labels: {app: nginx}}
    spec:
      containers: [{name: nginx, image: "nginx:1.27"}]
`;
  assert.equal(k(['apply', '-f', '-'], rc).code, 0);
  const stored = JSON.parse(k(['get', 'rc', 'nginx', '-n', 'rc', '-o', 'json']).stdout) as { metadata: { labels: Record<string, string> }; spec: { selector: Record<string, string> } };
  assert.deepEqual(stored.spec.selector, { app: 'nginx' }, 'the selector defaults to the template labels');
  assert.deepEqual(stored.metadata.labels, { app: 'nginx' });
  const ready = async (n: number) => {
    const start = Date.now();
    let out = '';
    while (Date.now() - start < 30_000) {
      out = k(['get', 'rc', 'nginx', '-n', 'rc', '-o', 'wide']).stdout;
      if (new RegExp(`^nginx\\s+${n}\\s+${n}\\s+${n}\\s+\\d+s\\s+nginx\\s+nginx:1\\.27\\s+app=nginx$`, 'm').test(out)) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.fail(`rc never had ${n} ready:\n${out}`);
  };
  await ready(3);
  assert.match(k(['get', 'rc', '-n', 'rc']).stdout, /^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE$/m);
  assert.equal(k(['scale', 'rc', 'nginx', '-n', 'rc', '--replicas=1']).code, 0);
  await ready(1);
  assert.equal(k(['delete', 'rc', 'nginx', '-n', 'rc', '--cascade=foreground', '--timeout=30s']).code, 0);
  assert.equal(k(['get', 'pods', '-n', 'rc', '-l', 'app=nginx', '-o', 'name']).stdout.trim(), '');
});

test('core/v1 and events.k8s.io/v1 Events are one set of objects: each API lists and describes what the other recorded', async () => {
  const k = (args: string[], input?: string) => cluster.kubectl(['-n', 'default', ...args], { input });
  assert.equal(k(['create', 'configmap', 'watched']).code, 0);
  const uid = k(['get', 'configmap', 'watched', '-o', 'jsonpath={.metadata.uid}']).stdout;
  const created = k(['apply', '-f', '-'], `apiVersion: events.k8s.io/v1
kind: Event
metadata: {name: watched.checked}
eventTime: "2026-01-01T00:00:00.000000Z"
reportingController: example.com/checker
reportingInstance: checker-1
action: Check
reason: Checked
type: Normal
note: the config passed the check
regarding: {apiVersion: v1, kind: ConfigMap, name: watched, namespace: default, uid: ${uid}}
`);
  assert.equal(created.code, 0, created.stderr);
  const core = JSON.parse(k(['get', 'events', 'watched.checked', '-o', 'json']).stdout);
  assert.equal(core.apiVersion, 'v1');
  assert.deepEqual([core.message, core.reportingComponent, core.involvedObject.name], ['the config passed the check', 'example.com/checker', 'watched']);
  const listed = k(['get', 'events', '--field-selector', 'involvedObject.name=watched']);
  assert.match(listed.stdout, /Normal\s+Checked\s+configmap\/watched\s+the config passed the check/);
  // And the other way: the scheduler and kubelet record through core/v1; events.k8s.io lists their Events.
  assert.equal(k(['run', 'ev-pod', '--image=nginx:1.27']).code, 0);
  const start = Date.now();
  let seen = '';
  while (!/Started/.test(seen) && Date.now() - start < 30_000) {
    seen = k(['get', 'events.events.k8s.io', '--field-selector', 'regarding.name=ev-pod']).stdout;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.match(seen, /Normal\s+Scheduled\s+pod\/ev-pod\s+Successfully assigned default\/ev-pod to node\d/);
  const v1 = JSON.parse(k(['get', 'events.events.k8s.io', '--field-selector', 'regarding.name=ev-pod,reason=Scheduled', '-o', 'json']).stdout).items[0];
  assert.deepEqual([v1.apiVersion, v1.regarding.kind, v1.deprecatedSource?.component ?? v1.reportingController], ['events.k8s.io/v1', 'Pod', 'default-scheduler']);
});

test('--event-ttl: an Event is gone from kubectl get events once the TTL has passed since its last write', async () => {
  const short = await startCluster({ extraArgs: ['--kubernetes-only', '--event-ttl', '2s'] });
  try {
    const k = (args: string[], input?: string) => short.kubectl(['-n', 'default', ...args], { input });
    const created = k(['create', '-f', '-'], 'apiVersion: v1\nkind: Event\nmetadata: {name: short.lived}\ninvolvedObject: {kind: ConfigMap, name: x, namespace: default}\nreason: Noted\nmessage: soon gone\ntype: Normal\n');
    assert.equal(created.code, 0, created.stderr);
    assert.match(k(['get', 'events', '--field-selector', 'reason=Noted']).stdout, /Noted\s+configmap\/x\s+soon gone/);
    const start = Date.now();
    while (k(['get', 'event', 'short.lived']).code === 0) {
      if (Date.now() - start > 15_000) assert.fail('the Event outlived its TTL by 13 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.match(k(['get', 'events', '--field-selector', 'reason=Noted']).stderr, /No resources found in default namespace/);
  } finally {
    await short.stop();
    short.cleanup();
  }
});

test('PodTemplates are stored, defaulted and validated as a pod template, and listed with their containers', () => {
  const k = (args: string[], input?: string) => cluster.kubectl(['-n', 'default', ...args], { input });
  const applied = k(['apply', '-f', '-'], 'apiVersion: v1\nkind: PodTemplate\nmetadata: {name: worker}\ntemplate:\n  metadata: {labels: {app: worker}}\n  spec: {containers: [{name: w, image: busybox:1.36}]}\n');
  assert.equal(applied.code, 0, applied.stderr);
  const table = k(['get', 'podtemplates']).stdout;
  assert.match(table, /^NAME\s+CONTAINERS\s+IMAGES\s+POD LABELS$/m);
  assert.match(table, /^worker\s+w\s+busybox:1\.36\s+app=worker$/m);
  assert.equal(k(['get', 'podtemplate', 'worker', '-o', 'jsonpath={.template.spec.restartPolicy}']).stdout, 'Always');
  const bad = k(['apply', '-f', '-'], 'apiVersion: v1\nkind: PodTemplate\nmetadata: {name: empty}\ntemplate: {spec: {containers: []}}\n');
  assert.match(bad.stderr, /The PodTemplate "empty" is invalid: template\.spec\.containers: Required value/);
});

test('RuntimeClasses and CSIDrivers are served with their defaults, immutable fields and kubectl columns', () => {
  const k = (args: string[], input?: string) => cluster.kubectl(args, { input });
  const applied = k(['apply', '-f', '-'], 'apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: gvisor}\nhandler: runsc\n---\napiVersion: storage.k8s.io/v1\nkind: CSIDriver\nmetadata: {name: hostpath.csi.k8s.io}\nspec: {podInfoOnMount: true}\n');
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(k(['get', 'runtimeclass']).stdout, /^NAME\s+HANDLER\s+AGE\ngvisor\s+runsc\s+\d+s$/m);
  assert.match(k(['get', 'csidrivers']).stdout, /^hostpath\.csi\.k8s\.io\s+true\s+true\s+false\s+<unset>\s+false\s+Persistent\s+\d+s$/m);
  assert.match(k(['patch', 'runtimeclass', 'gvisor', '--type=merge', '-p', '{"handler":"kata"}']).stderr, /handler: Invalid value: "kata": field is immutable/);
  assert.match(k(['patch', 'csidriver', 'hostpath.csi.k8s.io', '--type=merge', '-p', '{"spec":{"attachRequired":false}}']).stderr, /spec\.attachRequired: Invalid value: false: field is immutable/);
});

test('a ValidatingAdmissionPolicy from the Kubernetes docs refuses what its CEL expression rejects, where its binding selects', () => {
  const k = (args: string[], input?: string) => cluster.kubectl(args, { input });
  const applied = k(['apply', '-f', '-'], `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: demo-policy.example.com}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules: [{apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources: ["deployments"]}]
  validations:
  - expression: "object.spec.replicas <= 5"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: demo-binding-test.example.com}
spec:
  policyName: demo-policy.example.com
  validationActions: [Deny]
  matchResources:
    namespaceSelector: {matchLabels: {environment: test}}
`);
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(k(['get', 'validatingadmissionpolicies']).stdout, /^demo-policy\.example\.com\s+1\s+<unset>\s+\d+s$/m);
  assert.equal(k(['create', 'namespace', 'vap-test']).code, 0);
  assert.equal(k(['label', 'namespace', 'vap-test', 'environment=test']).code, 0);
  const refused = k(['create', 'deployment', 'nginx', '--image=nginx', '--replicas=6', '-n', 'vap-test']);
  // PodSecurity (Talos: warn=restricted) runs before the policy, so its warning comes with the refusal.
  assert.deepEqual(refused.stderr.trim().split('\n'), [
    `Warning: would violate PodSecurity "restricted:latest": ${RESTRICTED_WARNING('nginx')}`,
    `error: failed to create deployment: deployments.apps "nginx" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5`,
  ]);
  assert.equal(k(['create', 'deployment', 'nginx', '--image=nginx', '--replicas=5', '-n', 'vap-test']).code, 0);
  assert.equal(k(['create', 'deployment', 'unbound', '--image=nginx', '--replicas=6', '-n', 'default']).code, 0, 'the binding selects only namespaces labelled environment=test');
  const patch = ['patch', 'deployment', 'nginx', '-n', 'vap-test', '-p', '{"spec":{"replicas":6}}'];
  assert.match(k(patch).stderr, /denied request: failed expression: object\.spec\.replicas <= 5/);
  assert.equal(k(['delete', 'validatingadmissionpolicybinding', 'demo-binding-test.example.com']).code, 0);
  const start = Date.now();
  let r = k(patch);
  while (r.code !== 0 && Date.now() - start < 5000) r = k(patch);
  assert.equal(r.code, 0, `unbound, the policy judges nothing: ${r.stderr}`);
});

test('PriorityClasses: the two system classes exist, and a pod takes the value of the class it names', () => {
  const k = (args: string[], input?: string) => cluster.kubectl(args, { input });
  const listed = k(['get', 'priorityclasses']).stdout;
  assert.match(listed, /^system-cluster-critical\s+2000000000\s+false\s+\d+s\s+PreemptLowerPriority$/m);
  assert.match(listed, /^system-node-critical\s+2000001000\s+false\s+\d+s\s+PreemptLowerPriority$/m);
  assert.equal(k(['create', 'priorityclass', 'high-priority', '--value=1000000', '--description=for the docs example']).code, 0);
  const applied = k(['apply', '-f', '-'], 'apiVersion: v1\nkind: Pod\nmetadata: {name: urgent, namespace: default}\nspec:\n  priorityClassName: high-priority\n  containers: [{name: app, image: nginx}]\n');
  assert.equal(applied.code, 0, applied.stderr);
  assert.equal(k(['get', 'pod', 'urgent', '-o', 'jsonpath={.spec.priority} {.spec.preemptionPolicy}']).stdout, '1000000 PreemptLowerPriority');
  const missing = k(['run', 'lost', '--image=nginx', '--overrides={"spec":{"priorityClassName":"gold"}}']);
  assert.match(missing.stderr, /pods "lost" is forbidden: no PriorityClass with name gold was found/);
  assert.match(k(['create', 'priorityclass', 'system-mine', '--value=10']).stderr, /metadata\.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only/);
});

test('kubectl get componentstatuses (1.27 and 1.33): scheduler, controller-manager and etcd-0 Healthy, with the deprecation warning', () => {
  for (const version of ['1.27', '1.33']) {
    if (!kubectlBinary(version)) {
      console.log(`kubectl ${version} not on this machine: skipped`);
      continue;
    }
    const listed = cluster.kubectl(['get', 'cs'], { version });
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stderr, /^Warning: v1 ComponentStatus is deprecated in v1\.19\+$/m);
    assert.match(listed.stdout, /^NAME\s+STATUS\s+MESSAGE\s+ERROR\s*$/m);
    for (const name of ['scheduler', 'controller-manager', 'etcd-0']) assert.match(listed.stdout, new RegExp(`^${name}\\s+Healthy\\s+ok\\s*$`, 'm'));
  }
  const one = JSON.parse(cluster.kubectl(['get', 'componentstatus', 'etcd-0', '-o', 'json']).stdout);
  assert.deepEqual(one.conditions, [{ type: 'Healthy', status: 'True', message: 'ok' }]);
  assert.match(cluster.kubectl(['get', 'cs', 'kube-proxy']).stderr, /componentstatuses "kube-proxy" not found/);
  assert.match(cluster.kubectl(['get', 'cs', '--field-selector', 'metadata.name=etcd-0', '-o', 'name']).stdout, /^componentstatus\/etcd-0\n$/);
});

test('kube-controller-manager and kube-scheduler hold their Leases in kube-system, as <hostname>_<uuid>; kube-apiserver its identity Lease', () => {
  const out = cluster.kubectl(['get', 'leases', '-n', 'kube-system', '-o', 'jsonpath={range .items[*]}{.metadata.name} {.spec.holderIdentity} {.spec.leaseDurationSeconds}{"\\n"}{end}']).stdout;
  const holders = new Map(out.trim().split('\n').map((line) => [line.split(' ')[0]!, line.split(' ').slice(1)]));
  for (const name of ['kube-controller-manager', 'kube-scheduler']) {
    const [holder, duration] = holders.get(name) ?? [];
    assert.match(holder ?? '', new RegExp(`^${hostname().replace(/[.]/g, '\\.')}_[0-9a-f-]{36}$`), `${name}: ${out}`);
    assert.equal(duration, '15');
  }
  const identity = cluster.kubectl(['get', 'leases', '-n', 'kube-system', '-l', 'apiserver.kubernetes.io/identity=kube-apiserver', '-o', 'jsonpath={range .items[*]}{.metadata.name} {.spec.holderIdentity} {.metadata.labels.kubernetes\\.io/hostname}{"\\n"}{end}']).stdout.trim();
  assert.match(identity, new RegExp(`^(apiserver-[a-z2-7]{26}) \\1_[0-9a-f-]{36} ${hostname().replace(/[.]/g, '\\.')}$`));
});

test('Service IP ranges (1.27 and 1.33): the kubernetes ServiceCIDR, an IPAddress per ClusterIP, taken and out-of-range addresses refused, a ServiceCIDR held while an address lies in it', () => {
  for (const version of ['1.27', '1.33']) {
    if (!kubectlBinary(version)) {
      console.log(`kubectl ${version} not on this machine: skipped`);
      continue;
    }
    const k = (args: string[], input?: string) => cluster.kubectl(args, { version, input });
    assert.match(k(['get', 'servicecidr']).stdout, /^NAME\s+CIDRS\s+AGE\nkubernetes\s+10\.96\.0\.0\/16\s+\S+\n/);
    assert.match(k(['get', 'ipaddress', '10.96.0.1']).stdout, /^NAME\s+PARENTREF\n10\.96\.0\.1\s+services\/default\/kubernetes\n$/);
    assert.match(k(['api-resources', '--api-group', 'networking.k8s.io']).stdout, /^ipaddresses\s+ip\s+networking\.k8s\.io\/v1\s+false\s+IPAddress$/m);
  }
  const k = (args: string[], input?: string) => cluster.kubectl(args, { input });
  assert.equal(k(['create', 'service', 'clusterip', 'pinned', '--tcp', '80', '--clusterip', '10.96.0.200']).code, 0);
  const taken = k(['create', 'service', 'clusterip', 'second', '--tcp', '80', '--clusterip', '10.96.0.200']);
  assert.match(taken.stderr, /Service "second" is invalid: spec\.clusterIPs: Invalid value: \[\]string\{"10\.96\.0\.200"\}: failed to allocate IP 10\.96\.0\.200: provided IP is already allocated/);
  assert.match(k(['create', 'service', 'clusterip', 'far', '--tcp', '80', '--clusterip', '192.168.9.9']).stderr, /the provided IP \(192\.168\.9\.9\) is not in the valid range\. The range of valid IPs is 10\.96\.0\.0\/16/);

  assert.equal(k(['apply', '-f', '-'], 'apiVersion: networking.k8s.io/v1\nkind: ServiceCIDR\nmetadata:\n  name: newcidr1\nspec:\n  cidrs:\n  - 10.100.0.0/24\n').code, 0);
  assert.equal(k(['create', 'service', 'clusterip', 'in-new', '--tcp', '80', '--clusterip', '10.100.0.5']).code, 0);
  assert.equal(k(['wait', '--for=jsonpath={.spec.parentRef.name}=in-new', 'ipaddress/10.100.0.5', '--timeout=10s']).code, 0);
  assert.equal(k(['delete', 'servicecidr', 'newcidr1', '--wait=false']).code, 0);
  const held = k(['wait', '--for=condition=Ready=false', 'servicecidr/newcidr1', '--timeout=10s']);
  assert.equal(held.code, 0, held.stderr);
  const yaml = k(['get', 'servicecidr', 'newcidr1', '-o', 'yaml']).stdout;
  assert.match(yaml, /finalizers:\n  - networking\.k8s\.io\/service-cidr-finalizer/);
  assert.match(yaml, /reason: Terminating/);
  assert.equal(k(['delete', 'service', 'in-new']).code, 0);
  const gone = k(['wait', '--for=delete', 'servicecidr/newcidr1', '--timeout=30s']);
  assert.equal(gone.code, 0, gone.stderr);
  assert.match(k(['get', 'ipaddress', '10.100.0.5']).stderr, /ipaddresses\.networking\.k8s\.io "10\.100\.0\.5" not found/);
  k(['delete', 'service', 'pinned']);
});

test('kube-system runs CoreDNS as Talos deploys it: two kube-dns pods Running, the kube-dns Service on 10.96.0.10', async () => {
  let pods: Array<{ status: { phase: string } }> = [];
  for (let tries = 0; tries < 100; tries++) {
    pods = JSON.parse(cluster.kubectl(['get', 'pods', '-n', 'kube-system', '-l', 'k8s-app=kube-dns', '-o', 'json']).stdout).items;
    if (pods.length === 2 && pods.every((p) => p.status.phase === 'Running')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.deepEqual(pods.map((p) => p.status.phase), ['Running', 'Running']);
  const svc = cluster.kubectl(['get', 'svc', 'kube-dns', '-n', 'kube-system']).stdout;
  assert.match(svc, /^kube-dns\s+ClusterIP\s+10\.96\.0\.10\s+<none>\s+53\/UDP,53\/TCP,9153\/TCP\s/m);
  const corefile = cluster.kubectl(['get', 'configmap', 'coredns', '-n', 'kube-system', '-o', 'jsonpath={.data.Corefile}']).stdout;
  assert.match(corefile, /kubernetes cluster\.local in-addr\.arpa ip6\.arpa \{/);
  const deploy = cluster.kubectl(['get', 'deployment', 'coredns', '-n', 'kube-system', '-o', 'jsonpath={.metadata.managedFields[0].manager}']).stdout;
  assert.equal(deploy, 'talos');
});

test('kube-system holds the control plane Talos runs on each node as mirror pods, owned by the Node; one deleted comes back', async () => {
  type MirrorPod = { metadata: { name: string; ownerReferences: Array<{ kind: string; name: string }>; annotations: Record<string, string> }; status: { phase: string } };
  const names = (): MirrorPod[] => JSON.parse(cluster.kubectl(['get', 'pods', '-n', 'kube-system', '-l', 'tier=control-plane', '-o', 'json']).stdout).items;
  const expected = ['node1', 'node2', 'node3'].flatMap((n) => ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'].map((c) => `${c}-${n}`)).sort();
  let pods = names();
  for (let tries = 0; tries < 100 && !(pods.length === 9 && pods.every((p) => p.status.phase === 'Running')); tries++) {
    await new Promise((r) => setTimeout(r, 100));
    pods = names();
  }
  assert.deepEqual(pods.map((p) => p.metadata.name).sort(), expected);
  assert.deepEqual([...new Set(pods.map((p) => p.status.phase))], ['Running']);
  const apiserver = pods.find((p) => p.metadata.name === 'kube-apiserver-node1')!;
  assert.deepEqual(apiserver.metadata.ownerReferences.map((o) => `${o.kind}/${o.name}`), ['Node/node1']);
  assert.equal(apiserver.metadata.annotations['kubernetes.io/config.source'], 'file');
  assert.match(apiserver.metadata.annotations['kubernetes.io/config.mirror']!, /^[0-9a-f]{32}$/);
  // -o wide: host network, the node's address.
  assert.match(cluster.kubectl(['get', 'pod', 'kube-apiserver-node1', '-n', 'kube-system', '-o', 'wide']).stdout, /kube-apiserver-node1\s+1\/1\s+Running\s+0\s+\S+\s+192\.168\.100\.11\s+node1\s/);

  const before = JSON.parse(cluster.kubectl(['get', 'pod', 'kube-scheduler-node2', '-n', 'kube-system', '-o', 'json']).stdout).metadata.uid;
  assert.equal(cluster.kubectl(['delete', 'pod', 'kube-scheduler-node2', '-n', 'kube-system']).code, 0);
  let after: { metadata: { uid: string } } | undefined;
  for (let tries = 0; tries < 100; tries++) {
    const r = cluster.kubectl(['get', 'pod', 'kube-scheduler-node2', '-n', 'kube-system', '-o', 'json']);
    if (r.code === 0) after = JSON.parse(r.stdout);
    if (after && after.metadata.uid !== before) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(after && after.metadata.uid !== before, 'the mirror pod is posted again');
});

test('every namespace holds kube-root-ca.crt with the cluster CA, as kube-controller-manager publishes it', async () => {
  const ca = readFileSync(join(cluster.dataDir, 'pki', 'ca.crt'), 'utf8');
  assert.equal(cluster.kubectl(['create', 'namespace', 'root-ca-check']).code, 0);
  for (const ns of ['default', 'kube-system', 'kube-public', 'kube-node-lease', 'root-ca-check']) {
    let got = '';
    for (let tries = 0; tries < 50 && got !== ca; tries++) {
      got = cluster.kubectl(['get', 'configmap', 'kube-root-ca.crt', '-n', ns, '-o', 'jsonpath={.data.ca\\.crt}']).stdout;
      if (got !== ca) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(got, ca, `kube-root-ca.crt in ${ns}`);
  }
});
