// The machines of the simulated cluster: the default three nodes of Cozystack's minimum profile,
// or an inventory file the user writes:
//
//   nodes:
//     - name: node1
//       role: controlplane        # or worker; default controlplane
//       cpu: 8
//       memory: 24Gi
//       disks: [{ name: sda, size: 50GB, role: system }, { name: sdb, size: 256GB, role: data }]
//       labels: { topology.kubernetes.io/zone: a }
//       taints: [{ key: dedicated, value: db, effect: NoSchedule }]
//       gpus: [{ model: nvidia-a10, count: 1 }, { model: nvidia-h200, count: 2, resource: nvidia.com/GH100_H200_SXM_141GB }]
//       network: { l2Segment: lan, rttMs: 0.2 }
//       address: 192.168.100.11

import { parse as parseYaml } from 'yaml';
import { isPlainObject } from '../../machinery/object.ts';
import { parseSize } from './quantity.ts';

export type DiskRole = 'system' | 'data';
/** Talos' machine types: a control-plane node also runs etcd and the Kubernetes control plane. */
export type NodeRole = 'controlplane' | 'worker';
const NODE_ROLES: NodeRole[] = ['controlplane', 'worker'];
export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface InventoryDisk {
  name: string;
  /** Bytes. */
  sizeBytes: number;
  /** As written, for messages. */
  size: string;
  role: DiskRole;
}

export interface InventoryTaint {
  key: string;
  value?: string;
  effect: TaintEffect;
}

export interface InventoryGpu {
  model: string;
  count: number;
  /** The extended resource the node advertises them as; default `nvidia.com/gpu`, a PCI name for passthrough. */
  resource: string;
}

export const DEFAULT_GPU_RESOURCE = 'nvidia.com/gpu';
const EXTENDED_RESOURCE = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

export interface InventoryNode {
  name: string;
  role: NodeRole;
  cpu: number;
  memoryBytes: number;
  /** As written, for messages. */
  memory: string;
  disks: InventoryDisk[];
  labels: Record<string, string>;
  taints: InventoryTaint[];
  gpus: InventoryGpu[];
  network: { l2Segment: string; rttMs: number };
  address: string;
}

export interface Inventory {
  nodes: InventoryNode[];
}

export class InventoryError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid node inventory:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'InventoryError';
  }
}

const DEFAULT_SEGMENT = 'default';
const DEFAULT_RTT_MS = 0.2;
const GiB = 2 ** 30;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const EFFECTS: TaintEffect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

export function defaultAddress(index: number): string {
  return `192.168.100.${11 + index}`;
}

/** Control-plane nodes of a cluster Cozystack's docs install: three, the rest workers. */
export const CONTROL_PLANE_NODES = 3;

/**
 * Nodes of the platform's minimum profile: 8 cores, 24 GiB, a 50 GB system and a 256 GB data
 * disk; the first three control-plane nodes, any further ones workers.
 */
export function defaultInventory(count = 3): Inventory {
  return {
    nodes: Array.from({ length: count }, (_, i) => ({
      name: `node${i + 1}`,
      role: i < CONTROL_PLANE_NODES ? ('controlplane' as const) : ('worker' as const),
      cpu: 8,
      memoryBytes: 24 * GiB,
      memory: '24Gi',
      disks: [
        { name: 'sda', size: '50GB', sizeBytes: 50e9, role: 'system' as const },
        { name: 'sdb', size: '256GB', sizeBytes: 256e9, role: 'data' as const },
      ],
      labels: {},
      taints: [],
      gpus: [],
      network: { l2Segment: DEFAULT_SEGMENT, rttMs: DEFAULT_RTT_MS },
      address: defaultAddress(i),
    })),
  };
}

/** Parses and validates an inventory file; every problem is reported at once. */
export function parseInventory(text: string): Inventory {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    throw new InventoryError([`not valid YAML: ${(err as Error).message}`]);
  }
  return validateInventory(doc);
}

export function validateInventory(doc: unknown): Inventory {
  const problems: string[] = [];
  if (!isPlainObject(doc) || !Array.isArray(doc.nodes)) throw new InventoryError(['nodes: required, a list of nodes']);
  if (doc.nodes.length === 0) throw new InventoryError(['nodes: must list at least one node']);
  const nodes: InventoryNode[] = [];
  const seen = new Set<string>();
  doc.nodes.forEach((raw, i) => {
    const node = validateNode(raw, i, problems);
    if (!node) return;
    if (seen.has(node.name)) problems.push(`nodes[${i}].name: duplicate node name "${node.name}"`);
    seen.add(node.name);
    nodes.push(node);
  });
  if (problems.length === 0 && !nodes.some((n) => n.role === 'controlplane')) {
    problems.push('nodes: at least one node must have role controlplane (it runs etcd and the Kubernetes control plane)');
  }
  if (problems.length > 0) throw new InventoryError(problems);
  return { nodes };
}

function text(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

function validateNode(raw: unknown, i: number, problems: string[]): InventoryNode | undefined {
  const at = `nodes[${i}]`;
  if (!isPlainObject(raw)) {
    problems.push(`${at}: must be a mapping with name, cpu, memory and disks`);
    return undefined;
  }
  const before = problems.length;
  const name = typeof raw.name === 'string' ? raw.name : '';
  if (!name) problems.push(`${at}.name: required`);
  else if (!DNS1123_SUBDOMAIN.test(name) || name.length > 253) problems.push(`${at}.name: "${name}" is not a valid node name (lower case letters, digits, '-' and '.')`);

  const role = raw.role ?? 'controlplane';
  if (!NODE_ROLES.includes(role as NodeRole)) problems.push(`${at}.role: must be "controlplane" or "worker", got ${text(raw.role)}`);

  const cpu = typeof raw.cpu === 'string' && /^\d+$/.test(raw.cpu) ? Number(raw.cpu) : raw.cpu;
  if (raw.cpu === undefined) problems.push(`${at}.cpu: required, the number of CPU cores`);
  else if (typeof cpu !== 'number' || !Number.isInteger(cpu) || cpu <= 0) problems.push(`${at}.cpu: must be a whole number of cores, got ${text(raw.cpu)}`);

  const memoryBytes = parseSize(raw.memory);
  if (raw.memory === undefined) problems.push(`${at}.memory: required, e.g. 24Gi`);
  else if (memoryBytes === undefined || memoryBytes <= 0) problems.push(`${at}.memory: must be a size such as 24Gi or 32GB, got ${text(raw.memory)}`);

  const disks = validateDisks(raw.disks, at, problems);
  const labels = validateLabels(raw.labels, at, problems);
  const taints = validateTaints(raw.taints, at, problems);
  const gpus = validateGpus(raw.gpus, at, problems);
  const network = validateNetwork(raw.network, at, problems);
  if (raw.address !== undefined && (typeof raw.address !== 'string' || !/^\d{1,3}(\.\d{1,3}){3}$/.test(raw.address))) {
    problems.push(`${at}.address: must be an IPv4 address, got ${text(raw.address)}`);
  }
  if (problems.length > before) return undefined;
  return {
    name,
    role: role as NodeRole,
    cpu: cpu as number,
    memoryBytes: memoryBytes!,
    memory: String(raw.memory),
    disks,
    labels,
    taints,
    gpus,
    network,
    address: typeof raw.address === 'string' ? raw.address : defaultAddress(i),
  };
}

function validateDisks(raw: unknown, at: string, problems: string[]): InventoryDisk[] {
  if (raw === undefined) {
    problems.push(`${at}.disks: required, e.g. [{name: sda, size: 50GB, role: system}, {name: sdb, size: 256GB, role: data}]`);
    return [];
  }
  if (!Array.isArray(raw)) {
    problems.push(`${at}.disks: must be a list`);
    return [];
  }
  const disks: InventoryDisk[] = [];
  raw.forEach((d, j) => {
    const p = `${at}.disks[${j}]`;
    if (!isPlainObject(d)) return void problems.push(`${p}: must be a mapping with name, size and role`);
    const name = typeof d.name === 'string' && d.name ? d.name : `disk${j}`;
    const sizeBytes = parseSize(d.size);
    if (d.size === undefined) problems.push(`${p}.size: required, e.g. 256GB`);
    else if (sizeBytes === undefined || sizeBytes <= 0) problems.push(`${p}.size: must be a size such as 256GB or 1Ti, got ${text(d.size)}`);
    if (d.role !== 'system' && d.role !== 'data') problems.push(`${p}.role: must be "system" or "data", got ${text(d.role)}`);
    disks.push({ name, size: String(d.size), sizeBytes: sizeBytes ?? 0, role: d.role as DiskRole });
  });
  return disks;
}

function validateLabels(raw: unknown, at: string, problems: string[]): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (!isPlainObject(raw)) {
    problems.push(`${at}.labels: must be a mapping of label keys to values`);
    return {};
  }
  const labels: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') problems.push(`${at}.labels.${k}: must be a string`);
    else labels[k] = String(v);
  }
  return labels;
}

function validateTaints(raw: unknown, at: string, problems: string[]): InventoryTaint[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push(`${at}.taints: must be a list`);
    return [];
  }
  const taints: InventoryTaint[] = [];
  raw.forEach((t, j) => {
    const p = `${at}.taints[${j}]`;
    if (!isPlainObject(t) || typeof t.key !== 'string' || !t.key) return void problems.push(`${p}.key: required`);
    if (!EFFECTS.includes(t.effect as TaintEffect)) return void problems.push(`${p}.effect: must be one of ${EFFECTS.join(', ')}, got ${text(t.effect)}`);
    taints.push({ key: t.key, ...(t.value !== undefined ? { value: String(t.value) } : {}), effect: t.effect as TaintEffect });
  });
  return taints;
}

function validateGpus(raw: unknown, at: string, problems: string[]): InventoryGpu[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.push(`${at}.gpus: must be a list`);
    return [];
  }
  const gpus: InventoryGpu[] = [];
  raw.forEach((g, j) => {
    const p = `${at}.gpus[${j}]`;
    if (!isPlainObject(g) || typeof g.model !== 'string' || !g.model) return void problems.push(`${p}.model: required`);
    const count = g.count ?? 1;
    if (typeof count !== 'number' || !Number.isInteger(count) || count <= 0) return void problems.push(`${p}.count: must be a positive whole number, got ${text(g.count)}`);
    const resource = g.resource ?? DEFAULT_GPU_RESOURCE;
    if (typeof resource !== 'string' || !EXTENDED_RESOURCE.test(resource)) return void problems.push(`${p}.resource: must be an extended resource name such as nvidia.com/gpu, got ${text(g.resource)}`);
    gpus.push({ model: g.model, count, resource });
  });
  return gpus;
}

function validateNetwork(raw: unknown, at: string, problems: string[]): InventoryNode['network'] {
  if (raw === undefined || raw === null) return { l2Segment: DEFAULT_SEGMENT, rttMs: DEFAULT_RTT_MS };
  if (!isPlainObject(raw)) {
    problems.push(`${at}.network: must be a mapping with l2Segment and rttMs`);
    return { l2Segment: DEFAULT_SEGMENT, rttMs: DEFAULT_RTT_MS };
  }
  const rtt = raw.rttMs ?? DEFAULT_RTT_MS;
  if (typeof rtt !== 'number' || rtt < 0) problems.push(`${at}.network.rttMs: must be a non-negative number of milliseconds, got ${text(raw.rttMs)}`);
  if (raw.l2Segment !== undefined && (typeof raw.l2Segment !== 'string' || !raw.l2Segment)) problems.push(`${at}.network.l2Segment: must be a name`);
  return { l2Segment: typeof raw.l2Segment === 'string' && raw.l2Segment ? raw.l2Segment : DEFAULT_SEGMENT, rttMs: typeof rtt === 'number' ? rtt : DEFAULT_RTT_MS };
}
