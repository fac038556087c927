// What kube-apiserver 1.33 adds to the pods and templates users write, seen through real kubectl:
// the ServiceAccount admission plug-in (the `default` account, the kube-api-access token volume
// in every container, Forbidden for an account that does not exist), volume and downward API
// defaults, and the `creationTimestamp: null` Go writes into every nested ObjectMeta.

import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary } from '../support/kubectl.ts';

const cluster = useCluster();

type Json = Record<string, any>;

const TOKEN_MOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';

for (const version of ['1.27', '1.33']) {
  describe(`kubectl ${version}`, { skip: kubectlBinary(version) ? false : `kubectl.${version} is not on this machine` }, () => {
    const k = (args: string[], input?: string) => cluster.kubectl(args, { version, input });
    const ns = `defaults-${version.replace('.', '')}`;
    const json = (args: string[]): Json => {
      const r = k([...args, '-n', ns, '-o', 'json']);
      assert.equal(r.code, 0, r.stderr);
      return JSON.parse(r.stdout) as Json;
    };

    before(async () => {
      assert.equal(k(['create', 'namespace', ns]).code, 0);
      // The ServiceAccount controller makes the namespace's `default` account shortly after.
      for (let i = 0; i < 100 && k(['get', 'serviceaccount', 'default', '-n', ns]).code !== 0; i++) await new Promise((r) => setTimeout(r, 50));
    });

    test('a pod runs as the default ServiceAccount, with the token volume mounted in every container', () => {
      const r = k(['run', 'plain', '-n', ns, '--image=nginx:1.27']);
      assert.equal(r.code, 0, r.stderr);
      const spec = json(['get', 'pod', 'plain']).spec as Json;
      assert.equal(spec.serviceAccountName, 'default');
      assert.equal(spec.serviceAccount, 'default');
      assert.equal(spec.volumes.length, 1);
      const volume = spec.volumes[0] as Json;
      assert.match(volume.name, /^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      assert.deepEqual(volume.projected, {
        defaultMode: 420,
        sources: [
          { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
          { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
          { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
        ],
      });
      assert.deepEqual(spec.containers[0].volumeMounts, [{ mountPath: TOKEN_MOUNT, name: volume.name, readOnly: true }]);
      const described = k(['describe', 'pod', 'plain', '-n', ns]);
      assert.match(described.stdout, /Service Account:\s+default\n/);
      assert.ok(described.stdout.includes(`${TOKEN_MOUNT} from ${volume.name} (ro)`), described.stdout);
      assert.match(described.stdout, /TokenExpirationSeconds:\s+3607\n\s+ConfigMapName:\s+kube-root-ca.crt\n/);
    });

    test('a pod naming a ServiceAccount that does not exist is Forbidden', () => {
      const r = k(['run', 'ghost', '-n', ns, '--image=nginx:1.27', '--overrides={"spec":{"serviceAccountName":"ghost"}}']);
      assert.equal(r.code, 1);
      assert.match(r.stderr, new RegExp(`Error from server \\(Forbidden\\): pods "ghost" is forbidden: error looking up service account ${ns}/ghost: serviceaccount "ghost" not found`));
      assert.equal(k(['get', 'pod', 'ghost', '-n', ns]).code, 1);
    });

    test('automountServiceAccountToken: false on the account, or on the pod, mounts no token; a pod may still insist', () => {
      const account = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'quiet', namespace: ns }, automountServiceAccountToken: false };
      assert.equal(k(['apply', '-f', '-'], JSON.stringify(account)).code, 0);
      const pod = (name: string, spec: Json) => ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: ns },
        spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], ...spec },
      });
      for (const [name, spec] of [['by-account', { serviceAccountName: 'quiet' }], ['by-pod', { automountServiceAccountToken: false }], ['insists', { serviceAccountName: 'quiet', automountServiceAccountToken: true }]] as const) {
        const r = k(['apply', '-f', '-'], JSON.stringify(pod(name, spec)));
        assert.equal(r.code, 0, r.stderr);
      }
      assert.equal(json(['get', 'pod', 'by-account']).spec.volumes, undefined);
      assert.equal(json(['get', 'pod', 'by-pod']).spec.volumes, undefined);
      assert.match(json(['get', 'pod', 'insists']).spec.volumes[0].name, /^kube-api-access-/);
    });

    test('volumes and the downward API get their defaults; templates their null creationTimestamp', () => {
      const deployment = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'reader', namespace: ns },
        spec: {
          replicas: 1,
          selector: { matchLabels: { app: 'reader' } },
          template: {
            metadata: { labels: { app: 'reader' } },
            spec: {
              containers: [{
                name: 'app',
                image: 'nginx:1.27',
                env: [
                  { name: 'NS', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                  { name: 'MEM', valueFrom: { resourceFieldRef: { resource: 'limits.memory' } } },
                ],
              }],
              volumes: [{ name: 'config', configMap: { name: 'settings' } }, { name: 'host', hostPath: { path: '/var/log' } }],
            },
          },
        },
      };
      const r = k(['apply', '-f', '-'], JSON.stringify(deployment));
      assert.equal(r.code, 0, r.stderr);
      const stored = json(['get', 'deployment', 'reader', '--show-managed-fields']);
      const template = stored.spec.template as Json;
      assert.deepEqual(template.metadata, { creationTimestamp: null, labels: { app: 'reader' } });
      assert.deepEqual(template.spec.volumes, [
        { configMap: { defaultMode: 420, name: 'settings' }, name: 'config' },
        { hostPath: { path: '/var/log', type: '' }, name: 'host' },
      ]);
      assert.deepEqual(template.spec.containers[0].env, [
        { name: 'NS', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } },
        { name: 'MEM', valueFrom: { resourceFieldRef: { divisor: '0', resource: 'limits.memory' } } },
      ]);
      // kubectl's client-side apply is an update, compared with the kind's empty object, whose
      // template carries the same null: the null is no one's, the labels beside it are the applier's.
      const applied = (stored.metadata.managedFields as Json[]).find((m) => m.manager === 'kubectl-client-side-apply')!;
      assert.deepEqual(applied.fieldsV1['f:spec']['f:template']['f:metadata'], { 'f:labels': { '.': {}, 'f:app': {} } });
      // A second apply of the same file changes nothing: kubectl (1.30+ from the OpenAPI v3
      // document) merges the container, env and volume lists by key, so the defaults stay.
      const again = k(['apply', '-f', '-'], JSON.stringify(deployment));
      assert.match(again.stdout, /deployment.apps\/reader unchanged/);
      assert.equal(json(['get', 'deployment', 'reader']).metadata.generation, 1);
    });

    test('a downward API reference to a field the pod lacks is Invalid, with the path kube-apiserver names', () => {
      const pod = {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'typo', namespace: ns },
        spec: {
          containers: [{ name: 'app', image: 'nginx:1.27', env: [{ name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.nmae' } } }] }],
          volumes: [{ name: 'info', downwardAPI: { items: [{ path: 'node', fieldRef: { fieldPath: 'spec.nodeName' } }] } }],
        },
      };
      const r = k(['apply', '-f', '-'], JSON.stringify(pod));
      assert.notEqual(r.code, 0);
      assert.match(r.stderr, /The Pod "typo" is invalid: /);
      assert.ok(r.stderr.includes('spec.volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: "spec.nodeName": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"'), r.stderr);
      assert.ok(r.stderr.includes('spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.nmae": error converting fieldPath: field label not supported: metadata.nmae'), r.stderr);
      assert.equal(k(['get', 'pod', 'typo', '-n', ns]).code, 1);
    });

    test('a volume that names no source is an emptyDir', () => {
      const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'scratch', namespace: ns }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], volumes: [{ name: 'scratch' }] } };
      assert.equal(k(['apply', '-f', '-'], JSON.stringify(pod)).code, 0);
      assert.deepEqual(json(['get', 'pod', 'scratch']).spec.volumes[0], { emptyDir: {}, name: 'scratch' });
    });

    test("a CronJob's job template, and a StatefulSet's claim templates, are served as kube-apiserver serves them", () => {
      const cron = {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { name: 'nightly', namespace: ns },
        spec: { schedule: '0 3 * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'job', image: 'busybox:1.36' }] } } } } },
      };
      const set = {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name: 'db', namespace: ns },
        spec: {
          replicas: 0,
          serviceName: 'db',
          selector: { matchLabels: { app: 'db' } },
          template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:17' }] } },
          volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
        },
      };
      for (const obj of [cron, set]) assert.equal(k(['apply', '-f', '-'], JSON.stringify(obj)).code, 0);
      const jobTemplate = json(['get', 'cronjob', 'nightly']).spec.jobTemplate as Json;
      assert.deepEqual(jobTemplate.metadata, { creationTimestamp: null });
      assert.deepEqual(jobTemplate.spec.template.metadata, { creationTimestamp: null });
      assert.deepEqual(json(['get', 'statefulset', 'db']).spec.volumeClaimTemplates, [
        {
          metadata: { creationTimestamp: null, name: 'data' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeMode: 'Filesystem' },
          status: { phase: 'Pending' },
        },
      ]);
    });
  });
}
