// The endpoints and EndpointSlice controllers of kube-controller-manager, started together.

import type { StoppableController } from '../workloads/workload-deps.ts';
import type { EndpointControllerDeps } from './deps.ts';
import { startEndpointsController } from './endpoints-controller.ts';
import { startEndpointSliceController } from './endpointslice-controller.ts';

export { startEndpointsController } from './endpoints-controller.ts';
export { startEndpointSliceController } from './endpointslice-controller.ts';
export type { EndpointControllerDeps } from './deps.ts';

/** Registers both controllers' informers; start the factory afterwards. */
export function startEndpointControllers(deps: EndpointControllerDeps): StoppableController {
  const controllers = [startEndpointsController(deps), startEndpointSliceController(deps)];
  return {
    async stop() {
      await Promise.all(controllers.map((c) => c.stop()));
    },
  };
}
