// `kubectl get pods`: printPod of kube-apiserver's internalversion printers, status reason logic
// included (Init:x/y, CrashLoopBackOff, Completed, Terminating …).

import type { KubeObject } from '../../machinery/object.ts';
import type { TablePrinter } from '../../machinery/table.ts';
import { ageColumn, nameColumn, objectAge, objectName } from '../../machinery/table-build.ts';
import { parseTimestamp, translateTimestampSince } from '../../machinery/duration.ts';
import { arr, docColumn, num, obj, objs, present, spec, status, str, textColumn, type Obj } from './access.ts';

function isRestartable(container: Obj | undefined): boolean {
  return container?.restartPolicy === 'Always';
}

function hasCondition(conditions: Obj[], type: string): boolean {
  return conditions.some((c) => c.type === type && c.status === 'True');
}

function isInitializedTrue(conditions: Obj[]): boolean {
  const c = conditions.find((cond) => cond.type === 'Initialized');
  return c !== undefined && c.status === 'True';
}

/** Tracks the newest `lastState.terminated.finishedAt` seen. */
class LastRestart {
  ms = 0;
  seen(container: Obj): void {
    const finished = parseTimestamp(str(obj(obj(container.lastState).terminated).finishedAt));
    if (finished !== undefined && finished > this.ms) this.ms = finished;
  }
}

export interface PodSummary {
  ready: string;
  reason: string;
  restarts: string;
}

export function summarizePod(pod: KubeObject, now: Date): PodSummary {
  const podSpec = spec(pod);
  const podStatus = status(pod);
  const conditions = objs(podStatus.conditions);
  const containers = arr(podSpec.containers);
  const initSpecs = objs(podSpec.initContainers);

  let restarts = 0;
  let restartableInitRestarts = 0;
  let totalContainers = containers.length;
  let readyContainers = 0;
  let lastRestart = new LastRestart();
  const lastRestartableInitRestart = new LastRestart();

  const phase = str(podStatus.phase);
  let reason = str(podStatus.reason) || phase;
  if (conditions.some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) reason = 'SchedulingGated';

  const initByName = new Map<string, Obj>();
  for (const c of initSpecs) {
    initByName.set(str(c.name), c);
    if (isRestartable(c)) totalContainers++;
  }

  let initializing = false;
  const initStatuses = objs(podStatus.initContainerStatuses);
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i];
    const state = obj(cs.state);
    const terminated = present(state.terminated);
    const waiting = present(state.waiting);
    restarts += num(cs.restartCount);
    lastRestart.seen(cs);
    const restartable = isRestartable(initByName.get(str(cs.name)));
    if (restartable) {
      restartableInitRestarts += num(cs.restartCount);
      lastRestartableInitRestart.seen(cs);
    }
    if (terminated && num(terminated.exitCode) === 0) continue;
    if (restartable && cs.started === true) {
      if (cs.ready === true) readyContainers++;
      continue;
    }
    if (terminated) {
      if (!str(terminated.reason)) {
        reason = num(terminated.signal) !== 0 ? `Init:Signal:${num(terminated.signal)}` : `Init:ExitCode:${num(terminated.exitCode)}`;
      } else {
        reason = `Init:${str(terminated.reason)}`;
      }
    } else if (waiting && str(waiting.reason) && waiting.reason !== 'PodInitializing') {
      reason = `Init:${str(waiting.reason)}`;
    } else {
      reason = `Init:${i}/${initSpecs.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || isInitializedTrue(conditions)) {
    restarts = restartableInitRestarts;
    lastRestart = lastRestartableInitRestart;
    let hasRunning = false;
    const statuses = objs(podStatus.containerStatuses);
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i];
      const state = obj(cs.state);
      const terminated = present(state.terminated);
      const waiting = present(state.waiting);
      restarts += num(cs.restartCount);
      lastRestart.seen(cs);
      if (waiting && str(waiting.reason)) {
        reason = str(waiting.reason);
      } else if (terminated && str(terminated.reason)) {
        reason = str(terminated.reason);
      } else if (terminated) {
        reason = num(terminated.signal) !== 0 ? `Signal:${num(terminated.signal)}` : `ExitCode:${num(terminated.exitCode)}`;
      } else if (cs.ready === true && present(state.running) !== undefined) {
        hasRunning = true;
        readyContainers++;
      }
    }
    // A pod whose last container completed but another still runs is not "Completed".
    if (reason === 'Completed' && hasRunning) reason = hasCondition(conditions, 'Ready') ? 'Running' : 'NotReady';
  }

  const deleting = Boolean(pod.metadata?.deletionTimestamp);
  if (deleting && podStatus.reason === 'NodeLost') reason = 'Unknown';
  else if (deleting && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';

  let restartsText = String(restarts);
  if (restarts !== 0 && lastRestart.ms !== 0) {
    restartsText = `${restarts} (${translateTimestampSince(new Date(lastRestart.ms).toISOString(), now)} ago)`;
  }
  return { ready: `${readyContainers}/${totalContainers}`, reason, restarts: restartsText };
}

function podIP(podStatus: Obj): string {
  const ips = objs(podStatus.podIPs);
  // The internal type always mirrors a lone status.podIP into podIPs.
  const ip = ips.length > 0 ? str(ips[0].ip) : str(podStatus.podIP);
  return ip || '<none>';
}

function readinessGates(pod: KubeObject): string {
  const gates = objs(spec(pod).readinessGates);
  if (gates.length === 0) return '<none>';
  const conditions = objs(status(pod).conditions);
  let trueConditions = 0;
  for (const gate of gates) {
    const c = conditions.find((cond) => cond.type === gate.conditionType);
    if (c?.status === 'True') trueConditions++;
  }
  return `${trueConditions}/${gates.length}`;
}

export const podPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
    textColumn('Status', 'string', 'The aggregate status of the containers in this pod.'),
    textColumn(
      'Restarts',
      'string',
      'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
    ),
    ageColumn(),
    docColumn('IP', 'string', 'PodStatus.podIP', 1),
    docColumn('Node', 'string', 'PodSpec.nodeName', 1),
    docColumn('Nominated Node', 'string', 'PodStatus.nominatedNodeName', 1),
    docColumn('Readiness Gates', 'string', 'PodSpec.readinessGates', 1),
  ],
  cells(pod, now) {
    const s = summarizePod(pod, now);
    const podStatus = status(pod);
    return [
      objectName(pod),
      s.ready,
      s.reason,
      s.restarts,
      objectAge(pod, now),
      podIP(podStatus),
      str(spec(pod).nodeName) || '<none>',
      str(podStatus.nominatedNodeName) || '<none>',
      readinessGates(pod),
    ];
  },
};
