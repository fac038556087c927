// The apps/v1 workload controllers of kube-controller-manager, started together.

import { startDeploymentController } from './deployment-controller.ts';
import { startReplicaSetController } from './replicaset-controller.ts';
import { startStatefulSetController } from './statefulset-controller.ts';
import type { StoppableController, WorkloadControllerDeps } from './workload-deps.ts';

export { startDeploymentController } from './deployment-controller.ts';
export { startReplicaSetController } from './replicaset-controller.ts';
export { startStatefulSetController } from './statefulset-controller.ts';
export type { StoppableController, WorkloadControllerDeps } from './workload-deps.ts';

/** Registers the ReplicaSet, Deployment and StatefulSet controllers' informers; start the factory afterwards. */
export function startWorkloadControllers(deps: WorkloadControllerDeps): StoppableController {
  const controllers = [startReplicaSetController(deps), startDeploymentController(deps), startStatefulSetController(deps)];
  return {
    async stop() {
      await Promise.all(controllers.map((c) => c.stop()));
    },
  };
}
