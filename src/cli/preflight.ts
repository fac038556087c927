// `cozylab preflight [--inventory FILE]`: the inventory's machines, the platform minimum they are
// held to, and every shortfall by name; exit 1 when there is any, 2 when the inventory is unusable.

import type { Command } from 'commander';
import { defaultInventory, type Inventory, type InventoryNode } from '../cluster/nodes/inventory.ts';
import { preflight, PLATFORM_MINIMUM } from '../cluster/nodes/preflight.ts';
import { readInventoryFile } from './node-options.ts';

const GB = 1e9;

export const MINIMUM_SUMMARY =
  `${PLATFORM_MINIMUM.nodes} nodes, each with ${PLATFORM_MINIMUM.cpu} CPU cores, ${PLATFORM_MINIMUM.memoryBytes / GB} GB memory, ` +
  `a system disk of ${PLATFORM_MINIMUM.systemDiskBytes / GB} GB and a data disk of ${PLATFORM_MINIMUM.dataDiskBytes / GB} GB; ` +
  `all in one L2 segment, round-trip time under ${PLATFORM_MINIMUM.maxRttMs} ms`;

function disks(node: InventoryNode, role: 'system' | 'data'): string {
  const of = node.disks.filter((d) => d.role === role);
  return of.length ? of.map((d) => `${d.name} ${d.size}`).join(', ') : '-';
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]! + 3))).join('').trimEnd()).join('\n');
}

/** The report `cozylab preflight` prints, and whether the inventory passes. */
export function preflightReport(inventory: Inventory, source: string): { text: string; ok: boolean } {
  const rows = [['NODE', 'ROLE', 'CPU', 'MEMORY', 'SYSTEM DISK', 'DATA DISK', 'L2 SEGMENT', 'RTT', 'GPUS']];
  for (const n of inventory.nodes) {
    const gpus = n.gpus.map((g) => `${g.count}x ${g.model}`).join(', ') || '-';
    rows.push([n.name, n.role, String(n.cpu), n.memory, disks(n, 'system'), disks(n, 'data'), n.network.l2Segment, `${n.network.rttMs} ms`, gpus]);
  }
  const shortfalls = preflight(inventory);
  const lines = [`Node inventory (${source}): ${inventory.nodes.length} node${inventory.nodes.length === 1 ? '' : 's'}`, table(rows), '', `Platform minimum: ${MINIMUM_SUMMARY}.`, ''];
  if (shortfalls.length === 0) lines.push('Preflight passed: the inventory meets the platform minimum.');
  else lines.push(`Preflight failed: ${shortfalls.length} shortfall${shortfalls.length === 1 ? '' : 's'}:`, ...shortfalls.map((s) => `  - ${s}`));
  return { text: lines.join('\n'), ok: shortfalls.length === 0 };
}

export function registerPreflightCommand(program: Command): void {
  program
    .command('preflight')
    .description("check a node inventory against Cozystack's minimum hardware profile (exit 1 on any shortfall)")
    .option('--inventory <file>', 'YAML node inventory (default: the three nodes `cozylab up` simulates)')
    .action((opts: { inventory?: string }) => {
      let inventory: Inventory;
      try {
        inventory = opts.inventory ? readInventoryFile(opts.inventory) : defaultInventory();
      } catch (err) {
        console.error(`cozylab preflight: ${(err as Error).message}`);
        process.exit(2);
      }
      const report = preflightReport(inventory, opts.inventory ?? 'default');
      console.log(report.text);
      process.exit(report.ok ? 0 : 1);
    });
}
