// kube-apiserver's identity Lease (APIServerIdentity, on by default): kube-system/apiserver-<id>,
// where <id> is derived from the hostname, held as `<id>_<uuid>` of this start, renewed every
// 10 s, labelled for the identity collector, which deletes the Leases of apiservers that stopped
// renewing theirs an hour ago.

import { createHash, randomUUID } from 'node:crypto';
import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import { formatMicroTime } from './registry/codec.ts';
import type { WriteContext } from './registry/context.ts';
import { deleteObject } from './registry/delete.ts';
import type { ResourceRegistry } from './registry/registry.ts';

export const IDENTITY_LABEL = 'apiserver.kubernetes.io/identity';
const NAMESPACE = 'kube-system';
const LEASE_DURATION_SECONDS = 3600;
const RENEW_INTERVAL_MS = 10_000;
const GC_INTERVAL_MS = LEASE_DURATION_SECONDS * 1000;

/** RFC 4648 base32 without padding, lowercased, as Go's base32.StdEncoding.WithPadding(NoPadding) then ToLower. */
export function base32Lower(bytes: Uint8Array): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** `apiserver-` + base32 of the first 16 bytes of sha256 over the length-prefixed hostname and "kube-apiserver". */
export function apiServerId(hostname: string): string {
  const prefixed = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const hash = createHash('sha256').update(Buffer.concat([prefixed(hostname), prefixed('kube-apiserver')])).digest();
  return `apiserver-${base32Lower(hash.subarray(0, 16))}`;
}

export interface IdentityLeaseOptions {
  hostname: string;
  now: () => Date;
  context: () => WriteContext;
}

export class IdentityLease {
  readonly name: string;
  readonly holderIdentity: string;
  private renewTimer?: NodeJS.Timeout;
  private gcTimer?: NodeJS.Timeout;

  constructor(
    private readonly leases: ResourceRegistry,
    private readonly opts: IdentityLeaseOptions,
  ) {
    this.name = apiServerId(opts.hostname);
    this.holderIdentity = `${this.name}_${randomUUID()}`;
  }

  /** Takes the Lease and collects expired ones now, then keeps renewing and collecting. */
  async start(): Promise<void> {
    await this.renew();
    await this.collect();
    this.renewTimer = setInterval(() => void this.renew().catch(() => undefined), RENEW_INTERVAL_MS);
    this.renewTimer.unref();
    this.gcTimer = setInterval(() => void this.collect().catch(() => undefined), GC_INTERVAL_MS);
    this.gcTimer.unref();
  }

  stop(): void {
    clearInterval(this.renewTimer);
    clearInterval(this.gcTimer);
  }

  async renew(): Promise<void> {
    const renewTime = formatMicroTime(this.opts.now());
    const current = await this.leases.tryGet(NAMESPACE, this.name);
    const spec = { holderIdentity: this.holderIdentity, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime };
    const labels = { [IDENTITY_LABEL]: 'kube-apiserver', 'kubernetes.io/hostname': this.opts.hostname };
    if (!current) {
      const lease: KubeObject = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: this.name, namespace: NAMESPACE, labels }, spec };
      await this.leases.create(NAMESPACE, lease, this.opts.context()).catch((err) => {
        if (!isStatusError(err, 'AlreadyExists')) throw err;
      });
      return;
    }
    const next: KubeObject = { ...current, metadata: { ...current.metadata, labels: { ...current.metadata.labels, ...labels } }, spec: { ...(current.spec as object), ...spec } };
    await this.leases.update(NAMESPACE, this.name, next, this.opts.context());
  }

  /** Deletes the identity Leases whose holders have not renewed them for their whole duration. */
  async collect(): Promise<void> {
    const now = this.opts.now().getTime();
    const { items } = await this.leases.list(NAMESPACE, { labelSelector: `${IDENTITY_LABEL}=kube-apiserver` });
    for (const lease of items) {
      if (lease.metadata.name === this.name) continue;
      const spec = (lease.spec ?? {}) as { renewTime?: string; leaseDurationSeconds?: number };
      const renewed = spec.renewTime ? Date.parse(spec.renewTime) : 0;
      if (renewed + (spec.leaseDurationSeconds ?? LEASE_DURATION_SECONDS) * 1000 >= now) continue;
      await deleteObject(this.leases, NAMESPACE, lease.metadata.name!, { preconditions: { resourceVersion: lease.metadata.resourceVersion } }, this.opts.context()).catch(() => undefined);
    }
  }
}
