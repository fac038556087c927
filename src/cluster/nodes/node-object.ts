// The Node a Talos kubelet registers for an inventory machine: labels, podCIDR, capacity and
// allocatable after Talos' system reservations, addresses and nodeInfo.

import { createHash } from 'node:crypto';
import type { KubeObject } from '../../machinery/object.ts';
import type { InventoryNode } from './inventory.ts';
import { formatKi, formatMilliCPU } from './quantity.ts';

export const NODE_INFO = {
  osImage: 'Talos (v1.10.5)',
  kernelVersion: '6.12.36-talos',
  kubeletVersion: 'v1.33.0',
  containerRuntimeVersion: 'containerd://2.0.5',
  operatingSystem: 'linux',
  architecture: 'amd64',
};

/** Cozystack's Talos configuration raises the kubelet's maxPods from its default of 110. */
export const MAX_PODS = 512;
export const CONTROL_PLANE_LABEL = 'node-role.kubernetes.io/control-plane';
export const KUBELET_PORT = 10250;

// Talos' kubelet defaults: systemReserved cpu 50m, memory 192Mi, ephemeral-storage 256Mi;
// hard eviction at memory.available<100Mi and nodefs.available<10%.
const RESERVED_MILLICPU = 50;
const RESERVED_MEMORY = (192 + 100) * 2 ** 20;
const RESERVED_EPHEMERAL = 256 * 2 ** 20;
// The system disk's boot, EFI, META and STATE partitions; the rest is EPHEMERAL (/var).
const SYSTEM_PARTITIONS = 1.2 * 2 ** 30;

export interface NodeResources {
  capacity: Record<string, string>;
  allocatable: Record<string, string>;
}

export function podCIDRFor(index: number): string {
  return `10.244.${index}.0/24`;
}

export function nodeLabels(node: InventoryNode): Record<string, string> {
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': NODE_INFO.architecture,
    'beta.kubernetes.io/os': NODE_INFO.operatingSystem,
    'kubernetes.io/arch': NODE_INFO.architecture,
    'kubernetes.io/hostname': node.name,
    'kubernetes.io/os': NODE_INFO.operatingSystem,
  };
  // Talos labels its control-plane nodes only; a worker shows ROLES <none>.
  if (node.role === 'controlplane') labels[CONTROL_PLANE_LABEL] = '';
  if (node.gpus.length > 0) labels['nvidia.com/gpu.product'] = node.gpus[0]!.model;
  return { ...labels, ...node.labels };
}

export function nodeResources(node: InventoryNode): NodeResources {
  const system = node.disks.find((d) => d.role === 'system');
  const ephemeral = Math.max(0, (system?.sizeBytes ?? 0) - SYSTEM_PARTITIONS);
  const counts = new Map<string, number>();
  for (const g of node.gpus) counts.set(g.resource, (counts.get(g.resource) ?? 0) + g.count);
  const extra = Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([r, n]) => [r, String(n)]));
  return {
    capacity: {
      cpu: String(node.cpu),
      'ephemeral-storage': formatKi(ephemeral),
      'hugepages-1Gi': '0',
      'hugepages-2Mi': '0',
      memory: formatKi(node.memoryBytes),
      ...extra,
      pods: String(MAX_PODS),
    },
    allocatable: {
      cpu: formatMilliCPU(node.cpu * 1000 - RESERVED_MILLICPU),
      'ephemeral-storage': String(Math.floor(ephemeral * 0.9 - RESERVED_EPHEMERAL)),
      'hugepages-1Gi': '0',
      'hugepages-2Mi': '0',
      memory: formatKi(node.memoryBytes - RESERVED_MEMORY),
      ...extra,
      pods: String(MAX_PODS),
    },
  };
}

/** A stable identifier derived from the node's name, formatted as the kind of id asked for. */
function machineId(name: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${name}`).digest('hex').slice(0, 32);
}

function uuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function nodeInfo(node: InventoryNode): Record<string, string> {
  return {
    machineID: machineId(node.name, 'machine'),
    systemUUID: uuid(machineId(node.name, 'system')),
    bootID: uuid(machineId(node.name, 'boot')),
    ...NODE_INFO,
  };
}

export function nodeAddresses(node: InventoryNode): Array<{ type: string; address: string }> {
  return [
    { type: 'InternalIP', address: node.address },
    { type: 'Hostname', address: node.name },
  ];
}

/** The healthy kubelet's four conditions at heartbeat `heartbeat`; a condition that already held keeps its lastTransitionTime. */
/** The address a Node reports as InternalIP (what kubelets give host-network pods as their IP). */
export function internalIPOf(node: KubeObject | undefined): string | undefined {
  const addresses = (node?.status as { addresses?: Array<{ type: string; address: string }> } | undefined)?.addresses ?? [];
  return addresses.find((a) => a.type === 'InternalIP')?.address;
}

export function healthyConditions(heartbeat: string, previous: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  const wanted: Array<[string, string, string, string]> = [
    ['MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'],
    ['DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'],
    ['PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'],
    ['Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'],
  ];
  return wanted.map(([type, status, reason, message]) => {
    const before = previous.find((c) => c.type === type);
    const since = before && before.status === status ? (before.lastTransitionTime as string) : heartbeat;
    return { type, status, lastHeartbeatTime: heartbeat, lastTransitionTime: since, reason, message };
  });
}

/** The Node as registered: what the kubelet sends on first start. */
export function registeredNode(node: InventoryNode, index: number, now: string): KubeObject {
  const cidr = podCIDRFor(index);
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: node.name,
      labels: nodeLabels(node),
      annotations: {
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: {
      podCIDR: cidr,
      podCIDRs: [cidr],
      ...(node.taints.length > 0 ? { taints: node.taints.map((t) => ({ ...t })) } : {}),
    },
    status: nodeStatus(node, now),
  };
}

export function nodeStatus(node: InventoryNode, now: string, previous?: Record<string, unknown>): Record<string, unknown> {
  const { capacity, allocatable } = nodeResources(node);
  return {
    capacity,
    allocatable,
    conditions: healthyConditions(now, (previous?.conditions as Array<Record<string, unknown>>) ?? []),
    addresses: nodeAddresses(node),
    daemonEndpoints: { kubeletEndpoint: { Port: KUBELET_PORT } },
    nodeInfo: nodeInfo(node),
    ...(previous?.images ? { images: previous.images } : {}),
  };
}
