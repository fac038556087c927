import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSchedule, formatInZone, jobNameFor, parseGoDuration, parseSchedule } from './cron-schedule.ts';

const at = (iso: string) => new Date(iso);
const iso = (d: Date | undefined) => d?.toISOString().replace('.000Z', 'Z');

describe('cron schedules', () => {
  test('five fields, steps, lists, names and macros', () => {
    assert.equal(iso(parseSchedule('*/15 * * * *').next(at('2026-01-01T00:07:00Z'))), '2026-01-01T00:15:00Z');
    assert.equal(iso(parseSchedule('0 9 * * MON-FRI').next(at('2026-01-02T10:00:00Z'))), '2026-01-05T09:00:00Z');
    assert.equal(iso(parseSchedule('30 4 1,15 * *').next(at('2026-01-02T00:00:00Z'))), '2026-01-15T04:30:00Z');
    assert.equal(iso(parseSchedule('@hourly').next(at('2026-01-01T00:00:00Z'))), '2026-01-01T01:00:00Z');
    assert.equal(iso(parseSchedule('@daily').next(at('2026-01-01T00:00:00Z'))), '2026-01-02T00:00:00Z');
    assert.equal(iso(parseSchedule('@every 90s').next(at('2026-01-01T00:00:00Z'))), '2026-01-01T00:01:30Z');
  });

  test('time zones from the spec or a TZ= prefix', () => {
    assert.equal(iso(parseSchedule('0 9 * * *', 'America/New_York').next(at('2026-01-01T00:00:00Z'))), '2026-01-01T14:00:00Z');
    assert.equal(iso(parseSchedule('CRON_TZ=Europe/Berlin 0 9 * * *').next(at('2026-01-01T00:00:00Z'))), '2026-01-01T08:00:00Z');
    assert.throws(() => parseSchedule('0 9 * * *', 'Mars/Olympus'), /unknown time zone Mars\/Olympus/);
    assert.equal(formatInZone(at('2026-01-01T08:00:00Z'), 'Europe/Berlin'), '2026-01-01T09:00:00+01:00');
    assert.equal(formatInZone(at('2026-01-01T08:00:00Z'), 'UTC'), '2026-01-01T08:00:00Z');
  });

  test('bad schedules say what is wrong', () => {
    assert.throws(() => parseSchedule('* * * *'), /expected exactly 5 fields, found 4/);
    assert.throws(() => parseSchedule('61 * * * *'));
    assert.throws(() => parseSchedule('@every soon'), /failed to parse duration/);
    assert.equal(parseGoDuration('1h30m'), 5_400_000);
  });

  test('the most recent due start, missed starts and the starting deadline', () => {
    const every5 = parseSchedule('*/5 * * * *');
    let c = checkSchedule(every5, at('2026-01-01T00:00:00Z'), at('2026-01-01T00:04:59Z'));
    assert.equal(c.due, undefined);
    assert.equal(iso(c.next), '2026-01-01T00:05:00Z');
    c = checkSchedule(every5, at('2026-01-01T00:00:00Z'), at('2026-01-01T00:05:00Z'));
    assert.equal(iso(c.due), '2026-01-01T00:05:00Z');
    c = checkSchedule(every5, at('2026-01-01T00:00:00Z'), at('2026-01-01T00:17:00Z'));
    assert.equal(iso(c.due), '2026-01-01T00:15:00Z');
    assert.equal(c.tooManyMissed, false);
    c = checkSchedule(every5, at('2026-01-01T00:00:00Z'), at('2026-01-03T00:01:00Z'));
    assert.equal(iso(c.due), '2026-01-03T00:00:00Z');
    assert.equal(c.tooManyMissed, true);
    c = checkSchedule(every5, at('2026-01-01T00:00:00Z'), at('2026-01-03T00:01:00Z'), 120);
    assert.equal(iso(c.due), '2026-01-03T00:00:00Z');
    assert.equal(c.tooManyMissed, false, 'the deadline bounds the walk');
  });

  test('Job names carry the start in minutes since the epoch', () => {
    assert.equal(jobNameFor('backup', at('2026-01-01T00:05:00Z')), `backup-${Date.parse('2026-01-01T00:05:00Z') / 60_000}`);
  });
});
