// What the endpoints controllers are started with.

import type { Clock, InformerFactory, KubeClient } from '../../controller/index.ts';

export interface EndpointControllerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  /** Parallel reconciles per controller (kube-controller-manager's --concurrent-*-syncs, 5). */
  workers?: number;
}
