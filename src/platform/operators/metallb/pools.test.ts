import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../machinery/object.ts';
import { parseAddresses, poolCapacity, poolContains, poolsFromResources } from './pools.ts';

const pool = (name: string, spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'metallb.io/v1beta1', kind: 'IPAddressPool', metadata: { name, namespace: 'cozy-metallb' }, spec });

test('a range becomes the CIDRs that cover it exactly, as config.ParseCIDR summarises it', () => {
  const ranges = parseAddresses('192.168.100.200-192.168.100.250');
  assert.ok(Array.isArray(ranges));
  assert.deepEqual(ranges.map((r) => r.text), ['192.168.100.200/29', '192.168.100.208/28', '192.168.100.224/28', '192.168.100.240/29', '192.168.100.248/31', '192.168.100.250/32']);
  assert.deepEqual((parseAddresses('10.0.0.0/30') as Array<{ text: string }>).map((r) => r.text), ['10.0.0.0/30']);
  assert.deepEqual((parseAddresses('fc00::1-fc00::2') as Array<{ text: string }>).map((r) => r.text), ['fc00::1/128', 'fc00::2/128']);
});

test("what does not parse is refused with MetalLB's words", () => {
  assert.equal(parseAddresses('10.0.0.0/33'), 'invalid CIDR "10.0.0.0/33"');
  assert.equal(parseAddresses('10.0.0.9-10.0.0.1'), 'invalid IP range "10.0.0.9-10.0.0.1": start IP "10.0.0.9" is after the end IP "10.0.0.1"');
  assert.equal(parseAddresses('x-10.0.0.1'), 'invalid IP range "x-10.0.0.1": invalid start IP "x"');
  assert.equal(poolsFromResources([pool('p', { addresses: [] })]), 'parsing address pool p: pool has no prefixes defined');
  assert.equal(poolsFromResources([pool('p', { addresses: ['nope'] })]), 'parsing address pool p: invalid CIDR "nope" in pool "p": invalid CIDR "nope"');
  assert.equal(
    poolsFromResources([pool('a', { addresses: ['10.0.0.0/24'] }), pool('b', { addresses: ['10.0.0.128-10.0.0.130'] })]),
    'CIDR "10.0.0.128/31" in pool "b" overlaps with already defined CIDR "10.0.0.0/24"',
  );
});

test('autoAssign defaults to true; avoidBuggyIPs leaves out .0 and .255 and counts without them', () => {
  const pools = poolsFromResources([pool('a', { addresses: ['10.0.0.0/24'], avoidBuggyIPs: true }), pool('b', { addresses: ['10.1.0.0/30'], autoAssign: false })]);
  assert.ok(pools instanceof Map);
  const a = pools.get('a')!;
  assert.equal(a.autoAssign, true);
  assert.equal(pools.get('b')!.autoAssign, false);
  assert.equal(poolContains(a, '10.0.0.0'), false);
  assert.equal(poolContains(a, '10.0.0.255'), false);
  assert.equal(poolContains(a, '10.0.0.1'), true);
  assert.equal(poolCapacity(a).IPv4, 254n);
  assert.equal(poolCapacity(pools.get('b')!).IPv4, 4n);
});
