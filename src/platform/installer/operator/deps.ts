// What the operator's reconcilers are built from.

import type { Clock, EventRecorder, InformerFactory, KubeClient } from '../../../controller/index.ts';
import type { ChartRegistry } from '../../charts/registry.ts';
import type { OperatorFlags } from './flags.ts';

export interface OperatorDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  charts: ChartRegistry;
  flags: OperatorFlags;
  recorder: EventRecorder;
}
