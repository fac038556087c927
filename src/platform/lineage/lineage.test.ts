import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeClient, ObjectRef } from '../../controller/index.ts';
import { StatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { isTenantResource, renderName } from './resource-selectors.ts';
import { LineageWebhook } from './webhook.ts';

type Json = Record<string, any>;

/** A client that only reads, from a fixed set of objects. */
function readOnlyClient(objects: KubeObject[]): KubeClient {
  const key = (r: ObjectRef) => `${r.apiVersion}/${r.kind}/${r.namespace ?? ''}/${r.name}`;
  const byKey = new Map(objects.map((o) => [key({ apiVersion: o.apiVersion, kind: o.kind, namespace: o.metadata.namespace, name: o.metadata.name! }), o]));
  return {
    async get(ref: ObjectRef) {
      const found = byKey.get(key(ref));
      if (!found) throw new StatusError(404, 'NotFound', `${ref.kind} "${ref.name}" not found`);
      return found;
    },
  } as unknown as KubeClient;
}

const ns = 'tenant-root';
const ingressApp = { apiVersion: 'apps.cozystack.io/v1alpha1', kind: 'Ingress', metadata: { name: 'ingress', namespace: ns } } as KubeObject;
const appRelease = (name: string, app: { kind: string; name: string } | undefined, parent?: string): KubeObject => ({
  apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease',
  metadata: { name, namespace: ns, labels: { ...(parent ? { 'helm.toolkit.fluxcd.io/name': parent } : {}), ...(app ? { 'apps.cozystack.io/application.group': 'apps.cozystack.io', 'apps.cozystack.io/application.kind': app.kind, 'apps.cozystack.io/application.name': app.name } : {}) } },
} as KubeObject);
const definitions: Record<string, KubeObject> = {
  Ingress: { apiVersion: 'cozystack.io/v1alpha1', kind: 'ApplicationDefinition', metadata: { name: 'ingress' }, spec: { services: { exclude: [], include: [{ resourceNames: ['{{ slice .namespace 7 }}-ingress-controller'] }] } } } as KubeObject,
};

const cluster = readOnlyClient([
  ingressApp,
  appRelease('ingress', { kind: 'Ingress', name: 'ingress' }),
  appRelease('ingress-nginx-system', undefined, 'ingress'),
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'root-ingress-controller', namespace: ns, labels: { 'helm.toolkit.fluxcd.io/name': 'ingress-nginx-system' } } } as KubeObject,
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'root-ingress-controller-5d8f', namespace: ns, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'root-ingress-controller', uid: 'u1' }] } } as KubeObject,
]);

function review(obj: Json): Json {
  return { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: { uid: 'u-1', operation: 'CREATE', namespace: ns, object: obj } };
}
const patchOf = (reply: Json) => JSON.parse(Buffer.from(reply.response.patch, 'base64').toString('utf8'));

describe('lineage webhook', () => {
  const webhook = new LineageWebhook(cluster, (kind) => definitions[kind]);

  test('a pod is labelled with the application its ReplicaSet, Deployment and HelmReleases lead to', async () => {
    const reply = await webhook.review('/mutate-lineage', review({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'root-ingress-controller-5d8f-abcde', labels: { app: 'x' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'root-ingress-controller-5d8f', uid: 'u2' }] } }));
    assert.deepEqual([reply.response.uid, reply.response.allowed, reply.response.patchType], ['u-1', true, 'JSONPatch']);
    assert.deepEqual(patchOf(reply), [
      { op: 'add', path: '/metadata/labels/internal.cozystack.io~1managed-by-cozystack', value: 'true' },
      { op: 'add', path: '/metadata/labels/apps.cozystack.io~1application.group', value: 'apps.cozystack.io' },
      { op: 'add', path: '/metadata/labels/apps.cozystack.io~1application.kind', value: 'Ingress' },
      { op: 'add', path: '/metadata/labels/apps.cozystack.io~1application.name', value: 'ingress' },
      { op: 'add', path: '/metadata/labels/internal.cozystack.io~1tenantresource', value: 'false' },
    ]);
  });

  test("a Service the definition names is the tenant's; one it does not name is not", async () => {
    const named = await webhook.review('/mutate-lineage', review({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'root-ingress-controller', labels: { 'helm.toolkit.fluxcd.io/name': 'ingress-nginx-system' } } }));
    assert.equal(patchOf(named).find((op: Json) => op.path.endsWith('tenantresource')).value, 'true');
    const other = await webhook.review('/mutate-lineage', review({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'root-ingress-controller-admission', labels: { 'helm.toolkit.fluxcd.io/name': 'ingress-nginx-system' } } }));
    assert.equal(patchOf(other).find((op: Json) => op.path.endsWith('tenantresource')).value, 'false');
  });

  test('an object of no application is let through unchanged; an object without labels gets them whole', async () => {
    const loose = await webhook.review('/mutate-lineage', review({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'mine', labels: {} } }));
    assert.deepEqual(loose.response, { uid: 'u-1', allowed: true });
    const bare = await webhook.review('/mutate-lineage', review({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'root-ingress-controller', uid: 'u1' }] } }));
    const [op] = patchOf(bare);
    assert.deepEqual([op.op, op.path, op.value['apps.cozystack.io/application.kind']], ['add', '/metadata/labels', 'Ingress']);
  });
});

describe('ApplicationDefinition resource selectors', () => {
  const ctx = { kind: 'info', name: 'info', namespace: 'tenant-foo' };
  test('names are Go templates over kind, name and namespace', () => {
    assert.equal(renderName('kubeconfig-{{ .namespace }}', ctx), 'kubeconfig-tenant-foo');
    assert.equal(renderName('{{ slice .namespace 7 }}-ingress-controller', ctx), 'foo-ingress-controller');
    assert.equal(renderName('{{ slice .name 1 3 }}', ctx), 'nf');
    assert.equal(renderName('{{ .missing }}', ctx), '<no value>');
    assert.equal(renderName('{{ slice .name 9 }}', ctx), undefined);
    assert.equal(renderName('{{ printf "%s" .name }}', ctx), undefined);
  });

  test('exclude wins over include; labels and names must both match', () => {
    const resources = { include: [{ resourceNames: ['{{ .namespace }}', 'extra'] }, { matchLabels: { shared: 'yes' } }], exclude: [{ resourceNames: ['extra'] }] };
    assert.equal(isTenantResource(resources, 'tenant-foo', ctx, {}), true);
    assert.equal(isTenantResource(resources, 'extra', ctx, {}), false);
    assert.equal(isTenantResource(resources, 'any', ctx, { shared: 'yes' }), true);
    assert.equal(isTenantResource(resources, 'any', ctx, {}), false);
    assert.equal(isTenantResource(undefined, 'tenant-foo', ctx, {}), false);
  });
});
