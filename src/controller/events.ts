// Recording core/v1 Events as client-go's recorder does: an event repeated for the same object,
// reason and message bumps count and lastTimestamp of the existing Event instead of making a new one.

import { formatTime } from '../apiserver/registry/codec.ts';
import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import { realClock, type Clock } from './clock.ts';
import type { KubeClient } from './client.ts';

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

const CACHE_SIZE = 4096;
const EVENT = { apiVersion: 'v1', kind: 'Event' };

export function involvedObjectOf(obj: KubeObject | InvolvedObject): InvolvedObject {
  if ('metadata' in obj && obj.metadata) {
    const o = obj as KubeObject;
    return { apiVersion: o.apiVersion, kind: o.kind, namespace: o.metadata.namespace, name: o.metadata.name ?? '', uid: o.metadata.uid, resourceVersion: o.metadata.resourceVersion };
  }
  return obj as InvolvedObject;
}

export class EventRecorder {
  /** Aggregation key → the Event last written for it. */
  private readonly recent = new Map<string, { name: string; namespace: string; count: number; firstTimestamp: string }>();
  private readonly clock: Clock;

  constructor(
    private readonly client: KubeClient,
    private readonly opts: EventRecorderOptions,
  ) {
    this.clock = opts.clock ?? realClock;
  }

  /** Records the event; resolves with the Event written, or undefined when writing failed. */
  async event(about: KubeObject | InvolvedObject, type: EventType, reason: string, message: string): Promise<KubeObject | undefined> {
    const involved = involvedObjectOf(about);
    // Cluster-scoped objects get their Events in "default", as client-go's recorder does.
    const namespace = involved.namespace || 'default';
    // client-go's getEventKey: the same event about another field (container) of the object is another Event.
    const key = [this.opts.component, this.opts.host ?? '', involved.kind, involved.namespace ?? '', involved.name, involved.fieldPath ?? '', involved.uid ?? '', involved.apiVersion ?? '', type, reason, message].join('\u0000');
    const now = formatTime(this.clock.now());
    try {
      const previous = this.recent.get(key);
      if (previous) {
        try {
          const patched = await this.client.patch(
            { ...EVENT, namespace: previous.namespace, name: previous.name },
            'strategic',
            { count: previous.count + 1, lastTimestamp: now, message },
          );
          this.remember(key, { ...previous, count: previous.count + 1 });
          return patched;
        } catch (err) {
          if (!isStatusError(err, 'NotFound')) throw err;
        }
      }
      const created = await this.createEvent(namespace, {
        ...EVENT,
        involvedObject: involved,
        reason,
        message,
        source: { component: this.opts.component, ...(this.opts.host ? { host: this.opts.host } : {}) },
        firstTimestamp: now,
        lastTimestamp: now,
        count: 1,
        type,
        eventTime: null,
        reportingComponent: this.opts.component,
        reportingInstance: this.opts.host ?? '',
      });
      this.remember(key, { name: created.metadata.name!, namespace, count: 1, firstTimestamp: now });
      return created;
    } catch (err) {
      this.opts.onError?.(err);
      return undefined;
    }
  }

  normal(about: KubeObject | InvolvedObject, reason: string, message: string): Promise<KubeObject | undefined> {
    return this.event(about, 'Normal', reason, message);
  }

  warning(about: KubeObject | InvolvedObject, reason: string, message: string): Promise<KubeObject | undefined> {
    return this.event(about, 'Warning', reason, message);
  }

  private remember(key: string, entry: { name: string; namespace: string; count: number; firstTimestamp: string }): void {
    this.recent.delete(key);
    this.recent.set(key, entry);
    if (this.recent.size > CACHE_SIZE) this.recent.delete(this.recent.keys().next().value!);
  }

  /** Another recorder (in another process) may have taken the name in the same nanosecond: take the next one. */
  private async createEvent(namespace: string, body: { apiVersion: string; kind: string; involvedObject: InvolvedObject; [field: string]: unknown }): Promise<KubeObject> {
    for (let attempt = 0; ; attempt++) {
      const name = `${body.involvedObject.name}.${uniqueSuffix(this.clock)}`;
      try {
        return await this.client.create({ ...body, metadata: { name, namespace } } as KubeObject);
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
