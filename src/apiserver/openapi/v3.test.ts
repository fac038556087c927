import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { ALL_VERBS, type ResourceType } from '../resource.ts';
import { OpenAPIV3Publisher, reversedGroup } from './v3.ts';
import { openAPIV2Response } from './v2.ts';

function rt(group: string, version: string, kind: string, plural: string, namespaced: boolean, extra: Partial<ResourceType> = {}): ResourceType {
  return {
    group, version, kind, plural, namespaced, listKind: `${kind}List`, singular: kind.toLowerCase(), shortNames: [], categories: [],
    verbs: ALL_VERBS, subresources: [], strategicMergePatch: true, ...extra,
  };
}

const tenant = rt('apps.cozystack.io', 'v1alpha1', 'Tenant', 'tenants', true, {
  strategicMergePatch: false,
  subresources: ['status'],
  schema: { type: 'object', properties: { spec: { type: 'object', properties: { host: { type: 'string' } } } } },
});
const types: ResourceType[] = [rt('', 'v1', 'Pod', 'pods', true), rt('', 'v1', 'Node', 'nodes', false), rt('apps', 'v1', 'Deployment', 'deployments', true), tenant];

type Doc = { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };

describe('OpenAPIV3Publisher', () => {
  const publisher = new OpenAPIV3Publisher(() => types);

  test('root lists each group-version with the sha512 (upper hex) of its document', () => {
    const root = JSON.parse(publisher.root().body);
    assert.deepEqual(Object.keys(root.paths), ['api/v1', 'apis/apps.cozystack.io/v1alpha1', 'apis/apps/v1']);
    const doc = publisher.document('api/v1')!;
    const hash = createHash('sha512').update(doc.body).digest('hex').toUpperCase();
    assert.equal(doc.hash, hash);
    assert.equal(root.paths['api/v1'].serverRelativeURL, `/openapi/v3/api/v1?hash=${hash}`);
    assert.match(publisher.root().etag, /^"[0-9A-F]{128}"$/);
    assert.equal(publisher.document('apis/nope/v1'), undefined);
  });

  test('paths: namespaced and cluster-wide URLs with GVK, action and the parameters kubectl reads', () => {
    const doc: Doc = JSON.parse(publisher.document('api/v1')!.body);
    assert.equal(doc.openapi, '3.0.0');
    assert.deepEqual(Object.keys(doc.paths).sort(), ['/api/v1/namespaces/{namespace}/pods', '/api/v1/namespaces/{namespace}/pods/{name}', '/api/v1/nodes', '/api/v1/nodes/{name}', '/api/v1/pods']);
    const patch = doc.paths['/api/v1/namespaces/{namespace}/pods/{name}']!.patch;
    assert.deepEqual(patch['x-kubernetes-group-version-kind'], { group: '', kind: 'Pod', version: 'v1' });
    assert.equal(patch['x-kubernetes-action'], 'patch');
    assert.deepEqual(patch.parameters.map((p: { name: string }) => p.name), ['dryRun', 'fieldManager', 'fieldValidation', 'force']);
    assert.ok(Object.keys(patch.requestBody.content).includes('application/strategic-merge-patch+json'));
    assert.equal(doc.paths['/api/v1/namespaces/{namespace}/pods']!.post['x-kubernetes-action'], 'post');
    assert.equal(doc.paths['/api/v1/pods']!.get['x-kubernetes-action'], 'list');
  });

  test('components: reachable built-in schemas only', () => {
    const doc: Doc = JSON.parse(publisher.document('api/v1')!.body);
    assert.ok(doc.components.schemas['io.k8s.api.core.v1.Pod']);
    assert.ok(doc.components.schemas['io.k8s.api.core.v1.Container']);
    assert.ok(doc.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']);
    assert.ok(doc.components.schemas['io.k8s.api.core.v1.PodList']);
    assert.equal(doc.components.schemas['io.k8s.api.apps.v1.Deployment'], undefined);
  });

  test("built-in components carry the patch and list extensions kubectl's three-way apply merges by", () => {
    const schemas = (JSON.parse(publisher.document('api/v1')!.body) as Doc).components.schemas;
    const containers = schemas['io.k8s.api.core.v1.PodSpec'].properties.containers;
    assert.equal(containers['x-kubernetes-patch-strategy'], 'merge');
    assert.equal(containers['x-kubernetes-patch-merge-key'], 'name');
    assert.equal(containers['x-kubernetes-list-type'], 'map');
    assert.deepEqual(containers['x-kubernetes-list-map-keys'], ['name']);
    assert.equal(schemas['io.k8s.api.core.v1.PodSpec'].properties.volumes['x-kubernetes-patch-strategy'], 'merge,retainKeys');
    assert.deepEqual(schemas['io.k8s.api.core.v1.Container'].properties.ports['x-kubernetes-list-map-keys'], ['containerPort', 'protocol']);
    assert.equal(schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta'].properties.finalizers['x-kubernetes-list-type'], 'set');
    assert.equal(schemas['io.k8s.api.core.v1.ObjectFieldSelector']['x-kubernetes-map-type'], 'atomic');
    assert.equal(schemas['io.k8s.api.core.v1.PodSpec'].properties.nodeName['x-kubernetes-patch-strategy'], undefined);
  });

  test('custom kinds: reversed-group component, metadata ref, no strategic merge patch', () => {
    const doc: Doc = JSON.parse(publisher.document('apis/apps.cozystack.io/v1alpha1')!.body);
    const schema = doc.components.schemas[`${reversedGroup('apps.cozystack.io')}.v1alpha1.Tenant`];
    assert.deepEqual(schema['x-kubernetes-group-version-kind'], [{ group: 'apps.cozystack.io', kind: 'Tenant', version: 'v1alpha1' }]);
    assert.deepEqual(schema.properties.metadata.allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }]);
    assert.equal(schema.properties.apiVersion.type, 'string');
    assert.equal(schema.properties.spec.properties.host.type, 'string');
    assert.ok(doc.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']);
    const item = doc.paths['/apis/apps.cozystack.io/v1alpha1/namespaces/{namespace}/tenants/{name}']!;
    assert.deepEqual(Object.keys(item.patch.requestBody.content).sort(), ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json']);
    assert.ok(doc.paths['/apis/apps.cozystack.io/v1alpha1/namespaces/{namespace}/tenants/{name}/status']!.patch);
  });

  test('invalidate rebuilds from the current types', () => {
    const before = publisher.root().body;
    types.push(rt('batch', 'v1', 'Job', 'jobs', true));
    assert.equal(publisher.root().body, before);
    publisher.invalidate();
    assert.ok(JSON.parse(publisher.root().body).paths['apis/batch/v1']);
    types.pop();
    publisher.invalidate();
  });
});

test('openAPIV2Response is an empty protobuf document with the exact content type', () => {
  const v2 = openAPIV2Response();
  assert.equal(v2.contentType, 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
  assert.equal(v2.body.length, 0);
});
