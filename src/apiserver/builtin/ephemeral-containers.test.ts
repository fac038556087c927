import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { StatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { MemoryStore } from '../../storage/memory.ts';
import { ApiServer } from '../api-server.ts';
import { applyStrategicMergePatch } from '../../machinery/patch/strategic-merge.ts';
import { builtinPatchSchema } from './patch-schemas.ts';

type Json = Record<string, any>;

async function withPod() {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' }, disableAdmissionPlugins: ['ServiceAccount'] });
  const ctx = server.internalContext('kubectl-debug');
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, ctx);
  const pods = server.registry('', 'pods');
  await pods.create('default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } as KubeObject, ctx);
  /** What `kubectl debug` sends: a strategic merge patch of the pod's ephemeral containers (in their order), to the subresource. */
  const debug = (ephemeralContainers: Json[]) =>
    pods.guaranteedUpdate('default', 'web', ctx, 'ephemeralcontainers', (pod) => {
      const existing = (((pod.spec as Json).ephemeralContainers ?? []) as Json[]).map((c) => ({ name: c.name }));
      const order = [...existing, ...ephemeralContainers.filter((c) => !existing.some((e) => e.name === c.name)).map((c) => ({ name: c.name }))];
      return applyStrategicMergePatch(pod, { spec: { '$setElementOrder/ephemeralContainers': order, ephemeralContainers } }, builtinPatchSchema('', 'Pod')) as KubeObject;
    });
  return { pods, ctx, debug };
}

const causes = async (p: Promise<unknown>) => {
  const err = await p.then(() => undefined, (e) => e);
  assert.ok(err instanceof StatusError, `expected Invalid, got ${err}`);
  assert.equal(err.code, 422);
  return (err.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
};

describe('pods/ephemeralcontainers', () => {
  test('adds a defaulted ephemeral container and nothing else', async () => {
    const { debug } = await withPod();
    const pod = await debug([{ name: 'debugger', image: 'busybox', targetContainerName: 'nginx', stdin: true, tty: true }]);
    const spec = pod.spec as Json;
    assert.deepEqual(spec.ephemeralContainers, [{ name: 'debugger', image: 'busybox', targetContainerName: 'nginx', stdin: true, tty: true, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'Always' }]);
    assert.equal(spec.containers.length, 1);
  });

  test('existing ones may not change or go; new ones may not have ports or probes, or target a missing container', async () => {
    const { debug } = await withPod();
    await debug([{ name: 'debugger', image: 'busybox' }]);
    assert.deepEqual(await causes(debug([{ name: 'debugger', image: 'alpine' }])), ['spec.ephemeralContainers: Forbidden: existing ephemeral containers "debugger" may not be changed']);
    const all = await causes(debug([{ name: 'nginx', image: 'busybox', ports: [{ containerPort: 80 }], readinessProbe: { exec: { command: ['true'] } }, targetContainerName: 'app' }]));
    assert.deepEqual(all.sort(), [
      'spec.ephemeralContainers[1].name: Duplicate value: "nginx"',
      'spec.ephemeralContainers[1].ports: Forbidden: cannot be set for an Ephemeral Container',
      'spec.ephemeralContainers[1].readinessProbe: Forbidden: cannot be set for an Ephemeral Container',
      'spec.ephemeralContainers[1].targetContainerName: Not found: "app"',
    ]);
  });

  test('the pod itself cannot set them: not on create, not by an update', async () => {
    const { pods, ctx, debug } = await withPod();
    const created = pods.create('default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'other', namespace: 'default' }, spec: { containers: [{ name: 'a', image: 'nginx' }], ephemeralContainers: [{ name: 'e', image: 'busybox' }] } } as KubeObject, ctx);
    assert.deepEqual(await causes(created), ['spec.ephemeralContainers: Forbidden: cannot be set on create']);
    await debug([{ name: 'debugger', image: 'busybox' }]);
    const current = await pods.get('default', 'web');
    const update = pods.update('default', 'web', { ...current, spec: { ...(current.spec as Json), ephemeralContainers: [] } } as KubeObject, ctx);
    assert.match((await causes(update))[0]!, /^spec: Forbidden: pod updates may not change fields other than/);
  });
});
