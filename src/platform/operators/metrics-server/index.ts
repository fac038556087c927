// The simulated metrics-server: its API registers behind the Service the metrics-server chart
// makes (cozy-monitoring/metrics-server), so it is served once that chart's APIService is installed
// and its pod is ready, as the real one is.

import type { ApiServer } from '../../../apiserver/api-server.ts';
import type { Clock, InformerFactory } from '../../../controller/index.ts';
import { POD_NODE_INDEX, podNodeIndex } from '../../../cluster/nodes/pod-facts.ts';
import { MetricsServerApi } from './backend.ts';

export const METRICS_SERVER_SERVICE = 'cozy-monitoring/metrics-server';

export function startMetricsServer(deps: { server: ApiServer; factory: InformerFactory; clock: Clock }): { stop(): Promise<void> } {
  const pods = deps.factory.informerFor({ apiVersion: 'v1', kind: 'Pod' });
  pods.addIndex(POD_NODE_INDEX, podNodeIndex);
  const nodes = deps.factory.informerFor({ apiVersion: 'v1', kind: 'Node' });
  const unregister = deps.server.aggregation.register(METRICS_SERVER_SERVICE, new MetricsServerApi({ pods, nodes, now: () => deps.clock.now() }));
  return {
    async stop() {
      unregister();
    },
  };
}
