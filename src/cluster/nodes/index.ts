// Simulated nodes: the node registrar (Nodes and their Leases), default-scheduler, the
// kubelets that run bound pods, and the node lifecycle and taint eviction controllers that
// notice a node gone silent and move its pods, started together over one informer factory.

import type { Clock } from '../../controller/clock.ts';
import type { KubeClient } from '../../controller/client.ts';
import { asFieldManager } from '../../controller/field-manager-client.ts';
import type { EventRecorder } from '../../controller/events.ts';
import type { InformerFactory } from '../../controller/informer-factory.ts';
import { ImageProfiles } from './image-profiles.ts';
import { defaultInventory, type Inventory } from './inventory.ts';
import { startKubelets } from './kubelet.ts';
import { NODE_MONITOR_GRACE_PERIOD_MS, startNodeLifecycleController } from './node-lifecycle-controller.ts';
import { LEASE_DURATION_SECONDS, startNodeRegistrar } from './node-registrar.ts';
import { startScheduler } from './scheduler.ts';
import { startStaticPods } from './static-pods.ts';
import { startTaintEvictionController } from './taint-eviction-controller.ts';
import { leaderElected, type LeaderElections } from '../leader-elected.ts';

export { defaultInventory, parseInventory, validateInventory, InventoryError, type Inventory, type InventoryNode } from './inventory.ts';
export { preflight, PLATFORM_MINIMUM } from './preflight.ts';
export { ImageProfiles, DEFAULT_PROFILE, type SimulationProfile } from './image-profiles.ts';
export { SIMULATE_ANNOTATION, SIMULATE_FAILED, isFailed } from './simulated-power.ts';

/** How quickly a silent node is noticed: upstream's defaults, shortened for end-to-end runs. */
export interface NodeTiming {
  /** The kubelets' nodeLeaseDurationSeconds (renewed every quarter of it); default 40. */
  leaseDurationSeconds?: number;
  /** kube-controller-manager's --node-monitor-grace-period; default 40 s. */
  nodeMonitorGracePeriodMs?: number;
}

export const DEFAULT_NODE_TIMING = { leaseDurationSeconds: LEASE_DURATION_SECONDS, nodeMonitorGracePeriodMs: NODE_MONITOR_GRACE_PERIOD_MS };

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
  timing?: NodeTiming;
  /** When given, the scheduler runs while the process leads Lease kube-system/kube-scheduler, the node lifecycle and taint eviction controllers while it leads kube-controller-manager's. */
  elections?: LeaderElections;
  /** The kubelets post mirror pods of the control plane Talos runs on control-plane nodes (static-pods.ts). */
  staticPods?: boolean;
}

export interface NodeControllers {
  profiles: ImageProfiles;
  stop(): Promise<void>;
}

export function startNodeControllers(deps: NodeControllersDeps): NodeControllers {
  const inventory = deps.inventory ?? defaultInventory();
  const profiles = deps.profiles ?? new ImageProfiles();
  // Each component writes as the field manager its real counterpart is seen as.
  const as = (manager: string) => ({ client: asFieldManager(deps.client, manager), factory: deps.factory, clock: deps.clock });
  const registrar = startNodeRegistrar({ ...as('kubelet'), inventory, leaseDurationSeconds: deps.timing?.leaseDurationSeconds ?? DEFAULT_NODE_TIMING.leaseDurationSeconds });
  const scheduler = leaderElected('kube-scheduler', deps.elections, () => startScheduler(as('kube-scheduler')));
  const kubelets = startKubelets({ ...as('kubelet'), inventory, profiles });
  const staticPods = deps.staticPods ? startStaticPods({ ...as('kubelet'), inventory }) : undefined;
  const nodeControllers = leaderElected('kube-controller-manager', deps.elections, () => {
    const lifecycle = startNodeLifecycleController({ ...as('kube-controller-manager'), gracePeriodMs: deps.timing?.nodeMonitorGracePeriodMs ?? DEFAULT_NODE_TIMING.nodeMonitorGracePeriodMs });
    const taintEviction = startTaintEvictionController(as('kube-controller-manager'));
    return { stop: async () => void (await Promise.all([taintEviction.stop(), lifecycle.stop()])) };
  });
  return {
    profiles,
    async stop() {
      await Promise.all([nodeControllers.stop(), kubelets.stop(), staticPods?.stop(), scheduler.stop(), registrar.stop()]);
    },
  };
}
