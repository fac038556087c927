// What the simulated metrics-server reports: each running container uses a steady share of what it
// requests (a share fixed by its pod's uid and its name, so repeated reads agree), a container that
// requests nothing a few millicores and MiB; a node, its system daemons plus its running pods.

import type { KubeObject } from '../../../machinery/object.ts';
import { milliCPU, quantityValue } from '../../../cluster/nodes/quantity.ts';

export interface Usage {
  /** CPU in nanocores. */
  nanocores: number;
  bytes: number;
}

/** Talos, kubelet and containerd on an idle node. */
const NODE_SYSTEM: Usage = { nanocores: 180_000_000, bytes: 1_228_800 * 1024 };
const IDLE_CONTAINER: Usage = { nanocores: 2_000_000, bytes: 12 * 1024 * 1024 };

interface ContainerSpec {
  name: string;
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
}

/** A stable number in [0, 1) from a text (FNV-1a). */
function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

export function containerUsage(pod: KubeObject, c: ContainerSpec): Usage {
  const requests = c.resources?.requests ?? c.resources?.limits ?? {};
  const share = 0.15 + 0.5 * unitHash(`${pod.metadata.uid ?? pod.metadata.name}/${c.name}`);
  const cpuMilli = requests.cpu !== undefined ? milliCPU(requests.cpu) : 0;
  const memory = requests.memory !== undefined ? quantityValue(requests.memory) : 0;
  return {
    nanocores: cpuMilli > 0 ? Math.round(cpuMilli * share * 1e6) : Math.round(IDLE_CONTAINER.nanocores * (0.5 + share)),
    bytes: memory > 0 ? Math.round(memory * share) : Math.round(IDLE_CONTAINER.bytes * (0.5 + share)),
  };
}

export function isRunning(pod: KubeObject): boolean {
  return (pod.status as { phase?: string } | undefined)?.phase === 'Running' && !pod.metadata.deletionTimestamp;
}

export function podContainers(pod: KubeObject): ContainerSpec[] {
  return ((pod.spec as { containers?: ContainerSpec[] } | undefined)?.containers ?? []) as ContainerSpec[];
}

export function nodeUsage(pods: KubeObject[]): Usage {
  const total = { ...NODE_SYSTEM };
  for (const pod of pods) {
    if (!isRunning(pod)) continue;
    for (const c of podContainers(pod)) {
      const u = containerUsage(pod, c);
      total.nanocores += u.nanocores;
      total.bytes += u.bytes;
    }
  }
  return total;
}

/** As metrics-server prints usage: CPU in nanocores, memory in Ki. */
export function usageList(u: Usage): { cpu: string; memory: string } {
  return { cpu: `${u.nanocores}n`, memory: `${Math.ceil(u.bytes / 1024)}Ki` };
}
