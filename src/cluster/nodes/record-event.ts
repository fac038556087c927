// Events from several recorders about one object at one instant (the scheduler's Scheduled and
// the kubelet's Pulling) can be given the same `<object>.<nanoseconds>` name, since each
// recorder keeps its own sequence; the loser's create fails. Each retry takes a later name.

import type { InvolvedObject, EventRecorder, EventType } from '../../controller/events.ts';
import type { KubeObject } from '../../machinery/object.ts';

const ATTEMPTS = 4;

export async function recordEvent(recorder: EventRecorder, type: EventType, about: KubeObject | InvolvedObject, reason: string, message: string): Promise<void> {
  // An event the recorder's spam filter skipped is not retried: client-go drops it too.
  for (let i = 0; i < ATTEMPTS; i++) if (!('failed' in (await recorder.record(about, type, reason, message)))) return;
}
