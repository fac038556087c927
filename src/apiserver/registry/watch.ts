// Watch over a resource: initial state when asked for, then every change after a revision,
// filtered by selectors the way kube-apiserver filters (an object leaving the selection is DELETED).

import { resourceExpired, type StatusError } from '../../machinery/errors.ts';
import type { KubeObject, WatchEvent } from '../../machinery/object.ts';
import { CompactedError, type StoreEvent, type Watcher } from '../../storage/store.ts';
import { groupVersion } from '../resource.ts';
import { decodeStored } from './codec.ts';
import type { WatchQuery } from './context.ts';
import { collectionPrefix } from './keys.ts';
import type { ResourceRegistry } from './registry.ts';
import { buildSelection, type Selection } from './selection.ts';

export interface WatchSink {
  send(event: WatchEvent): void;
  /** The watch ended: by timeout (no error) or by a failure sent as a final ERROR event. */
  end(err?: StatusError): void;
}

export interface WatchSettings {
  bookmarkIntervalMs: number;
  /** Every open watch's closer, so a stopping server can end them all. */
  open?: Set<() => void>;
}

export const INITIAL_EVENTS_END_ANNOTATION = 'k8s.io/initial-events-end';

export async function watchResource(
  reg: ResourceRegistry,
  namespace: string,
  q: WatchQuery,
  sink: WatchSink,
  settings: WatchSettings,
): Promise<Watcher> {
  const selection = buildSelection(reg.rt, reg.strategy, q.labelSelector, q.fieldSelector);
  const rt = reg.rt;
  const prefix = collectionPrefix(rt, namespace);
  const requested = reg.exactRevision(q.resourceVersion);
  const initial = q.sendInitialEvents ?? requested === 0;
  let lastRevision = requested;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];

  const bookmark = (annotations?: Record<string, string>) => {
    const metadata: Record<string, unknown> = { resourceVersion: String(lastRevision) };
    if (annotations) metadata.annotations = annotations;
    sink.send({ type: 'BOOKMARK', object: { apiVersion: groupVersion(rt), kind: rt.kind, metadata } as KubeObject });
  };

  if (initial) {
    const list = await reg.list(namespace, { labelSelector: q.labelSelector, fieldSelector: q.fieldSelector }, { shared: true });
    for (const item of list.items) sink.send({ type: 'ADDED', object: item });
    lastRevision = Number(list.metadata.resourceVersion);
    if (q.sendInitialEvents && q.allowWatchBookmarks) bookmark({ [INITIAL_EVENTS_END_ANNOTATION]: 'true' });
  }

  let watcher: Watcher;
  try {
    watcher = await reg.store.watch(prefix, lastRevision, {
      onEvent(ev) {
        if (stopped) return;
        lastRevision = ev.modRevision;
        const out = translate(ev, selection, reg);
        if (out) sink.send(out);
      },
      onError() {
        if (!stopped) finish();
      },
    });
  } catch (err) {
    if (err instanceof CompactedError) {
      sink.end(resourceExpired(err.requested, err.compacted));
      return { stop() {} };
    }
    throw err;
  }

  reg.openWatches++;
  const finish = (err?: StatusError) => {
    if (stopped) return;
    stopped = true;
    reg.openWatches--;
    for (const t of timers) clearTimeout(t);
    watcher?.stop();
    sink.end(err);
  };
  if (q.allowWatchBookmarks) {
    const t = setInterval(() => bookmark(), settings.bookmarkIntervalMs);
    t.unref();
    timers.push(t);
  }
  if (q.timeoutSeconds && q.timeoutSeconds > 0) {
    const t = setTimeout(() => finish(), q.timeoutSeconds * 1000);
    t.unref();
    timers.push(t);
  }
  return { stop: () => finish() };
}

function mayMatch(value: string | undefined, selection: Selection): boolean {
  return value !== undefined && selection.needles.every((n) => value.includes(n));
}

/**
 * The objects of store events as watchers of a registry receive them. Every watch of a resource is
 * fed the same StoreEvent, so its object is decoded once and shared, as a shared informer's cache
 * hands one object to every handler: receivers read it and copy before they change anything.
 */
const decodedEvents = new WeakMap<StoreEvent, { reg: ResourceRegistry; obj: KubeObject }>();

function eventObject(ev: StoreEvent, reg: ResourceRegistry): KubeObject {
  const known = decodedEvents.get(ev);
  if (known?.reg === reg) return known.obj;
  // A write of this registry's own brings its object: its watches are handed that instead of a decode.
  let obj = ev.type === 'delete' ? undefined : (reg.decoded.claimWrite(ev.key, ev.value, ev.modRevision) ?? reg.decoded.sharedAt(ev.key, ev.modRevision));
  if (!obj) {
    obj = reg.withTypeMeta(decodeStored(ev.value, ev.modRevision));
    if (ev.type === 'delete') reg.decoded.forget(ev.key);
    else reg.decoded.remember(ev.key, obj);
  }
  decodedEvents.set(ev, { reg, obj });
  return obj;
}

function translate(ev: StoreEvent, selection: Selection, reg: ResourceRegistry): WatchEvent | undefined {
  // An object that matched neither before nor after the change is no event of this watch.
  if (selection.needles.length && !mayMatch(ev.value, selection) && !mayMatch(ev.prevValue, selection)) return undefined;
  if (ev.type === 'delete') {
    const obj = eventObject(ev, reg);
    return selection.matches(obj) ? { type: 'DELETED', object: obj } : undefined;
  }
  const obj = eventObject(ev, reg);
  const now = selection.matches(obj);
  if (ev.prevValue === undefined) return now ? { type: 'ADDED', object: obj } : undefined;
  if (selection.empty) return { type: 'MODIFIED', object: obj };
  const before = selection.matches(decodeStored(ev.prevValue, ev.modRevision));
  if (now && before) return { type: 'MODIFIED', object: obj };
  if (now) return { type: 'ADDED', object: obj };
  if (before) return { type: 'DELETED', object: obj };
  return undefined;
}
