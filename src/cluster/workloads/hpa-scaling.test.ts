import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SCALE_DOWN_DEFAULTS, SCALE_UP_DEFAULTS } from '../../apiserver/builtin/autoscaling-strategies.ts';
import { ScalingHistory } from './hpa-scaling.ts';

const t0 = Date.parse('2026-12-04T12:00:00Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000);
const FIVE_MINUTES = 300_000;

describe('HPA scaling without a behavior', () => {
  test('a scale-down waits for the highest recommendation of the last five minutes', () => {
    const h = new ScalingHistory(FIVE_MINUTES);
    h.start(6, at(0));
    const early = h.normalize({ currentReplicas: 6, desired: 2, minReplicas: 1, maxReplicas: 10, now: at(60) });
    assert.equal(early.replicas, 6);
    assert.equal(early.ableToScale.reason, 'ScaleDownStabilized');
    const later = h.normalize({ currentReplicas: 6, desired: 2, minReplicas: 1, maxReplicas: 10, now: at(301) });
    assert.equal(later.replicas, 2);
    assert.deepEqual(later.ableToScale, { status: 'True', reason: 'ReadyForNewScale', message: 'recommended size matches current size' });
    assert.deepEqual(later.scalingLimited, { status: 'False', reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' });
  });

  test('a scale-up is at once, but at most to twice the current count (or 4), and never past max', () => {
    const h = new ScalingHistory(FIVE_MINUTES);
    h.start(1, at(0));
    const up = h.normalize({ currentReplicas: 1, desired: 9, minReplicas: 1, maxReplicas: 10, now: at(15) });
    assert.equal(up.replicas, 4);
    assert.equal(up.scalingLimited.reason, 'ScaleUpLimit');
    const capped = h.normalize({ currentReplicas: 4, desired: 20, minReplicas: 1, maxReplicas: 6, now: at(30) });
    assert.deepEqual([capped.replicas, capped.scalingLimited.status, capped.scalingLimited.reason], [6, 'True', 'TooManyReplicas']);
    const floor = new ScalingHistory(0).normalize({ currentReplicas: 3, desired: 1, minReplicas: 2, maxReplicas: 6, now: at(45) });
    assert.deepEqual([floor.replicas, floor.scalingLimited.reason], [2, 'TooFewReplicas']);
  });
});

describe('HPA scaling with a behavior', () => {
  const behavior = { scaleUp: { ...SCALE_UP_DEFAULTS, policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }] }, scaleDown: { ...SCALE_DOWN_DEFAULTS, stabilizationWindowSeconds: 0, policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }] } };

  test('the scale-up policy limits what is added per period, counting what was added already', () => {
    const h = new ScalingHistory(FIVE_MINUTES);
    h.start(2, at(0));
    const first = h.normalize({ currentReplicas: 2, desired: 10, minReplicas: 1, maxReplicas: 20, behavior, now: at(15) });
    assert.deepEqual([first.replicas, first.scalingLimited.reason], [4, 'ScaleUpLimit']);
    h.recordScale(2, 4, behavior, at(15));
    const again = h.normalize({ currentReplicas: 4, desired: 10, minReplicas: 1, maxReplicas: 20, behavior, now: at(30) });
    assert.equal(again.replicas, 4, 'two pods were added within the last 60 s');
    const nextPeriod = h.normalize({ currentReplicas: 4, desired: 10, minReplicas: 1, maxReplicas: 20, behavior, now: at(80) });
    assert.equal(nextPeriod.replicas, 6);
  });

  test('the scale-down policy removes at most half per period; Disabled keeps the count', () => {
    const h = new ScalingHistory(FIVE_MINUTES);
    h.start(8, at(0));
    const down = h.normalize({ currentReplicas: 8, desired: 1, minReplicas: 1, maxReplicas: 20, behavior, now: at(15) });
    assert.deepEqual([down.replicas, down.scalingLimited.reason], [4, 'ScaleDownLimit']);
    const disabled = { ...behavior, scaleDown: { ...behavior.scaleDown, selectPolicy: 'Disabled' } };
    assert.equal(new ScalingHistory(0).normalize({ currentReplicas: 8, desired: 1, minReplicas: 1, maxReplicas: 20, behavior: disabled, now: at(15) }).replicas, 8);
  });

  test('a scale-up stabilization window takes the lowest recent recommendation', () => {
    const slowUp = { ...behavior, scaleUp: { ...behavior.scaleUp, stabilizationWindowSeconds: 120, policies: [{ type: 'Percent', value: 900, periodSeconds: 15 }] } };
    const h = new ScalingHistory(FIVE_MINUTES);
    h.start(2, at(0));
    const held = h.normalize({ currentReplicas: 2, desired: 5, minReplicas: 1, maxReplicas: 20, behavior: slowUp, now: at(15) });
    assert.deepEqual([held.replicas, held.ableToScale.reason], [2, 'ScaleUpStabilized']);
    assert.equal(h.normalize({ currentReplicas: 2, desired: 5, minReplicas: 1, maxReplicas: 20, behavior: slowUp, now: at(130) }).replicas, 5);
  });
});
