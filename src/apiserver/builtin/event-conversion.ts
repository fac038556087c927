// events.k8s.io/v1 Event ⇄ core/v1 Event: one object in two shapes, as k8s.io/kubernetes
// pkg/apis/events/v1 converts it. kube-apiserver stores both in one place, so an Event a kubelet
// records through core/v1 is listed by `kubectl get events.events.k8s.io`, and one written through
// events.k8s.io (kube-scheduler's recorder) is shown by `kubectl describe`.

import type { KubeObject } from '../../machinery/object.ts';

type Json = Record<string, unknown>;

/** events.k8s.io/v1 field ← core/v1 field, for those that only change name. */
const RENAMED: Array<[string, string]> = [
  ['regarding', 'involvedObject'],
  ['note', 'message'],
  ['reportingController', 'reportingComponent'],
  ['deprecatedSource', 'source'],
  ['deprecatedFirstTimestamp', 'firstTimestamp'],
  ['deprecatedLastTimestamp', 'lastTimestamp'],
  ['deprecatedCount', 'count'],
];

function moved(obj: KubeObject, pairs: Array<[string, string]>, apiVersion: string): KubeObject {
  const out: Json = { ...obj, apiVersion };
  for (const [to, from] of pairs) {
    delete out[from];
    if ((obj as Json)[from] !== undefined) out[to] = (obj as Json)[from];
  }
  return out as KubeObject;
}

export function coreEventToEventsV1(core: KubeObject): KubeObject {
  return moved(core, RENAMED, 'events.k8s.io/v1');
}

export function eventsV1ToCoreEvent(ev: KubeObject): KubeObject {
  return moved(ev, RENAMED.map(([to, from]) => [from, to]), 'v1');
}
