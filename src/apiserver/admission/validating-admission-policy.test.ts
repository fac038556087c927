import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError, StatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import { deleteObject } from '../registry/delete.ts';

/** An API server (not listening) and create/delete through its registries, as any client's writes go. */
async function newServer() {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  const registryOf = (o: { apiVersion: string; kind: string }) => server.catalog.byKind(o.apiVersion.includes('/') ? o.apiVersion.split('/')[0]! : '', o.kind)!.registry;
  const client = {
    create: (obj: KubeObject) => registryOf(obj).create(obj.metadata.namespace ?? '', obj, server.internalContext('test')),
    delete: (ref: { apiVersion: string; kind: string; name: string; namespace?: string }) => deleteObject(registryOf(ref), ref.namespace ?? '', ref.name, {}, server.internalContext('test')),
  };
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return { server, client };
}

const VAP = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy' };
const BINDING = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding' };
const deployRules = { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }] };

function deployment(name: string, replicas: number, labels: Record<string, string> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default', labels },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  };
}

async function setup(policy: Record<string, unknown>, binding: Record<string, unknown>) {
  const { server, client } = await newServer();
  await client.create({ ...VAP, metadata: { name: 'p' }, spec: { matchConstraints: deployRules, ...policy } } as KubeObject);
  await client.create({ ...BINDING, metadata: { name: 'b' }, spec: { policyName: 'p', validationActions: ['Deny'], ...binding } } as KubeObject);
  return { server, client };
}

const refused = (err: unknown) => {
  assert.ok(err instanceof StatusError);
  return err;
};

describe('ValidatingAdmissionPolicy', () => {
  test('a failed validation refuses the write as Invalid, with the expression when there is no message', async () => {
    const { client } = await setup({ validations: [{ expression: 'object.spec.replicas <= 5' }] }, {});
    await client.create(deployment('ok', 5));
    const err = refused(await client.create(deployment('big', 6)).catch((e) => e));
    assert.deepEqual([err.code, err.reason], [422, 'Invalid']);
    assert.equal(err.message, `deployments.apps "big" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: failed expression: object.spec.replicas <= 5`);
    // JSON integers are CEL ints: arithmetic on them works.
    const { client: c2 } = await setup({ validations: [{ expression: 'object.spec.replicas * 2 <= 8', messageExpression: "'twice ' + string(object.spec.replicas) + ' is too many'", reason: 'Forbidden' }] }, {});
    const e2 = refused(await c2.create(deployment('x', 5)).catch((e) => e));
    assert.deepEqual([e2.code, e2.reason], [403, 'Forbidden']);
    assert.match(e2.message, /denied request: twice 5 is too many$/);
  });

  test('Warn adds a warning and lets the write through; a match condition can exempt the request', async () => {
    const { server } = await setup(
      { validations: [{ expression: 'object.spec.replicas <= 1', message: 'more than one replica' }], matchConditions: [{ name: 'not-exempt', expression: "!has(object.metadata.labels) || !('exempt' in object.metadata.labels)" }] },
      { validationActions: ['Warn'] },
    );
    const registry = server.registry('apps', 'deployments');
    const warnings: string[] = [];
    await registry.create('default', deployment('w', 3), { ...server.internalContext('test'), warnings });
    assert.deepEqual(warnings, ["Validation failed for ValidatingAdmissionPolicy 'p' with binding 'b': more than one replica"]);
    const none: string[] = [];
    await registry.create('default', deployment('e', 3, { exempt: 'yes' }), { ...server.internalContext('test'), warnings: none });
    assert.deepEqual(none, []);
  });

  test('params from the binding\'s paramRef; none found is a refusal unless the binding allows it', async () => {
    const { client } = await setup(
      { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, validations: [{ expression: 'object.spec.replicas <= int(params.data.max)' }] },
      { paramRef: { name: 'limits', namespace: 'default', parameterNotFoundAction: 'Deny' } },
    );
    const missing = refused(await client.create(deployment('a', 1)).catch((e) => e));
    assert.match(missing.message, /no params found for policy binding with `Deny` parameterNotFoundAction/);
    await client.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'limits', namespace: 'default' }, data: { max: '2' } });
    await client.create(deployment('two', 2));
    assert.ok(isStatusError(await client.create(deployment('three', 3)).catch((e) => e), 'Invalid'));
  });

  test('an expression that fails at run time refuses under failurePolicy Fail and is skipped under Ignore', async () => {
    const expression = 'object.metadata.labels.tier == "web"';
    const fail = await setup({ validations: [{ expression }] }, {});
    const err = refused(await fail.client.create(deployment('nolabel', 1)).catch((e) => e));
    assert.match(err.message, /denied request: expression 'object\.metadata\.labels\.tier == "web"' resulted in error: /);
    const ignore = await setup({ failurePolicy: 'Ignore', validations: [{ expression }] }, {});
    await ignore.client.create(deployment('nolabel', 1));
  });

  test('an object selector on DELETE guards labelled objects, as the platform\'s no-delete guardrail does', async () => {
    const { client } = await newServer();
    await client.create({ ...VAP, metadata: { name: 'guard' }, spec: { matchConstraints: { resourceRules: [{ apiGroups: ['*'], apiVersions: ['*'], operations: ['DELETE'], resources: ['*/*'], scope: '*' }] }, validations: [{ expression: 'false', message: 'protected' }] } } as KubeObject);
    await client.create({ ...BINDING, metadata: { name: 'guard' }, spec: { policyName: 'guard', validationActions: ['Deny'], matchResources: { objectSelector: { matchLabels: { protected: 'true' } } } } } as KubeObject);
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'keep', labels: { protected: 'true' } } });
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'drop' } });
    const err = refused(await client.delete({ apiVersion: 'v1', kind: 'Namespace', name: 'keep' }).catch((e) => e));
    assert.equal(err.message, `namespaces "keep" is forbidden: ValidatingAdmissionPolicy 'guard' with binding 'guard' denied request: protected`);
    await client.delete({ apiVersion: 'v1', kind: 'Namespace', name: 'drop' });
  });

  test('a policy whose expression does not compile is refused when written', async () => {
    const { client } = await newServer();
    const err = refused(await client.create({ ...VAP, metadata: { name: 'bad' }, spec: { matchConstraints: deployRules, validations: [{ expression: 'object.spec.((' }] } } as KubeObject).catch((e) => e));
    assert.equal(err.code, 422);
    assert.match(err.message, /spec\.validations\[0\]\.expression: Invalid value: "object\.spec\.\(\(": compilation failed: /);
  });
});
