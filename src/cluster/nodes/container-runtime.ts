// The simulated container runtime of one pod: init containers one after another, then the app
// containers, each pulled, created, started, possibly exiting and restarted with the kubelet's
// crash-loop backoff (the first restart at once, then 10 s doubling to 5 minutes), and stopped
// on deletion. `advance` moves it to a point in time and says which Events happened on the way.

import { createHash } from 'node:crypto';
import { randomHex } from './random-hex.ts';
import { DEFAULT_CRASH_RUN_MS, normalizeImage, type ImageProfiles, type SimulationProfile } from './image-profiles.ts';
import { withCommandExit } from './container-exit.ts';
import type { Container } from './pod-facts.ts';

export const BACKOFF_INITIAL_MS = 10_000;
export const BACKOFF_MAX_MS = 300_000;

export type ContainerState = 'waiting' | 'creating' | 'running' | 'terminated' | 'backoff';

export interface Termination {
  exitCode: number;
  reason: string;
  startedAt: number;
  finishedAt: number;
  containerID: string;
}

export interface ContainerRun {
  name: string;
  image: string;
  init: boolean;
  /** A restartable init container: it keeps running beside the app containers. */
  sidecar: boolean;
  /** An ephemeral container (`kubectl debug`): started once, never restarted, not part of readiness. */
  ephemeral?: boolean;
  pullPolicy: string;
  profile: SimulationProfile;
  state: ContainerState;
  /** waiting: earliest start; creating: when it runs; backoff: when it may start again. */
  due?: number;
  pulling?: boolean;
  restartCount: number;
  crashes: number;
  lastCrashAt?: number;
  containerID?: string;
  imageID?: string;
  startedAt?: number;
  readyAt?: number;
  exitAt?: number;
  /** While the pod terminates: when the process is gone, and whether SIGKILL ended it. */
  stopAt?: number;
  killed?: boolean;
  backoffMs?: number;
  terminated?: Termination;
  lastTerminated?: Termination;
}

export interface PodRun {
  uid: string;
  node: string;
  /** The pod sandbox (network namespace, IP) exists: containers may start. */
  sandboxReady: boolean;
  podIP: string;
  startTime: number;
  restartPolicy: string;
  init: ContainerRun[];
  app: ContainerRun[];
  /** Ephemeral containers, in the order the pod's spec added them. */
  ephemeral: ContainerRun[];
  /** Grace period end, once the pod is being deleted. */
  graceEnd?: number;
}

export interface RuntimeEvent {
  container: ContainerRun;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

export interface RuntimeContext {
  /** Images already on the node. */
  images: Set<string>;
  /** How the kubelet names the pod in messages: `name_namespace(uid)`. */
  podDescription: string;
}

export function newContainerRun(c: Container, init: boolean, profiles: ImageProfiles, startAt: number, podRestartPolicy = 'Always'): ContainerRun {
  const image = c.image ?? '';
  const profile = withCommandExit(profiles.lookup(image), c, init, podRestartPolicy);
  return { name: c.name, image, init, sidecar: init && c.restartPolicy === 'Always', pullPolicy: c.imagePullPolicy ?? 'IfNotPresent', profile, state: 'waiting', due: startAt, restartCount: 0, crashes: 0 };
}

/** The code the process exits with when it ends on its own. */
export function exitCodeOf(profile: SimulationProfile): number {
  return profile.exitCode ?? (profile.crash ? 1 : 0);
}

/** Whether the process ends on its own, at `runMs` after it started. */
export function exitsOnItsOwn(profile: SimulationProfile): boolean {
  return Boolean(profile.crash) || profile.runMs !== undefined || profile.exitCode !== undefined;
}

export function imageIDOf(image: string): string {
  const ref = normalizeImage(image);
  const repo = ref.replace(/[:@][^/]*$/, '');
  return `${repo}@sha256:${createHash('sha256').update(ref).digest('hex')}`;
}

/**
 * The size the pull reports: the profile's, or one derived from the reference (10–250 MB), so an
 * image reads the same size on every pull and every node.
 */
export function imageSizeOf(image: string, profile: SimulationProfile): number {
  if (profile.imageSizeBytes !== undefined) return profile.imageSizeBytes;
  const digest = createHash('sha256').update(normalizeImage(image)).digest();
  return 10_000_000 + (digest.readUInt32BE(0) % 240_000_000);
}

/** Go's time.Duration.String() of whole milliseconds: "1s", "1.2s", "500ms", "1m2.5s". */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`;
}

/** An init container is done once it exited 0; a sidecar once it started. */
export function initComplete(c: ContainerRun): boolean {
  return c.sidecar ? c.startedAt !== undefined : c.state === 'terminated' && c.terminated?.exitCode === 0;
}

/** Every container of the pod: init, app and ephemeral. */
export function containersOf(run: PodRun): ContainerRun[] {
  return [...run.init, ...run.app, ...run.ephemeral];
}

export function initDone(run: PodRun): boolean {
  return run.init.every(initComplete);
}

export function isReady(c: ContainerRun, now: number): boolean {
  return c.state === 'running' && c.readyAt !== undefined && now >= c.readyAt && (c.stopAt === undefined || now < c.stopAt);
}

function needsPull(c: ContainerRun, ctx: RuntimeContext): boolean {
  if (c.pullPolicy === 'Always') return true;
  if (c.pullPolicy === 'Never') return false;
  return !ctx.images.has(normalizeImage(c.image));
}

function restartable(c: ContainerRun, exitCode: number, policy: string): boolean {
  if (c.ephemeral) return false;
  if (c.sidecar) return true;
  if (c.init) return exitCode !== 0 && policy !== 'Never';
  return policy === 'Always' || (policy === 'OnFailure' && exitCode !== 0);
}

/** One transition of one container, if one is due; returns whether anything changed. */
function step(c: ContainerRun, run: PodRun, now: number, ctx: RuntimeContext, events: RuntimeEvent[]): boolean {
  const emit = (reason: string, message: string, type: 'Normal' | 'Warning' = 'Normal') => events.push({ container: c, type, reason, message });
  switch (c.state) {
    case 'waiting': {
      const at = Math.min(c.due ?? now, now);
      c.pulling = needsPull(c, ctx);
      if (c.pulling) emit('Pulling', `Pulling image "${c.image}"`);
      c.state = 'creating';
      c.due = at + c.profile.startDelayMs;
      return true;
    }
    case 'creating': {
      if (now < c.due!) return false;
      const at = c.due!;
      if (c.pulling) {
        const took = goDuration(c.profile.startDelayMs);
        emit('Pulled', `Successfully pulled image "${c.image}" in ${took} (${took} including waiting). Image size: ${imageSizeOf(c.image, c.profile)} bytes.`);
      } else emit('Pulled', `Container image "${c.image}" already present on machine`);
      ctx.images.add(normalizeImage(c.image));
      c.containerID = `containerd://${randomHex(32)}`;
      c.imageID = imageIDOf(c.image);
      emit('Created', `Created container: ${c.name}`);
      emit('Started', `Started container ${c.name}`);
      c.state = 'running';
      c.startedAt = at;
      c.readyAt = at + c.profile.readyDelayMs;
      c.exitAt = exitsOnItsOwn(c.profile) ? at + (c.profile.runMs ?? DEFAULT_CRASH_RUN_MS) : undefined;
      c.due = undefined;
      return true;
    }
    case 'running': {
      if (c.exitAt === undefined || now < c.exitAt) return false;
      const exitCode = exitCodeOf(c.profile);
      const termination: Termination = { exitCode, reason: exitCode ? 'Error' : 'Completed', startedAt: c.startedAt!, finishedAt: c.exitAt, containerID: c.containerID! };
      if (!restartable(c, exitCode, run.restartPolicy)) {
        c.state = 'terminated';
        c.terminated = termination;
        return true;
      }
      // The kubelet forgets a container's backoff once it ran for twice the maximum.
      if (c.lastCrashAt !== undefined && c.exitAt - c.lastCrashAt > 2 * BACKOFF_MAX_MS) c.crashes = 0;
      c.crashes++;
      c.lastCrashAt = c.exitAt;
      c.lastTerminated = termination;
      const delay = c.crashes === 1 ? 0 : Math.min(BACKOFF_INITIAL_MS * 2 ** (c.crashes - 2), BACKOFF_MAX_MS);
      if (delay === 0) {
        c.state = 'waiting';
        c.due = c.exitAt;
        c.restartCount++;
      } else {
        c.state = 'backoff';
        c.backoffMs = delay;
        c.due = c.exitAt + delay;
        emit('BackOff', `Back-off restarting failed container ${c.name} in pod ${ctx.podDescription}`, 'Warning');
      }
      c.exitAt = undefined;
      return true;
    }
    case 'backoff': {
      if (now < c.due!) return false;
      c.state = 'waiting';
      c.restartCount++;
      return true;
    }
    case 'terminated':
      return false;
  }
}

/** Applies every transition due by `now`, in order, and returns the Events they produce. */
export function advance(run: PodRun, now: number, ctx: RuntimeContext): RuntimeEvent[] {
  const events: RuntimeEvent[] = [];
  if (run.graceEnd !== undefined || !run.sandboxReady) return events;
  for (let changed = true; changed; ) {
    changed = false;
    const pending = run.init.find((c) => !initComplete(c));
    for (const c of run.init) {
      if (c === pending) break;
      if (c.sidecar && step(c, run, now, ctx, events)) changed = true;
    }
    if (pending) {
      if (pending.state === 'terminated') break; // failed for good
      if (step(pending, run, now, ctx, events)) changed = true;
      if (initComplete(pending)) {
        const at = pending.sidecar ? pending.startedAt! : pending.terminated!.finishedAt;
        const next = run.init.find((c) => c.state === 'waiting' && !initComplete(c));
        for (const c of next ? [next] : run.app) if (c.state === 'waiting') c.due = at;
      }
      continue;
    }
    for (const c of [...run.app, ...run.ephemeral]) if (step(c, run, now, ctx, events)) changed = true;
  }
  return events;
}

/** Starts stopping the pod: running containers get SIGTERM and exit at `stopMs` or are killed at the grace end. */
export function beginTermination(run: PodRun, now: number, graceEnd: number): RuntimeEvent[] {
  const events: RuntimeEvent[] = [];
  run.graceEnd = graceEnd;
  for (const c of containersOf(run)) {
    if (c.state === 'running') {
      const exitsAt = c.profile.stopMs === undefined ? Infinity : now + c.profile.stopMs;
      c.stopAt = Math.min(graceEnd, exitsAt);
      c.killed = exitsAt > graceEnd;
      events.push({ container: c, type: 'Normal', reason: 'Killing', message: `Stopping container ${c.name}` });
    } else if (c.state !== 'terminated') c.stopAt = now;
  }
  return events;
}

/** Shortens the grace period (a second delete with a smaller one). */
export function shortenGrace(run: PodRun, graceEnd: number): void {
  if (run.graceEnd === undefined || graceEnd >= run.graceEnd) return;
  run.graceEnd = graceEnd;
  for (const c of containersOf(run)) {
    if (c.stopAt === undefined || c.stopAt <= graceEnd) continue;
    c.stopAt = graceEnd;
    c.killed = c.state === 'running';
  }
}

/** When every process of a terminating pod is gone. */
export function stoppedAt(run: PodRun): number {
  return Math.max(0, ...containersOf(run).map((c) => c.stopAt ?? 0));
}

/** The final state once stopped: what exited on SIGTERM reports 0, what was killed 137. */
export function finishTermination(run: PodRun): void {
  for (const c of containersOf(run)) {
    if (c.state !== 'running') continue;
    const exitCode = c.killed ? 137 : 0;
    c.terminated = { exitCode, reason: exitCode ? 'Error' : 'Completed', startedAt: c.startedAt!, finishedAt: c.stopAt!, containerID: c.containerID! };
    c.state = 'terminated';
  }
}

/** The earliest future moment anything changes, or undefined when nothing will. */
export function nextChange(run: PodRun, now: number): number | undefined {
  const times: number[] = [];
  if (run.graceEnd !== undefined) times.push(stoppedAt(run));
  else {
    for (const c of containersOf(run)) {
      if ((c.state === 'creating' || c.state === 'backoff') && c.due !== undefined) times.push(c.due);
      if (c.state === 'running') {
        if (c.exitAt !== undefined) times.push(c.exitAt);
        if (c.readyAt !== undefined && c.readyAt > now) times.push(c.readyAt);
      }
    }
  }
  const future = times.filter((t) => t > now);
  return future.length ? Math.min(...future) : times.some((t) => t <= now) ? now : undefined;
}
