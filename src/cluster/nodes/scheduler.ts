// default-scheduler: places pods that name it and no node yet. Feasible → bind through
// pods/binding and record Scheduled; infeasible → PodScheduled=False/Unschedulable and a
// FailedScheduling Warning, retried when nodes or pods change (and every 5 minutes, as the
// unschedulable queue is flushed upstream); preemption deletes lower-priority victims.

import { formatTime } from '../../apiserver/registry/codec.ts';
import { isStatusError } from '../../machinery/errors.ts';
import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import type { Clock } from '../../controller/clock.ts';
import { objectKey, refOf, type KubeClient } from '../../controller/client.ts';
import { runWhenSynced } from '../../controller/controller.ts';
import { EventRecorder } from '../../controller/events.ts';
import { recordEvent } from './record-event.ts';
import type { InformerFactory } from '../../controller/informer-factory.ts';
import { WorkQueue } from '../../controller/workqueue.ts';
import { isTerminal, podSpec, type Pod, type PodStatus } from './pod-facts.ts';
import { decide } from './scheduling-decision.ts';
import { SchedulingCache } from './scheduling-cache.ts';
import { VolumeBinding } from '../storage/volume-binding.ts';

export const SCHEDULER_NAME = 'default-scheduler';
/** podMaxInUnschedulablePodsDuration: an unschedulable pod is tried again at least this often. */
export const UNSCHEDULABLE_RETRY_MS = 5 * 60_000;
const MAX_EVENT_MESSAGE = 1024;

export interface SchedulerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
}

export function needsScheduling(pod: KubeObject): boolean {
  const spec = podSpec(pod);
  return !spec.nodeName && (spec.schedulerName ?? SCHEDULER_NAME) === SCHEDULER_NAME && !pod.metadata.deletionTimestamp && !isTerminal(pod);
}

function truncate(message: string): string {
  return message.length <= MAX_EVENT_MESSAGE ? message : `${message.slice(0, MAX_EVENT_MESSAGE - 3)}...`;
}

export function startScheduler(deps: SchedulerDeps): { stop(): Promise<void> } {
  const { client, factory, clock } = deps;
  const pods = factory.informerFor<Pod>({ apiVersion: 'v1', kind: 'Pod' });
  const nodes = factory.informerFor({ apiVersion: 'v1', kind: 'Node' });
  const queue = new WorkQueue<string>({ clock });
  const recorder = new EventRecorder(client, { component: SCHEDULER_NAME, clock });
  const volumes = new VolumeBinding(factory);
  const cache = new SchedulingCache(pods, nodes);
  const unschedulable = new Set<string>();
  /** Binding cycles under way. */
  const binding = new Set<Promise<void>>();

  function retryUnschedulable(): void {
    for (const key of unschedulable) queue.add(key);
  }

  /** Sets PodScheduled=False (and nominatedNodeName) when it differs from what the pod shows. */
  async function markUnschedulable(pod: Pod, reason: string, message: string, nominatedNodeName?: string): Promise<void> {
    const status: PodStatus = structuredClone(pod.status ?? {});
    const conditions = status.conditions ?? [];
    const existing = conditions.find((c) => c.type === 'PodScheduled');
    const unchanged = existing?.status === 'False' && existing.reason === reason && existing.message === message;
    if (unchanged && (nominatedNodeName === undefined || status.nominatedNodeName === nominatedNodeName)) return;
    const condition = {
      type: 'PodScheduled',
      status: 'False',
      lastProbeTime: null,
      lastTransitionTime: existing?.status === 'False' ? existing.lastTransitionTime : formatTime(clock.now()),
      reason,
      message,
    };
    status.conditions = existing ? conditions.map((c) => (c === existing ? condition : c)) : [...conditions, condition];
    if (nominatedNodeName !== undefined) status.nominatedNodeName = nominatedNodeName;
    await client.updateStatus({ ...pod, status });
  }

  async function preempt(pod: Pod, node: string, victims: Pod[]): Promise<void> {
    for (const victim of victims) {
      await recordEvent(recorder, 'Normal', victim, 'Preempted', `Preempted by pod ${pod.metadata.uid} on node ${node}`);
      try {
        await client.delete(refOf(victim), { preconditions: { uid: victim.metadata.uid } });
      } catch (err) {
        if (!isStatusError(err, 'NotFound') && !isStatusError(err, 'Conflict')) throw err;
      }
    }
  }

  async function bind(key: string, pod: Pod, node: string): Promise<void> {
    const { namespace, name } = pod.metadata;
    try {
      await volumes.selectNode(client, pod, node);
      await client.createSubresource(refOf(pod), 'binding', {
        apiVersion: 'v1',
        kind: 'Binding',
        metadata: { name, namespace, uid: pod.metadata.uid },
        target: { apiVersion: 'v1', kind: 'Node', name: node },
      });
    } catch (err) {
      cache.forget(key);
      // Bound meanwhile (by someone else) or gone: the informer will tell.
      if (isStatusError(err, 'Conflict') || isStatusError(err, 'NotFound')) return;
      console.error(`scheduler: binding ${key} to ${node}:`, err);
      queue.addRateLimited(key);
      return;
    }
    await recordEvent(recorder, 'Normal', pod, 'Scheduled', `Successfully assigned ${namespace}/${name} to ${node}`);
  }

  async function reconcile(key: string) {
    const pod = pods.getByKey(key);
    if (!pod || !needsScheduling(pod)) {
      unschedulable.delete(key);
      return;
    }
    if (cache.isAssumed(key)) return;
    if ((podSpec(pod).schedulingGates ?? []).length > 0) {
      await markUnschedulable(pod, 'SchedulingGated', 'Scheduling is blocked due to non-empty scheduling gates');
      return;
    }
    const states = cache.nodeStates();
    const volumeProblem = volumes.unschedulableMessage(pod, states.length);
    const decision = volumeProblem ? ({ kind: 'unschedulable', message: volumeProblem } as const) : decide(pod, states);
    if (decision.kind === 'bind') {
      // As kube-scheduler: the pod counts on the node at once and is bound in its own binding
      // cycle, while the next pod is scheduled.
      cache.assume(pod, decision.node);
      unschedulable.delete(key);
      const cycle = bind(key, pod, decision.node).finally(() => binding.delete(cycle));
      binding.add(cycle);
      return;
    }
    unschedulable.add(key);
    const message = truncate(decision.message);
    await recordEvent(recorder, 'Warning', pod, 'FailedScheduling', message);
    try {
      if (decision.kind === 'preempt') {
        await preempt(pod, decision.node, decision.victims);
        await markUnschedulable(pod, 'Unschedulable', message, decision.node);
      } else await markUnschedulable(pod, 'Unschedulable', message);
    } catch (err) {
      if (isStatusError(err, 'Conflict') || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
    return { requeueAfter: UNSCHEDULABLE_RETRY_MS };
  }

  pods.addEventHandler({
    onAdd: (p) => needsScheduling(p) && queue.add(objectKey(p)),
    onUpdate: (old, p) => {
      const key = objectKey(p);
      if (podSpec(p).nodeName) {
        if (!isTerminal(old) && isTerminal(p)) retryUnschedulable();
        return;
      }
      // Our own status writes change nothing the decision depends on.
      const relevant = !deepEqual(old.spec, p.spec) || !deepEqual(old.metadata.labels, p.metadata.labels) || needsScheduling(old) !== needsScheduling(p);
      if (relevant || !unschedulable.has(key)) queue.add(key);
    },
    onDelete: (p) => {
      unschedulable.delete(objectKey(p));
      if (podSpec(p).nodeName) retryUnschedulable();
    },
  });
  volumes.onChange(() => retryUnschedulable());
  nodes.addEventHandler({
    onAdd: () => retryUnschedulable(),
    onUpdate: (old, n) => {
      const readyOf = (o: KubeObject) => ((o.status as PodStatus)?.conditions ?? []).find((c) => c.type === 'Ready')?.status;
      const allocatable = (o: KubeObject) => (o.status as { allocatable?: unknown })?.allocatable;
      if (!deepEqual(old.spec, n.spec) || !deepEqual(old.metadata.labels, n.metadata.labels) || readyOf(old) !== readyOf(n) || !deepEqual(allocatable(old), allocatable(n))) {
        retryUnschedulable();
      }
    },
  });

  factory.start();
  const controller = runWhenSynced({ name: 'scheduler', queue, reconcile, objectFor: (k) => pods.getByKey(k) }, [pods, nodes, volumes]);
  return {
    async stop() {
      await controller.stop();
      await Promise.all(binding);
    },
  };
}
