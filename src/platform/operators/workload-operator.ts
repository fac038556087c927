// The loop every simulated operator here shares: for each custom resource of a kind, compute the
// objects the real operator would create (Deployments, StatefulSets, Services, Pods …), keep them
// owned and in shape, and write the resource's status from whether they are ready — woken by
// changes to the resource and to anything it owns.

import type { KubeObject } from '../../machinery/object.ts';
import { isStatusError } from '../../machinery/errors.ts';
import { objectKey, runController, WorkQueue, type Clock, type GroupVersionKind, type InformerFactory, type KubeClient, type ReconcileResult, type RunningController } from '../../controller/index.ts';
import { readinessOf } from '../helm/readiness.ts';
import { whenCrdsEstablished } from './crd-gate.ts';
import { applyOwned, ownedBy } from './owned-objects.ts';

export interface OperatorDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
}

export interface OperatedKind {
  /** The controller's name, e.g. `vmcluster`. */
  name: string;
  gvk: GroupVersionKind;
  /** `<plural>.<group>` of the kind's CRD; the loop starts once it is Established. */
  crd: string;
  /**
   * What the resource should own, before ownerReference (and, for a namespaced resource, namespace)
   * are set; `nodes`: the cluster's node names, for what an operator makes per node.
   */
  children(cr: KubeObject, nodes: string[]): KubeObject[];
  /** The resource is cluster-scoped: its children name their namespace themselves. */
  clusterScoped?: boolean;
  /** Some children are per node: the node names are passed, and a node added or removed wakes every resource. */
  perNode?: boolean;
  /** The kind's CRD declares no status subresource: status is written with the resource (cdi.kubevirt.io's CDI). */
  noStatusSubresource?: boolean;
  /** The status to write, given the owned objects as they are now and whether all are ready. */
  status(cr: KubeObject, owned: KubeObject[], ready: boolean, now: Date): Record<string, unknown>;
}

/** Child kinds whose changes wake their owner. */
const WATCHED_CHILDREN: GroupVersionKind[] = [
  { apiVersion: 'apps/v1', kind: 'Deployment' },
  { apiVersion: 'apps/v1', kind: 'StatefulSet' },
  { apiVersion: 'apps/v1', kind: 'DaemonSet' },
  { apiVersion: 'v1', kind: 'Pod' },
];

export interface Stoppable {
  stop(): Promise<void>;
}

export function startWorkloadOperator(deps: OperatorDeps, kind: OperatedKind): Stoppable {
  const { client, factory, clock } = deps;
  const queue = new WorkQueue<string>({ clock });
  let controller: RunningController | undefined;

  whenCrdsEstablished(factory, [kind.crd], () => {
    const resources = factory.informerFor(kind.gvk);
    const enqueue = (o: KubeObject) => queue.add(objectKey(o));
    resources.addEventHandler({ onAdd: enqueue, onUpdate: (_, o) => enqueue(o) });
    const wakeOwner = (o: KubeObject) => {
      const ref = o.metadata.ownerReferences?.find((r) => r.controller && r.kind === kind.gvk.kind && r.apiVersion === kind.gvk.apiVersion);
      if (ref) queue.add(o.metadata.namespace && !kind.clusterScoped ? `${o.metadata.namespace}/${ref.name}` : ref.name);
    };
    const nodes = kind.perNode ? factory.informerFor({ apiVersion: 'v1', kind: 'Node' }) : undefined;
    nodes?.addEventHandler({ onAdd: () => resources.list().forEach(enqueue), onDelete: () => resources.list().forEach(enqueue) });
    for (const gvk of WATCHED_CHILDREN) factory.informerFor(gvk).addEventHandler({ onAdd: wakeOwner, onUpdate: (_, o) => wakeOwner(o), onDelete: wakeOwner });

    async function reconcile(key: string): Promise<ReconcileResult | void> {
      const cr = resources.getByKey(key);
      if (!cr || cr.metadata.deletionTimestamp) return;
      const owned: KubeObject[] = [];
      const nodeNames = (nodes?.list() ?? []).map((n) => n.metadata.name!).sort();
      const children = kind.children(cr, nodeNames);
      for (const child of [...serviceAccountsFor(children), ...children]) owned.push(await applyOwned(client, ownedBy(cr, child)));
      const ready = owned.every((o) => readinessOf(o).status === 'Current');
      const status = kind.status(cr, owned, ready, clock.now());
      if (JSON.stringify(status) === JSON.stringify(cr.status ?? {})) return;
      try {
        if (kind.noStatusSubresource) await client.update({ ...cr, status });
        else await client.updateStatus({ ...cr, status });
      } catch (err) {
        if (isStatusError(err, 'Conflict') || isStatusError(err, 'NotFound')) return { requeue: true };
        throw err;
      }
    }
    controller = runController({ name: kind.name, queue, reconcile, workers: 2, objectFor: (k) => resources.getByKey(k) });
  });

  return {
    async stop() {
      queue.shutDown();
      await controller?.stop();
    },
  };
}

/**
 * The ServiceAccounts the workloads run as, which the operators make with them (virt-operator's
 * kubevirt-controller, piraeus-operator's linstor-controller …): a pod naming an account that does
 * not exist is refused by admission.
 */
function serviceAccountsFor(children: KubeObject[]): KubeObject[] {
  const accounts = new Map<string, KubeObject>();
  for (const child of children) {
    const name = (child.spec as { template?: { spec?: { serviceAccountName?: string } } } | undefined)?.template?.spec?.serviceAccountName;
    if (!name || name === 'default') continue;
    const namespace = child.metadata.namespace;
    accounts.set(`${namespace}/${name}`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, ...(namespace ? { namespace } : {}) } });
  }
  return [...accounts.values()];
}

/** `True`/`False` condition stamped with the resource's generation. */
export function condition(cr: KubeObject, now: Date, type: string, ok: boolean, reason: string, message: string): Record<string, unknown> {
  const status = ok ? 'True' : 'False';
  const previous = ((cr.status as { conditions?: Array<Record<string, unknown>> } | undefined)?.conditions ?? []);
  const prior = previous.find((c) => c.type === type);
  const lastTransitionTime = prior && prior.status === status ? prior.lastTransitionTime : now.toISOString().replace(/\.\d+Z$/, 'Z');
  return { type, status, reason, message, lastTransitionTime, observedGeneration: cr.metadata.generation };
}
