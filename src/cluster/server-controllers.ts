// kube-controller-manager's namespace and garbage-collector controllers. They read the store through
// the API server itself (the whole keyspace, for the collector's graph), and like the rest of
// kube-controller-manager run only while the process leads its Lease.

import type { ApiServer } from '../apiserver/api-server.ts';
import { GarbageCollector } from './garbage-collector.ts';
import { leaderElected, type LeaderElections, type Stoppable } from './leader-elected.ts';
import { NamespaceController } from './namespace-controller.ts';

export function startServerControllers(server: ApiServer, elections?: LeaderElections): Stoppable {
  return leaderElected('kube-controller-manager', elections, () => {
    const controllers = [new NamespaceController(server), new GarbageCollector(server)];
    const started = Promise.all(controllers.map((c) => c.start()));
    started.catch(() => {}); // a start that fails after a stop has nothing left to run
    return {
      async stop() {
        await started.catch(() => {});
        for (const c of controllers) c.stop();
      },
    };
  });
}
