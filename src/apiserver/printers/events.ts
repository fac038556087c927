// Events: core/v1 Event and events.k8s.io/v1 Event print alike (one internal type upstream).

import type { KubeObject } from '../../machinery/object.ts';
import type { TablePrinter } from '../../machinery/table.ts';
import { nameColumn, objectName } from '../../machinery/table-build.ts';
import { translateTimestampSince } from '../../machinery/duration.ts';
import { docColumn, num, obj, present, str, type Obj } from './access.ts';

/** The core/v1 field names of an event, whichever API it was read from. */
interface CoreEventView {
  involvedObject: Obj;
  reason: string;
  message: string;
  type: string;
  source: Obj;
  firstTimestamp: string;
  lastTimestamp: string;
  eventTime: string;
  count: number;
  series?: Obj;
  reportingController: string;
  reportingInstance: string;
}

function coreView(e: KubeObject): CoreEventView {
  const fromEventsAPI = e.apiVersion?.startsWith('events.k8s.io/');
  return {
    involvedObject: obj(fromEventsAPI ? e.regarding : e.involvedObject),
    reason: str(e.reason),
    message: str(fromEventsAPI ? e.note : e.message),
    type: str(e.type),
    source: obj(fromEventsAPI ? e.deprecatedSource : e.source),
    firstTimestamp: str(fromEventsAPI ? e.deprecatedFirstTimestamp : e.firstTimestamp),
    lastTimestamp: str(fromEventsAPI ? e.deprecatedLastTimestamp : e.lastTimestamp),
    eventTime: str(e.eventTime),
    count: num(fromEventsAPI ? e.deprecatedCount : e.count),
    series: present(e.series),
    reportingController: str(fromEventsAPI ? e.reportingController : e.reportingComponent),
    reportingInstance: str(e.reportingInstance),
  };
}

function eventSource(v: CoreEventView): string {
  const component = str(v.source.component) || v.reportingController;
  const instance = str(v.source.host) || v.reportingInstance;
  return instance ? `${component}, ${instance}` : component;
}

export function eventCells(e: KubeObject, now: Date): unknown[] {
  const v = coreView(e);
  const firstSeen = v.firstTimestamp ? translateTimestampSince(v.firstTimestamp, now) : translateTimestampSince(v.eventTime, now);
  let lastSeen = v.lastTimestamp ? translateTimestampSince(v.lastTimestamp, now) : firstSeen;
  let count = v.count;
  if (v.series) {
    lastSeen = translateTimestampSince(str(v.series.lastObservedTime), now);
    count = num(v.series.count);
  } else if (count === 0) {
    count = 1; // singleton events of the new API carry no count
  }
  const kind = str(v.involvedObject.kind).toLowerCase();
  const name = str(v.involvedObject.name);
  return [
    lastSeen,
    v.type,
    v.reason,
    name ? `${kind}/${name}` : kind,
    str(v.involvedObject.fieldPath),
    eventSource(v),
    v.message.trim(),
    firstSeen,
    count,
    objectName(e),
  ];
}

export const eventPrinter: TablePrinter = {
  columns: [
    docColumn('Last Seen', 'string', 'Event.lastTimestamp'),
    docColumn('Type', 'string', 'Event.type'),
    docColumn('Reason', 'string', 'Event.reason'),
    docColumn('Object', 'string', 'Event.involvedObject'),
    docColumn('Subobject', 'string', 'ObjectReference.fieldPath', 1),
    docColumn('Source', 'string', 'Event.source', 1),
    docColumn('Message', 'string', 'Event.message'),
    docColumn('First Seen', 'string', 'Event.firstTimestamp', 1),
    docColumn('Count', 'string', 'Event.count', 1),
    { ...nameColumn(), priority: 1 },
  ],
  cells: eventCells,
};
