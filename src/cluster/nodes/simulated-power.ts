// The simulator's switch for a machine's health. `cozylab node fail` sets this annotation on the
// Node; the simulated kubelet of that machine (registrar and pod workers) then behaves as a
// machine that lost power or its network: no Lease renewals, no status, no pod work. `cozylab
// node recover` removes it and the kubelet comes back. Only the simulated kubelet reads it: the
// control plane learns of the failure the way Kubernetes does, from the missing heartbeats.

import type { KubeObject } from '../../machinery/object.ts';

export const SIMULATE_ANNOTATION = 'cozylab.io/simulate';
export const SIMULATE_FAILED = 'failed';

export function isFailed(node: KubeObject | undefined): boolean {
  return node?.metadata.annotations?.[SIMULATE_ANNOTATION] === SIMULATE_FAILED;
}
