// The addresses in use on each node, kept as pods and runs come and go, so a new pod's address is
// found without reading every pod on the node. An address can be held more than once (a run and the
// pod's reported status, or hostNetwork pods sharing the node's address): it is free when no one holds it.

export function ipToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

export function intToIp(n: number): string {
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
}

export class NodeAddresses {
  private readonly byNode = new Map<string, Map<number, number>>();

  hold(node: string, ip: string): void {
    const n = ipToInt(ip);
    let held = this.byNode.get(node);
    if (!held) this.byNode.set(node, (held = new Map()));
    held.set(n, (held.get(n) ?? 0) + 1);
  }

  release(node: string, ip: string): void {
    const held = this.byNode.get(node);
    if (!held) return;
    const n = ipToInt(ip);
    const count = (held.get(n) ?? 0) - 1;
    if (count > 0) held.set(n, count);
    else held.delete(n);
    if (held.size === 0) this.byNode.delete(node);
  }

  /** The lowest free address of `cidr` past the network address and the gateway (.1), short of broadcast. */
  lowestFree(node: string, cidr: string): string | undefined {
    const [base, bits] = cidr.split('/');
    const size = 2 ** (32 - Number(bits));
    const start = ipToInt(base!);
    const held = this.byNode.get(node);
    for (let i = 2; i < size - 1; i++) if (!held?.has(start + i)) return intToIp(start + i);
    return undefined;
  }
}
