// ClusterIP and NodePort allocation, seeded from the Services already stored.

import type { Store } from '../storage/store.ts';
import type { StrategyServices } from './registry/strategy.ts';

const NODE_PORT_MIN = 30000;
const NODE_PORT_MAX = 32767;

function ipToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function intToIp(n: number): string {
  return [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
}

export class ServiceAllocators implements StrategyServices {
  private readonly usedIps = new Set<string>();
  private readonly usedPorts = new Set<number>();
  private seeded?: Promise<void>;
  private readonly base: number;
  private readonly size: number;
  private nextIp = 1;

  constructor(
    private readonly store: Store,
    serviceCidr = '10.96.0.0/16',
  ) {
    const [addr, bits] = serviceCidr.split('/');
    this.base = ipToInt(addr!);
    this.size = 2 ** (32 - Number(bits));
  }

  private seed(): Promise<void> {
    this.seeded ??= (async () => {
      const list = await this.store.list('/registry/core/services/');
      for (const sv of list.items) {
        const spec = (JSON.parse(sv.value) as { spec?: { clusterIP?: string; ports?: { nodePort?: number }[] } }).spec;
        if (spec?.clusterIP && spec.clusterIP !== 'None') this.usedIps.add(spec.clusterIP);
        for (const p of spec?.ports ?? []) if (p.nodePort) this.usedPorts.add(p.nodePort);
      }
    })();
    return this.seeded;
  }

  /** The first address of the range (10.96.0.1) is the `kubernetes` Service's. */
  firstIP(): string {
    return intToIp(this.base + 1);
  }

  async allocateClusterIP(): Promise<string> {
    await this.seed();
    for (let i = 0; i < this.size - 2; i++) {
      const offset = ((this.nextIp + i - 1) % (this.size - 2)) + 1;
      const ip = intToIp(this.base + offset);
      if (!this.usedIps.has(ip)) {
        this.usedIps.add(ip);
        this.nextIp = offset + 1;
        return ip;
      }
    }
    throw new Error('range is full: no more cluster IPs available');
  }

  async releaseClusterIP(ip: string): Promise<void> {
    this.usedIps.delete(ip);
  }

  async allocateNodePort(): Promise<number> {
    await this.seed();
    for (let p = NODE_PORT_MIN; p <= NODE_PORT_MAX; p++) {
      if (!this.usedPorts.has(p)) {
        this.usedPorts.add(p);
        return p;
      }
    }
    throw new Error('range is full: no more node ports available');
  }
}
