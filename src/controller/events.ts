// Recording core/v1 Events as client-go's recorder does: each event goes through the correlator
// (event-correlator.ts) first; a repeat patches count, lastTimestamp and message of the existing Event.

import { formatTime } from '../apiserver/registry/codec.ts';
import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import { realClock, type Clock } from './clock.ts';
import type { KubeClient } from './client.ts';
import { EventCorrelator, type Correlation } from './event-correlator.ts';

export type EventType = 'Normal' | 'Warning';

/** core/v1 ObjectReference: what an Event is about. */
export interface InvolvedObject {
  apiVersion?: string;
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface EventRecorderOptions {
  /** source.component / reportingComponent: the controller's name. */
  component: string;
  host?: string;
  clock?: Clock;
  /** Where failures to write an Event go (default: ignored, as client-go only logs them). */
  onError?: (err: unknown) => void;
}

const EVENT = { apiVersion: 'v1', kind: 'Event' };

export function involvedObjectOf(obj: KubeObject | InvolvedObject): InvolvedObject {
  if ('metadata' in obj && obj.metadata) {
    const o = obj as KubeObject;
    return { apiVersion: o.apiVersion, kind: o.kind, namespace: o.metadata.namespace, name: o.metadata.name ?? '', uid: o.metadata.uid, resourceVersion: o.metadata.resourceVersion };
  }
  return obj as InvolvedObject;
}

/** What became of one event: written (created or patched), skipped by the spam filter, or failed. */
export type EventOutcome = { written: KubeObject } | { skipped: true } | { failed: unknown };

export class EventRecorder {
  private readonly correlator = new EventCorrelator();
  /** Writes under way per logger key: client-go writes one event at a time, so a repeat patches what its predecessor created. */
  private readonly writing = new Map<string, Promise<EventOutcome>>();
  private readonly clock: Clock;

  constructor(
    private readonly client: KubeClient,
    private readonly opts: EventRecorderOptions,
  ) {
    this.clock = opts.clock ?? realClock;
  }

  /** Records the event; resolves with the Event written, or undefined when it was skipped or writing failed. */
  async event(about: KubeObject | InvolvedObject, type: EventType, reason: string, message: string): Promise<KubeObject | undefined> {
    const outcome = await this.record(about, type, reason, message);
    return 'written' in outcome ? outcome.written : undefined;
  }

  async record(about: KubeObject | InvolvedObject, type: EventType, reason: string, message: string): Promise<EventOutcome> {
    const involved = involvedObjectOf(about);
    const at = this.clock.now();
    const correlation = this.correlator.correlate(
      { component: this.opts.component, host: this.opts.host ?? '', involved, type, reason, message },
      at.getTime(),
      () => `${involved.name}.${uniqueSuffix(this.clock)}`,
    );
    if (correlation.skip) return { skipped: true };
    const { key } = correlation;
    const write = () => this.write(correlation, involved, type, reason, at);
    const before = this.writing.get(key);
    const outcome = before ? before.then(write) : write();
    this.writing.set(key, outcome);
    try {
      return await outcome;
    } finally {
      if (this.writing.get(key) === outcome) this.writing.delete(key);
    }
  }

  normal(about: KubeObject | InvolvedObject, reason: string, message: string): Promise<KubeObject | undefined> {
    return this.event(about, 'Normal', reason, message);
  }

  warning(about: KubeObject | InvolvedObject, reason: string, message: string): Promise<KubeObject | undefined> {
    return this.event(about, 'Warning', reason, message);
  }

  private async write(c: Extract<Correlation, { skip: false }>, involved: InvolvedObject, type: EventType, reason: string, at: Date): Promise<EventOutcome> {
    // Cluster-scoped objects get their Events in "default", as client-go's recorder does.
    const namespace = involved.namespace || 'default';
    const now = formatTime(at);
    try {
      if (c.log.count > 1) {
        try {
          const patched = await this.client.patch({ ...EVENT, namespace, name: c.log.name }, 'strategic', { count: c.log.count, lastTimestamp: now, message: c.message });
          return { written: patched };
        } catch (err) {
          if (!isStatusError(err, 'NotFound')) throw err;
        }
      }
      // Literals, not `{ ...EVENT, … }`: V8 adds each property after a spread on a slow path (µs per event).
      const source: { component: string; host?: string } = { component: this.opts.component };
      if (this.opts.host) source.host = this.opts.host;
      const created = await this.createEvent(c.log.count > 1 ? undefined : c.log.name, namespace, {
        involvedObject: involved,
        reason,
        message: c.message,
        source,
        firstTimestamp: now,
        lastTimestamp: now,
        count: 1,
        type,
        eventTime: null,
        // client-go's aggregate Event carries no reporting controller or instance.
        reportingComponent: c.aggregate ? '' : this.opts.component,
        reportingInstance: c.aggregate ? '' : (this.opts.host ?? ''),
      });
      this.correlator.written(c.key, { name: created.metadata.name!, count: 1 });
      return { written: created };
    } catch (err) {
      this.opts.onError?.(err);
      return { failed: err };
    }
  }

  /** Another recorder (in another process) may have taken the name in the same nanosecond: take the next one. */
  private async createEvent(name: string | undefined, namespace: string, fields: { involvedObject: InvolvedObject; [field: string]: unknown }): Promise<KubeObject> {
    for (let attempt = 0; ; attempt++) {
      const metadata = { name: attempt === 0 && name ? name : `${fields.involvedObject.name}.${uniqueSuffix(this.clock)}`, namespace };
      try {
        return await this.client.create({ apiVersion: 'v1', kind: 'Event', metadata, ...fields } as KubeObject);
      } catch (err) {
        if (attempt >= 3 || !isStatusError(err, 'AlreadyExists')) throw err;
      }
    }
  }
}

// Shared by every recorder of the process, so two controllers recording about one object in the
// same millisecond never pick the same name.
let lastSuffix = 0n;

/** client-go names events `<object>.<unix nanoseconds in hex>`; kept strictly increasing. */
function uniqueSuffix(clock: Clock): string {
  let nanos = BigInt(clock.now().getTime()) * 1_000_000n;
  if (nanos <= lastSuffix) nanos = lastSuffix + 1n;
  lastSuffix = nanos;
  return nanos.toString(16);
}
