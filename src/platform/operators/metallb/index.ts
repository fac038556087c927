// MetalLB, as the metallb chart of cozy-metallb brings it: the controller hands out addresses from
// the IPAddressPools the admin applies, the speakers announce them. Both start once the chart's
// CRDs are Established, as their pods would.

import { asFieldManager } from '../../../controller/index.ts';
import { whenCrdsEstablished } from '../crd-gate.ts';
import type { OperatorDeps, Stoppable } from '../workload-operator.ts';
import { startConfigurationStates } from './configuration-state.ts';
import { startMetallbController } from './controller.ts';
import { startMetallbSpeakers } from './speaker.ts';

const CRDS = ['ipaddresspools.metallb.io', 'l2advertisements.metallb.io', 'servicel2statuses.metallb.io', 'configurationstates.metallb.io'];

export function startMetallb(deps: OperatorDeps): Stoppable[] {
  const running: Stoppable[] = [];
  whenCrdsEstablished(deps.factory, CRDS, () => {
    // Each writes as its binary's name, as the real pods' managedFields show.
    const controller = { ...deps, client: asFieldManager(deps.client, 'controller') };
    running.push(startMetallbController(controller), startConfigurationStates(controller));
    running.push(startMetallbSpeakers({ ...deps, client: asFieldManager(deps.client, 'speaker') }));
  });
  return [
    {
      async stop() {
        await Promise.all(running.map((r) => r.stop()));
      },
    },
  ];
}
