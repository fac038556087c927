// The Cozystack platform on a running cluster: Flux (source and helm controllers), the
// cozystack-operator (Packages, PackageSources) and the installer that brings them up.
// Each part registers its informers here; the caller starts the factory afterwards.

import type { ApiServer } from '../apiserver/api-server.ts';
import type { Clock, InformerFactory, KubeClient } from '../controller/index.ts';
import { builtinCharts } from './charts/builtin.ts';
import type { ChartRegistry } from './charts/registry.ts';

export interface PlatformDeps {
  /** The API server, for admission plug-ins of the platform's own kinds. */
  server: ApiServer;
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  charts?: ChartRegistry;
  /** Progress lines for the terminal. */
  log?: (line: string) => void;
}

export interface Platform {
  charts: ChartRegistry;
  stop(): Promise<void>;
}

export function startPlatform(deps: PlatformDeps): Platform {
  const charts = deps.charts ?? builtinCharts();
  const running: Array<{ stop(): Promise<void> }> = [];
  return {
    charts,
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
