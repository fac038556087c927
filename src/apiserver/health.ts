// /livez, /readyz and /healthz as k8s.io/apiserver's healthz package serves them: "ok" when every
// check passes, `?verbose` for the list (`[+]etcd ok` … `readyz check passed`), `?exclude=<name>`
// to leave checks out, `/readyz/<name>` for one check, and 500 with the list (reasons withheld)
// when one fails. The checks stand for what this server does: its store answering, each post-start
// step having finished, and, for readiness, not shutting down.

import type { Store } from '../storage/store.ts';
import type { ProbeResult } from './component-status.ts';
import type { ApiResponse } from './http-types.ts';
import { writeText } from './respond.ts';

export type HealthEndpoint = 'livez' | 'readyz' | 'healthz';

interface Check {
  name: string;
  /** Undefined when healthy, else why not. */
  run(): Promise<string | undefined>;
}

/** The post-start hooks kube-apiserver reports that this server has a step for, in its order. */
export const POST_START_HOOKS = [
  'start-apiextensions-controllers',
  'crd-informer-synced',
  'start-system-namespaces-controller',
  'start-kube-apiserver-identity-lease-controller',
  'start-kube-apiserver-identity-lease-garbage-collector',
  'start-kubernetes-service-cidr-controller',
  'start-service-ip-repair-controllers',
  'rbac/bootstrap-roles',
  'scheduling/bootstrap-system-priority-classes',
  'bootstrap-controller',
  'apiservice-registration-controller',
  'apiservice-status-remote-available-controller',
] as const;
export type PostStartHook = (typeof POST_START_HOOKS)[number];

const STORE_TIMEOUT_MS = 2000;

export class ServerHealth {
  private readonly finished = new Set<PostStartHook>();
  private shuttingDown = false;

  constructor(private readonly store: Store) {}

  /** Marks a post-start step as finished. */
  done(hook: PostStartHook): void {
    this.finished.add(hook);
  }

  beginShutdown(): void {
    this.shuttingDown = true;
  }

  private async storeAnswers(): Promise<string | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('the store did not answer in time'), STORE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.store.currentRevision().then(() => undefined, (err: Error) => err.message), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The store's answer as ComponentStatus etcd-0 reports it. */
  async storeProbe(): Promise<ProbeResult> {
    const problem = await this.storeAnswers();
    return problem === undefined ? { healthy: true, message: 'ok' } : { healthy: false, error: problem };
  }

  checks(endpoint: HealthEndpoint): Check[] {
    const ok = async () => undefined;
    const hooks = POST_START_HOOKS.map((hook) => ({ name: `poststarthook/${hook}`, run: async () => (this.finished.has(hook) ? undefined : 'not finished') }));
    const base: Check[] = [{ name: 'ping', run: ok }, { name: 'log', run: ok }, { name: 'etcd', run: () => this.storeAnswers() }];
    if (endpoint !== 'readyz') return [...base, ...hooks];
    return [
      ...base,
      { name: 'etcd-readiness', run: () => this.storeAnswers() },
      { name: 'informer-sync', run: async () => (this.finished.size === POST_START_HOOKS.length ? undefined : 'informers not started yet') },
      ...hooks,
      { name: 'shutdown', run: async () => (this.shuttingDown ? 'process is shutting down' : undefined) },
    ];
  }
}

/** Answers `/<endpoint>` or `/<endpoint>/<check>`; `rest` is what follows the endpoint in the path. */
export async function serveHealth(health: ServerHealth, endpoint: HealthEndpoint, rest: string, query: URLSearchParams, res: ApiResponse): Promise<void> {
  const checks = health.checks(endpoint);
  if (rest) {
    const one = checks.find((c) => c.name === rest);
    if (!one) return writeText(res, 404, '404 page not found');
    const failure = await one.run();
    return failure ? writeText(res, 500, `internal server error: ${failure}`) : writeText(res, 200, 'ok');
  }
  const excluded = new Set(query.getAll('exclude'));
  const lines: string[] = [];
  let failed = false;
  for (const c of checks) {
    if (excluded.delete(c.name)) {
      lines.push(`[+]${c.name} excluded: ok`);
      continue;
    }
    const failure = await c.run();
    if (failure) failed = true;
    lines.push(failure ? `[-]${c.name} failed: reason withheld` : `[+]${c.name} ok`);
  }
  if (excluded.size) lines.push(`warn: some health checks cannot be excluded: no matches for ${[...excluded].map((n) => `"${n}"`).join(',')}`);
  if (failed) return writeText(res, 500, `${lines.join('\n')}\n${endpoint} check failed`);
  if (!query.has('verbose')) return writeText(res, 200, 'ok');
  return writeText(res, 200, `${lines.join('\n')}\n${endpoint} check passed\n`);
}
