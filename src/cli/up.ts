// `cozylab up`: open the store, start the API server, write the kubeconfig, run until a signal.

import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ApiServer } from '../apiserver/api-server.ts';
import { TALOS_DEFAULTS } from '../apiserver/admission/pod-security/policy.ts';
import { SYSTEM_MASTERS } from '../apiserver/auth/user.ts';
import { startClusterControllers } from '../cluster/index.ts';
import { LeaderElections } from '../cluster/leader-elected.ts';
import { defaultInventory } from '../cluster/nodes/index.ts';
import { startServerControllers } from '../cluster/server-controllers.ts';
import type { Inventory, NodeTiming } from '../cluster/nodes/index.ts';
import type { HpaTiming } from '../cluster/workloads/index.ts';
import { startPlatform } from '../platform/index.ts';
import { loadPlatformPackage, runInstallStages } from '../platform/installer/index.ts';
import { InformerFactory, InProcessClient, realClock } from '../controller/index.ts';
import { openStoreStarting } from '../storage/open.ts';
import { adminKubeconfig, writeKubeconfig } from './kubeconfig.ts';
import { loadOrCreateCredentials, type ClusterCredentials } from './pki.ts';
import { ensureDataDir } from './data-dir.ts';

export interface UpOptions {
  dataDir: string;
  port: number;
  host: string;
  store: 'sqlite' | 'memory';
  compactionInterval?: number;
  /** --event-ttl, in ms. */
  eventTtl?: number;
  /** `--platform FILE`: the Platform Package to apply. */
  platform?: string;
  /** `--kubernetes-only`: install stages 1–2, no Cozystack. */
  kubernetesOnly?: boolean;
  /** The simulated machines (`--nodes`, `--inventory`); default: three of the platform's minimum profile. */
  inventory?: Inventory;
  nodeTiming?: NodeTiming;
  defaultTolerationSeconds?: number;
  /** Hidden flags of kube-controller-manager's HPA controller (end-to-end tests shorten its 15 s sync period). */
  hpaTiming?: Partial<HpaTiming>;
  /** The data dir's credentials when the caller started loading them already (see main.ts). */
  credentials?: Promise<ClusterCredentials>;
}

export { DEFAULT_DATA_DIR } from './defaults.ts';

export interface RunningCluster {
  server: ApiServer;
  kubeconfigPath: string;
  url: string;
  /** Settles when the install stages are done (rejects with what refused them). */
  installed: Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(opts: UpOptions, log: (line: string) => void = () => {}): Promise<RunningCluster> {
  const started = Date.now();
  const platformPackage = opts.platform ? loadPlatformPackage(opts.platform) : undefined;
  const dataDir = ensureDataDir(opts.dataDir);
  // A first start's keys may still be generating on the thread pool: the store opens meanwhile.
  const credentials = opts.credentials ?? loadOrCreateCredentials(dataDir, opts.host);
  credentials.catch(() => {}); // awaited below; only a rejection before then must not go unhandled
  // The store's writer thread starts while the server does.
  const { store, ready: storeReady } = await openStoreStarting({ backend: opts.store, path: join(dataDir, 'state.db') });
  storeReady.catch(() => {}); // awaited below, as credentials are
  const creds = await credentials.catch(async (err) => {
    await store.close().catch(() => undefined);
    throw err;
  });
  const server = new ApiServer({
    store,
    host: opts.host,
    port: opts.port,
    tls: { key: creds.serverKey, cert: creds.serverCert, ca: creds.caCert },
    compactionIntervalMs: opts.compactionInterval,
    eventTtlMs: opts.eventTtl,
    serviceAccountKey: creds.serviceAccountKey,
    // The nodes run Talos, whose kube-apiserver holds pods to Pod Security baseline and warns at restricted.
    podSecurity: TALOS_DEFAULTS,
    ...(opts.defaultTolerationSeconds === undefined ? {} : { defaultTolerationSeconds: { notReadySeconds: opts.defaultTolerationSeconds, unreachableSeconds: opts.defaultTolerationSeconds } }),
  });
  server.tokens.add(creds.adminToken, { username: 'admin', groups: [SYSTEM_MASTERS] });
  await server.start();
  try {
    await storeReady;
  } catch (err) {
    await server.stop();
    await store.close().catch(() => undefined);
    throw err;
  }
  const client = new InProcessClient(server);
  const factory = new InformerFactory(client, { clock: realClock });
  const elections = new LeaderElections(client, realClock, electionIdentity(dataDir));
  const serverControllers = startServerControllers(server, elections);
  const clusterControllers = startClusterControllers({ client, factory, clock: realClock, tokens: server.serviceAccountTokens!, caPem: creds.caCert, caKeyPem: creds.caKey, inventory: opts.inventory, nodeTiming: opts.nodeTiming, hpaTiming: opts.hpaTiming, elections, staticPods: true });
  // A plain Kubernetes cluster (--kubernetes-only) runs none of Cozystack: no Flux, operators or cozystack-api.
  const platform = opts.kubernetesOnly ? undefined : await startPlatform({ server, client, factory, clock: realClock, log, profiles: clusterControllers.profiles });
  const running = [serverControllers, clusterControllers, ...(platform ? [platform] : [])];
  factory.start();
  // What kube-apiserver's component checks find while kube-scheduler and kube-controller-manager run.
  for (const component of ['scheduler', 'controller-manager']) server.components.set(component, async () => ({ healthy: true, message: 'ok' }));
  const url = `https://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${server.port}`;
  const kubeconfigPath = join(dataDir, 'kubeconfig');
  writeKubeconfig(kubeconfigPath, adminKubeconfig(url, creds.caCert, creds.adminToken));
  log(`cozylab API server listening on ${url} (store: ${opts.store}, started in ${Date.now() - started} ms)`);
  log(`export KUBECONFIG=${kubeconfigPath}`);
  const installerDeps = { client, factory, clock: realClock, charts: platform?.charts, operator: platform?.installer.operator, profiles: clusterControllers.profiles, log };
  const stopping = new AbortController();
  const installed = runInstallStages(installerDeps, { platformPackage, apiServerURL: url, expectedNodes: (opts.inventory ?? defaultInventory()).nodes.length, kubernetesOnly: opts.kubernetesOnly, startedAt: started, signal: stopping.signal });
  installed.catch(() => {});
  return {
    server,
    kubeconfigPath,
    url,
    installed,
    async stop() {
      stopping.abort();
      for (const component of ['scheduler', 'controller-manager']) server.components.delete(component);
      await Promise.all(running.map((r) => r.stop()));
      factory.stop();
      await server.stop();
      await store.close();
    },
  };
}

/**
 * `<hostname>_<uuid>`, as client-go's leader-election identity. The uuid is kept in the data dir, so
 * that a restart after a crash leads at once rather than waiting out the Lease its predecessor held.
 */
function electionIdentity(dataDir: string): string {
  const file = join(dataDir, 'election-id');
  let id = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) {
    id = randomUUID();
    writeFileSync(file, `${id}\n`);
  }
  return `${hostname()}_${id}`;
}

export async function runUp(opts: UpOptions): Promise<void> {
  const cluster = await startCluster(opts, (line) => console.log(line));
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`received ${signal}, stopping`);
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  cluster.installed.catch(async (err: Error) => {
    if (stopping) return;
    stopping = true;
    console.error(`cozylab up: ${err.message}`);
    await cluster.stop();
    process.exit(1);
  });
}
