// An API server over a MemoryStore, not listening, for tests of controllers and clients:
// the namespaces a real server bootstraps exist, and the clock can be a FakeClock.

import { ApiServer } from '../apiserver/api-server.ts';
import { MemoryStore } from '../storage/memory.ts';
import type { Clock } from './clock.ts';
import { InProcessClient, type InProcessClientOptions } from './inprocess-client.ts';

export async function newTestServer(opts: { clock?: Clock; namespaces?: string[] } = {}): Promise<ApiServer> {
  const clock = opts.clock;
  const server = new ApiServer({
    store: new MemoryStore(),
    host: '127.0.0.1',
    port: 0,
    tls: { key: '', cert: '', ca: '' },
    // No controller-manager makes the `default` ServiceAccounts here.
    disableAdmissionPlugins: ['ServiceAccount'],
    ...(clock ? { now: () => clock.now() } : {}),
  });
  const client = new InProcessClient(server);
  for (const name of opts.namespaces ?? ['default', 'kube-system', 'kube-node-lease']) {
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  }
  return server;
}

export function newTestClient(server: ApiServer, opts?: InProcessClientOptions): InProcessClient {
  return new InProcessClient(server, opts);
}

/** Polls `probe` (a failure counts as not yet) until it yields a value; rejects after `ms`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, ms = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
