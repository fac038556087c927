// Whether an inventory meets Cozystack's minimum: three nodes, each with 8 cores, 24 GB of
// memory, a 50 GB system disk and a 256 GB data disk, all on one L2 segment under 10 ms RTT.

import type { Inventory } from './inventory.ts';
import { formatGB } from './quantity.ts';

export const PLATFORM_MINIMUM = {
  nodes: 3,
  cpu: 8,
  memoryBytes: 24e9,
  systemDiskBytes: 50e9,
  dataDiskBytes: 256e9,
  maxRttMs: 10,
};

/** Every way the inventory falls short of the platform minimum, one sentence each; empty when it fits. */
export function preflight(inventory: Inventory): string[] {
  const min = PLATFORM_MINIMUM;
  const shortfalls: string[] = [];
  const n = inventory.nodes.length;
  if (n < min.nodes) shortfalls.push(`cluster: ${n} node${n === 1 ? '' : 's'}, needs at least ${min.nodes}`);
  for (const node of inventory.nodes) {
    if (node.cpu < min.cpu) shortfalls.push(`${node.name}: ${node.cpu} CPU core${node.cpu === 1 ? '' : 's'}, needs at least ${min.cpu}`);
    if (node.memoryBytes < min.memoryBytes) shortfalls.push(`${node.name}: ${node.memory} memory, needs at least ${formatGB(min.memoryBytes)}`);
    const system = node.disks.filter((d) => d.role === 'system');
    if (system.length === 0) shortfalls.push(`${node.name}: no system disk, needs one of at least ${formatGB(min.systemDiskBytes)}`);
    else if (!system.some((d) => d.sizeBytes >= min.systemDiskBytes)) {
      const largest = system.reduce((a, b) => (b.sizeBytes > a.sizeBytes ? b : a));
      shortfalls.push(`${node.name}: system disk ${largest.name} is ${largest.size}, needs at least ${formatGB(min.systemDiskBytes)}`);
    }
    const data = node.disks.filter((d) => d.role === 'data');
    if (data.length === 0) shortfalls.push(`${node.name}: no data disk, needs one of at least ${formatGB(min.dataDiskBytes)}`);
    else if (!data.some((d) => d.sizeBytes >= min.dataDiskBytes)) {
      const largest = data.reduce((a, b) => (b.sizeBytes > a.sizeBytes ? b : a));
      shortfalls.push(`${node.name}: data disk ${largest.name} is ${largest.size}, needs at least ${formatGB(min.dataDiskBytes)}`);
    }
    if (node.network.rttMs >= min.maxRttMs) shortfalls.push(`${node.name}: ${node.network.rttMs} ms round-trip time, needs less than ${min.maxRttMs} ms`);
  }
  const segments = new Map<string, string[]>();
  for (const node of inventory.nodes) segments.set(node.network.l2Segment, [...(segments.get(node.network.l2Segment) ?? []), node.name]);
  if (segments.size > 1) {
    const where = [...segments].map(([segment, names]) => `${names.join(', ')} on ${segment}`).join('; ');
    shortfalls.push(`network: nodes must share one L2 segment, found ${segments.size} (${where})`);
  }
  return shortfalls;
}
