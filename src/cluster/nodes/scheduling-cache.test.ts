import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import type { InformerEventHandler, SharedInformer } from '../../controller/index.ts';
import type { Pod } from './pod-facts.ts';
import { SchedulingCache } from './scheduling-cache.ts';

/** Just enough of an informer: a cache and its handlers, driven by the test. */
function fakeInformer<T extends KubeObject>() {
  const objects = new Map<string, T>();
  const handlers: InformerEventHandler<T>[] = [];
  const key = (o: T) => (o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name!);
  return {
    informer: {
      addEventHandler: (h: InformerEventHandler<T>) => handlers.push(h),
      get: (ns: string | undefined, name: string) => objects.get(ns ? `${ns}/${name}` : name),
      getByKey: (k: string) => objects.get(k),
    } as unknown as SharedInformer<T>,
    put(o: T) {
      const old = objects.get(key(o));
      objects.set(key(o), o);
      for (const h of handlers) old ? h.onUpdate?.(old, o) : h.onAdd?.(o);
    },
  };
}

const node = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } });
const pod = (name: string, nodeName?: string, phase = 'Pending'): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName, containers: [{ name: 'c', resources: { requests: { cpu: '500m' } } }] }, status: { phase } }) as Pod;

function setup() {
  const pods = fakeInformer<Pod>();
  const nodes = fakeInformer<KubeObject>();
  const cache = new SchedulingCache(pods.informer, nodes.informer);
  nodes.put(node('b'));
  nodes.put(node('a'));
  return { pods, cache, requested: (name: string) => cache.nodeStates().find((s) => s.name === name)!.requested.cpu ?? 0 };
}

test('nodes come sorted with what their bound pods request; finished pods take nothing', () => {
  const { pods, cache, requested } = setup();
  pods.put(pod('p1', 'a'));
  pods.put(pod('p2', 'a', 'Succeeded'));
  assert.deepEqual(cache.nodeStates().map((s) => s.name), ['a', 'b']);
  assert.equal(requested('a'), 500);
  pods.put(pod('p1', 'a', 'Failed'));
  assert.equal(requested('a'), 0);
});

test('an assumed pod counts on its node until bound; a failed binding gives the room back', () => {
  const { pods, cache, requested } = setup();
  const p = pod('p', undefined);
  pods.put(p);
  cache.assume(p, 'b');
  assert.equal(cache.isAssumed('default/p'), true);
  assert.equal(requested('b'), 500);
  cache.forget('default/p');
  assert.equal(requested('b'), 0);
  cache.assume(p, 'b');
  pods.put(pod('p', 'b'));
  assert.equal(cache.isAssumed('default/p'), false);
  assert.equal(requested('b'), 500);
});
