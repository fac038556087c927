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

export async function openStore(opts: OpenStoreOptions): Promise<Store> {
  const backend: string = opts.backend;
  switch (backend) {
    case 'memory':
      return new MemoryStore();
    case 'sqlite': {
      if (!opts.path) throw new Error('the sqlite storage backend needs a database file path');
      await mkdir(dirname(opts.path), { recursive: true });
      const store = SqliteStore.open(opts.path);
      try {
        await store.ready();
      } catch (err) {
        await store.close().catch(() => undefined);
        throw err;
      }
      return store;
    }
    default:
      throw new Error(`unknown storage backend "${backend}" (supported: memory, sqlite)`);
  }
}
