// The Job controller's pod failure backoff: after n failures since the last success a new pod waits
// 10 s · 2^(n-1), at most 6 minutes, counted from when the last failed pod finished.

export const DEFAULT_JOB_POD_FAILURE_BACKOFF_MS = 10_000;
export const MAX_JOB_POD_FAILURE_BACKOFF_MS = 6 * 60_000;

export interface BackoffRecord {
  failuresAfterLastSuccess: number;
  lastFailureTime?: number;
}

/** newBackoffRecord: the stored record moved on by the pods that finished since (their finish times). */
export function nextBackoffRecord(previous: BackoffRecord | undefined, succeededAt: number[], failedAt: number[]): BackoffRecord {
  const record: BackoffRecord = { ...(previous ?? { failuresAfterLastSuccess: 0 }) };
  if (succeededAt.length === 0 && failedAt.length === 0) return record;
  const lastSuccess = succeededAt.length ? Math.max(...succeededAt) : undefined;
  const lastFailure = failedAt.length ? Math.max(...failedAt) : undefined;
  if (lastSuccess !== undefined && (lastFailure === undefined || lastSuccess >= lastFailure)) {
    return { failuresAfterLastSuccess: 0 };
  }
  const afterSuccess = lastSuccess === undefined ? failedAt : failedAt.filter((t) => t > lastSuccess);
  const count = lastSuccess === undefined ? record.failuresAfterLastSuccess + afterSuccess.length : afterSuccess.length;
  return { failuresAfterLastSuccess: count, lastFailureTime: Math.max(lastFailure!, record.lastFailureTime ?? 0) };
}

/** How long new pods must still wait; 0 when they may be created now. */
export function remainingBackoffMs(record: BackoffRecord | undefined, now: number): number {
  if (!record || record.failuresAfterLastSuccess === 0 || record.lastFailureTime === undefined) return 0;
  const delay = Math.min(DEFAULT_JOB_POD_FAILURE_BACKOFF_MS * 2 ** (record.failuresAfterLastSuccess - 1), MAX_JOB_POD_FAILURE_BACKOFF_MS);
  return Math.max(0, record.lastFailureTime + delay - now);
}
