import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';

type Json = Record<string, any>;

async function newServer() {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' }, disableAdmissionPlugins: ['ServiceAccount'] });
  const ctx = server.internalContext('test');
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, ctx);
  const pod = (name: string, spec: Json = {}) =>
    server.registry('', 'pods').create('default', { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } } as KubeObject, ctx);
  const priorityClass = (name: string, value: number, extra: Json = {}) =>
    server.registry('scheduling.k8s.io', 'priorityclasses').create('', { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, ...extra } as KubeObject, ctx);
  return { server, pod, priorityClass };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(() => undefined, (e) => e);
  assert.ok(err instanceof StatusError, `expected a refusal, got ${err}`);
  return err;
};

describe('Priority admission', () => {
  test("a pod gets its class's value and preemption policy; without a class, the global default's, else 0", async () => {
    const { pod, priorityClass } = await newServer();
    assert.deepEqual([(await pod('plain')).spec].map((s: any) => [s.priority, s.preemptionPolicy, s.priorityClassName]), [[0, 'PreemptLowerPriority', undefined]]);
    await priorityClass('batch', 100, { preemptionPolicy: 'Never' });
    const batch = (await pod('batch', { priorityClassName: 'batch' })).spec as Json;
    assert.deepEqual([batch.priority, batch.preemptionPolicy], [100, 'Never']);
    await priorityClass('normal', 10, { globalDefault: true });
    const defaulted = (await pod('defaulted')).spec as Json;
    assert.deepEqual([defaulted.priorityClassName, defaulted.priority], ['normal', 10]);
  });

  test('a missing class, or a priority the pod claims itself, is Forbidden', async () => {
    const { pod } = await newServer();
    const missing = await refusal(pod('x', { priorityClassName: 'gold' }));
    assert.deepEqual([missing.code, missing.message], [403, 'pods "x" is forbidden: no PriorityClass with name gold was found']);
    const claimed = await refusal(pod('y', { priority: 5 }));
    assert.equal(claimed.message, 'pods "y" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name');
  });

  test('PriorityClasses: one global default, system- names reserved, user values capped, value fixed', async () => {
    const { server, priorityClass } = await newServer();
    await priorityClass('first', 1, { globalDefault: true });
    assert.equal((await refusal(priorityClass('second', 2, { globalDefault: true }))).message, 'priorityclasses.scheduling.k8s.io "second" is forbidden: PriorityClass first is already marked as default. Only one default can exist');
    const reserved = await refusal(priorityClass('system-mine', 1));
    assert.match(String(reserved.details?.causes?.[0]?.message), /^Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class$/);
    assert.match(String((await refusal(priorityClass('huge', 1_000_000_001))).details?.causes?.[0]?.message), /maximum allowed value of a user defined priority is 1000000000/);
    await priorityClass('system-node-critical', 2000001000);
    const registry = server.registry('scheduling.k8s.io', 'priorityclasses');
    const current = await registry.get('', 'first');
    assert.match(String((await refusal(registry.update('', 'first', { ...current, value: 3 } as KubeObject, server.internalContext()))).details?.causes?.[0]?.message), /may not be changed in an update/);
  });
});
