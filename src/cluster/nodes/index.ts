// Simulated nodes: the node registrar (Nodes and their Leases), default-scheduler and the
// kubelets that run bound pods, started together over one informer factory.

import type { Clock } from '../../controller/clock.ts';
import type { KubeClient } from '../../controller/client.ts';
import type { EventRecorder } from '../../controller/events.ts';
import type { InformerFactory } from '../../controller/informer-factory.ts';
import { ImageProfiles } from './image-profiles.ts';
import { defaultInventory, type Inventory } from './inventory.ts';
import { startKubelets } from './kubelet.ts';
import { startNodeRegistrar } from './node-registrar.ts';
import { startScheduler } from './scheduler.ts';

export { defaultInventory, parseInventory, validateInventory, InventoryError, type Inventory, type InventoryNode } from './inventory.ts';
export { preflight, PLATFORM_MINIMUM } from './preflight.ts';
export { ImageProfiles, DEFAULT_PROFILE, type SimulationProfile } from './image-profiles.ts';

export interface NodeControllersDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  /** Unused: the scheduler and kubelets record as `default-scheduler` and `kubelet` themselves. */
  recorder?: EventRecorder;
  /** Default: three nodes of the platform's minimum profile. */
  inventory?: Inventory;
  /** How simulated containers behave, by image prefix; shared so operators can add profiles later. */
  profiles?: ImageProfiles;
}

export interface NodeControllers {
  profiles: ImageProfiles;
  stop(): Promise<void>;
}

export function startNodeControllers(deps: NodeControllersDeps): NodeControllers {
  const inventory = deps.inventory ?? defaultInventory();
  const profiles = deps.profiles ?? new ImageProfiles();
  const base = { client: deps.client, factory: deps.factory, clock: deps.clock };
  const registrar = startNodeRegistrar({ ...base, inventory });
  const scheduler = startScheduler(base);
  const kubelets = startKubelets({ ...base, inventory, profiles });
  return {
    profiles,
    async stop() {
      await Promise.all([kubelets.stop(), scheduler.stop(), registrar.stop()]);
    },
  };
}
