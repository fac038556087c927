// A CronJob's schedule: standard five-field cron and the @hourly-style macros (through
// cron-parser), `@every <duration>`, a `TZ=`/`CRON_TZ=` prefix or the spec's timeZone, and the
// missed-start arithmetic of the CronJob controller (mostRecentScheduleTime).

import { CronExpressionParser } from 'cron-parser';

export interface Schedule {
  /** The first start strictly after `after`. */
  next(after: Date): Date;
  /** The zone start times are read in. */
  timeZone: string;
}

/** A missed-start count above this is reported instead of walked through. */
const MAX_MISSED = 100;

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const GO_UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's time.ParseDuration ("1h30m", "90s", "1.5h") in ms; NaN when malformed. */
export function parseGoDuration(text: string): number {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) return NaN;
  let ms = 0;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) ms += Number(m[1]) * GO_UNITS[m[2]!]!;
  return ms;
}

/** Throws an Error whose message says what is wrong with the schedule. */
export function parseSchedule(spec: string, timeZone = 'UTC'): Schedule {
  let text = spec.trim();
  const prefix = /^(?:CRON_)?TZ=(\S+)\s+/.exec(text);
  if (prefix) {
    timeZone = prefix[1]!;
    text = text.slice(prefix[0].length);
  }
  if (!isValidTimeZone(timeZone)) throw new Error(`provided bad location ${timeZone}: unknown time zone ${timeZone}`);
  if (text.startsWith('@every ')) {
    const ms = parseGoDuration(text.slice('@every '.length).trim());
    if (!(ms > 0)) throw new Error(`failed to parse duration ${text}`);
    // robfig/cron's ConstantDelaySchedule: whole seconds, at least one.
    const step = Math.max(1000, Math.floor(ms / 1000) * 1000);
    return { timeZone, next: (after) => new Date(Math.floor(after.getTime() / 1000) * 1000 + step) };
  }
  if (!text.startsWith('@') && text.split(/\s+/).length !== 5) throw new Error(`expected exactly 5 fields, found ${text.split(/\s+/).length}: ${text}`);
  const expression = CronExpressionParser.parse(text, { tz: timeZone, currentDate: new Date(0) });
  return {
    timeZone,
    next(after) {
      expression.reset(new Date(after.getTime()));
      return expression.next().toDate();
    },
  };
}

export interface ScheduleCheck {
  /** The most recent start that is due (at or before now), if any. */
  due?: Date;
  /** More than a hundred starts were missed: the user should set startingDeadlineSeconds. */
  tooManyMissed: boolean;
  /** The next start after now. */
  next: Date;
}

/**
 * mostRecentScheduleTime: the latest start in (earliest, now], where earliest is the last start
 * (or the CronJob's creation), moved up to now − startingDeadlineSeconds when that is later.
 */
export function checkSchedule(schedule: Schedule, earliest: Date, now: Date, startingDeadlineSeconds?: number): ScheduleCheck {
  let from = earliest.getTime();
  if (startingDeadlineSeconds !== undefined) from = Math.max(from, now.getTime() - startingDeadlineSeconds * 1000);
  const next = schedule.next(now);
  let t = schedule.next(new Date(from));
  if (t.getTime() > now.getTime()) return { tooManyMissed: false, next };
  let missed = 1;
  for (;;) {
    const after = schedule.next(t);
    if (after.getTime() > now.getTime()) return { due: t, tooManyMissed: missed > MAX_MISSED, next };
    t = after;
    missed++;
    if (missed > MAX_MISSED + 1) return { due: latestBefore(schedule, t, now), tooManyMissed: true, next };
  }
}

/** Jumps ahead in growing strides, then walks: the last start at or before now. */
function latestBefore(schedule: Schedule, from: Date, now: Date): Date {
  let t = from;
  for (let stride = 60_000; ; stride *= 2) {
    const probe = schedule.next(new Date(Math.min(now.getTime(), t.getTime() + stride)));
    if (probe.getTime() > now.getTime()) break;
    t = probe;
  }
  for (let after = schedule.next(t); after.getTime() <= now.getTime(); after = schedule.next(t)) t = after;
  return t;
}

/** The Job a start makes is named `<cronjob>-<start in minutes since the epoch>`. */
export function jobNameFor(cronJobName: string, start: Date): string {
  return `${cronJobName}-${Math.floor(start.getTime() / 60_000)}`;
}

/** RFC 3339 in the schedule's zone, as the scheduled-timestamp annotation is written. */
export function formatInZone(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(date);
  const offset = (parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT').replace('GMT', '');
  const offsetMs = offset ? (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6) || 0)) * 60_000 : 0;
  const local = new Date(date.getTime() + offsetMs).toISOString().replace(/\.\d{3}Z$/, '');
  // Go's Z07:00 writes a zero offset as Z in any zone.
  return `${local}${offsetMs === 0 ? 'Z' : offset}`;
}
