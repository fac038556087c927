import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../storage/memory.ts';
import { ApiServer } from './api-server.ts';
import { deleteObject } from './registry/delete.ts';
import type { KubeObject } from '../machinery/object.ts';

type Port = { port: number; name?: string; protocol?: string; nodePort?: number };

/** A server whose Service range (10.96.0.0/29 by default) holds six addresses. */
async function setUp(range = '10.96.0.0/29') {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' }, serviceClusterIPRange: range });
  const ctx = server.internalContext('test');
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, ctx);
  const services = server.registry('', 'services');
  const service = (name: string, spec: { clusterIP?: string; type?: string; ports?: Port[] } = {}): KubeObject => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'default' },
    spec: { ports: [{ port: 80 }], ...spec },
  });
  const clusterIP = (s: KubeObject) => (s.spec as { clusterIP: string }).clusterIP;
  const nodePorts = (s: KubeObject) => (s.spec as { ports: Port[] }).ports.map((p) => p.nodePort);
  return { ctx, services, service, clusterIP, nodePorts };
}

test('Services created at once each get their own ClusterIP, until the range is full', async () => {
  const { ctx, services, service, clusterIP } = await setUp();
  const created = await Promise.all(Array.from({ length: 6 }, (_, i) => services.create('default', service(`s${i}`), ctx)));
  const ips = created.map(clusterIP);
  assert.equal(new Set(ips).size, 6, `ClusterIPs handed out twice: ${ips.join(' ')}`);
  await assert.rejects(services.create('default', service('one-more'), ctx), /failed to allocate a serviceIP: range is full/);
});

test('two Services asking for one ClusterIP at once: one gets it, the other is refused', async () => {
  const { ctx, services, service } = await setUp();
  const results = await Promise.allSettled([services.create('default', service('a', { clusterIP: '10.96.0.5' }), ctx), services.create('default', service('b', { clusterIP: '10.96.0.5' }), ctx)]);
  assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
  const refusal = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
  assert.match(String(refusal.reason.message), /spec\.clusterIPs: Invalid value: \[\]string\{"10\.96\.0\.5"\}: failed to allocate IP 10\.96\.0\.5: provided IP is already allocated/);
});

test('a create that is refused, fails or is a dry run holds no ClusterIP or NodePort', async () => {
  const { ctx, services, service, clusterIP, nodePorts } = await setUp();
  await services.create('default', service('taken'), ctx);
  for (let i = 0; i < 6; i++) {
    await assert.rejects(services.create('default', service(`bad${i}`, { ports: [{ port: 0 }] }), ctx), /spec\.ports\[0\]\.port: Invalid value: 0: must be between 1 and 65535, inclusive/);
    await assert.rejects(services.create('default', service('taken'), ctx), /services "taken" already exists/);
    const dry = await services.create('default', service(`dry${i}`, { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }), { ...ctx, dryRun: true });
    assert.match(clusterIP(dry), /^10\.96\.0\.[1-6]$/);
  }
  // Five addresses are left besides the one "taken" holds, and 30080 was only ever asked for in dry runs.
  const made = await Promise.all(Array.from({ length: 5 }, (_, i) => services.create('default', service(`ok${i}`), ctx)));
  assert.equal(new Set(made.map(clusterIP)).size, 5);
  await deleteObject(services, 'default', 'ok4', {}, ctx);
  const node = await services.create('default', service('node', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }), ctx);
  assert.deepEqual(nodePorts(node), [30080]);
});

test('a NodePort a Service asks for is reserved: refused while in use or out of range, free again once the Service or its port is gone', async () => {
  const { ctx, services, service, nodePorts } = await setUp();
  const first = await services.create('default', service('first', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }), ctx);
  assert.deepEqual(nodePorts(first), [30080]);
  await assert.rejects(
    services.create('default', service('second', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }), ctx),
    /Service "second" is invalid: spec\.ports\[0\]\.nodePort: Invalid value: 30080: provided port is already allocated/,
  );
  await assert.rejects(
    services.create('default', service('far', { type: 'NodePort', ports: [{ port: 80, nodePort: 40000 }] }), ctx),
    /spec\.ports\[0\]\.nodePort: Invalid value: 40000: provided port is not in the valid range\. The range of valid ports is 30000-32767/,
  );
  // One NodePort may serve a port's TCP and UDP alike.
  const dns = await services.create('default', service('dns', { type: 'NodePort', ports: [{ port: 53, name: 'tcp', protocol: 'TCP', nodePort: 30053 }, { port: 53, name: 'udp', protocol: 'UDP', nodePort: 30053 }] }), ctx);
  assert.deepEqual(nodePorts(dns), [30053, 30053]);

  await deleteObject(services, 'default', 'first', {}, ctx);
  await services.create('default', service('second', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }), ctx);

  // An update that drops a port gives its NodePort back; one that asks for a port in use is refused and keeps what it had.
  const two = await services.create('default', service('two', { type: 'NodePort', ports: [{ port: 80, name: 'a', nodePort: 30081 }, { port: 81, name: 'b', nodePort: 30082 }] }), ctx);
  await assert.rejects(
    services.update('default', 'two', { ...two, spec: { ...(two.spec as object), ports: [{ port: 80, name: 'a', nodePort: 30081 }, { port: 81, name: 'b', nodePort: 30080 }] } }, ctx),
    /spec\.ports\[1\]\.nodePort: Invalid value: 30080: provided port is already allocated/,
  );
  const current = await services.get('default', 'two');
  await services.update('default', 'two', { ...current, spec: { ...(current.spec as object), ports: [{ port: 80, name: 'a', nodePort: 30081 }] } }, ctx);
  const third = await services.create('default', service('third', { type: 'NodePort', ports: [{ port: 80, nodePort: 30082 }] }), ctx);
  assert.deepEqual(nodePorts(third), [30082]);
});

test('addresses are picked at random above the static band (16 of a /24), which is used only once the rest is full', async () => {
  const { ctx, services, service, clusterIP } = await setUp('10.96.0.0/24');
  const lastOctet = (s: KubeObject) => Number(clusterIP(s).split('.')[3]);
  const upper = await Promise.all(Array.from({ length: 238 }, (_, i) => services.create('default', service(`u${i}`), ctx)));
  assert.deepEqual(upper.map(lastOctet).sort((a, b) => a - b), Array.from({ length: 238 }, (_, i) => i + 17));
  // Not handed out in order: the first ten are not 17 … 26.
  assert.notDeepEqual(upper.slice(0, 10).map(lastOctet), Array.from({ length: 10 }, (_, i) => i + 17));
  const lower = await services.create('default', service('lower'), ctx);
  assert.ok(lastOctet(lower) >= 1 && lastOctet(lower) <= 16, clusterIP(lower));
});
