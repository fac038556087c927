// Every controller of Kubernetes itself that `cozylab up` runs, started over one informer factory.
// Each area registers its informers here; the caller starts the factory afterwards.

import type { ServiceAccountTokens } from '../apiserver/auth/service-account-tokens.ts';
import { asFieldManager, type Clock, type InformerFactory, type KubeClient } from '../controller/index.ts';
import { ImageProfiles, startNodeControllers, type Inventory, type NodeTiming } from './nodes/index.ts';
import { startResourceQuotaController } from './quota/resource-quota-controller.ts';
import { startCsrSigningController } from './certificates/csr-signing-controller.ts';
import { startEndpointControllers } from './endpoints/index.ts';
import { startServiceCIDRController } from './networking/service-cidr-controller.ts';
import { startServiceAccountControllers } from './serviceaccounts/serviceaccount-controller.ts';
import { startRootCAPublisher } from './serviceaccounts/root-ca-publisher.ts';
import { startStorageControllers } from './storage/index.ts';
import { startWorkloadControllers, type HpaTiming } from './workloads/index.ts';
import { leaderElected, type LeaderElections } from './leader-elected.ts';

export interface ClusterControllerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  tokens: ServiceAccountTokens;
  caPem: string;
  /** The cluster CA's key, which the CSR signer signs with (--cluster-signing-key-file); without it nothing is signed. */
  caKeyPem?: string;
  inventory?: Inventory;
  nodeTiming?: NodeTiming;
  profiles?: ImageProfiles;
  hpaTiming?: Partial<HpaTiming>;
  /** When given, kube-controller-manager's controllers and kube-scheduler run while the process leads their Leases in kube-system. */
  elections?: LeaderElections;
  /** The control plane's mirror pods in kube-system, as on a Talos cluster (`cozylab up`). */
  staticPods?: boolean;
}

export interface ClusterControllers {
  profiles: ImageProfiles;
  stop(): Promise<void>;
}

export function startClusterControllers(deps: ClusterControllerDeps): ClusterControllers {
  const { factory, clock } = deps;
  const base = { client: asFieldManager(deps.client, 'kube-controller-manager'), factory, clock };
  // Simulated containers stop on SIGTERM within half a second, as most real images do.
  const profiles = deps.profiles ?? new ImageProfiles({ '': { stopMs: 500 } });
  const nodes = startNodeControllers({ client: deps.client, factory, clock, profiles, inventory: deps.inventory, timing: deps.nodeTiming, elections: deps.elections, staticPods: deps.staticPods });
  const controllerManager = leaderElected('kube-controller-manager', deps.elections, () => {
    const started = [
      startServiceAccountControllers({ ...base, tokens: deps.tokens, caPem: deps.caPem }),
      startRootCAPublisher({ ...base, caPem: deps.caPem }),
      startWorkloadControllers({ ...base, hpaTiming: deps.hpaTiming }),
      startEndpointControllers(base),
      startServiceCIDRController(base),
      startStorageControllers(base),
      startResourceQuotaController(base),
      ...(deps.caKeyPem ? [startCsrSigningController({ ...base, ca: { certPem: deps.caPem, keyPem: deps.caKeyPem } })] : []),
    ];
    return { stop: async () => void (await Promise.all(started.map((c) => c.stop()))) };
  });
  const running: Array<{ stop(): Promise<void> }> = [controllerManager, nodes];
  return {
    profiles,
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
