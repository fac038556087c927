// The options of `cozylab up` that shape the simulated machines: how many (`--nodes`), or which
// (`--inventory FILE`), and, hidden, how quickly a failed one is noticed and its pods evicted
// (end-to-end tests shorten upstream's 40 s grace period and 300 s tolerations).

import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option } from 'commander';
import type { NodeTiming } from '../cluster/nodes/index.ts';
import { defaultInventory, parseInventory, type Inventory } from '../cluster/nodes/inventory.ts';

export interface NodeOptions {
  nodes?: number;
  inventory?: string;
  nodeMonitorGracePeriod?: number;
  defaultTolerationSeconds?: number;
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('must be a whole number greater than 0');
  return n;
}

function nonNegativeInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number of seconds');
  return n;
}

/** A Go-style duration ("40s", "500ms", "2m", "1m30s") or a number of seconds, in milliseconds. */
export function parseDuration(value: string): number {
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) throw new InvalidArgumentError('must be a duration such as 40s, 500ms or 2m');
  return parts.reduce((ms, p) => ms + Number(p[1]) * units[p[2]!]!, 0);
}

export function durationOption(value: string): number {
  const ms = parseDuration(value);
  if (ms <= 0) throw new InvalidArgumentError('must be longer than 0s');
  return ms;
}

/** Reads and validates an inventory file; the error names the file and every problem in it. */
export function readInventoryFile(path: string): Inventory {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`cannot read inventory ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  try {
    return parseInventory(text);
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
}

export const nodesOption = () => new Option('--nodes <n>', "number of simulated nodes of the platform's minimum profile (node1 … nodeN)").argParser(positiveInteger).conflicts('inventory');
export const inventoryOption = () => new Option('--inventory <file>', 'YAML node inventory: CPU, memory, disks, labels, taints and GPUs per node');
export const nodeMonitorGracePeriodOption = () => new Option('--node-monitor-grace-period <duration>', 'how long a node may stay silent before it is NotReady').argParser(durationOption).hideHelp();
export const defaultTolerationSecondsOption = () =>
  new Option('--default-toleration-seconds <n>', 'tolerationSeconds given to pods for the not-ready and unreachable taints').argParser(nonNegativeInteger).hideHelp();

/** What the node options ask of the cluster: the inventory and the timing of failure detection. */
export function nodeSettings(opts: NodeOptions): { inventory: Inventory; nodeTiming?: NodeTiming; defaultTolerationSeconds?: number } {
  const inventory = opts.inventory ? readInventoryFile(opts.inventory) : defaultInventory(opts.nodes ?? 3);
  const grace = opts.nodeMonitorGracePeriod;
  // The kubelets' Lease lasts the grace period, as upstream's defaults (40 s and 40 s) pair them.
  const nodeTiming = grace === undefined ? undefined : { nodeMonitorGracePeriodMs: grace, leaseDurationSeconds: Math.max(1, Math.round(grace / 1000)) };
  return { inventory, nodeTiming, defaultTolerationSeconds: opts.defaultTolerationSeconds };
}
