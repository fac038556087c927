// Flux in cozylab: what the cozystack-operator's --install-flux installs (CRDs, the "flux"
// Deployment in cozy-fluxcd), then the controllers that Deployment stands for — the
// source-controller and the helm-controller — running in this process.

import type { ApiServer } from '../../apiserver/api-server.ts';
import type { Clock, InformerFactory, KubeClient } from '../../controller/index.ts';
import type { ChartRegistry } from '../charts/registry.ts';
import { startHelmController } from './helm-controller.ts';
import { installFlux } from './install.ts';
import { startSourceController } from './source-controller.ts';

export { CHART_PATH_KEY } from './artifact.ts';
export { installFlux } from './install.ts';

export interface FluxDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  charts: ChartRegistry;
  log?: (line: string) => void;
  /** `.Capabilities.APIVersions` for charts that ask (see servedApiVersions). */
  apiVersions?(): string[];
}

/** Every `group/version` and `group/version/Kind` the API server serves, as Helm's Capabilities lists them. */
export function servedApiVersions(server: ApiServer): string[] {
  const out = new Set<string>();
  for (const t of server.catalog.allTypes()) {
    const gv = t.group ? `${t.group}/${t.version}` : t.version;
    out.add(gv);
    out.add(`${gv}/${t.kind}`);
  }
  return [...out];
}

export interface RunningFlux {
  stop(): Promise<void>;
}

export async function startFlux(deps: FluxDeps): Promise<RunningFlux> {
  // The wait for CRDs follows the API server's own CRD controller, which runs in real time.
  await installFlux(deps.client);
  deps.log?.('flux installed in cozy-fluxcd (source-controller, helm-controller)');
  const running = [startSourceController(deps), startHelmController(deps)];
  return {
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
