// Helpers for the store conformance suite: store lifetimes, event collection, waiting.

import type { Store, StoreEvent, WatchCallbacks } from './store.ts';

export type MakeStore = () => Promise<Store>;

/** Runs `body` on a fresh store and closes whichever store `body` ends with. */
export async function withStore(makeStore: MakeStore, body: (store: Store) => Promise<Store | void>): Promise<void> {
  const store = await makeStore();
  let last: Store = store;
  try {
    last = (await body(store)) ?? store;
  } finally {
    await last.close();
    if (last !== store) await store.close();
  }
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface EventCollector {
  events: StoreEvent[];
  errors: Error[];
  callbacks: WatchCallbacks;
  /** Resolves once at least `n` events arrived. */
  waitForCount(n: number, timeoutMs?: number): Promise<void>;
}

export function collectEvents(): EventCollector {
  const events: StoreEvent[] = [];
  const errors: Error[] = [];
  return {
    events,
    errors,
    callbacks: { onEvent: (e) => events.push(e), onError: (err) => errors.push(err) },
    waitForCount: (n, timeoutMs) => waitFor(() => events.length >= n, `${n} watch events (have ${events.length})`, timeoutMs),
  };
}

/** The shape of an event that tests compare (drops undefined fields). */
export function brief(e: StoreEvent): string {
  return `${e.modRevision} ${e.type} ${e.key}=${e.value} prev=${e.prevValue ?? '-'} created=${e.createRevision}`;
}
