// Time as controllers see it: the real clock in production, a fake one in tests so schedules,
// backoff and lease expiry can be driven millisecond by millisecond without waiting.

/** An opaque handle for a scheduled callback. */
export interface Timer {
  readonly clockTimer: true;
}

export interface Clock {
  now(): Date;
  setTimeout(fn: () => void, ms: number): Timer;
  clearTimeout(timer: Timer | undefined): void;
  sleep(ms: number): Promise<void>;
}

interface RealTimer extends Timer {
  handle: NodeJS.Timeout;
}

export const realClock: Clock = {
  now: () => new Date(),
  setTimeout(fn, ms) {
    const t: RealTimer = { clockTimer: true, handle: setTimeout(fn, Math.max(0, ms)) };
    return t;
  },
  clearTimeout(timer) {
    if (timer) clearTimeout((timer as RealTimer).handle);
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

interface FakeTimer extends Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/** Lets queued promise callbacks and I/O callbacks run, so async work a timer started can proceed. */
export async function flushAsync(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A clock that only moves when told. `advance` fires every timer that falls due, earliest first
 * (ties in the order they were set), with the clock reading each timer's own due time, and lets
 * the async work each callback starts settle before the next one fires.
 */
export class FakeClock implements Clock {
  private current: number;
  private timers: FakeTimer[] = [];
  private seq = 0;

  constructor(start: Date | string = '2026-01-01T00:00:00Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  setTimeout(fn: () => void, ms: number): Timer {
    const t: FakeTimer = { clockTimer: true, at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(t);
    return t;
  }

  clearTimeout(timer: Timer | undefined): void {
    this.timers = this.timers.filter((t) => t !== timer);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimeout(resolve, ms));
  }

  /** Timers not yet fired. */
  get pending(): number {
    return this.timers.length;
  }

  async advance(ms: number): Promise<void> {
    await this.runUntil(this.current + ms);
  }

  /** Moves the clock to a point in time (never backwards), firing what falls due on the way. */
  async set(date: Date | string): Promise<void> {
    await this.runUntil(Math.max(this.current, new Date(date).getTime()));
  }

  private async runUntil(target: number): Promise<void> {
    await flushAsync();
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
      await flushAsync();
    }
    this.current = target;
    await flushAsync();
  }
}
