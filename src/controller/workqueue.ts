// The rate-limited work queue of client-go: an item is held at most once, never handed to two
// workers at once, re-queued once if it was added again while being processed; failures back off
// per item exponentially, and an overall token bucket caps the rate of retries.

import { realClock, type Clock, type Timer } from './clock.ts';

export interface RateLimitOptions {
  /** First per-item delay after a failure (client-go: 5 ms), doubling with each failure. */
  baseDelayMs?: number;
  /** Cap of the per-item delay (client-go: 1000 s). */
  maxDelayMs?: number;
  /** Overall retry rate (client-go: 10 per second) … */
  qps?: number;
  /** … with this many retries allowed at once (client-go: 100). */
  burst?: number;
}

export interface WorkQueueOptions<T = string> extends RateLimitOptions {
  clock?: Clock;
  /**
   * Items waiting are handed out highest priority first (equal ones in the order added), as
   * controller-runtime's priority queue; read when an item is handed out. Default: first in, first out.
   */
  priorityOf?: (item: T) => number;
}

/** client-go's DefaultControllerRateLimiter: the larger of per-item exponential backoff and a token bucket. */
export class ControllerRateLimiter<T> {
  private readonly failures = new Map<T, number>();
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly qps: number;
  private readonly burst: number;
  private tokens: number;
  private last: number;

  constructor(private readonly clock: Clock = realClock, opts: RateLimitOptions = {}) {
    this.baseDelayMs = opts.baseDelayMs ?? 5;
    this.maxDelayMs = opts.maxDelayMs ?? 1000_000;
    this.qps = opts.qps ?? 10;
    this.burst = opts.burst ?? 100;
    this.tokens = this.burst;
    this.last = clock.now().getTime();
  }

  /** How long to wait before retrying the item; counts one more failure. */
  when(item: T): number {
    const n = this.failures.get(item) ?? 0;
    this.failures.set(item, n + 1);
    const backoff = Math.min(this.baseDelayMs * 2 ** n, this.maxDelayMs);
    return Math.max(backoff, this.reserveToken());
  }

  forget(item: T): void {
    this.failures.delete(item);
  }

  numRequeues(item: T): number {
    return this.failures.get(item) ?? 0;
  }

  /** A reservation on the bucket, as rate.Limiter.Reserve: the token is taken now, possibly on credit. */
  private reserveToken(): number {
    const now = this.clock.now().getTime();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.qps);
    this.last = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.qps) * 1000);
  }
}

export class WorkQueue<T = string> {
  private readonly queue: T[] = [];
  private readonly dirty = new Set<T>();
  private readonly processing = new Set<T>();
  private readonly waiting = new Map<T, { at: number; timer: Timer }>();
  private readonly getters: Array<(item: T | undefined) => void> = [];
  private readonly limiter: ControllerRateLimiter<T>;
  private readonly clock: Clock;
  private readonly priorityOf?: (item: T) => number;
  private shutting = false;

  constructor(opts: WorkQueueOptions<T> = {}) {
    this.clock = opts.clock ?? realClock;
    this.priorityOf = opts.priorityOf;
    this.limiter = new ControllerRateLimiter<T>(this.clock, opts);
  }

  add(item: T): void {
    if (this.shutting || this.dirty.has(item)) return;
    this.dirty.add(item);
    if (this.processing.has(item)) return;
    this.queue.push(item);
    this.handOut();
  }

  /** Adds the item once `ms` have passed on the clock; an earlier pending add wins. */
  addAfter(item: T, ms: number): void {
    if (this.shutting) return;
    if (ms <= 0) return this.add(item);
    const at = this.clock.now().getTime() + ms;
    const existing = this.waiting.get(item);
    if (existing && existing.at <= at) return;
    if (existing) this.clock.clearTimeout(existing.timer);
    const timer = this.clock.setTimeout(() => {
      this.waiting.delete(item);
      this.add(item);
    }, ms);
    this.waiting.set(item, { at, timer });
  }

  /** Re-adds a failed item after its backoff. */
  addRateLimited(item: T): void {
    this.addAfter(item, this.limiter.when(item));
  }

  /** The item succeeded: its failure count starts over. */
  forget(item: T): void {
    this.limiter.forget(item);
  }

  numRequeues(item: T): number {
    return this.limiter.numRequeues(item);
  }

  /** The next item, waiting for one; undefined once the queue is shut down and drained. */
  get(): Promise<T | undefined> {
    if (this.queue.length > 0) return Promise.resolve(this.take());
    if (this.shutting) return Promise.resolve(undefined);
    return new Promise((resolve) => this.getters.push(resolve));
  }

  /** The worker is finished with the item; if it was added meanwhile, it goes back in line. */
  done(item: T): void {
    this.processing.delete(item);
    if (this.dirty.has(item)) {
      this.queue.push(item);
      this.handOut();
    }
  }

  get length(): number {
    return this.queue.length;
  }

  get shuttingDown(): boolean {
    return this.shutting;
  }

  shutDown(): void {
    this.shutting = true;
    for (const { timer } of this.waiting.values()) this.clock.clearTimeout(timer);
    this.waiting.clear();
    if (this.queue.length === 0) for (const resolve of this.getters.splice(0)) resolve(undefined);
  }

  private take(): T {
    const item = this.priorityOf ? this.queue.splice(this.highest(this.priorityOf), 1)[0]! : this.queue.shift()!;
    this.processing.add(item);
    this.dirty.delete(item);
    return item;
  }

  /** The index of the first waiting item of the highest priority. */
  private highest(priorityOf: (item: T) => number): number {
    let best = 0;
    let bestPriority = -Infinity;
    this.queue.forEach((item, i) => {
      const p = priorityOf(item);
      if (p > bestPriority) {
        best = i;
        bestPriority = p;
      }
    });
    return best;
  }

  private handOut(): void {
    while (this.getters.length > 0 && this.queue.length > 0) this.getters.shift()!(this.take());
  }
}
