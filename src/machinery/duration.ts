// Ages as kubectl shows them: ports of apimachinery's duration.HumanDuration and
// duration.ShortHumanDuration. Go truncates toward zero at every step; so do we.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function truncDiv(ms: number, unit: number): number {
  return Math.trunc(ms / unit);
}

/** ~2-3 significant figures: "45s", "5m3s", "15m", "3h20m", "20h", "3d4h", "150d", "3y20d", "12y". */
export function humanDuration(ms: number): string {
  const seconds = truncDiv(ms, SECOND);
  // Up to two seconds of clock skew in the future still reads as "now".
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;

  const minutes = truncDiv(ms, MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;

  const hours = truncDiv(ms, HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    const days = Math.trunc(hours / 24);
    return h === 0 ? `${days}d` : `${days}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  const years = Math.trunc(hours / 24 / 365);
  if (hours < 24 * 365 * 8) {
    const dy = Math.trunc(hours / 24) % 365;
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${years}y`;
}

/** One unit only: "45s", "15m", "20h", "150d", "3y". */
export function shortHumanDuration(ms: number): string {
  const seconds = truncDiv(ms, SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = truncDiv(ms, MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = truncDiv(ms, HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${Math.trunc(hours / 24)}d`;
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** Milliseconds since the epoch of an RFC 3339 timestamp, or undefined when absent or unparsable. */
export function parseTimestamp(ts: string | undefined | null): number | undefined {
  if (typeof ts !== 'string' || ts === '') return undefined;
  const ms = Date.parse(ts);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The printers' translateTimestampSince: the humanized age of `ts`, `<unknown>` when unset. */
export function translateTimestampSince(ts: string | undefined | null, now: Date): string {
  const ms = parseTimestamp(ts);
  if (ms === undefined) return '<unknown>';
  return humanDuration(now.getTime() - ms);
}

/** translateTimestampUntil: the humanized time left until `ts`, `<unknown>` when unset. */
export function translateTimestampUntil(ts: string | undefined | null, now: Date): string {
  const ms = parseTimestamp(ts);
  if (ms === undefined) return '<unknown>';
  return humanDuration(ms - now.getTime());
}
