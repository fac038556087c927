import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../machinery/object.ts';
import { Allocator } from './allocator.ts';
import { poolsFromResources, type Pool } from './pools.ts';

const pools = (...specs: Array<[string, Record<string, unknown>]>): Map<string, Pool> => {
  const parsed = poolsFromResources(specs.map(([name, spec]) => ({ apiVersion: 'metallb.io/v1beta1', kind: 'IPAddressPool', metadata: { name }, spec })));
  assert.ok(parsed instanceof Map, String(parsed));
  return parsed;
};
const svc = (ns: string, name: string, labels: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { namespace: ns, name, labels } });
const open = { sharing: '', backend: '' };

test('addresses are handed out in order from the pools anyone may use, skipping those taken', () => {
  const a = new Allocator();
  a.setPools(pools(['main', { addresses: ['10.0.0.0/31', '10.0.1.5/32'] }], ['manual', { addresses: ['10.9.0.0/24'], autoAssign: false }]));
  assert.deepEqual(a.allocate('ns/a', svc('ns', 'a'), 'IPv4', ['TCP/80'], open), ['10.0.0.0']);
  assert.deepEqual(a.allocate('ns/b', svc('ns', 'b'), 'IPv4', ['TCP/80'], open), ['10.0.0.1']);
  assert.deepEqual(a.allocate('ns/c', svc('ns', 'c'), 'IPv4', ['TCP/80'], open), ['10.0.1.5']);
  assert.deepEqual(a.allocate('ns/d', svc('ns', 'd'), 'IPv4', ['TCP/80'], open), { error: 'no available IPs' });
  assert.deepEqual(a.allocateFromPool('ns/d', svc('ns', 'd'), 'IPv4', 'manual', ['TCP/80'], open), ['10.9.0.0']);
  assert.deepEqual(a.allocate('ns/e', svc('ns', 'e'), 'IPv6', ['TCP/80'], open), { error: 'no available IPs' });
  assert.deepEqual(a.counters('main'), { assignedIPv4: 3, assignedIPv6: 0, availableIPv4: 0, availableIPv6: 0 });
  a.unassign('ns/b');
  assert.deepEqual(a.allocate('ns/f', svc('ns', 'f'), 'IPv4', ['TCP/80'], open), ['10.0.0.1']);
});

test('an address is shared only under one sharing key, the same backends and different ports', () => {
  const a = new Allocator();
  a.setPools(pools(['main', { addresses: ['10.0.0.0/30'] }]));
  assert.equal(a.assign('ns/a', svc('ns', 'a'), ['10.0.0.1'], ['TCP/80'], { sharing: 'k', backend: '' }), undefined);
  assert.equal(a.assign('ns/b', svc('ns', 'b'), ['10.0.0.1'], ['TCP/443'], { sharing: 'k', backend: '' }), undefined);
  assert.equal(a.assign('ns/c', svc('ns', 'c'), ['10.0.0.1'], ['TCP/80'], { sharing: 'k', backend: '' }), 'port TCP/80 is already in use on "10.0.0.1"');
  assert.equal(a.assign('ns/d', svc('ns', 'd'), ['10.0.0.1'], ['TCP/8080'], { sharing: 'other', backend: '' }), `can't change sharing key for "ns/d", address also in use by ns/a,ns/b`);
  assert.equal(a.assign('ns/e', svc('ns', 'e'), ['192.168.0.1'], ['TCP/80'], open), '["192.168.0.1"] is not allowed in config');
  assert.deepEqual(a.counters('main').assignedIPv4, 1);
});

test('pools pinned to a namespace or to services come first, by priority; others may not take from them', () => {
  const a = new Allocator(() => [{ name: 'team', labels: { team: 'x' } }]);
  a.setPools(pools(
    ['general', { addresses: ['10.0.0.0/24'] }],
    ['team-low', { addresses: ['10.1.0.0/24'], allocateTo: { priority: 20, namespaceSelectors: [{ matchLabels: { team: 'x' } }] } }],
    ['team-high', { addresses: ['10.2.0.0/24'], allocateTo: { priority: 10, namespaces: ['team'] } }],
    ['web', { addresses: ['10.3.0.0/24'], allocateTo: { serviceSelectors: [{ matchLabels: { app: 'web' } }] } }],
  ));
  assert.deepEqual(a.allocate('team/a', svc('team', 'a'), 'IPv4', [], open), ['10.2.0.0']);
  assert.deepEqual(a.allocate('other/web', svc('other', 'web', { app: 'web' }), 'IPv4', [], open), ['10.3.0.0']);
  assert.deepEqual(a.allocate('other/b', svc('other', 'b'), 'IPv4', [], open), ['10.0.0.0']);
  assert.equal(a.assign('other/c', svc('other', 'c'), ['10.2.0.9'], [], open), 'pool team-high not compatible for ip assignment');
});

test('a pool that goes away takes its allocations with it', () => {
  const a = new Allocator();
  a.setPools(pools(['main', { addresses: ['10.0.0.0/30'] }]));
  a.allocate('ns/a', svc('ns', 'a'), 'IPv4', [], open);
  a.setPools(pools(['moved', { addresses: ['10.0.0.0/29'] }]));
  assert.equal(a.pool('ns/a'), 'moved');
  a.setPools(new Map());
  assert.equal(a.pool('ns/a'), undefined);
  assert.equal(a.hasPools(), false);
});
