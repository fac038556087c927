// The workload controllers of kube-controller-manager (apps/v1 and batch/v1), started together.

import { startCronJobController } from './cronjob-controller.ts';
import { startDaemonSetController } from './daemonset-controller.ts';
import { startDeploymentController } from './deployment-controller.ts';
import { startDisruptionController } from './disruption-controller.ts';
import { startHorizontalPodAutoscalerController, type HpaTiming } from './hpa-controller.ts';
import { startJobController } from './job-controller.ts';
import { REPLICATIONCONTROLLER_KIND, startReplicaSetController } from './replicaset-controller.ts';
import { startStatefulSetController } from './statefulset-controller.ts';
import { startTtlAfterFinishedController } from './ttl-after-finished-controller.ts';
import type { StoppableController, WorkloadControllerDeps } from './workload-deps.ts';

export { startCronJobController } from './cronjob-controller.ts';
export { startDaemonSetController } from './daemonset-controller.ts';
export { startDeploymentController } from './deployment-controller.ts';
export { startDisruptionController } from './disruption-controller.ts';
export { startHorizontalPodAutoscalerController, type HpaTiming } from './hpa-controller.ts';
export { startJobController } from './job-controller.ts';
export { startReplicaSetController } from './replicaset-controller.ts';
export { startStatefulSetController } from './statefulset-controller.ts';
export { startTtlAfterFinishedController } from './ttl-after-finished-controller.ts';
export type { StoppableController, WorkloadControllerDeps } from './workload-deps.ts';

/** Registers every workload controller's informers; start the factory afterwards. */
export function startWorkloadControllers(deps: WorkloadControllerDeps & { hpaTiming?: Partial<HpaTiming> }): StoppableController {
  const controllers = [
    startReplicaSetController(deps),
    startReplicaSetController(deps, REPLICATIONCONTROLLER_KIND),
    startDeploymentController(deps),
    startStatefulSetController(deps),
    startDaemonSetController(deps),
    startJobController(deps),
    startCronJobController(deps),
    startTtlAfterFinishedController(deps),
    startDisruptionController(deps),
    startHorizontalPodAutoscalerController({ ...deps, timing: deps.hpaTiming }),
  ];
  return {
    async stop() {
      await Promise.all(controllers.map((c) => c.stop()));
    },
  };
}
