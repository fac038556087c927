// Who owns what in `kubectl get --show-managed-fields`, as on kube-apiserver 1.33: the field
// manager runs on the decoded, defaulted object, before mutating admission and the strategy. A
// writer owns what it sent and its defaults; what admission adds (the service account and its
// token volume, tolerations) and what the strategy sets (a Service's cluster IP, a Job's selector,
// a namespace's finalizer) belong to no one. A create is compared with the kind's empty object:
// structs Go holds by pointer are new in it and owned whole (`.`), those it holds by value are not,
// and neither is the null `creationTimestamp` both carry in a template. Every map of a custom
// resource is new in its empty object.

import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary } from '../support/kubectl.ts';

const cluster = useCluster();

type Json = Record<string, any>;

const version = '1.33';

describe('field owners after a kubectl write', { skip: kubectlBinary(version) ? false : `kubectl.${version} is not on this machine` }, () => {
  const ns = 'owners';
  const k = (args: string[], input?: string) => cluster.kubectl(args, { version, input });
  const ok = (args: string[], input?: string) => {
    const r = k(args, input);
    assert.equal(r.code, 0, r.stderr);
    return r;
  };
  const get = (args: string[]): Json => JSON.parse(ok([...args, '-n', ns, '-o', 'json', '--show-managed-fields']).stdout) as Json;
  const fieldsOf = (obj: Json, manager: string): Json => {
    const entry = (obj.metadata.managedFields as Json[]).find((m) => m.manager === manager);
    assert.ok(entry, `no entry for ${manager} in ${JSON.stringify(obj.metadata.managedFields)}`);
    return entry.fieldsV1 as Json;
  };

  before(async () => {
    ok(['create', 'namespace', ns]);
    for (let i = 0; i < 100 && k(['get', 'serviceaccount', 'default', '-n', ns]).code !== 0; i++) await new Promise((r) => setTimeout(r, 50));
  });

  test('a namespace: its creator owns the name label, a default; not the finalizer', () => {
    const fields = fieldsOf(get(['get', 'namespace', ns]), 'kubectl-create');
    assert.deepEqual(fields, { 'f:metadata': { 'f:labels': { '.': {}, 'f:kubernetes.io/metadata.name': {} } } });
  });

  test('a pod: kubectl run owns its defaults, not the service account, token volume or tolerations admission added', () => {
    ok(['run', 'web', '-n', ns, '--image=nginx:1.27']);
    const pod = get(['get', 'pod', 'web']);
    assert.match(pod.spec.volumes[0].name, /^kube-api-access-/);
    const spec = fieldsOf(pod, 'kubectl-run')['f:spec'] as Json;
    for (const owned of ['f:containers', 'f:dnsPolicy', 'f:enableServiceLinks', 'f:restartPolicy', 'f:schedulerName', 'f:securityContext', 'f:terminationGracePeriodSeconds']) {
      assert.ok(owned in spec, `kubectl-run owns ${owned}: ${JSON.stringify(spec)}`);
    }
    for (const added of ['f:serviceAccountName', 'f:serviceAccount', 'f:volumes', 'f:tolerations', 'f:priority', 'f:preemptionPolicy']) {
      assert.ok(!(added in spec), `kubectl-run must not own ${added}: ${JSON.stringify(spec)}`);
    }
    // Go encodes a nil containers list as null, so the empty Pod has one: only the item is new.
    assert.deepEqual(Object.keys(spec['f:containers']), ['k:{"name":"web"}']);
    const container = spec['f:containers']['k:{"name":"web"}'] as Json;
    assert.deepEqual(Object.keys(container).sort(), ['.', 'f:image', 'f:imagePullPolicy', 'f:name', 'f:resources', 'f:terminationMessagePath', 'f:terminationMessagePolicy']);
  });

  test('a Deployment: kubectl create owns the defaulted strategy, deadline and history limit', () => {
    ok(['create', 'deployment', 'api', '-n', ns, '--image=nginx:1.27']);
    const spec = fieldsOf(get(['get', 'deployment', 'api']), 'kubectl-create')['f:spec'] as Json;
    for (const owned of ['f:progressDeadlineSeconds', 'f:replicas', 'f:revisionHistoryLimit', 'f:selector', 'f:strategy', 'f:template']) {
      assert.ok(owned in spec, `kubectl-create owns ${owned}: ${JSON.stringify(spec)}`);
    }
    // The strategy is a struct Go holds by value, its rollingUpdate one it holds by pointer: only
    // the latter is new to the empty Deployment the create is compared with, so only it is owned whole.
    assert.deepEqual(spec['f:strategy'], { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {}, 'f:maxUnavailable': {} }, 'f:type': {} });
    assert.deepEqual(spec['f:template']['f:metadata'], { 'f:labels': { '.': {}, 'f:app': {} } });
    // The status a create leaves is Go's empty struct, so the controller's status writes fill it
    // field by field: no `.` for the status itself.
    ok(['rollout', 'status', 'deployment/api', '-n', ns, '--timeout=30s']);
    const status = (get(['get', 'deployment', 'api']).metadata.managedFields as Json[]).find((m) => m.manager === 'kube-controller-manager' && m.subresource === 'status');
    assert.ok(status, 'the deployment controller records its status writes');
    assert.ok(!('.' in status.fieldsV1['f:status']) && 'f:availableReplicas' in status.fieldsV1['f:status'], JSON.stringify(status.fieldsV1));
  });

  test('a Job: the generated selector and its template labels belong to no one', () => {
    ok(['create', 'job', 'once', '-n', ns, '--image=busybox:1.36', '--', 'true']);
    const job = get(['get', 'job', 'once']);
    assert.ok(job.spec.selector.matchLabels['batch.kubernetes.io/controller-uid']);
    const spec = fieldsOf(job, 'kubectl-create')['f:spec'] as Json;
    assert.ok('f:backoffLimit' in spec && 'f:completionMode' in spec && 'f:suspend' in spec, JSON.stringify(spec));
    assert.ok(!('f:selector' in spec), JSON.stringify(spec));
    assert.ok(!('f:labels' in (spec['f:template']['f:metadata'] ?? {})), JSON.stringify(spec['f:template']));
  });

  test('a Service: its creator owns type, session affinity and traffic policy, not the cluster IP or address families', () => {
    ok(['create', 'service', 'clusterip', 'api', '-n', ns, '--tcp=80:8080']);
    const svc = get(['get', 'service', 'api']);
    assert.match(svc.spec.clusterIP, /^\d+\.\d+\.\d+\.\d+$/);
    const spec = fieldsOf(svc, 'kubectl-create')['f:spec'] as Json;
    assert.deepEqual(Object.keys(spec).sort(), ['f:internalTrafficPolicy', 'f:ports', 'f:selector', 'f:sessionAffinity', 'f:type']);
  });

  test('Service defaults by type: node ports for a LoadBalancer, session affinity for an ExternalName, a ClientIP timeout', () => {
    ok(['create', 'service', 'loadbalancer', 'edge', '-n', ns, '--tcp=443:8443']);
    const lb = get(['get', 'service', 'edge']).spec as Json;
    assert.equal(lb.allocateLoadBalancerNodePorts, true);
    assert.equal(lb.externalTrafficPolicy, 'Cluster');
    assert.ok(lb.ports[0].nodePort >= 30000);
    ok(['create', 'service', 'externalname', 'docs', '-n', ns, '--external-name=docs.example.org']);
    const external = get(['get', 'service', 'docs']).spec as Json;
    assert.equal(external.sessionAffinity, 'None');
    assert.equal(external.internalTrafficPolicy, undefined);
    const sticky = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'sticky', namespace: ns }, spec: { sessionAffinity: 'ClientIP', ports: [{ port: 80 }], selector: { app: 'x' } } };
    ok(['apply', '-f', '-'], JSON.stringify(sticky));
    assert.deepEqual(get(['get', 'service', 'sticky']).spec.sessionAffinityConfig, { clientIP: { timeoutSeconds: 10800 } });
    const refused = k(['apply', '-f', '-'], JSON.stringify({ ...sticky, metadata: { name: 'glued', namespace: ns }, spec: { ...sticky.spec, sessionAffinity: 'Sticky' } }));
    assert.match(refused.stderr, /The Service "glued" is invalid: spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"/);
    const tooLong = { ...sticky.spec, sessionAffinityConfig: { clientIP: { timeoutSeconds: 90000 } } };
    assert.match(k(['apply', '-f', '-'], JSON.stringify({ ...sticky, metadata: { name: 'glued', namespace: ns }, spec: tooLong })).stderr, /spec.sessionAffinityConfig.clientIP.timeoutSeconds: Invalid value: 90000: must be greater than 0 and less than 86400/);
    const bare = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'bare', namespace: ns }, spec: { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false, ports: [{ port: 80 }] } };
    ok(['apply', '-f', '-'], JSON.stringify(bare));
    assert.equal(get(['get', 'service', 'bare']).spec.ports[0].nodePort, undefined);
  });

  test('a custom resource: its creator owns the spec whole, and its defaults', () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        names: { kind: 'Widget', plural: 'widgets' },
        scope: 'Namespaced',
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  spec: {
                    type: 'object',
                    properties: { size: { type: 'integer' }, color: { type: 'string', default: 'blue' }, shape: { type: 'object', properties: { round: { type: 'boolean' } } } },
                  },
                },
              },
            },
          },
        ],
      },
    };
    ok(['create', '-f', '-'], JSON.stringify(crd));
    const names = fieldsOf(JSON.parse(ok(['get', 'crd', 'widgets.example.com', '-o', 'json', '--show-managed-fields']).stdout) as Json, 'kubectl-create')['f:spec']['f:names'] as Json;
    assert.deepEqual(names, { 'f:kind': {}, 'f:listKind': {}, 'f:plural': {}, 'f:singular': {} });
    ok(['wait', '--for=condition=Established', 'crd/widgets.example.com', '--timeout=20s']);
    const metadata = { name: 'w', namespace: ns, finalizers: ['example.com/keep'] };
    ok(['create', '-f', '-'], JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata, spec: { size: 3, shape: { round: true } } }));
    const widget = get(['get', 'widget', 'w']);
    assert.equal(widget.spec.color, 'blue');
    const fields = fieldsOf(widget, 'kubectl-create');
    assert.deepEqual(fields['f:spec'], { '.': {}, 'f:color': {}, 'f:shape': { '.': {}, 'f:round': {} }, 'f:size': {} });
    // A custom resource's metadata has ObjectMeta's semantics: finalizers are a set.
    assert.deepEqual(fields['f:metadata'], { 'f:finalizers': { '.': {}, 'v:"example.com/keep"': {} } });
    ok(['patch', 'widget', 'w', '-n', ns, '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]']);
  });

  test('a Secret: its creator owns the defaulted type, which an update may not drop', () => {
    const data = { 'tls.crt': Buffer.from('certificate').toString('base64'), 'tls.key': Buffer.from('key').toString('base64') };
    ok(['create', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'cert', namespace: ns }, type: 'kubernetes.io/tls', data }));
    const secret = get(['get', 'secret', 'cert']);
    assert.ok('f:type' in fieldsOf(secret, 'kubectl-create'));
    const untyped = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'cert', namespace: ns }, data: secret.data };
    const r = k(['replace', '-f', '-'], JSON.stringify(untyped));
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /Secret "cert" is invalid: type: Invalid value: "Opaque": field is immutable/);
    assert.equal(get(['get', 'secret', 'cert']).type, 'kubernetes.io/tls');
  });
});
