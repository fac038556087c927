// The VictoriaMetrics operator (cozy-victoria-metrics-operator): its clusters, agents, alerting and log stores.

import { startWorkloadOperator, type OperatorDeps, type Stoppable } from '../workload-operator.ts';
import { victoriaMetricsKinds } from './kinds.ts';

export function startVictoriaMetricsOperator(deps: OperatorDeps): Stoppable[] {
  return victoriaMetricsKinds.map((kind) => startWorkloadOperator(deps, kind));
}
