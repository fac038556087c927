import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../storage/memory.ts';
import { EventExpiry, lastWrite } from './event-ttl.ts';

const HOUR = 3_600_000;

function event(name: string, times: { created: string; last?: string; managed?: string; series?: string }): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default', creationTimestamp: times.created, ...(times.managed ? { managedFields: [{ manager: 'kubelet', time: times.managed }] } : {}) },
    ...(times.last ? { lastTimestamp: times.last } : {}),
    ...(times.series ? { series: { count: 2, lastObservedTime: times.series } } : {}),
  });
}

test('an Event is dropped once the TTL has passed since its last write, and only then', async () => {
  const store = new MemoryStore();
  const now = new Date('2026-12-04T12:00:00Z');
  await store.create('/registry/core/events/default/old', event('old', { created: '2026-12-04T10:00:00Z', last: '2026-12-04T10:30:00Z' }));
  await store.create('/registry/core/events/default/renewed', event('renewed', { created: '2026-12-04T10:00:00Z', managed: '2026-12-04T11:30:00Z' }));
  await store.create('/registry/core/events/default/series', event('series', { created: '2026-12-04T09:00:00Z', series: '2026-12-04T11:59:00.000000Z' }));
  await store.create('/registry/core/configmaps/default/old', event('cm', { created: '2026-01-01T00:00:00Z' }));
  const deleted: string[] = [];
  await store.watch('/registry/', await store.currentRevision(), { onEvent: (e) => e.type === 'delete' && deleted.push(e.key) });
  const expiry = new EventExpiry(store, () => now, HOUR);
  assert.equal(await expiry.sweep(), 1);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(deleted, ['/registry/core/events/default/old'], 'watchers see the expiry');
  assert.ok(await store.get('/registry/core/configmaps/default/old'), 'only Events expire');
  assert.equal(lastWrite(JSON.parse(event('x', { created: '2026-12-04T10:00:00Z', managed: '2026-12-04T11:30:00Z' }))), Date.parse('2026-12-04T11:30:00Z'));
  assert.equal(await new EventExpiry(store, () => new Date(now.getTime() + HOUR), HOUR).sweep(), 2);
});
