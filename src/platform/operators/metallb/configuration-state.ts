// MetalLB 0.16's ConfigurationStates: the controller (`controller`) and each speaker
// (`speaker-<node>`) say whether the configuration they read is valid — `kubectl get
// configurationstates -n cozy-metallb` shows Valid, or Invalid with the error (an unparsable or
// overlapping pool). Each is owned by its pod, as the real ones are.

import type { KubeObject } from '../../../machinery/object.ts';
import { isStatusError } from '../../../machinery/errors.ts';
import { runWhenSynced, WorkQueue, type ReconcileResult } from '../../../controller/index.ts';
import { formatTime } from '../../../apiserver/registry/codec.ts';
import { isServing, METALLB_NAMESPACE, POOL_GVK, type MetallbDeps } from './controller.ts';
import { poolsFromResources } from './pools.ts';

const STATE = { apiVersion: 'metallb.io/v1beta1', kind: 'ConfigurationState' };
const COMPONENT = 'app.kubernetes.io/component';

type Rec = Record<string, any>;

/** Which state a MetalLB pod reports, by its component; undefined for another pod. */
function stateOf(pod: KubeObject): { name: string; labels: Record<string, string>; condition: string } | undefined {
  const component = pod.metadata.labels?.[COMPONENT];
  const node = (pod.spec as Rec | undefined)?.nodeName as string | undefined;
  if (component === 'controller') return { name: 'controller', labels: { 'metallb.io/component-type': 'controller' }, condition: 'poolReconcilerValid' };
  if (component === 'speaker' && node) return { name: `speaker-${node}`, labels: { 'metallb.io/component-type': 'speaker', 'metallb.io/node-name': node }, condition: 'configReconcilerValid' };
  return undefined;
}

export function startConfigurationStates(deps: MetallbDeps): { stop(): Promise<void> } {
  const { client, factory, clock } = deps;
  const pools = factory.informerFor(POOL_GVK, { namespace: METALLB_NAMESPACE });
  const pods = factory.informerFor({ apiVersion: 'v1', kind: 'Pod' }, { namespace: METALLB_NAMESPACE, labelSelector: 'app.kubernetes.io/name=metallb' });
  const states = factory.informerFor(STATE, { namespace: METALLB_NAMESPACE });
  const queue = new WorkQueue<string>({ clock });
  const enqueueAll = () => pods.list().forEach((p) => { const s = stateOf(p); if (s) queue.add(s.name); });

  async function reconcile(name: string): Promise<ReconcileResult | void> {
    const pod = pods.list().find((p) => stateOf(p)?.name === name && isServing(p));
    if (!pod) return;
    const { labels, condition } = stateOf(pod)!;
    const parsed = poolsFromResources(pools.list());
    const error = typeof parsed === 'string' ? `configuration error: ${parsed}` : undefined;
    const status = {
      result: error ? 'Invalid' : 'Valid',
      ...(error ? { errorSummary: error } : {}),
      conditions: [{ type: condition, status: error ? 'False' : 'True', reason: error ? 'ConfigurationError' : 'Reconciled', message: error ?? '', lastTransitionTime: formatTime(clock.now()) }],
    };
    const current = states.get(METALLB_NAMESPACE, name);
    const same = current && (current.status as Rec | undefined)?.result === status.result && ((current.status as Rec | undefined)?.errorSummary ?? undefined) === status.errorSummary;
    if (same && current.metadata.ownerReferences?.[0]?.uid === pod.metadata.uid) return;
    try {
      const ownerReferences = [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name!, uid: pod.metadata.uid!, controller: true, blockOwnerDeletion: true }];
      const base = current
        ? await client.update({ ...current, metadata: { ...current.metadata, labels, ownerReferences } })
        : await client.create({ ...STATE, metadata: { name, namespace: METALLB_NAMESPACE, labels, ownerReferences }, spec: {} });
      await client.updateStatus({ ...base, status });
    } catch (err) {
      if (isStatusError(err, 'Conflict') || isStatusError(err, 'AlreadyExists') || isStatusError(err, 'NotFound')) return { requeue: true };
      throw err;
    }
  }

  const onPod = (p: KubeObject) => { const s = stateOf(p); if (s) queue.add(s.name); };
  pods.addEventHandler({ onAdd: onPod, onUpdate: (_, p) => onPod(p) });
  pools.addEventHandler({ onAdd: enqueueAll, onUpdate: enqueueAll, onDelete: enqueueAll });
  states.addEventHandler({ onDelete: (s) => queue.add(s.metadata.name!) });

  const controller = runWhenSynced({ name: 'metallb-configuration-state', queue, reconcile, workers: 1 }, [pools, pods, states], enqueueAll);
  return {
    async stop() {
      queue.shutDown();
      await controller.stop();
    },
  };
}
