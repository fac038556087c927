// The pod status the kubelet reports for the simulated runtime: phase as kubelet's getPhase
// computes it, container statuses, the five pod conditions in the kubelet's order (transition
// times kept while a condition holds), IPs and startTime.

import { formatTime } from '../../apiserver/registry/codec.ts';
import { initComplete, initDone, isReady, type ContainerRun, type PodRun, type Termination } from './container-runtime.ts';
import { normalizeImage } from './image-profiles.ts';
import type { PodStatus } from './pod-facts.ts';

type Json = Record<string, unknown>;

function terminationJson(t: Termination): Json {
  return { exitCode: t.exitCode, reason: t.reason, startedAt: formatTime(new Date(t.startedAt)), finishedAt: formatTime(new Date(t.finishedAt)), containerID: t.containerID };
}

function stateOf(c: ContainerRun, run: PodRun, description: string): Json {
  switch (c.state) {
    case 'running':
      return { running: { startedAt: formatTime(new Date(c.startedAt!)) } };
    case 'terminated':
      return { terminated: terminationJson(c.terminated!) };
    case 'backoff':
      return { waiting: { reason: 'CrashLoopBackOff', message: `back-off ${c.backoffMs! / 1000}s restarting failed container=${c.name} pod=${description}` } };
    default:
      // Containers never started wait as PodInitializing in a pod with init containers.
      return { waiting: { reason: run.init.length > 0 && c.restartCount === 0 ? 'PodInitializing' : 'ContainerCreating' } };
  }
}

export function containerStatus(c: ContainerRun, run: PodRun, now: number, description: string): Json {
  const started = c.state === 'running';
  return {
    name: c.name,
    state: stateOf(c, run, description),
    lastState: c.lastTerminated ? { terminated: terminationJson(c.lastTerminated) } : {},
    ready: isReady(c, now),
    restartCount: c.restartCount,
    image: normalizeImage(c.image),
    imageID: c.imageID ?? '',
    ...(c.containerID ? { containerID: c.containerID } : {}),
    started,
  };
}

/** kubelet's getPhase; `terminating` when the pod is stopping for good. */
export function podPhase(run: PodRun, terminating: boolean): string {
  if (!initDone(run)) {
    const failed = run.init.some((c) => !c.sidecar && c.state === 'terminated' && c.terminated!.exitCode !== 0);
    return failed && (run.restartPolicy === 'Never' || terminating) ? 'Failed' : 'Pending';
  }
  let waiting = 0;
  let running = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const c of run.app) {
    if (c.state === 'running') running++;
    else if (c.state === 'terminated') {
      stopped++;
      if (c.terminated!.exitCode === 0) succeeded++;
    } else if (c.lastTerminated) {
      stopped++;
      if (c.lastTerminated.exitCode === 0) succeeded++;
    } else waiting++;
  }
  if (waiting > 0 && !terminating) return 'Pending';
  if (running > 0 && !terminating) return 'Running';
  if (stopped === 0) return terminating ? 'Failed' : 'Pending';
  if (run.restartPolicy === 'Always' && !terminating) return 'Running';
  if (stopped === succeeded && waiting === 0) return 'Succeeded';
  if (run.restartPolicy === 'Never' || terminating) return 'Failed';
  return 'Running';
}

function condition(type: string, ok: boolean, reason: string, message: string, previous: Json[], now: string): Json {
  const status = ok ? 'True' : 'False';
  const before = previous.find((c) => c.type === type);
  const lastTransitionTime = before && before.status === status ? before.lastTransitionTime : now;
  return { type, status, lastProbeTime: null, lastTransitionTime, ...(ok ? {} : { reason, ...(message ? { message } : {}) }) };
}

export interface StatusInput {
  run: PodRun;
  previous: PodStatus | undefined;
  hostIP: string;
  hostNetwork: boolean;
  now: number;
  /** `name_namespace(uid)`, for CrashLoopBackOff messages. */
  description: string;
  terminating?: boolean;
}

export function podStatus(input: StatusInput): PodStatus {
  const { run, previous, hostIP, now } = input;
  const stamp = formatTime(new Date(now));
  const prevConditions = (previous?.conditions ?? []) as Json[];
  const phase = podPhase(run, input.terminating === true);
  const terminal = phase === 'Succeeded' || phase === 'Failed';
  const initialized = initDone(run);
  const pendingInit = run.init.filter((c) => !initComplete(c)).map((c) => c.name);
  const unready = [...run.init.filter((c) => c.sidecar), ...run.app].filter((c) => !isReady(c, now)).map((c) => c.name);
  const ready = unready.length === 0 && !terminal;
  const readyReason = terminal ? 'PodCompleted' : 'ContainersNotReady';
  const readyMessage = terminal ? '' : `containers with unready status: [${unready.join(' ')}]`;
  const scheduled = prevConditions.find((c) => c.type === 'PodScheduled') ?? { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: stamp };
  const podIP = input.hostNetwork ? hostIP : run.podIP;
  const status: PodStatus = {
    ...(previous ?? {}),
    phase,
    conditions: [
      condition('PodReadyToStartContainers', run.sandboxReady && !terminal, '', '', prevConditions, stamp),
      condition('Initialized', initialized || terminal, 'ContainersNotInitialized', `containers with incomplete status: [${pendingInit.join(' ')}]`, prevConditions, stamp),
      condition('Ready', ready, readyReason, readyMessage, prevConditions, stamp),
      condition('ContainersReady', ready, readyReason, readyMessage, prevConditions, stamp),
      scheduled,
    ],
    hostIP,
    hostIPs: [{ ip: hostIP }],
    ...(podIP ? { podIP, podIPs: [{ ip: podIP }] } : {}),
    startTime: formatTime(new Date(run.startTime)),
    ...(run.init.length > 0 ? { initContainerStatuses: run.init.map((c) => containerStatus(c, run, now, input.description)) } : {}),
    containerStatuses: run.app.map((c) => containerStatus(c, run, now, input.description)),
    // An ephemeral container is never ready: it serves no traffic and gates nothing.
    ...(run.ephemeral.length > 0 ? { ephemeralContainerStatuses: run.ephemeral.map((c) => ({ ...containerStatus(c, run, now, input.description), ready: false })) } : {}),
  };
  delete status.nominatedNodeName;
  return status;
}
