// The operators the platform's charts bring, each a reconciler over the custom resources its
// chart's users render: the etcd-operator, the VictoriaMetrics operator, the grafana-operator,
// piraeus-operator (LINSTOR), virt-operator and cdi-operator, MetalLB's controller and speakers, and
// ingress-nginx's status sync.

import { asFieldManager } from '../../controller/index.ts';
import { startEtcdOperator } from './etcd/index.ts';
import { startGrafanaOperator } from './grafana/index.ts';
import { startIngressNginxStatus } from './ingress-nginx/status.ts';
import { startKubevirtOperators } from './kubevirt/index.ts';
import { startMetallb } from './metallb/index.ts';
import { startPiraeusOperator } from './piraeus/index.ts';
import { startVictoriaMetricsOperator } from './victoria-metrics/index.ts';
import type { OperatorDeps, Stoppable } from './workload-operator.ts';

export type { OperatorDeps, Stoppable };

export function startOperators(deps: OperatorDeps): Stoppable {
  const running = [...startEtcdOperator(deps), ...startVictoriaMetricsOperator(deps), ...startGrafanaOperator(deps), ...startPiraeusOperator(deps), ...startKubevirtOperators(deps), ...startMetallb(deps),
    startIngressNginxStatus({ ...deps, client: asFieldManager(deps.client, 'nginx-ingress-controller') })];
  return {
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
    },
  };
}
