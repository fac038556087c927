// The write rate a Store reaches on its own, the baseline the benchmark compares the API to:
// `count` creates of a `valueBytes`-long JSON value each, `concurrency` of them in flight.

import { performance } from 'node:perf_hooks';
import type { Store } from './store.ts';

export interface RawWriteRateOptions {
  count: number;
  valueBytes: number;
  concurrency: number;
}

export interface RawWriteRate {
  writesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** A JSON object whose serialization is exactly `bytes` long (or the smallest possible, `{"d":""}`). */
export function jsonValueOfSize(bytes: number): string {
  const empty = JSON.stringify({ d: '' });
  return JSON.stringify({ d: 'x'.repeat(Math.max(0, bytes - empty.length)) });
}

/** The value at quantile `q` (0..1) of ascending `sorted`, nearest rank. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export async function measureRawWriteRate(store: Store, opts: RawWriteRateOptions): Promise<RawWriteRate> {
  if (!(opts.count > 0) || !(opts.concurrency > 0)) throw new RangeError('count and concurrency must be positive');
  const value = jsonValueOfSize(opts.valueBytes);
  // A run-specific prefix so repeated runs on one store never collide.
  const prefix = `/raw-write-rate/${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}/`;
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < opts.count) {
      const key = prefix + String(next++).padStart(8, '0');
      const started = performance.now();
      await store.create(key, value);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, opts.count) }, worker));
  const elapsedMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    writesPerSecond: (opts.count / elapsedMs) * 1000,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
  };
}
