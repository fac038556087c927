// Fan-out of committed writes to the watchers of one store. Each watcher has its own queue,
// drained in a microtask so callbacks never run inside the write call that caused them; a
// watcher drops any event at or below the last revision it queued, so history replay and
// live events join without a gap or a duplicate.

import type { StoreEvent, WatchCallbacks, Watcher } from './store.ts';

class QueuedWatcher implements Watcher {
  private queue: StoreEvent[] = [];
  private scheduled = false;
  private stopped = false;
  private failure: Error | undefined;

  constructor(
    readonly prefix: string,
    private lastQueuedRevision: number,
    private readonly callbacks: WatchCallbacks,
    private readonly detach: (w: QueuedWatcher) => void,
  ) {}

  offer(event: StoreEvent): void {
    if (this.stopped || this.failure) return;
    if (event.modRevision <= this.lastQueuedRevision || !event.key.startsWith(this.prefix)) return;
    this.lastQueuedRevision = event.modRevision;
    this.queue.push(event);
    this.schedule();
  }

  /** Ignores later offers at or below `revision` (they were covered by the history replay). */
  skipThrough(revision: number): void {
    if (revision > this.lastQueuedRevision) this.lastQueuedRevision = revision;
  }

  /** Delivers what is queued, then the error, then nothing more. */
  fail(err: Error): void {
    if (this.stopped || this.failure) return;
    this.failure = err;
    this.detach(this);
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.queue = [];
    this.detach(this);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.drain());
  }

  private drain(): void {
    this.scheduled = false;
    while (this.queue.length > 0 && !this.stopped) {
      const batch = this.queue;
      this.queue = [];
      for (const event of batch) {
        if (this.stopped) return;
        try {
          this.callbacks.onEvent(event);
        } catch (err) {
          // A consumer that throws cannot keep up with the ordered stream: end its watch.
          this.stopped = true;
          this.detach(this);
          const failure = err instanceof Error ? err : new Error(String(err));
          if (this.callbacks.onError) this.callbacks.onError(failure);
          else queueMicrotask(() => { throw failure; });
          return;
        }
      }
    }
    if (this.failure && !this.stopped) {
      this.stopped = true;
      this.callbacks.onError?.(this.failure);
    }
  }
}

/** Slashes that end a key's bucket: `/registry/core/pods/` is the bucket of every pod. */
const BUCKET_SLASHES = 4;

/** The key up to and including its BUCKET_SLASHES-th slash, or undefined when it has fewer. */
function bucketOf(key: string): string | undefined {
  let at = -1;
  for (let n = 0; n < BUCKET_SLASHES; n++) {
    at = key.indexOf('/', at + 1);
    if (at < 0) return undefined;
  }
  return key.slice(0, at + 1);
}

/**
 * Watchers by the bucket of their prefix: a prefix that has a bucket matches only keys of that
 * bucket, so an event is offered to the watchers of its own bucket and to the broad ones (a
 * prefix like `/registry/`), not to every watch of every resource.
 */
export class WatchHub {
  private readonly watchers = new Set<QueuedWatcher>();
  private readonly byBucket = new Map<string, Set<QueuedWatcher>>();
  private readonly broad = new Set<QueuedWatcher>();

  /**
   * Starts a watch that first delivers `history` (events after `fromRevision`, read in the same
   * synchronous step as this call) and then every published event after `seenRevision`.
   */
  register(prefix: string, fromRevision: number, seenRevision: number, history: StoreEvent[], callbacks: WatchCallbacks): Watcher {
    const bucket = bucketOf(prefix);
    const watcher = new QueuedWatcher(prefix, fromRevision, callbacks, (w) => this.detach(w, bucket));
    for (const event of history) watcher.offer(event);
    watcher.skipThrough(seenRevision);
    this.watchers.add(watcher);
    if (bucket === undefined) this.broad.add(watcher);
    else {
      let set = this.byBucket.get(bucket);
      if (!set) this.byBucket.set(bucket, (set = new Set()));
      set.add(watcher);
    }
    return watcher;
  }

  /** Feeds committed events, in revision order. */
  publish(events: StoreEvent[]): void {
    for (const event of events) {
      for (const watcher of this.broad) watcher.offer(event);
      const bucket = bucketOf(event.key);
      const set = bucket === undefined ? undefined : this.byBucket.get(bucket);
      if (set) for (const watcher of set) watcher.offer(event);
    }
  }

  private detach(watcher: QueuedWatcher, bucket: string | undefined): void {
    this.watchers.delete(watcher);
    if (bucket === undefined) this.broad.delete(watcher);
    else {
      const set = this.byBucket.get(bucket);
      set?.delete(watcher);
      if (set?.size === 0) this.byBucket.delete(bucket);
    }
  }

  failAll(err: Error): void {
    for (const watcher of [...this.watchers]) watcher.fail(err);
  }
}
