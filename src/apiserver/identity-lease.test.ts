import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { MemoryStore } from '../storage/memory.ts';
import { ApiServer } from './api-server.ts';
import { apiServerId, base32Lower, IDENTITY_LABEL, IdentityLease } from './identity-lease.ts';

test('base32 as Go encodes it without padding, lowercased (RFC 4648 vectors)', () => {
  const cases: Array<[string, string]> = [['', ''], ['f', 'my'], ['fo', 'mzxq'], ['foo', 'mzxw6'], ['foob', 'mzxw6yq'], ['fooba', 'mzxw6ytb'], ['foobar', 'mzxw6ytboi']];
  for (const [input, encoded] of cases) assert.equal(base32Lower(Buffer.from(input)), encoded);
});

test('the identity is apiserver- and 26 base32 characters of sha256 over the length-prefixed hostname and "kube-apiserver"', () => {
  const id = apiServerId('node1');
  const data = Buffer.concat([Buffer.from([0, 5]), Buffer.from('node1'), Buffer.from([0, 14]), Buffer.from('kube-apiserver')]);
  assert.equal(id, `apiserver-${base32Lower(createHash('sha256').update(data).digest().subarray(0, 16))}`);
  assert.match(id, /^apiserver-[a-z2-7]{26}$/);
  assert.notEqual(apiServerId('node2'), id);
});

test('the Lease is created and renewed by this start; identity Leases not renewed for their duration are collected, others kept', async () => {
  let now = new Date('2026-01-01T12:00:00Z');
  const server = new ApiServer({ store: new MemoryStore(), host: '127.0.0.1', port: 0, tls: { key: '', cert: '', ca: '' }, now: () => now });
  const ctx = server.internalContext();
  await server.registry('', 'namespaces').create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-system' } }, ctx);
  const leases = server.registry('coordination.k8s.io', 'leases');
  const other = (name: string, renewTime: string) =>
    leases.create('kube-system', { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: 'kube-system', labels: { [IDENTITY_LABEL]: 'kube-apiserver' } }, spec: { holderIdentity: `${name}_x`, leaseDurationSeconds: 3600, renewTime } }, ctx);
  await other('apiserver-gone', '2026-01-01T10:59:00.000000Z');
  await other('apiserver-alive', '2026-01-01T11:30:00.000000Z');
  const identity = new IdentityLease(leases, { hostname: 'node1', now: () => now, context: () => ctx });
  await identity.renew();
  await identity.collect();
  const names = (await leases.list('kube-system')).items.map((l) => l.metadata.name).sort();
  assert.deepEqual(names, ['apiserver-alive', apiServerId('node1')].sort());
  const mine = await leases.get('kube-system', apiServerId('node1'));
  assert.deepEqual(mine.metadata.labels, { [IDENTITY_LABEL]: 'kube-apiserver', 'kubernetes.io/hostname': 'node1' });
  assert.match((mine.spec as { holderIdentity: string }).holderIdentity, new RegExp(`^${apiServerId('node1')}_[0-9a-f-]{36}$`));
  now = new Date('2026-01-01T12:00:10Z');
  await identity.renew();
  assert.equal(((await leases.get('kube-system', apiServerId('node1'))).spec as { renewTime: string }).renewTime, '2026-01-01T12:00:10.000000Z');
});
