import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../storage/memory.ts';
import { ApiServer } from './api-server.ts';
import { deleteObject } from './registry/delete.ts';
import { ServiceIPAddresses } from './service-ip-addresses.ts';
import type { KubeObject } from '../machinery/object.ts';

async function setUp() {
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' }, serviceClusterIPRange: '10.96.0.0/29' });
  const ctx = server.internalContext('test');
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }, ctx);
  const addresses = new ServiceIPAddresses({
    store: server.store,
    services: server.registry('', 'services'),
    ipAddresses: server.registry('networking.k8s.io', 'ipaddresses'),
    serviceCIDRs: server.registry('networking.k8s.io', 'servicecidrs'),
    serviceCidr: '10.96.0.0/29',
    now: () => new Date(),
    context: () => server.internalContext(),
  });
  await addresses.start();
  const services = server.registry('', 'services');
  const ips = server.registry('networking.k8s.io', 'ipaddresses');
  const service = (name: string, clusterIP?: string): KubeObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { ports: [{ port: 80 }], ...(clusterIP ? { clusterIP } : {}) } });
  const recorded = async () => {
    await addresses.settled();
    const list = await ips.list('');
    return Object.fromEntries(list.items.map((a) => [a.metadata.name!, (a.spec as { parentRef: { namespace: string; name: string } }).parentRef.name]));
  };
  return { server, ctx, addresses, services, ips, service, recorded };
}

test('the default ServiceCIDR is made from the configured range, and each ClusterIP gets an IPAddress naming its Service', async () => {
  const { server, ctx, addresses, services, ips, service, recorded } = await setUp();
  const cidr = await server.registry('networking.k8s.io', 'servicecidrs').get('', 'kubernetes');
  assert.deepEqual(cidr.spec, { cidrs: ['10.96.0.0/29'] });
  assert.deepEqual((cidr.status as { conditions: Array<{ type: string; status: string; message: string }> }).conditions.map((c) => [c.type, c.status, c.message]), [['Ready', 'True', 'Kubernetes default Service CIDR is ready']]);

  await services.create('default', service('fixed', '10.96.0.5'), ctx);
  const web = await services.create('default', service('web'), ctx);
  // A range of 16 addresses or fewer has no static band: the address is any free one.
  const webIP = (web.spec as { clusterIP: string }).clusterIP;
  assert.match(webIP, /^10\.96\.0\.[1-46]$/);
  assert.deepEqual(await recorded(), { [webIP]: 'web', '10.96.0.5': 'fixed' });
  const a = await ips.get('', webIP);
  assert.deepEqual(a.metadata.labels, { 'ipaddress.kubernetes.io/ip-family': 'IPv4', 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' });
  assert.deepEqual(a.spec, { parentRef: { resource: 'services', namespace: 'default', name: 'web' } });

  await assert.rejects(services.create('default', service('dup', '10.96.0.5'), ctx), /Service "dup" is invalid: spec\.clusterIPs: Invalid value: \[\]string\{"10\.96\.0\.5"\}: failed to allocate IP 10\.96\.0\.5: provided IP is already allocated/);
  await assert.rejects(services.create('default', service('far', '10.200.0.1'), ctx), /the provided IP \(10\.200\.0\.1\) is not in the valid range\. The range of valid IPs is 10\.96\.0\.0\/29/);

  // A record deleted under a Service that still holds the address comes back; the Service's deletion removes it.
  await deleteObject(ips, '', webIP, {}, ctx);
  assert.deepEqual(await recorded(), { [webIP]: 'web', '10.96.0.5': 'fixed' });
  await deleteObject(services, 'default', 'web', {}, ctx);
  assert.deepEqual(await recorded(), { '10.96.0.5': 'fixed' });
  addresses.stop();
});

test('a full range refuses new Services until another ServiceCIDR adds addresses', async () => {
  const { ctx, addresses, services, service, server, recorded } = await setUp();
  for (let i = 0; i < 6; i++) await services.create('default', service(`s${i}`), ctx);
  await assert.rejects(services.create('default', service('one-more'), ctx), /failed to allocate a serviceIP: range is full/);
  await server.registry('networking.k8s.io', 'servicecidrs').create('', { apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR', metadata: { name: 'newcidr1' }, spec: { cidrs: ['10.96.1.0/30'] } }, ctx);
  const next = await services.create('default', service('one-more'), ctx);
  assert.match((next.spec as { clusterIP: string }).clusterIP, /^10\.96\.1\.[12]$/);
  assert.equal(Object.keys(await recorded()).length, 7);
  addresses.stop();
});

test('ServiceCIDRs and IPAddresses are validated as kube-apiserver validates them', async () => {
  const { server, ctx, addresses } = await setUp();
  const cidrs = server.registry('networking.k8s.io', 'servicecidrs');
  const ips = server.registry('networking.k8s.io', 'ipaddresses');
  const cidr = (name: string, list: string[]): KubeObject => ({ apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR', metadata: { name }, spec: { cidrs: list } });
  await assert.rejects(cidrs.create('', cidr('empty', []), ctx), /spec\.cidrs: Required value: at least one CIDR required/);
  await assert.rejects(cidrs.create('', cidr('odd', ['10.0.0.1/24']), ctx), /spec\.cidrs\[0\]: Invalid value: "10\.0\.0\.1\/24": must be in canonical form \("10\.0\.0\.0\/24"\)/);
  await assert.rejects(cidrs.create('', cidr('nope', ['nope']), ctx), /must be a valid CIDR value, \(e\.g\. 10\.9\.8\.0\/24 or 2001:db8::\/64\)/);
  await assert.rejects(cidrs.create('', cidr('two', ['10.0.0.0/24', '10.1.0.0/24']), ctx), /may specify no more than one IP for each IP family/);
  await cidrs.create('', cidr('dual', ['10.0.0.0/24', '2001:db8::/64']), ctx);
  const single = await cidrs.create('', cidr('single', ['10.2.0.0/24']), ctx);
  await cidrs.update('', 'single', { ...single, spec: { cidrs: ['10.2.0.0/24', '2001:db9::/64'] } }, ctx);
  const kubernetes = await cidrs.get('', 'kubernetes');
  await assert.rejects(cidrs.update('', 'kubernetes', { ...kubernetes, spec: { cidrs: ['10.97.0.0/16'] } }, ctx), /spec\.cidrs: Invalid value: \[\]string\{"10\.97\.0\.0\/16"\}: field is immutable/);
  const ip = (name: string, spec: unknown): KubeObject => ({ apiVersion: 'networking.k8s.io/v1', kind: 'IPAddress', metadata: { name }, spec } as KubeObject);
  await assert.rejects(ips.create('', ip('2001:DB8::1', { parentRef: { resource: 'services', name: 'x' } }), ctx), /metadata\.name: Invalid value: "2001:DB8::1": must be a canonical format IP address/);
  await assert.rejects(ips.create('', ip('10.0.0.9', {}), ctx), /spec\.parentRef: Required value/);
  const made = await ips.create('', ip('10.0.0.9', { parentRef: { resource: 'gateways', group: 'gateway.networking.k8s.io', namespace: 'default', name: 'gw' } }), ctx);
  await assert.rejects(ips.update('', '10.0.0.9', { ...made, spec: { parentRef: { resource: 'services', name: 'x' } } }, ctx), /spec\.parentRef: Invalid value: .*field is immutable/);
  addresses.stop();
});
