// Lease-based leader election over coordination.k8s.io/v1 Leases, as client-go's leaderelection:
// candidates try every retry period; a holder renews, and gives up if it cannot renew within the
// renew deadline; others take over once the record has not changed for the lease duration
// (measured on their own clock from when they last saw it change, so clock skew does not matter).

import { formatMicroTime } from '../apiserver/registry/codec.ts';
import { isStatusError } from '../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../machinery/object.ts';
import { realClock, type Clock, type Timer } from './clock.ts';
import type { KubeClient } from './client.ts';

export interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

export interface LeaderElectionOptions {
  client: KubeClient;
  lease: { namespace: string; name: string };
  identity: string;
  leaseDurationMs?: number;
  renewDeadlineMs?: number;
  retryPeriodMs?: number;
  clock?: Clock;
  onStartedLeading(): void | Promise<void>;
  onStoppedLeading(): void;
  /** A different holder was observed (or this elector became it). */
  onNewLeader?(identity: string): void;
  /** On stop, clear the holder so another candidate takes over at once. */
  releaseOnStop?: boolean;
}

const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' };

export class LeaderElector {
  private readonly clock: Clock;
  private readonly leaseDurationMs: number;
  private readonly renewDeadlineMs: number;
  private readonly retryPeriodMs: number;
  private leading = false;
  private stopped = true;
  private timer?: Timer;
  private lastRenew = 0;
  private observed?: LeaseSpec;
  private observedTime = 0;
  private knownLeader?: string;
  private tick?: Promise<void>;

  constructor(private readonly opts: LeaderElectionOptions) {
    this.clock = opts.clock ?? realClock;
    this.leaseDurationMs = opts.leaseDurationMs ?? 15_000;
    this.renewDeadlineMs = opts.renewDeadlineMs ?? 10_000;
    this.retryPeriodMs = opts.retryPeriodMs ?? 2_000;
  }

  isLeader(): boolean {
    return this.leading;
  }

  /** The holder last observed in the Lease. */
  get leader(): string | undefined {
    return this.knownLeader;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clock.clearTimeout(this.timer);
    await this.tick;
    if (!this.leading) return;
    this.leading = false;
    if (this.opts.releaseOnStop) await this.release();
    this.opts.onStoppedLeading();
  }

  private schedule(ms: number): void {
    this.timer = this.clock.setTimeout(() => {
      this.tick = this.runTick();
    }, ms);
  }

  private async runTick(): Promise<void> {
    const ok = await this.tryAcquireOrRenew();
    if (this.stopped) return;
    const now = this.clock.now().getTime();
    if (ok) {
      this.lastRenew = now;
      if (!this.leading) {
        this.leading = true;
        await this.opts.onStartedLeading();
      }
    } else if (this.leading && now - this.lastRenew >= this.renewDeadlineMs) {
      this.leading = false;
      this.opts.onStoppedLeading();
    }
    if (!this.stopped) this.schedule(this.retryPeriodMs);
  }

  private async tryAcquireOrRenew(): Promise<boolean> {
    const { client, identity } = this.opts;
    const now = this.clock.now();
    const ref = { ...LEASE, ...this.opts.lease };
    let lease: KubeObject;
    try {
      lease = await client.get(ref);
    } catch (err) {
      if (!isStatusError(err, 'NotFound')) return false;
      const spec = this.spec(now, undefined);
      try {
        await client.create({ ...LEASE, metadata: { name: ref.name, namespace: ref.namespace }, spec });
        this.observe(spec, now);
        return true;
      } catch {
        return false;
      }
    }
    const current = (lease.spec ?? {}) as LeaseSpec;
    if (!this.observed || !deepEqual(this.observed, current)) this.observe(current, now);
    const holder = current.holderIdentity;
    const durationMs = (current.leaseDurationSeconds ?? this.leaseDurationMs / 1000) * 1000;
    if (holder && holder !== identity && this.observedTime + durationMs > now.getTime()) return false;
    const spec = this.spec(now, current);
    try {
      await client.update({ ...lease, spec });
      this.observe(spec, now);
      return true;
    } catch {
      return false;
    }
  }

  private spec(now: Date, previous: LeaseSpec | undefined): LeaseSpec {
    const time = formatMicroTime(now);
    const mine = previous?.holderIdentity === this.opts.identity;
    return {
      holderIdentity: this.opts.identity,
      leaseDurationSeconds: Math.ceil(this.leaseDurationMs / 1000),
      acquireTime: mine ? previous!.acquireTime : time,
      renewTime: time,
      leaseTransitions: previous ? (previous.leaseTransitions ?? 0) + (mine ? 0 : 1) : 0,
    };
  }

  private observe(spec: LeaseSpec, now: Date): void {
    this.observed = spec;
    this.observedTime = now.getTime();
    const holder = spec.holderIdentity ?? '';
    if (holder && holder !== this.knownLeader) {
      this.knownLeader = holder;
      this.opts.onNewLeader?.(holder);
    }
  }

  private async release(): Promise<void> {
    try {
      const lease = await this.opts.client.get({ ...LEASE, ...this.opts.lease });
      const spec = (lease.spec ?? {}) as LeaseSpec;
      if (spec.holderIdentity !== this.opts.identity) return;
      const time = formatMicroTime(this.clock.now());
      await this.opts.client.update({ ...lease, spec: { ...spec, holderIdentity: '', leaseDurationSeconds: 1, renewTime: time, acquireTime: time } });
    } catch {
      // Not releasing only delays the next leader by one lease duration.
    }
  }
}
