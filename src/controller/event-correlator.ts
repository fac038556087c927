// client-go's EventCorrelator (tools/record/events_cache.go), which every recorder runs before it
// writes: the 10th event of one source about one object and reason with yet another message is
// written as "(combined from similar events): …" and counted there; a repeat of an identical event
// bumps its count; and a source may burst 25 events about an object, refilled 1 per 5 minutes
// (the skipped ones are still counted, so the next write carries the total).

import { growingLru } from '../machinery/growing-lru.ts';
import type { InvolvedObject, EventType } from './events.ts';

// groupcache's lru.Cache, as client-go keeps them (lru-cache: a Map used as one costs O(size) per eviction).
const LRU_ENTRIES = 4096;
const AGGREGATE_MAX_EVENTS = 10;
const AGGREGATE_INTERVAL_MS = 600_000;
const SPAM_BURST = 25;
const SPAM_QPS = 1 / 300;
const AGGREGATE_PREFIX = '(combined from similar events): ';

/** What a recorder says it saw. */
export interface IncomingEvent {
  component: string;
  host: string;
  involved: InvolvedObject;
  type: EventType;
  reason: string;
  message: string;
}

/** The eventLogger's memory of one Event: its name (chosen when first seen, as client-go names events client-side) and count. */
export interface EventLog {
  name: string;
  count: number;
}

export type Correlation =
  | { skip: true }
  | {
      skip: false;
      /** The logger's key: the Event is patched under it once it exists. */
      key: string;
      message: string;
      /** An aggregate Event: client-go writes it without reporting controller and instance. */
      aggregate: boolean;
      /** The Event's name and the count to write; `count > 1` means it was seen (and maybe written) before. */
      log: EventLog;
    };

interface AggregateRecord {
  localKeys: Set<string>;
  last: number;
}

interface Bucket {
  tokens: number;
  last: number;
}

const SEP = '\u0000';

export class EventCorrelator {
  private readonly aggregates = growingLru<string, AggregateRecord>(LRU_ENTRIES);
  private readonly logs = growingLru<string, EventLog>(LRU_ENTRIES);
  private readonly buckets = growingLru<string, Bucket>(LRU_ENTRIES);

  /** EventCorrelate: aggregate, observe, then filter; `now` in ms. */
  correlate(e: IncomingEvent, now: number, newName: () => string): Correlation {
    const o = e.involved;
    const s = SEP;
    // getSpamKey, then EventAggregatorByReasonFunc (reporting controller and instance are the source
    // here) and getEventKey: each key holds the fields of client-go's; the event key is the aggregate
    // key and what it lacks (fieldPath, message), so the strings are built once and share a prefix.
    const spamKey = e.component + s + e.host + s + o.kind + s + (o.namespace ?? '') + s + o.name + s + (o.uid ?? '') + s + (o.apiVersion ?? '');
    const aggregateKey = spamKey + s + e.type + s + e.reason + s + e.component + s + e.host;
    const eventKey = aggregateKey + s + (o.fieldPath ?? '') + s + e.message;

    // A `get` that a `set` of the same key follows is a `peek`: the `set` marks it used.
    let record = this.aggregates.peek(aggregateKey);
    if (!record || now - record.last > AGGREGATE_INTERVAL_MS) record = { localKeys: new Set(), last: now };
    record.localKeys.add(e.message);
    record.last = now;
    this.aggregates.set(aggregateKey, record);
    let key = eventKey;
    let message = e.message;
    const aggregate = record.localKeys.size >= AGGREGATE_MAX_EVENTS;
    if (aggregate) {
      record.localKeys.delete(record.localKeys.values().next().value!);
      key = aggregateKey;
      message = AGGREGATE_PREFIX + e.message;
    }

    const previous = this.logs.peek(key);
    const log: EventLog = previous ? { name: previous.name, count: previous.count + 1 } : { name: newName(), count: 1 };
    this.logs.set(key, log);

    let bucket = this.buckets.peek(spamKey);
    if (!bucket) bucket = { tokens: SPAM_BURST, last: now };
    else {
      bucket.tokens = Math.min(SPAM_BURST, bucket.tokens + ((now - bucket.last) / 1000) * SPAM_QPS);
      bucket.last = now;
    }
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(spamKey, bucket);
    if (!allowed) return { skip: true };
    return { skip: false, key, message, aggregate, log: { name: log.name, count: log.count } };
  }

  /** updateState: what the server now holds under the key. */
  written(key: string, log: EventLog): void {
    const current = this.logs.get(key);
    // Observations counted while the write was under way stay counted.
    this.logs.set(key, { ...log, count: Math.max(log.count, current?.count ?? 0) });
  }
}
