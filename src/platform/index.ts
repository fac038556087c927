// The Cozystack platform on a running cluster: Flux (source and helm controllers), the
// cozystack-operator (Packages, PackageSources) and the installer that brings them up.
// Each part registers its informers here; the caller starts the factory afterwards.

import type { ApiServer } from '../apiserver/api-server.ts';
import type { Clock, InformerFactory, KubeClient } from '../controller/index.ts';
import { builtinCharts } from './charts/builtin.ts';
import type { ChartRegistry } from './charts/registry.ts';
import type { ImageProfiles } from '../cluster/nodes/image-profiles.ts';
import { startInstaller, type Installer } from './installer/index.ts';
import { servedApiVersions, startFlux } from './flux/index.ts';
import { startTenantCleanupController } from './tenants/tenant-cleanup-controller.ts';
import { startOperators } from './operators/index.ts';
import { startCozystackApi } from './api/index.ts';
import { startMetricsServer } from './operators/metrics-server/index.ts';
import { startLineageWebhook } from './lineage/index.ts';
import { startMetallbWebhook } from './operators/metallb/webhook.ts';

export interface PlatformDeps {
  /** The API server, for admission plug-ins of the platform's own kinds. */
  server: ApiServer;
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  charts?: ChartRegistry;
  /** Progress lines for the terminal. */
  log?: (line: string) => void;
  /** The kubelet simulator's image profiles; the installer gives the platform's images fast ones. */
  profiles?: ImageProfiles;
}

export interface Platform {
  charts: ChartRegistry;
  installer: Installer;
  stop(): Promise<void>;
}

export async function startPlatform(deps: PlatformDeps): Promise<Platform> {
  const charts = deps.charts ?? builtinCharts();
  const running: Array<{ stop(): Promise<void> }> = [];
  running.push(await startFlux({ client: deps.client, factory: deps.factory, clock: deps.clock, charts, log: deps.log, apiVersions: () => servedApiVersions(deps.server) }));
  running.push(startTenantCleanupController(deps));
  running.push(startOperators(deps));
  running.push(startCozystackApi(deps));
  running.push(startMetricsServer(deps));
  running.push(startLineageWebhook(deps));
  running.push(startMetallbWebhook(deps));
  const installer = startInstaller({ ...deps, charts });
  running.push(installer);
  return {
    charts,
    installer,
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
