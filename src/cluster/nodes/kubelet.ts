// The kubelets of the inventory's nodes, simulated: for every pod bound to one of them, run the
// simulated runtime on the clock, record the kubelet's Events, report status; on deletion stop
// the containers and remove the pod (grace 0) once they are gone or the grace period is over.

import { isStatusError } from '../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import type { Clock } from '../../controller/clock.ts';
import { objectKey, refOf, type KubeClient } from '../../controller/client.ts';
import { runController } from '../../controller/controller.ts';
import { EventRecorder } from '../../controller/events.ts';
import { recordEvent } from './record-event.ts';
import type { InformerFactory } from '../../controller/informer-factory.ts';
import { WorkQueue } from '../../controller/workqueue.ts';
import { advance, beginTermination, exitsOnItsOwn, finishTermination, newContainerRun, nextChange, shortenGrace, stoppedAt, type ContainerRun, type PodRun, type RuntimeEvent } from './container-runtime.ts';
import { ImageProfiles, normalizeImage } from './image-profiles.ts';
import type { Inventory } from './inventory.ts';
import { internalIPOf, podCIDRFor } from './node-object.ts';
import { ephemeralSpecs, isTerminal, POD_NODE_INDEX, podNodeIndex, podSpec, sameSpec, type Container, type Pod } from './pod-facts.ts';
import { podStatus } from './pod-status.ts';
import { NodeAddresses } from './pod-addresses.ts';
import { claimNamesOf, podVolumesReady } from '../storage/pod-volumes.ts';
import { isFailed } from './simulated-power.ts';

export interface KubeletDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  inventory: Inventory;
  profiles?: ImageProfiles;
}

/** Pods each simulated kubelet syncs at once (the real one has a worker goroutine per pod). */
const WORKERS_PER_NODE = 10;

function description(pod: KubeObject): string {
  return `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;
}

export function startKubelets(deps: KubeletDeps): { stop(): Promise<void>; profiles: ImageProfiles } {
  const { client, factory, clock, inventory } = deps;
  const profiles = deps.profiles ?? new ImageProfiles();
  const pods = factory.informerFor<Pod>({ apiVersion: 'v1', kind: 'Pod' });
  pods.addIndex(POD_NODE_INDEX, podNodeIndex);
  const nodes = factory.informerFor({ apiVersion: 'v1', kind: 'Node' });
  const claims = factory.informerFor({ apiVersion: 'v1', kind: 'PersistentVolumeClaim' });
  const queue = new WorkQueue<string>({ clock });
  const machines = new Map(inventory.nodes.map((n, i) => [n.name, { machine: n, index: i }]));
  const runs = new Map<string, PodRun>();
  /** The addresses the runs and the pods' reported statuses hold on each node. */
  const addresses = new NodeAddresses();
  /** What each pod's reported status holds: its node and podIP, while it is not terminal. */
  const reported = new Map<string, { node: string; ip: string }>();
  const setRun = (key: string, run: PodRun) => {
    runs.set(key, run);
    if (run.podIP) addresses.hold(run.node, run.podIP);
  };
  const dropRun = (key: string) => {
    const run = runs.get(key);
    if (!run) return;
    runs.delete(key);
    if (run.podIP) addresses.release(run.node, run.podIP);
  };
  const trackReported = (key: string, pod: Pod | undefined) => {
    const node = pod && podSpec(pod).nodeName;
    const ip = pod && !isTerminal(pod) ? String(pod.status?.podIP ?? '') : '';
    const had = reported.get(key);
    if (had && had.node === node && had.ip === ip) return;
    if (had) addresses.release(had.node, had.ip);
    if (node && ip) {
      addresses.hold(node, ip);
      reported.set(key, { node, ip });
    } else reported.delete(key);
  };
  /** The status last sent for each pod, to tell its own writes coming back through the informer. */
  const sent = new Map<string, Pod['status']>();
  const images = new Map<string, Set<string>>();
  const recorders = new Map<string, EventRecorder>();

  function imagesOn(node: string): Set<string> {
    let set = images.get(node);
    if (!set) images.set(node, (set = new Set()));
    return set;
  }

  function recorderFor(node: string): EventRecorder {
    let r = recorders.get(node);
    if (!r) recorders.set(node, (r = new EventRecorder(client, { component: 'kubelet', host: node, clock })));
    return r;
  }

  function hostIPOf(node: string): string {
    return internalIPOf(nodes.get(undefined, node)) ?? machines.get(node)!.machine.address;
  }

  /** The lowest free address of the node's podCIDR, past the gateway (.1). */
  function allocatePodIP(node: string): string {
    const cidr = String((nodes.get(undefined, node)?.spec as { podCIDR?: string })?.podCIDR || podCIDRFor(machines.get(node)!.index));
    const ip = addresses.lowestFree(node, cidr);
    if (!ip) throw new Error(`failed to allocate a pod IP on node ${node}: ${cidr} is exhausted`);
    return ip;
  }

  /** A kubelet that restarts finds its pods' containers still running: take them over from the reported status. */
  function adopt(pod: Pod, node: string, now: number): PodRun | undefined {
    const status = pod.status ?? {};
    if (!status.podIP || !Array.isArray(status.containerStatuses)) return undefined;
    const reported = new Map<string, any>([...((status.initContainerStatuses as any[]) ?? []), ...(status.containerStatuses as any[])].map((s) => [s.name, s]));
    const take = (c: Container, init: boolean): ContainerRun => {
      const run = newContainerRun(c, init, profiles, now, podSpec(pod).restartPolicy);
      const s = reported.get(c.name);
      if (!s) return run;
      run.restartCount = s.restartCount ?? 0;
      const time = (t: string | undefined) => Date.parse(t ?? '') || now;
      if (s.state?.running) {
        Object.assign(run, { state: 'running', startedAt: time(s.state.running.startedAt), containerID: s.containerID, imageID: s.imageID, due: undefined });
        run.readyAt = s.ready ? run.startedAt : now + run.profile.readyDelayMs;
        if (exitsOnItsOwn(run.profile)) run.exitAt = Math.max(now, run.startedAt! + (run.profile.runMs ?? 1000));
        imagesOn(node).add(normalizeImage(run.image));
      } else if (s.state?.terminated) {
        const t = s.state.terminated;
        Object.assign(run, { state: 'terminated', startedAt: time(t.startedAt), containerID: t.containerID, imageID: s.imageID, due: undefined });
        run.terminated = { exitCode: t.exitCode ?? 0, reason: t.reason ?? '', startedAt: time(t.startedAt), finishedAt: time(t.finishedAt), containerID: t.containerID ?? '' };
      }
      return run;
    };
    const spec = podSpec(pod);
    return {
      uid: pod.metadata.uid!,
      node,
      sandboxReady: true,
      podIP: String(status.podIP),
      startTime: Date.parse(String(status.startTime ?? '')) || now,
      restartPolicy: spec.restartPolicy ?? 'Always',
      init: (spec.initContainers ?? []).map((c) => take(c, true)),
      app: (spec.containers ?? []).map((c) => take(c, false)),
      ephemeral: ephemeralSpecs(pod).map((c) => ({ ...take(c, false), ephemeral: true })),
    };
  }

  function newRun(pod: Pod, node: string, now: number): PodRun {
    const spec = podSpec(pod);
    return {
      uid: pod.metadata.uid!,
      node,
      sandboxReady: false,
      podIP: '',
      startTime: now,
      restartPolicy: spec.restartPolicy ?? 'Always',
      init: (spec.initContainers ?? []).map((c) => newContainerRun(c, true, profiles, now, spec.restartPolicy)),
      app: (spec.containers ?? []).map((c) => newContainerRun(c, false, profiles, now, spec.restartPolicy)),
      ephemeral: [],
    };
  }

  /** Ephemeral containers the spec has gained since the run began start now, as the kubelet starts them on its next sync. */
  function addEphemeral(pod: Pod, run: PodRun, now: number): void {
    const known = new Set(run.ephemeral.map((c) => c.name));
    for (const c of ephemeralSpecs(pod)) {
      if (!known.has(c.name)) run.ephemeral.push({ ...newContainerRun(c, false, profiles, now, 'Never'), ephemeral: true });
    }
  }

  /** Records the events at once (named in their order), as the kubelet's recorder does not wait for one to post the next. */
  async function record(pod: Pod, node: string, events: RuntimeEvent[]): Promise<void> {
    await Promise.all(
      events.map((e) => {
        const list = e.container.ephemeral ? 'ephemeralContainers' : e.container.init ? 'initContainers' : 'containers';
        const fieldPath = `spec.${list}{${e.container.name}}`;
        const about = { apiVersion: 'v1', kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name!, uid: pod.metadata.uid, fieldPath };
        return recordEvent(recorderFor(node), e.type, about, e.reason, e.message);
      }),
    );
  }

  async function writeStatus(pod: Pod, run: PodRun, now: number, terminating = false): Promise<void> {
    const status = podStatus({
      run,
      previous: pod.status,
      hostIP: hostIPOf(run.node),
      hostNetwork: (pod.spec as { hostNetwork?: boolean }).hostNetwork === true,
      now,
      description: description(pod),
      terminating,
    });
    if (deepEqual(status, pod.status)) return;
    sent.set(objectKey(pod), status);
    try {
      await client.updateStatus({ ...pod, status });
    } catch (err) {
      // A newer pod is on its way through the informer, or the pod is gone: both reconcile again.
      if (!isStatusError(err, 'Conflict') && !isStatusError(err, 'NotFound')) throw err;
    }
  }

  async function removePod(pod: Pod): Promise<void> {
    try {
      await client.delete(refOf(pod), { gracePeriodSeconds: 0, preconditions: { uid: pod.metadata.uid } });
    } catch (err) {
      if (!isStatusError(err, 'NotFound') && !isStatusError(err, 'Conflict')) throw err;
    }
  }

  async function terminate(key: string, pod: Pod, run: PodRun | undefined, now: number) {
    if (!run) {
      await removePod(pod);
      return;
    }
    const graceEnd = Date.parse(pod.metadata.deletionTimestamp!) || now;
    if (run.graceEnd === undefined) await record(pod, run.node, beginTermination(run, now, graceEnd));
    else shortenGrace(run, graceEnd);
    const done = stoppedAt(run);
    if (now < done) return { requeueAfter: done - now };
    finishTermination(run);
    await writeStatus(pod, run, now, true);
    await removePod(pod);
    dropRun(key);
    return undefined;
  }

  async function reconcile(key: string) {
    const pod = pods.getByKey(key);
    if (!pod) {
      dropRun(key);
      return;
    }
    const node = podSpec(pod).nodeName;
    if (!node || !machines.has(node)) return;
    // A failed machine's kubelet is gone, and what it knew with it; back, it takes over from the pod's status.
    if (isFailed(nodes.get(undefined, node))) return void dropRun(key);
    let run = runs.get(key);
    if (run && run.uid !== pod.metadata.uid) {
      dropRun(key);
      run = undefined;
    }
    const now = clock.now().getTime();
    if (pod.metadata.deletionTimestamp) return terminate(key, pod, run, now);
    if (!run) {
      if (isTerminal(pod)) return;
      // Volumes are mounted before anything starts; a claim becoming Bound wakes the pod (below).
      if (!podVolumesReady(pod, (ns, name) => claims.get(ns, name))) return;
      run = adopt(pod, node, now) ?? newRun(pod, node, now);
      setRun(key, run);
    }
    // As the kubelet's syncPod: the status is reported as the pod is when the sync begins, then
    // the runtime creates the sandbox and starts the containers; what that brings is reported
    // at the next sync (a container starting, a claim, an update), not at once.
    const starting = !run.sandboxReady;
    if (starting) {
      await writeStatus(pod, run, now);
      run.sandboxReady = true;
      run.podIP = (pod.spec as { hostNetwork?: boolean }).hostNetwork === true ? hostIPOf(node) : allocatePodIP(node);
      addresses.hold(node, run.podIP);
    }
    addEphemeral(pod, run, now);
    const events = advance(run, now, { images: imagesOn(node), podDescription: description(pod) });
    await record(pod, node, events);
    if (!starting) await writeStatus(pod, run, now);
    const next = nextChange(run, now) ?? (starting ? now + 1 : undefined);
    return next === undefined ? undefined : { requeueAfter: Math.max(1, next - now) };
  }

  const mine = (p: KubeObject) => machines.has(podSpec(p).nodeName ?? '');
  /**
   * The kubelet's pod config ignores a pod update that only brings back the status the kubelet
   * itself wrote: it syncs pods on their changes and its own clock, not on its reports.
   */
  const isOwnStatusWrite = (old: Pod, p: Pod) => {
    const mineSent = sent.get(objectKey(p));
    if (!mineSent || !deepEqual(p.status, mineSent)) return false;
    const a = old.metadata;
    const b = p.metadata;
    return (
      a.uid === b.uid &&
      a.deletionTimestamp === b.deletionTimestamp &&
      a.deletionGracePeriodSeconds === b.deletionGracePeriodSeconds &&
      deepEqual(a.labels, b.labels) &&
      deepEqual(a.annotations, b.annotations) &&
      sameSpec(old, p)
    );
  };
  pods.addEventHandler({
    onAdd: (p) => trackReported(objectKey(p), p),
    onUpdate: (_, p) => trackReported(objectKey(p), p),
    onDelete: (p) => trackReported(objectKey(p), undefined),
  });
  pods.addEventHandler({
    onAdd: (p) => mine(p) && queue.add(objectKey(p)),
    onUpdate: (old, p) => mine(p) && !isOwnStatusWrite(old, p) && queue.add(objectKey(p)),
    onDelete: (p) => {
      sent.delete(objectKey(p));
      if (mine(p)) queue.add(objectKey(p));
    },
  });
  const wakeClaimUsers = (c: KubeObject) => {
    for (const p of pods.list(c.metadata.namespace ?? '')) if (mine(p) && claimNamesOf(p).includes(c.metadata.name ?? '')) queue.add(objectKey(p));
  };
  claims.addEventHandler({ onAdd: wakeClaimUsers, onUpdate: (_, c) => wakeClaimUsers(c) });
  nodes.addEventHandler({
    onUpdate: (old, n) => {
      if (isFailed(old) === isFailed(n) || !machines.has(n.metadata.name!)) return;
      for (const p of pods.byIndex(POD_NODE_INDEX, n.metadata.name!)) queue.add(objectKey(p));
    },
  });

  factory.start();
  let controller: ReturnType<typeof runController> | undefined;
  let stopped = false;
  const started = Promise.all([pods.waitForSync(), nodes.waitForSync(), claims.waitForSync()]).then(() => {
    // Every kubelet runs a worker per pod; here the nodes' kubelets share one queue, with workers for each.
    if (!stopped) controller = runController({ name: 'kubelet', queue, reconcile, workers: Math.max(4, WORKERS_PER_NODE * machines.size), objectFor: (k) => pods.getByKey(k) });
  });
  return {
    profiles,
    async stop() {
      stopped = true;
      queue.shutDown();
      await started;
      await controller?.stop();
    },
  };
}
