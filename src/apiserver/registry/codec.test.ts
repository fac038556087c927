import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTime } from './codec.ts';

test('formatTime writes whole seconds, also when calls repeat a second or go back in time', () => {
  const cases: Array<[string, string]> = [
    ['2026-12-03T12:00:00.100Z', '2026-12-03T12:00:00Z'],
    ['2026-12-03T12:00:00.999Z', '2026-12-03T12:00:00Z'],
    ['2026-12-03T12:00:01.000Z', '2026-12-03T12:00:01Z'],
    ['2026-12-03T11:59:59.500Z', '2026-12-03T11:59:59Z'],
    ['1969-12-31T23:59:59.500Z', '1969-12-31T23:59:59Z'],
    ['1969-12-31T23:59:59.001Z', '1969-12-31T23:59:59Z'],
    ['1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00Z'],
    ['2026-12-03T12:00:01.000Z', '2026-12-03T12:00:01Z'],
  ];
  for (const [iso, want] of cases) assert.equal(formatTime(new Date(iso)), want, iso);
  assert.throws(() => formatTime(new Date(Number.NaN)), RangeError);
});
