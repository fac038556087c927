// What the kubelet waits for before it starts a pod: every claim the pod mounts exists, is
// Bound and is not being deleted.

import type { KubeObject } from '../../machinery/object.ts';
import { claimNamesOf, phaseOf } from './storage-facts.ts';

export function podVolumesReady(pod: KubeObject, claimOf: (namespace: string, name: string) => KubeObject | undefined): boolean {
  return claimNamesOf(pod).every((name) => {
    const claim = claimOf(pod.metadata.namespace ?? '', name);
    return !!claim && phaseOf(claim) === 'Bound' && !claim.metadata.deletionTimestamp;
  });
}

export { claimNamesOf } from './storage-facts.ts';
