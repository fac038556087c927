import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import type { AggregatedBackend } from './backends.ts';

const APISERVICE = { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService' };

function available(obj: KubeObject) {
  return ((obj.status as { conditions?: Array<{ type: string; status: string; reason: string; message: string }> } | undefined)?.conditions ?? []).find((c) => c.type === 'Available');
}

const backend: AggregatedBackend = {
  resources: (group) => (group === 'demo.example.io' ? [{ group, version: 'v1', kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget', namespaced: true, shortNames: [], categories: [], verbs: ['get'], subresources: [], strategicMergePatch: false }] : []),
  handle: async () => {},
  onChange: () => () => {},
};

test('an APIService with spec.service is Available only with its Service, a ready endpoint and a registered backend', async () => {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' } });
  await server.start();
  const ctx = server.internalContext('test');
  const reg = (obj: KubeObject) => server.registry(obj.apiVersion.includes('/') ? obj.apiVersion.split('/')[0]! : '', `${obj.kind.toLowerCase()}s`);
  const client = {
    create: (obj: KubeObject) => reg(obj).create(obj.metadata.namespace ?? '', obj, ctx),
    update: (obj: KubeObject) => reg(obj).update(obj.metadata.namespace ?? '', obj.metadata.name!, obj, ctx),
    get: (ref: { name: string }) => server.registry('apiregistration.k8s.io', 'apiservices').get('', ref.name),
    list: () => server.registry('apiregistration.k8s.io', 'apiservices').list(''),
  };
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' } });
  try {
    await client.create({ ...APISERVICE, metadata: { name: 'v1.demo.example.io' }, spec: { group: 'demo.example.io', version: 'v1', groupPriorityMinimum: 1000, versionPriority: 15, service: { name: 'demo-api', namespace: 'demo', port: 443 } } });
    const state = async () => {
      await server.settled();
      return available(await client.get({ ...APISERVICE, name: 'v1.demo.example.io' }));
    };
    const missing = await state();
    assert.deepEqual([missing?.status, missing?.reason, missing?.message], ['False', 'ServiceNotFound', 'service/demo-api in "demo" is not present']);
    await client.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'demo-api', namespace: 'demo' }, spec: { ports: [{ name: 'https', port: 443 }], selector: { app: 'demo' } } });
    assert.equal((await state())!.reason, 'EndpointsNotFound');
    const slice = await client.create({
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'demo-api-x', namespace: 'demo', labels: { 'kubernetes.io/service-name': 'demo-api' } },
      addressType: 'IPv4', ports: [{ name: 'https', port: 443 }], endpoints: [{ addresses: ['10.0.0.5'], conditions: { ready: false } }],
    } as KubeObject);
    assert.equal((await state())!.message, 'endpointslices for service/demo-api in "demo" have no addresses with port name "https"');
    await client.update({ ...slice, endpoints: [{ addresses: ['10.0.0.5'], conditions: { ready: true } }] } as KubeObject);
    assert.equal((await state())!.reason, 'FailedDiscoveryCheck');
    assert.equal(server.catalog.allTypes().some((t) => t.group === 'demo.example.io'), false);
    const unregister = server.aggregation.register('demo/demo-api', backend);
    assert.deepEqual({ ...(await state()), lastTransitionTime: undefined }, { type: 'Available', status: 'True', reason: 'Passed', message: 'all checks passed', lastTransitionTime: undefined });
    assert.equal(server.catalog.aggregatedFor('demo.example.io', 'v1')?.service, 'demo/demo-api');
    assert.deepEqual(server.catalog.allTypes().filter((t) => t.group === 'demo.example.io').map((t) => t.plural), ['widgets']);
    const list = await client.list();
    assert.equal(list.items.some((a) => a.metadata.name === 'v1.demo.example.io' && a.metadata.labels?.['kube-aggregator.kubernetes.io/automanaged']), false, 'no Local row');
    unregister();
    assert.equal((await state())!.status, 'False');
  } finally {
    await server.stop();
  }
});
