// kube-apiserver's --event-ttl (1 h): every Event is written with an etcd lease of that length,
// renewed by each write, and etcd drops the key when the lease runs out. Here a sweep deletes from
// the store each Event whose last write is older than the TTL; watchers see it DELETED, as they
// would see etcd's expiry. The last write is the newest time the Event carries (its managed
// fields, last timestamp, series, event time, creation), which every writer stamps.

import type { Store } from '../storage/store.ts';
import { KeyNotFoundError, RevisionMismatchError } from '../storage/store.ts';

export const DEFAULT_EVENT_TTL_MS = 60 * 60_000;
/** How often expired Events are looked for: well within a minute of their expiry. */
const SWEEP_INTERVAL_MS = 30_000;
const EVENTS_PREFIX = '/registry/core/events/';

type Json = Record<string, any>;

/** The newest time an Event's writers put in it, in ms (0 when it has none). */
export function lastWrite(event: Json): number {
  const times = [
    event.metadata?.creationTimestamp,
    event.lastTimestamp,
    event.eventTime,
    event.series?.lastObservedTime,
    ...((event.metadata?.managedFields ?? []) as Json[]).map((f) => f.time),
  ];
  let newest = 0;
  for (const t of times) {
    const ms = typeof t === 'string' ? Date.parse(t) : NaN;
    if (ms > newest) newest = ms;
  }
  return newest;
}

export class EventExpiry {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
    private readonly ttlMs = DEFAULT_EVENT_TTL_MS,
  ) {}

  start(intervalMs = Math.min(SWEEP_INTERVAL_MS, this.ttlMs)): void {
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Deletes every expired Event; resolves with how many went. */
  async sweep(): Promise<number> {
    const cutoff = this.now().getTime() - this.ttlMs;
    let expired = 0;
    let startKey: string | undefined;
    for (;;) {
      const page = await this.store.list(EVENTS_PREFIX, { limit: 500, startKey });
      for (const sv of page.items) {
        if (lastWrite(JSON.parse(sv.value) as Json) > cutoff) continue;
        try {
          // Only the version looked at: a write since then renewed the lease.
          await this.store.delete(sv.key, sv.modRevision);
          expired++;
        } catch (err) {
          if (!(err instanceof RevisionMismatchError) && !(err instanceof KeyNotFoundError)) throw err;
        }
      }
      if (!page.more || page.items.length === 0) return expired;
      startKey = page.items[page.items.length - 1]!.key + '\u0000';
    }
  }
}
