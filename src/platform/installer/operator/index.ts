// The cozystack-operator (cmd/cozystack-operator): before its reconcile loops it installs Flux and
// its own CRDs and writes the platform source and PackageSource; then it runs the PackageSource,
// Package and cozy-values replicator reconcilers.

import { EventRecorder, type Clock, type InformerFactory, type KubeClient } from '../../../controller/index.ts';
import type { ChartRegistry } from '../../charts/registry.ts';
import { installCRDs } from '../crds.ts';
import type { OperatorFlags } from './flags.ts';
import { startPackageReconciler } from './package-reconciler.ts';
import { startPackageSourceReconciler } from './packagesource-reconciler.ts';
import { installPlatformSource } from './platform-source.ts';
import { startValuesReplicator } from './values-replicator.ts';

export { parseOperatorFlags, DEFAULT_FLAGS, type OperatorFlags } from './flags.ts';

export interface OperatorEnv {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  charts: ChartRegistry;
  /** What `--install-flux` runs (Flux's CRDs, namespace and Deployment). */
  installFlux?: (client: KubeClient) => Promise<void>;
}

export interface RunningOperator {
  stop(): Promise<void>;
}

export async function startOperator(env: OperatorEnv, flags: OperatorFlags): Promise<RunningOperator> {
  const { client, clock } = env;
  if (flags.installCRDs) await installCRDs(client, clock);
  if (flags.installFlux && env.installFlux) await env.installFlux(client);
  if (flags.platformSourceURL) {
    await installPlatformSource(client, flags);
  }
  const recorder = new EventRecorder(client, { component: 'cozystack-operator', clock });
  const deps = { ...env, flags, recorder };
  const controllers = [startPackageSourceReconciler(deps), startPackageReconciler(deps), startValuesReplicator(deps)];
  return {
    async stop() {
      await Promise.all(controllers.map((c) => c.stop()));
    },
  };
}
