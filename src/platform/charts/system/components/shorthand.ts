// Short forms for the common shapes of a WorkloadSpec: one workload, one main container.

import { COZYSTACK_VERSION } from '../../../version.ts';
import type { ContainerSpec, WorkloadSpec } from '../component.ts';

type Extra = Partial<Omit<WorkloadSpec, 'kind' | 'name' | 'containers'>> & { containers?: ContainerSpec[]; container?: string };

function workload(kind: WorkloadSpec['kind'], name: string, image: string, extra: Extra = {}): WorkloadSpec {
  const { container, containers, ...rest } = extra;
  return { kind, name, containers: containers ?? [{ name: container ?? name, image }], ...rest };
}

export const deploy = (name: string, image: string, extra?: Extra): WorkloadSpec => workload('Deployment', name, image, extra);
export const daemon = (name: string, image: string, extra?: Extra): WorkloadSpec => workload('DaemonSet', name, image, extra);
export const stateful = (name: string, image: string, extra?: Extra): WorkloadSpec => workload('StatefulSet', name, image, extra);

/** Cozystack's own images are tagged with the platform version and pinned by digest. */
export const cozyImage = (name: string, tag = COZYSTACK_VERSION): string => `ghcr.io/cozystack/cozystack/${name}:${tag}`;
