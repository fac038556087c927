// Picks and opens the storage backend the server was configured with.

import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MemoryStore } from './memory.ts';
import { SqliteStore } from './sqlite.ts';
import type { Store } from './store.ts';

export type StoreBackend = 'memory' | 'sqlite';

export interface OpenStoreOptions {
  backend: StoreBackend;
  /** The database file (sqlite only). */
  path?: string;
}

/** Opens the store and resolves once all its parts (the sqlite writer's thread) are ready. */
export async function openStore(opts: OpenStoreOptions): Promise<Store> {
  const { store, ready } = await openStoreStarting(opts);
  try {
    await ready;
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
  return store;
}

/**
 * Opens the store, which takes reads and writes at once, and answers it with `ready`, which
 * settles once its other parts have started (the sqlite writer's thread: ~150 ms of a start that
 * the caller may spend on its own work meanwhile) or rejects with why they cannot. The caller
 * closes the store when `ready` rejects.
 */
export async function openStoreStarting(opts: OpenStoreOptions): Promise<{ store: Store; ready: Promise<void> }> {
  const backend: string = opts.backend;
  switch (backend) {
    case 'memory':
      return { store: new MemoryStore(), ready: Promise.resolve() };
    case 'sqlite': {
      if (!opts.path) throw new Error('the sqlite storage backend needs a database file path');
      await mkdir(dirname(opts.path), { recursive: true });
      const store = SqliteStore.open(opts.path);
      return { store, ready: store.ready() };
    }
    default:
      throw new Error(`unknown storage backend "${backend}" (supported: memory, sqlite)`);
  }
}
