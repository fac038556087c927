import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventCorrelator, type IncomingEvent } from './event-correlator.ts';

const about = { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', name: 'rs', uid: 'u1' };
const created = (i: number): IncomingEvent => ({ component: 'replicaset-controller', host: '', involved: about, type: 'Normal', reason: 'SuccessfulCreate', message: `Created pod: rs-${i}` });

test('the 10th similar event in 10 minutes is combined, and later ones count on the combined Event', () => {
  const c = new EventCorrelator();
  let n = 0;
  const name = () => `e${n++}`;
  const results = Array.from({ length: 12 }, (_, i) => c.correlate(created(i), 1000 * i, name));
  const written = results.map((r) => (r.skip ? undefined : [r.aggregate, r.log.name, r.log.count, r.message]));
  assert.deepEqual(written.slice(0, 9), Array.from({ length: 9 }, (_, i) => [false, `e${i}`, 1, `Created pod: rs-${i}`]));
  assert.deepEqual(written.slice(9), [
    [true, 'e9', 1, '(combined from similar events): Created pod: rs-9'],
    [true, 'e9', 2, '(combined from similar events): Created pod: rs-10'],
    [true, 'e9', 3, '(combined from similar events): Created pod: rs-11'],
  ]);
  // Past the interval, messages are distinct events again.
  const later = c.correlate(created(99), 11 * 1000 + 601_000, name);
  assert.ok(!later.skip && !later.aggregate && later.message === 'Created pod: rs-99');
});

test('a source may burst 25 events about an object, then one per 5 minutes; skipped repeats are still counted', () => {
  const c = new EventCorrelator();
  const backoff: IncomingEvent = { component: 'kubelet', host: 'n1', involved: { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'p', uid: 'u2' }, type: 'Warning', reason: 'BackOff', message: 'Back-off restarting failed container' };
  const outcomes = Array.from({ length: 30 }, () => c.correlate(backoff, 0, () => 'p.1'));
  assert.equal(outcomes.filter((o) => !o.skip).length, 25);
  assert.ok(outcomes.slice(25).every((o) => o.skip));
  assert.ok(c.correlate(backoff, 299_000, () => 'x').skip);
  const refilled = c.correlate(backoff, 300_000, () => 'x');
  assert.ok(!refilled.skip);
  assert.equal(refilled.log.name, 'p.1');
  assert.equal(refilled.log.count, 32);
  // Another object, or another source, has its own budget.
  assert.ok(!c.correlate({ ...backoff, involved: { ...backoff.involved, name: 'q', uid: 'u3' } }, 0, () => 'q.1').skip);
  assert.ok(!c.correlate({ ...backoff, host: 'n2' }, 0, () => 'p.2').skip);
});

test('a recorder remembers the last 4096 distinct events, as client-go’s LRU does', () => {
  const c = new EventCorrelator();
  const pod = (i: number): IncomingEvent => ({ component: 'kubelet', host: 'n1', involved: { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: `p${i}`, uid: `u${i}` }, type: 'Normal', reason: 'Pulled', message: 'Container image "pause" already present on machine' });
  const seen = (i: number, t: number) => {
    const r = c.correlate(pod(i), t, () => `p${i}.${t}`);
    assert.ok(!r.skip);
    return r.log;
  };
  for (let i = 0; i <= 4096; i++) seen(i, 0);
  // p4096 pushed out p0 (the oldest); p1 is still known, so its repeat counts on the same Event.
  assert.deepEqual(seen(1, 1), { name: 'p1.0', count: 2 });
  assert.deepEqual(seen(0, 2), { name: 'p0.2', count: 1 });
});
