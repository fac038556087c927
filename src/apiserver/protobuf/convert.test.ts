// Round trips of bodies encoded by protobufjs from our own definitions: the tricky types
// (Time, MicroTime, Quantity, IntOrString, bytes, ExtraValue, inline structs, zero values)
// and malformed bodies.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../machinery/errors.ts';
import { decodeKubernetesProtobuf, isKubernetesProtobuf, KUBERNETES_PROTOBUF_MAGIC } from './decode.ts';
import { envelopeType, messageTypeFor } from './kinds.ts';

type Json = Record<string, any>;

function envelope(apiVersion: string, kind: string, raw: Uint8Array): Buffer {
  const unknown = envelopeType().encode({ typeMeta: { apiVersion, kind }, raw }).finish();
  return Buffer.concat([KUBERNETES_PROTOBUF_MAGIC, unknown]);
}

function encode(apiVersion: string, kind: string, message: Json): Buffer {
  const type = messageTypeFor(apiVersion, kind);
  assert.ok(type, `${apiVersion} ${kind} has a definition`);
  return envelope(apiVersion, kind, type.encode(type.fromObject(message)).finish());
}

const roundTrip = (apiVersion: string, kind: string, message: Json) =>
  decodeKubernetesProtobuf(encode(apiVersion, kind, message)) as Json;

const quantity = (s: string) => ({ string: s });
const intOrString = (v: number | string) => (typeof v === 'number' ? { type: 0, intVal: v } : { type: 1, strVal: v });

function assertBadRequest(body: Buffer, message: RegExp | string): void {
  assert.throws(() => decodeKubernetesProtobuf(body), (err: unknown) => {
    assert.ok(isStatusError(err, 'BadRequest'), `BadRequest, got ${String(err)}`);
    assert.equal(err.code, 400);
    if (typeof message === 'string') assert.equal(err.message, message);
    else assert.match(err.message, message);
    return true;
  });
}

describe('protobuf round trip', () => {
  test('ObjectMeta: times, ownerReferences, managedFields, finalizers; zero replicas and IntOrString', () => {
    const d = roundTrip('apps/v1', 'Deployment', {
      metadata: {
        name: 'web', generateName: '', namespace: 'team-a', uid: 'u-1', resourceVersion: '7', generation: 2,
        creationTimestamp: { seconds: 1714557600 }, deletionTimestamp: { seconds: 1714557660, nanos: 5 }, deletionGracePeriodSeconds: 0,
        labels: { app: 'web' }, annotations: { note: '' }, finalizers: ['example.com/guard'],
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: 'u-0', controller: false, blockOwnerDeletion: true }],
        managedFields: [{
          manager: 'kubectl', operation: 'Update', apiVersion: 'apps/v1', time: { seconds: 1714557600 }, fieldsType: 'FieldsV1',
          fieldsV1: { Raw: Buffer.from('{"f:spec":{"f:replicas":{}}}') },
        }],
      },
      spec: {
        replicas: 0, minReadySeconds: 0, paused: false, selector: {}, template: { metadata: {}, spec: {} },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: intOrString(0), maxSurge: intOrString('25%') } },
      },
      status: {},
    });
    assert.deepEqual(d.metadata, {
      name: 'web', namespace: 'team-a', uid: 'u-1', resourceVersion: '7', generation: 2,
      creationTimestamp: '2024-05-01T10:00:00Z', deletionTimestamp: '2024-05-01T10:01:00Z', deletionGracePeriodSeconds: 0,
      labels: { app: 'web' }, annotations: { note: '' }, finalizers: ['example.com/guard'],
      ownerReferences: [{ kind: 'ConfigMap', name: 'owner', uid: 'u-0', apiVersion: 'v1', controller: false, blockOwnerDeletion: true }],
      managedFields: [{
        manager: 'kubectl', operation: 'Update', apiVersion: 'apps/v1', time: '2024-05-01T10:00:00Z', fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': { 'f:replicas': {} } },
      }],
    });
    assert.deepEqual(d.spec, {
      replicas: 0, selector: {},
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '25%' } },
    });
    assert.equal('status' in d, false);
  });

  test('Pod: full spec with inline structs, quantities, probes, volumes, affinity, security', () => {
    const pod = roundTrip('v1', 'Pod', {
      metadata: { name: 'p' },
      spec: {
        initContainers: [{ name: 'init', image: 'busybox' }],
        containers: [{
          name: 'app', image: 'nginx', args: ['-g', 'daemon off;'],
          ports: [{ name: 'http', containerPort: 8080, hostPort: 0, protocol: 'TCP' }],
          env: [
            { name: 'PLAIN', value: '' },
            { name: 'PASS', valueFrom: { secretKeyRef: { localObjectReference: { name: 'db' }, key: 'password', optional: false } } },
          ],
          envFrom: [{ prefix: 'CFG_', configMapRef: { localObjectReference: { name: 'cfg' } } }],
          resources: { limits: { cpu: quantity('500m'), memory: quantity('128Mi') }, requests: { cpu: quantity('100m') } },
          volumeMounts: [{ name: 'cache', mountPath: '/cache', readOnly: true }],
          readinessProbe: { handler: { httpGet: { path: '/healthz', port: intOrString('http') } }, periodSeconds: 5 },
          livenessProbe: { handler: { tcpSocket: { port: intOrString(8080) } }, initialDelaySeconds: 0 },
          lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
          securityContext: { runAsUser: 0, runAsNonRoot: false, capabilities: { drop: ['ALL'] } },
        }],
        ephemeralContainers: [{ ephemeralContainerCommon: { name: 'debug', image: 'busybox', tty: true }, targetContainerName: 'app' }],
        volumes: [
          { name: 'cache', volumeSource: { emptyDir: {} } },
          { name: 'cfg', volumeSource: { configMap: { localObjectReference: { name: 'cfg' }, items: [{ key: 'a', path: 'a.txt' }], defaultMode: 420 } } },
          { name: 'tok', volumeSource: { projected: { sources: [{ serviceAccountToken: { audience: 'vault', expirationSeconds: 3600, path: 't' } }] } } },
        ],
        affinity: {
          nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } },
          podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: {
            topologyKey: 'kubernetes.io/hostname', labelSelector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] },
          } }] },
        },
        tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
        securityContext: { fsGroup: 2000, supplementalGroups: [0, 3000] },
        terminationGracePeriodSeconds: 0, hostNetwork: false, nodeSelector: { disk: 'ssd' },
        topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }],
      },
    });
    const [c] = pod.spec.containers;
    assert.deepEqual(c.ports, [{ name: 'http', containerPort: 8080, protocol: 'TCP' }]);
    assert.deepEqual(c.env, [{ name: 'PLAIN' }, { name: 'PASS', valueFrom: { secretKeyRef: { name: 'db', key: 'password', optional: false } } }]);
    assert.deepEqual(c.envFrom, [{ prefix: 'CFG_', configMapRef: { name: 'cfg' } }]);
    assert.deepEqual(c.resources, { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '100m' } });
    assert.deepEqual(c.readinessProbe, { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 5 });
    assert.deepEqual(c.livenessProbe, { tcpSocket: { port: 8080 } });
    assert.deepEqual(c.lifecycle, { preStop: { exec: { command: ['sleep', '5'] } } });
    assert.deepEqual(c.securityContext, { capabilities: { drop: ['ALL'] }, runAsUser: 0, runAsNonRoot: false });
    assert.deepEqual(c.volumeMounts, [{ name: 'cache', readOnly: true, mountPath: '/cache' }]);
    assert.deepEqual(pod.spec.initContainers, [{ name: 'init', image: 'busybox' }]);
    assert.deepEqual(pod.spec.ephemeralContainers, [{ name: 'debug', image: 'busybox', tty: true, targetContainerName: 'app' }]);
    assert.deepEqual(pod.spec.volumes, [
      { name: 'cache', emptyDir: {} },
      { name: 'cfg', configMap: { name: 'cfg', items: [{ key: 'a', path: 'a.txt' }], defaultMode: 420 } },
      { name: 'tok', projected: { sources: [{ serviceAccountToken: { audience: 'vault', expirationSeconds: 3600, path: 't' } }] } },
    ]);
    assert.equal(pod.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0], 'a');
    assert.equal(pod.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector.matchExpressions[0].operator, 'Exists');
    assert.deepEqual(pod.spec.tolerations, [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }]);
    assert.deepEqual(pod.spec.securityContext, { supplementalGroups: [0, 3000], fsGroup: 2000 });
    assert.equal(pod.spec.terminationGracePeriodSeconds, 0);
    assert.equal('hostNetwork' in pod.spec, false);
    assert.deepEqual(pod.spec.nodeSelector, { disk: 'ssd' });
    assert.deepEqual(pod.spec.topologySpreadConstraints, [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }]);
  });

  test('bytes map values become base64, empty values stay', () => {
    const s = roundTrip('v1', 'Secret', { metadata: { name: 's' }, data: { k: Buffer.from([0, 1, 2, 255]), empty: Buffer.alloc(0) }, type: 'Opaque' });
    assert.deepEqual(s.data, { k: 'AAEC/w==', empty: '' });
  });

  test('MicroTime keeps microseconds; a map of Time and Conditions convert', () => {
    const lease = roundTrip('coordination.k8s.io/v1', 'Lease', {
      metadata: { name: 'l' }, spec: { holderIdentity: 'node1', leaseDurationSeconds: 40, renewTime: { seconds: 1714557600, nanos: 123456789 } },
    });
    assert.deepEqual(lease.spec, { holderIdentity: 'node1', leaseDurationSeconds: 40, renewTime: '2024-05-01T10:00:00.123456Z' });
    const pdb = roundTrip('policy/v1', 'PodDisruptionBudget', {
      metadata: { name: 'p' },
      status: {
        disruptedPods: { 'web-1': { seconds: 1714557600 } }, disruptionsAllowed: 1,
        conditions: [{ type: 'DisruptionAllowed', status: 'True', lastTransitionTime: { seconds: 1714557600 }, observedGeneration: 0 }],
      },
    });
    assert.deepEqual(pdb.status, {
      disruptedPods: { 'web-1': '2024-05-01T10:00:00Z' }, disruptionsAllowed: 1,
      conditions: [{ type: 'DisruptionAllowed', status: 'True', lastTransitionTime: '2024-05-01T10:00:00Z' }],
    });
  });

  test('SubjectAccessReview extra values are string lists', () => {
    const sar = roundTrip('authorization.k8s.io/v1', 'SubjectAccessReview', {
      metadata: {},
      spec: { user: 'alice', groups: ['devs'], uid: 'u', extra: { scopes: { items: ['a', 'b'] } }, resourceAttributes: { verb: 'list', resource: 'pods' } },
    });
    assert.deepEqual(sar.spec, {
      resourceAttributes: { verb: 'list', resource: 'pods' }, user: 'alice', groups: ['devs'], extra: { scopes: ['a', 'b'] }, uid: 'u',
    });
  });

  test('Eviction carries DeleteOptions with a zero grace period (policy/v1 and v1beta1)', () => {
    for (const apiVersion of ['policy/v1', 'policy/v1beta1']) {
      const ev = roundTrip(apiVersion, 'Eviction', {
        metadata: { name: 'web-1', namespace: 'team-a' },
        deleteOptions: { gracePeriodSeconds: 0, preconditions: { uid: 'u-1' }, dryRun: ['All'] },
      });
      assert.deepEqual(ev, {
        apiVersion, kind: 'Eviction', metadata: { name: 'web-1', namespace: 'team-a' },
        deleteOptions: { gracePeriodSeconds: 0, preconditions: { uid: 'u-1' }, dryRun: ['All'] },
      });
    }
  });

  test('DeleteOptions decodes under any served apiVersion, without metadata', () => {
    const opts = roundTrip('apps/v1', 'DeleteOptions', { propagationPolicy: 'Foreground' });
    assert.deepEqual(opts, { apiVersion: 'apps/v1', kind: 'DeleteOptions', propagationPolicy: 'Foreground' });
  });
});

describe('malformed protobuf bodies', () => {
  test('isKubernetesProtobuf checks the k8s\\0 magic', () => {
    assert.equal(isKubernetesProtobuf(encode('v1', 'Namespace', { metadata: { name: 'x' } })), true);
    assert.equal(isKubernetesProtobuf(Buffer.from('{"kind":"Namespace"}')), false);
    assert.equal(isKubernetesProtobuf(Buffer.from('k8s')), false);
  });

  test('missing magic, broken envelope, missing kind', () => {
    assertBadRequest(Buffer.from('{"kind":"Namespace"}'), /missing the "k8s\\x00" prefix/);
    assertBadRequest(Buffer.concat([KUBERNETES_PROTOBUF_MAGIC, Buffer.from([0x0a, 0x50, 0x01])]), /invalid runtime.Unknown envelope/);
    assertBadRequest(envelope('v1', '', new Uint8Array()), /Kind' is missing/);
  });

  test('an envelope with a content encoding is refused', () => {
    const unknown = envelopeType().encode({ typeMeta: { apiVersion: 'v1', kind: 'Namespace' }, raw: new Uint8Array(), contentEncoding: 'gzip' }).finish();
    assertBadRequest(Buffer.concat([KUBERNETES_PROTOBUF_MAGIC, unknown]),
      'unable to decode protobuf body for v1, Kind=Namespace: unsupported content encoding "gzip"');
  });

  test('unknown kind has no message definition', () => {
    assertBadRequest(envelope('apps/v1', 'Foo', new Uint8Array()), 'unable to decode protobuf body for apps/v1, Kind=Foo: no message definition');
    assertBadRequest(envelope('example.com/v1', 'Namespace', new Uint8Array()), 'unable to decode protobuf body for example.com/v1, Kind=Namespace: no message definition');
  });

  test('truncated or mistyped raw bytes', () => {
    const good = encode('apps/v1', 'Deployment', { metadata: { name: 'web', labels: { a: 'b' } }, spec: { replicas: 3 } });
    assertBadRequest(good.subarray(0, good.length - 3), /^unable to decode protobuf body/);
    assertBadRequest(envelope('apps/v1', 'Deployment', Buffer.from([0x0a, 0x05, 0x0a, 0x03])), /^unable to decode protobuf body for apps\/v1, Kind=Deployment: /);
    assertBadRequest(envelope('v1', 'Namespace', Buffer.from([0x7f, 0x00])), 'unable to decode protobuf body for v1, Kind=Namespace: invalid wire type 7 at offset 1');
  });

  test('fieldsV1 that is not JSON', () => {
    const body = encode('v1', 'ConfigMap', { metadata: { name: 'c', managedFields: [{ manager: 'm', fieldsV1: { Raw: Buffer.from('{nope') } }] } });
    assertBadRequest(body, 'unable to decode protobuf body for v1, Kind=ConfigMap: fieldsV1 is not valid JSON');
  });
});
