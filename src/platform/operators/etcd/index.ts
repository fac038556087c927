// The cozystack etcd-operator (v1alpha2): EtcdCluster → EtcdMembers → a Pod and a PVC per member.

import { startWorkloadOperator, type OperatorDeps, type Stoppable } from '../workload-operator.ts';
import { startEtcdClusterController } from './cluster.ts';
import { etcdMemberKind } from './member.ts';

export function startEtcdOperator(deps: OperatorDeps): Stoppable[] {
  return [startEtcdClusterController(deps), startWorkloadOperator(deps, etcdMemberKind)];
}
