// What the storage controllers are started with.

import type { Clock, InformerFactory, KubeClient } from '../../controller/index.ts';

export interface StorageControllerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  /** Parallel reconciles per controller (default 5). */
  workers?: number;
}
