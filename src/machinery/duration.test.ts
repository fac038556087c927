import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { humanDuration, shortHumanDuration, translateTimestampSince, translateTimestampUntil } from './duration.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const Y = 365 * D;

describe('humanDuration', () => {
  const cases: Array<[number, string]> = [
    [-2 * S, '<invalid>'],
    [-1.5 * S, '0s'],
    [-0.5 * S, '0s'],
    [0, '0s'],
    [999, '0s'],
    [45 * S, '45s'],
    [119 * S, '119s'],
    [2 * M, '2m'],
    [5 * M, '5m'],
    [5 * M + 3 * S, '5m3s'],
    [9 * M + 59 * S, '9m59s'],
    [10 * M + 30 * S, '10m'],
    [60 * M, '60m'],
    [179 * M, '179m'],
    [3 * H, '3h'],
    [3 * H + 20 * M, '3h20m'],
    [7 * H + 59 * M, '7h59m'],
    [8 * H + 30 * M, '8h'],
    [47 * H, '47h'],
    [2 * D, '2d'],
    [3 * D + 4 * H, '3d4h'],
    [7 * D + 23 * H, '7d23h'],
    [8 * D, '8d'],
    [150 * D, '150d'],
    [2 * Y - D, '729d'],
    [2 * Y, '2y'],
    [3 * Y + 20 * D, '3y20d'],
    [8 * Y + 20 * D, '8y'],
    [12 * Y, '12y'],
  ];
  for (const [ms, want] of cases) {
    test(`${ms}ms → ${want}`, () => assert.equal(humanDuration(ms), want));
  }
});

describe('shortHumanDuration', () => {
  const cases: Array<[number, string]> = [
    [-2 * S, '<invalid>'],
    [-S, '0s'],
    [59 * S, '59s'],
    [90 * S, '1m'],
    [59 * M, '59m'],
    [23 * H, '23h'],
    [364 * D, '364d'],
    [3 * Y, '3y'],
  ];
  for (const [ms, want] of cases) {
    test(`${ms}ms → ${want}`, () => assert.equal(shortHumanDuration(ms), want));
  }
});

describe('translateTimestampSince', () => {
  const now = new Date('2024-05-01T11:00:00Z');
  test('absent or empty timestamps print <unknown>', () => {
    assert.equal(translateTimestampSince(undefined, now), '<unknown>');
    assert.equal(translateTimestampSince('', now), '<unknown>');
    assert.equal(translateTimestampSince(null, now), '<unknown>');
  });
  test('an hour ago is 60m', () => assert.equal(translateTimestampSince('2024-05-01T10:00:00Z', now), '60m'));
  test('five days ago is 5d', () => assert.equal(translateTimestampSince('2024-04-26T11:00:00Z', now), '5d'));
  test('until a future timestamp', () => assert.equal(translateTimestampUntil('2024-05-01T11:05:00Z', now), '5m'));
});
