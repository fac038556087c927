import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonPatch, startWebhookServer, type WebhookServer } from '../../../test/support/webhook-server.ts';
import { StatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';

type Json = Record<string, any>;

/** An API server (not listening) and writes through its registries, as any client's writes go. */
async function newServer() {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' }, disableAdmissionPlugins: ['ServiceAccount'] });
  const registryOf = (o: { apiVersion: string; kind: string }) => server.catalog.byKind(o.apiVersion.includes('/') ? o.apiVersion.split('/')[0]! : '', o.kind)!.registry;
  const ctx = (dryRun = false) => ({ ...server.internalContext('test'), dryRun });
  const client = {
    create: (obj: KubeObject, dryRun = false) => registryOf(obj).create(obj.metadata.namespace ?? '', obj, ctx(dryRun)),
    update: (obj: KubeObject) => registryOf(obj).update(obj.metadata.namespace ?? '', obj.metadata.name!, obj, ctx()),
  };
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return { server, client };
}

const rules = [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['configmaps'] }];

function configuration(kind: 'Mutating' | 'Validating', name: string, webhooks: Json[]): KubeObject {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: `${kind}WebhookConfiguration`,
    metadata: { name },
    webhooks: webhooks.map((w) => ({ admissionReviewVersions: ['v1'], sideEffects: 'None', rules, ...w })),
  } as KubeObject;
}

const configMap = (name: string, labels: Record<string, string> = {}, data: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', labels }, data } as KubeObject);

const failure = async (p: Promise<unknown>): Promise<StatusError> => {
  const err = await p.then(() => undefined, (e) => e);
  assert.ok(err instanceof StatusError, `expected a refusal, got ${err}`);
  return err;
};

let hook: WebhookServer;
/** What the test webhook answers, by the path it is called on. */
const answers: Record<string, (r: Json) => Json> = {
  '/allow': () => ({ allowed: true, warnings: ['looked at by allow'] }),
  '/deny': (r) => ({ allowed: false, status: { code: 403, reason: 'Forbidden', message: `no ${r.resource.resource} named ${r.name}` } }),
  '/deny-bare': () => ({ allowed: false }),
  // As a real webhook must: an object without labels has no /metadata/labels to add a key under.
  '/label': (r) => ({ allowed: true, ...jsonPatch([r.object.metadata.labels ? { op: 'add', path: '/metadata/labels/stamped', value: 'yes' } : { op: 'add', path: '/metadata/labels', value: { stamped: 'yes' } }]) }),
  '/copy-label': (r) => ({ allowed: true, ...jsonPatch(r.object.metadata.labels?.stamped ? [{ op: 'add', path: '/data', value: { seen: r.object.metadata.labels.stamped } }] : []) }),
  '/wrong-uid': () => ({ allowed: true, uid: 'not-yours' }),
  '/patch-container': () => ({ allowed: true, ...jsonPatch([{ op: 'add', path: '/spec/containers/-', value: { name: 'sidecar', image: 'busybox', resources: { limits: { cpu: '1000m' } } } }]) }),
};

before(async () => {
  hook = await startWebhookServer((request, path) => answers[path.split('?')[0]!]!(request), ['127.0.0.1', 'localhost', 'hooks.default.svc']);
});
after(() => hook.close());

describe('validating admission webhooks', () => {
  test('a refusal is the webhook\'s Status, after "admission webhook … denied the request"', async () => {
    const { client } = await newServer();
    await client.create(configuration('Validating', 'guard', [{ name: 'deny.example.com', clientConfig: { url: hook.url('/deny'), caBundle: hook.caBundle } }]));
    const err = await failure(client.create(configMap('settings')));
    assert.deepEqual([err.code, err.reason], [403, 'Forbidden']);
    assert.equal(err.message, 'admission webhook "deny.example.com" denied the request: no configmaps named settings');
    const review = hook.reviews.at(-1)!;
    assert.equal(review.apiVersion, 'admission.k8s.io/v1');
    assert.deepEqual(
      [review.request.operation, review.request.namespace, review.request.kind, review.request.resource, review.request.object.metadata.name, review.request.oldObject, review.request.options.kind],
      ['CREATE', 'default', { group: '', version: 'v1', kind: 'ConfigMap' }, { group: '', version: 'v1', resource: 'configmaps' }, 'settings', null, 'CreateOptions'],
    );
    // Other kinds, and writes the rules leave out, are not sent.
    const before = hook.reviews.length;
    await client.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } } as KubeObject);
    assert.equal(hook.reviews.length, before);
  });

  test('a refusal without a status is 400 "without explanation"; an allowed answer passes its warnings on', async () => {
    const { client } = await newServer();
    await client.create(configuration('Validating', 'bare', [{ name: 'bare.example.com', clientConfig: { url: hook.url('/deny-bare'), caBundle: hook.caBundle }, objectSelector: { matchLabels: { check: 'bare' } } }]));
    const err = await failure(client.create(configMap('a', { check: 'bare' })));
    assert.deepEqual([err.code, err.reason, err.message], [400, '', 'admission webhook "bare.example.com" denied the request without explanation']);
    assert.equal(err.toStatus().reason, undefined);
    const warnings: string[] = [];
    const { server, client: c2 } = await newServer();
    await c2.create(configuration('Validating', 'ok', [{ name: 'allow.example.com', clientConfig: { url: hook.url('/allow'), caBundle: hook.caBundle } }]));
    const ctx = { ...server.internalContext('test'), warnings };
    await server.catalog.byKind('', 'ConfigMap')!.registry.create('default', configMap('b'), ctx);
    assert.deepEqual(warnings, ['looked at by allow']);
  });

  test('a webhook that cannot be called fails the write (500) when Fail, and is skipped when Ignore', async () => {
    const { client } = await newServer();
    const closed = await startWebhookServer(() => ({ allowed: true }));
    const deadUrl = closed.url('/validate');
    await closed.close();
    await client.create(configuration('Validating', 'dead', [{ name: 'dead.example.com', clientConfig: { url: deadUrl, caBundle: closed.caBundle }, objectSelector: { matchLabels: { policy: 'fail' } } }]));
    await client.create(configuration('Validating', 'dead-ignored', [{ name: 'ignored.example.com', failurePolicy: 'Ignore', clientConfig: { url: deadUrl, caBundle: closed.caBundle } }]));
    const err = await failure(client.create(configMap('x', { policy: 'fail' })));
    assert.deepEqual([err.code, err.reason], [500, 'InternalError']);
    assert.equal(err.message, `Internal error occurred: failed calling webhook "dead.example.com": failed to call webhook: Post "${deadUrl}?timeout=10s": dial tcp 127.0.0.1:${closed.port}: connect: connection refused`);
    await client.create(configMap('y'));
  });

  test('the serving certificate is verified against caBundle, and the reply must answer this request', async () => {
    const { client } = await newServer();
    await client.create(configuration('Validating', 'untrusted', [{ name: 'untrusted.example.com', clientConfig: { url: hook.url('/allow') }, objectSelector: { matchLabels: { t: 'ca' } } }]));
    await client.create(configuration('Validating', 'uid', [{ name: 'uid.example.com', clientConfig: { url: hook.url('/wrong-uid'), caBundle: hook.caBundle }, objectSelector: { matchLabels: { t: 'uid' } } }]));
    const tls = await failure(client.create(configMap('a', { t: 'ca' })));
    assert.match(tls.message, /failed calling webhook "untrusted.example.com": failed to call webhook: Post ".*": tls: failed to verify certificate: x509: certificate signed by unknown authority$/);
    const uid = await failure(client.create(configMap('b', { t: 'uid' })));
    assert.match(uid.message, /failed calling webhook "uid.example.com": failed to call webhook: received invalid webhook response: expected response.uid="[0-9a-f-]{36}", got "not-yours"$/);
  });

  test('namespace selectors read the namespace\'s labels; webhook configurations themselves are never sent', async () => {
    const { client } = await newServer();
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'guarded', labels: { guarded: 'true' } } });
    await client.create(configuration('Validating', 'ns', [{ name: 'deny.example.com', clientConfig: { url: hook.url('/deny'), caBundle: hook.caBundle }, namespaceSelector: { matchLabels: { guarded: 'true' } } }]));
    await client.create(configMap('free'));
    await failure(client.create({ ...configMap('held'), metadata: { name: 'held', namespace: 'guarded' } }));
    const everything = configuration('Validating', 'all', [{ name: 'all.example.com', clientConfig: { url: hook.url('/deny'), caBundle: hook.caBundle }, rules: [{ apiGroups: ['*'], apiVersions: ['*'], operations: ['*'], resources: ['*'] }] }]);
    await client.create(everything);
    // A webhook denying everything could otherwise never be removed.
    await client.update({ ...everything, webhooks: [] } as KubeObject);
  });

  test('a Service reference resolves through the cluster: ExternalName to its host, simulated pods say so', async () => {
    const { client } = await newServer();
    await client.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'hooks', namespace: 'default' }, spec: { type: 'ExternalName', externalName: 'localhost' } } as KubeObject);
    await client.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'operator', namespace: 'default' }, spec: { selector: { app: 'op' }, ports: [{ name: 'https', port: 443, targetPort: 9443 }] } } as KubeObject);
    await client.create({
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'operator-abc', namespace: 'default', labels: { 'kubernetes.io/service-name': 'operator' } },
      addressType: 'IPv4', ports: [{ name: 'https', port: 9443, protocol: 'TCP' }], endpoints: [{ addresses: ['10.244.0.7'], conditions: { ready: true }, targetRef: { kind: 'Pod', name: 'op-1', namespace: 'default' } }],
    } as unknown as KubeObject);
    await client.create(configuration('Validating', 'svc', [
      { name: 'deny.example.com', clientConfig: { service: { name: 'hooks', namespace: 'default', port: hook.port, path: '/deny' }, caBundle: hook.caBundle }, objectSelector: { matchLabels: { via: 'external' } } },
      { name: 'op.example.com', clientConfig: { service: { name: 'operator', namespace: 'default', path: '/validate' } }, objectSelector: { matchLabels: { via: 'pod' } } },
      { name: 'gone.example.com', clientConfig: { service: { name: 'missing', namespace: 'default' } }, objectSelector: { matchLabels: { via: 'missing' } } },
    ]));
    const external = await failure(client.create(configMap('e', { via: 'external' })));
    assert.equal(external.message, 'admission webhook "deny.example.com" denied the request: no configmaps named e');
    const simulated = await failure(client.create(configMap('p', { via: 'pod' })));
    assert.equal(simulated.message, 'Internal error occurred: failed calling webhook "op.example.com": failed to call webhook: Post "https://operator.default.svc:443/validate?timeout=10s": dial tcp 10.244.0.7:9443: pod default/op-1 behind service "operator" is simulated by cozylab: no process listens on it');
    const missing = await failure(client.create(configMap('m', { via: 'missing' })));
    assert.match(missing.message, /Post "https:\/\/missing.default.svc:443\?timeout=10s": service "missing" not found$/);
  });
});

describe('in-process webhook programs', () => {
  test('a Service with a ready endpoint routes reviews to the program registered behind it; without one the call fails', async () => {
    const { server, client } = await newServer();
    const seen: Json[] = [];
    server.webhooks.register('default/labeller', {
      async review(path, review) {
        seen.push({ path, review });
        return { apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: review.request.uid, allowed: true, ...jsonPatch([{ op: 'add', path: '/metadata/labels/by', value: 'program' }]) } };
      },
    });
    await client.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'labeller', namespace: 'default' }, spec: { selector: { app: 'labeller' }, ports: [{ name: 'webhook', port: 443, targetPort: 9443 }] } } as KubeObject);
    await client.create(configuration('Mutating', 'program', [{ name: 'labeller.example.com', clientConfig: { service: { name: 'labeller', namespace: 'default', path: '/mutate' } } }]));
    const early = await failure(client.create(configMap('early')));
    assert.match(early.message, /Post "https:\/\/labeller.default.svc:443\/mutate\?timeout=10s": no endpoints available for service "labeller"$/);
    await client.create({
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'labeller-x', namespace: 'default', labels: { 'kubernetes.io/service-name': 'labeller' } },
      addressType: 'IPv4', ports: [{ name: 'webhook', port: 9443, protocol: 'TCP' }], endpoints: [{ addresses: ['10.244.0.9'], conditions: { ready: true }, targetRef: { kind: 'Pod', name: 'labeller-1', namespace: 'default' } }],
    } as unknown as KubeObject);
    const stored = await client.create(configMap('late', { app: 'web' }));
    assert.deepEqual(stored.metadata.labels, { app: 'web', by: 'program' });
    assert.equal(seen.at(-1)!.path, '/mutate?timeout=10s');
    assert.equal(seen.at(-1)!.review.request.object.metadata.name, 'late');
  });
});

describe('mutating admission webhooks', () => {
  test('a JSONPatch changes what is stored, and a later webhook sees the change (and dry runs say so)', async () => {
    const { client } = await newServer();
    await client.create(configuration('Mutating', 'a-label', [{ name: 'label.example.com', clientConfig: { url: hook.url('/label'), caBundle: hook.caBundle } }]));
    await client.create(configuration('Mutating', 'b-copy', [{ name: 'copy.example.com', clientConfig: { url: hook.url('/copy-label'), caBundle: hook.caBundle } }]));
    const stored = await client.create(configMap('m'));
    assert.equal(stored.metadata.labels?.stamped, 'yes');
    assert.deepEqual(stored.data, { seen: 'yes' });
    await client.create(configMap('dry'), true);
    assert.deepEqual(hook.reviews.at(-1)!.request.options, { apiVersion: 'meta.k8s.io/v1', kind: 'CreateOptions', dryRun: ['All'] });
    assert.equal(hook.reviews.at(-1)!.request.dryRun, true);
  });

  test('an IfNeeded webhook is called again when a later webhook changed the object', async () => {
    const { client } = await newServer();
    await client.create(configuration('Mutating', 'a-copy', [{ name: 'copy.example.com', reinvocationPolicy: 'IfNeeded', clientConfig: { url: hook.url('/copy-label'), caBundle: hook.caBundle } }]));
    await client.create(configuration('Mutating', 'b-label', [{ name: 'label.example.com', clientConfig: { url: hook.url('/label'), caBundle: hook.caBundle } }]));
    const stored = await client.create(configMap('r'));
    assert.deepEqual([stored.metadata.labels?.stamped, stored.data], ['yes', { seen: 'yes' }]);
  });

  test('a patched object is defaulted and validated as the kind\'s own', async () => {
    const { client } = await newServer();
    await client.create(configuration('Mutating', 'sidecar', [{ name: 'sidecar.example.com', rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }], clientConfig: { url: hook.url('/patch-container'), caBundle: hook.caBundle } }]));
    const pod = await client.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } as KubeObject);
    const sidecar = (pod.spec as Json).containers[1];
    assert.deepEqual([sidecar.name, sidecar.imagePullPolicy, sidecar.terminationMessagePath, sidecar.resources.limits.cpu], ['sidecar', 'Always', '/dev/termination-log', '1']);
  });
});

describe('webhook configurations', () => {
  test('defaults as upstream sets them', async () => {
    const { client } = await newServer();
    const stored = await client.create(configuration('Mutating', 'd', [{ name: 'd.example.com', clientConfig: { service: { name: 'svc', namespace: 'default' } } }]));
    const w = (stored.webhooks as Json[])[0]!;
    assert.deepEqual(
      [w.failurePolicy, w.matchPolicy, w.timeoutSeconds, w.reinvocationPolicy, w.namespaceSelector, w.objectSelector, w.clientConfig.service.port, w.rules[0].scope, stored.metadata.generation],
      ['Fail', 'Equivalent', 10, 'Never', {}, {}, 443, '*', 1],
    );
  });

  test('what a user gets wrong is Invalid, with a cause per field', async () => {
    const { client } = await newServer();
    const err = await failure(client.create({
      ...configuration('Validating', 'bad', [
        { name: 'short.name', sideEffects: undefined, admissionReviewVersions: ['v2'], timeoutSeconds: 31, clientConfig: { url: 'http://127.0.0.1/x?y=1' } },
        { name: 'dup.example.com', clientConfig: {} },
        { name: 'dup.example.com', sideEffects: 'Some', clientConfig: { url: 'https://x.example.com' }, rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', '*'], resources: ['pods'] }] },
      ]),
    }));
    assert.equal(err.code, 422);
    const causes = (err.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
    for (const expected of [
      'webhooks[0].name: Invalid value: "short.name": should be a domain with at least three segments separated by dots',
      'webhooks[0].admissionReviewVersions: Invalid value: []string{"v2"}: must include at least one of v1, v1beta1',
      'webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun',
      'webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds',
      `webhooks[0].clientConfig.url: Invalid value: "http://127.0.0.1/x?y=1": 'https' is the only allowed URL scheme`,
      'webhooks[0].clientConfig.url: Invalid value: "http://127.0.0.1/x?y=1": query parameters are not permitted in the URL',
      'webhooks[1].clientConfig: Required value: exactly one of url or service is required',
      'webhooks[2].name: Duplicate value: "dup.example.com"',
      'webhooks[2].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
      `webhooks[2].rules[0].operations: Invalid value: []string{"CREATE", "*"}: if '*' is present, must not specify other operations`,
    ]) assert.ok(causes.includes(expected), `missing cause ${expected} in\n${causes.join('\n')}`);
  });
});
