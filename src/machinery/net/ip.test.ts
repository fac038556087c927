import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bigIntToIP, canonicalIP, ipToBigInt, isCanonicalPrefix, parsePrefix, prefixContainsIP, prefixContainsPrefix, prefixSize } from './ip.ts';

test('addresses convert to numbers and back in canonical form', () => {
  assert.equal(ipToBigInt('10.96.0.1'), 0x0a600001n);
  assert.equal(bigIntToIP(0x0a600001n, 'IPv4'), '10.96.0.1');
  assert.equal(canonicalIP('2001:DB8:0:0:0:0:0:1'), '2001:db8::1');
  assert.equal(ipToBigInt('2001:db8::1'), (0x20010db8n << 96n) | 1n);
  assert.equal(bigIntToIP((0x20010db8n << 96n) | 1n, 'IPv6'), '2001:db8::1');
  assert.equal(canonicalIP('10.96.0'), undefined);
});

test('prefixes parse, say whether they are canonical, and contain addresses and other prefixes', () => {
  const p = parsePrefix('10.96.0.0/16')!;
  assert.equal(prefixSize(p), 65536n);
  assert.ok(isCanonicalPrefix(p));
  assert.equal(isCanonicalPrefix(parsePrefix('10.96.0.1/16')!), false);
  assert.ok(prefixContainsIP(p, '10.96.255.254'));
  assert.equal(prefixContainsIP(p, '10.97.0.1'), false);
  assert.ok(prefixContainsPrefix(p, parsePrefix('10.96.0.0/24')!));
  assert.equal(prefixContainsPrefix(parsePrefix('10.96.0.0/24')!, p), false);
  assert.equal(parsePrefix('10.96.0.0/33'), undefined);
  assert.equal(parsePrefix('nope/8'), undefined);
  assert.ok(prefixContainsIP(parsePrefix('2001:db8::/64')!, '2001:db8::42'));
});
