// Golden tests: protobuf bodies captured from real kubectl 1.32 and 1.33 (capture-fixtures.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeKubernetesProtobuf, isKubernetesProtobuf } from './decode.ts';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

function fixtureBody(name: string, version: string): Buffer {
  const text = readFileSync(join(FIXTURES, `${name}.${version}.b64`), 'utf8');
  const b64 = text.split('\n').filter((line) => !line.startsWith('#')).join('');
  return Buffer.from(b64, 'base64');
}

type Json = Record<string, any>;

function decoded(name: string, version: string): Json {
  const body = fixtureBody(name, version);
  assert.ok(isKubernetesProtobuf(body), `${name} starts with k8s\\0`);
  return decodeKubernetesProtobuf(body) as Json;
}

const fromBase64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

for (const version of ['1.33', '1.32']) {
  describe(`kubectl ${version} protobuf bodies`, () => {
    test('create namespace', () => {
      assert.deepEqual(decoded('namespace', version), { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a' } });
    });

    test('create configmap: literals, text file, binary file', () => {
      const cm = decoded('configmap', version);
      assert.deepEqual(cm.metadata, { name: 'app-config', namespace: 'team-a' });
      assert.deepEqual(cm.data, { 'app.properties': 'color=blue\nsize=10\n', level: 'debug', mode: 'prod' });
      assert.deepEqual(Buffer.from(cm.binaryData['logo.bin'], 'base64'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x01]));
    });

    test('create secret generic|tls|docker-registry: data is base64', () => {
      const generic = decoded('secret-generic', version);
      assert.equal(generic.type, 'Opaque');
      assert.equal(fromBase64(generic.data.username), 'admin');
      assert.equal(fromBase64(generic.data.password), 's3cr=t!');
      const tls = decoded('secret-tls', version);
      assert.equal(tls.type, 'kubernetes.io/tls');
      assert.match(fromBase64(tls.data['tls.crt']), /^-----BEGIN CERTIFICATE-----/);
      assert.match(fromBase64(tls.data['tls.key']), /^-----BEGIN PRIVATE KEY-----/);
      const reg = decoded('secret-docker-registry', version);
      assert.equal(reg.type, 'kubernetes.io/dockerconfigjson');
      const auth = JSON.parse(fromBase64(reg.data['.dockerconfigjson'])).auths['registry.example.com'];
      assert.deepEqual([auth.username, auth.password, auth.email], ['bob', 'hunter2', 'bob@example.com']);
    });

    test('create serviceaccount', () => {
      assert.deepEqual(decoded('serviceaccount', version).metadata, { name: 'builder', namespace: 'team-a' });
    });

    test('create service clusterip|headless|nodeport|loadbalancer|externalname', () => {
      const web = decoded('service-clusterip', version);
      assert.equal(web.spec.type, 'ClusterIP');
      assert.deepEqual(web.spec.selector, { app: 'web' });
      assert.deepEqual(web.spec.ports, [
        { name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 },
        { name: '443-8443', protocol: 'TCP', port: 443, targetPort: 8443 },
      ]);
      assert.equal('clusterIP' in web.spec, false, 'empty clusterIP is absent');
      assert.equal(decoded('service-headless', version).spec.clusterIP, 'None');
      const np = decoded('service-nodeport', version);
      assert.equal(np.spec.type, 'NodePort');
      assert.equal(np.spec.ports[0].nodePort, 30080);
      assert.equal(decoded('service-loadbalancer', version).spec.type, 'LoadBalancer');
      const ext = decoded('service-externalname', version);
      assert.equal(ext.spec.type, 'ExternalName');
      assert.equal(ext.spec.externalName, 'db.example.com');
    });

    test('create deployment --replicas=3 --port=80', () => {
      const d = decoded('deployment', version);
      assert.equal(d.apiVersion, 'apps/v1');
      assert.deepEqual(d.metadata.labels, { app: 'web' });
      assert.equal(d.spec.replicas, 3);
      assert.deepEqual(d.spec.selector, { matchLabels: { app: 'web' } });
      assert.deepEqual(d.spec.template.spec.containers, [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }]);
      assert.equal('status' in d, false, 'empty status is absent');
    });

    test('create deployment --replicas=0 keeps the zero', () => {
      const d = decoded('deployment-zero', version);
      assert.equal(d.spec.replicas, 0);
      assert.deepEqual(d.spec.template.spec.containers.map((c: Json) => c.image), ['nginx:1.27', 'busybox:1.36']);
    });

    test('create job, and job --from=cronjob with ownerReferences', () => {
      const job = decoded('job', version);
      const pod = job.spec.template.spec;
      assert.equal(pod.restartPolicy, 'Never');
      assert.deepEqual(pod.containers[0].command, ['sh', '-c', 'echo backup']);
      const manual = decoded('job-from-cronjob', version);
      assert.deepEqual(manual.metadata.ownerReferences, [{
        kind: 'CronJob', name: 'nightly', uid: '9b3c6f1e-0000-4000-8000-000000000003', apiVersion: 'batch/v1', controller: true,
      }]);
      assert.equal(manual.metadata.annotations['cronjob.kubernetes.io/instantiate'], 'manual');
    });

    test('create cronjob --schedule', () => {
      const cj = decoded('cronjob', version);
      assert.equal(cj.spec.schedule, '*/5 * * * *');
      const pod = cj.spec.jobTemplate.spec.template.spec;
      assert.equal(pod.restartPolicy, 'OnFailure');
      assert.deepEqual(pod.containers[0].command, ['date']);
    });

    test('create role|clusterrole: rules with empty core apiGroup kept', () => {
      assert.deepEqual(decoded('role', version).rules, [
        { verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['pods'], resourceNames: ['web'] },
        { verbs: ['get', 'list', 'watch'], apiGroups: ['apps'], resources: ['deployments'], resourceNames: ['web'] },
      ]);
      assert.deepEqual(decoded('clusterrole', version).rules, [
        { verbs: ['get'], apiGroups: [''], resources: ['pods', 'services'] },
        { verbs: ['get'], nonResourceURLs: ['/healthz', '/metrics'] },
      ]);
      assert.deepEqual(decoded('clusterrole-aggregated', version).aggregationRule, {
        clusterRoleSelectors: [{ matchLabels: { 'rbac.example.com/aggregate-to-monitoring': 'true' } }],
      });
    });

    test('create rolebinding|clusterrolebinding', () => {
      const rb = decoded('rolebinding', version);
      assert.deepEqual(rb.roleRef, { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' });
      assert.deepEqual(rb.subjects[2], { kind: 'ServiceAccount', name: 'builder', namespace: 'team-a' });
      const crb = decoded('clusterrolebinding', version);
      assert.deepEqual(crb.subjects.map((s: Json) => `${s.kind}:${s.name}`), ['User:alice', 'Group:devs']);
    });

    test('create quota --hard: map of Quantity', () => {
      const q = decoded('quota', version);
      assert.deepEqual(q.spec, { hard: { cpu: '1', memory: '1Gi', pods: '4' }, scopes: ['NotBestEffort'] });
    });

    test('create priorityclass', () => {
      const pc = decoded('priorityclass', version);
      assert.equal(pc.value, 1000);
      assert.equal(pc.description, 'high priority');
      assert.equal(pc.preemptionPolicy, 'Never');
      assert.equal('globalDefault' in pc, false);
    });

    test('create poddisruptionbudget: IntOrString string and int', () => {
      const min = decoded('pdb-min-available', version);
      assert.equal(min.spec.minAvailable, '50%');
      assert.deepEqual(min.spec.selector, { matchLabels: { app: 'web' } });
      assert.equal(decoded('pdb-max-unavailable', version).spec.maxUnavailable, 1);
    });

    test('create ingress: rules inline http, backends, tls', () => {
      const ing = decoded('ingress', version);
      assert.equal(ing.spec.ingressClassName, 'nginx');
      assert.deepEqual(ing.spec.defaultBackend, { service: { name: 'defsvc', port: { number: 80 } } });
      assert.deepEqual(ing.spec.tls, [{ hosts: ['foo.com'], secretName: 'web-tls' }]);
      assert.deepEqual(ing.spec.rules[0], {
        host: 'foo.com',
        http: { paths: [{ path: '/bar', pathType: 'Prefix', backend: { service: { name: 'svc1', port: { number: 8080 } } } }] },
      });
      assert.deepEqual(ing.spec.rules[1].http.paths[0].backend.service.port, { name: 'http' });
    });

    test('create token --duration=10m --audience', () => {
      const tr = decoded('token', version);
      assert.equal(tr.kind, 'TokenRequest');
      assert.deepEqual(tr.spec, {
        audiences: ['x', 'y'],
        expirationSeconds: 600,
        boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'web-1', uid: '9b3c6f1e-0000-4000-8000-000000000002' },
      });
    });

    test('auth can-i: SelfSubjectAccessReview and SelfSubjectRulesReview', () => {
      assert.deepEqual(decoded('can-i-resource', version).spec, {
        resourceAttributes: { namespace: 'team-a', verb: 'create', group: 'apps', resource: 'deployments' },
      });
      assert.deepEqual(decoded('can-i-subresource', version).spec.resourceAttributes, {
        namespace: 'team-a', verb: 'get', resource: 'pods', subresource: 'log', name: 'web-1',
      });
      assert.deepEqual(decoded('can-i-nonresource', version).spec, { nonResourceAttributes: { path: '/healthz', verb: 'get' } });
      const rules = decoded('can-i-list', version);
      assert.equal(rules.kind, 'SelfSubjectRulesReview');
      assert.deepEqual(rules.spec, { namespace: 'team-a' });
    });

    test('auth whoami: SelfSubjectReview v1, v1beta1, v1alpha1', () => {
      for (const [name, apiVersion] of [['whoami', 'v1'], ['whoami-v1beta1', 'v1beta1'], ['whoami-v1alpha1', 'v1alpha1']]) {
        assert.deepEqual(decoded(name, version), {
          apiVersion: `authentication.k8s.io/${apiVersion}`, kind: 'SelfSubjectReview', metadata: {},
        });
      }
    });

    test('drain without eviction: DeleteOptions', () => {
      assert.deepEqual(decoded('drain-delete-options', version), { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 30 });
    });

    test('debug node: Pod with hostPath volume, tolerations, privileged container', () => {
      const pod = decoded('debug-node-pod', version);
      assert.match(pod.metadata.name, /^node-debugger-node1-/);
      assert.deepEqual(pod.spec.volumes, [{ name: 'host-root', hostPath: { path: '/' } }]);
      assert.deepEqual(pod.spec.tolerations, [{ operator: 'Exists' }]);
      assert.equal(pod.spec.nodeName, 'node1');
      assert.equal(pod.spec.hostPID, true);
      const [c] = pod.spec.containers;
      assert.deepEqual(c.volumeMounts, [{ name: 'host-root', mountPath: '/host' }]);
      assert.deepEqual(c.securityContext, { privileged: true });
    });
  });
}
