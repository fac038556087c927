// The resource quota controller of kube-controller-manager: keeps each ResourceQuota's status.hard
// equal to spec.hard and status.used equal to what the live objects of its namespace use,
// recounting when a quota changes, when an object it counts comes, goes or changes its usage, and
// on a periodic full resync (what admission charged is then corrected to what really exists).

import { BUILTIN_KINDS } from '../../apiserver/builtin/definitions.ts';
import { evaluatorFor } from '../../apiserver/quota/evaluators.ts';
import { equalLists, formatResourceList, mask, parseResourceList, type ResourceList } from '../../apiserver/quota/resource-list.ts';
import { calculateUsage, specHard, statusUsed } from '../../apiserver/quota/usage.ts';
import {
  runController,
  splitKey,
  WorkQueue,
  type Clock,
  type GroupVersionKind,
  type InformerFactory,
  type KubeClient,
  type SharedInformer,
  type Timer,
} from '../../controller/index.ts';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';

export const RESOURCE_QUOTA_GVK = { apiVersion: 'v1', kind: 'ResourceQuota' };

/** kube-controller-manager's --resource-quota-sync-period. */
export const DEFAULT_QUOTA_RESYNC_MS = 5 * 60_000;

const NAMESPACE_INDEX = 'resourcequota-namespace';

export interface ResourceQuotaControllerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  resyncMs?: number;
}

const CRD = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' };

/** The kind a quota counts: a built-in kind, or a namespaced custom resource named by its CRD. */
async function kindOf(client: KubeClient, group: string, resource: string): Promise<GroupVersionKind | undefined> {
  const b = BUILTIN_KINDS.find((k) => k.group === group && k.plural === resource);
  if (b) return b.namespaced ? { apiVersion: b.group ? `${b.group}/${b.version}` : b.version, kind: b.kind } : undefined;
  if (!group) return undefined;
  const crd = await client.get({ ...CRD, name: `${resource}.${group}` }).catch(() => undefined);
  const spec = (crd?.spec ?? {}) as { scope?: string; names?: { kind?: string }; versions?: { name: string; served?: boolean; storage?: boolean }[] };
  const version = spec.versions?.find((v) => v.storage) ?? spec.versions?.find((v) => v.served);
  if (spec.scope !== 'Namespaced' || !spec.names?.kind || !version) return undefined;
  return { apiVersion: `${group}/${version.name}`, kind: spec.names.kind };
}

export function startResourceQuotaController(deps: ResourceQuotaControllerDeps): { stop(): Promise<void> } {
  const { client, factory, clock } = deps;
  const quotas = factory.informerFor(RESOURCE_QUOTA_GVK);
  const queue = new WorkQueue<string>({ clock });
  const watched = new Map<string, SharedInformer>();
  const keyOf = (q: KubeObject) => `${q.metadata.namespace}/${q.metadata.name}`;
  const enqueueNamespace = (namespace: string | undefined) => {
    for (const q of quotas.list(namespace)) queue.add(keyOf(q));
  };

  // As upstream: an update counts again only when it changed spec.hard. Status changes are this
  // controller's own, or admission's charges, which the periodic resync checks against the objects.
  quotas.addEventHandler({
    onAdd: (q) => queue.add(keyOf(q)),
    onUpdate: (old, q) => {
      if (!equalLists(specHard(old), specHard(q))) queue.add(keyOf(q));
    },
  });

  /** The informer over a counted kind, started on first need, its changes waking the namespace's quotas. */
  async function informerOf(group: string, resource: string): Promise<SharedInformer | undefined> {
    const id = `${group}/${resource}`;
    if (watched.has(id)) return watched.get(id);
    const gvk = await kindOf(client, group, resource);
    if (watched.has(id)) return watched.get(id);
    const evaluator = evaluatorFor(group, resource);
    if (!gvk || !evaluator) return undefined;
    const informer = factory.informerFor(gvk);
    informer.addIndex(NAMESPACE_INDEX, (obj) => [obj.metadata.namespace ?? '']);
    informer.addEventHandler({
      onAdd: (obj) => enqueueNamespace(obj.metadata.namespace),
      onDelete: (obj) => enqueueNamespace(obj.metadata.namespace),
      onUpdate: (old, obj) => {
        if (quotas.list(obj.metadata.namespace).length === 0) return;
        const now = clock.now();
        if (!equalLists(evaluator.usage(old, now), evaluator.usage(obj, now))) enqueueNamespace(obj.metadata.namespace);
      },
    });
    watched.set(id, informer);
    return informer;
  }

  async function sync(key: string): Promise<void> {
    const quota = quotas.getByKey(key);
    if (!quota || quota.metadata.deletionTimestamp) return;
    const { namespace } = splitKey(key);
    const hard = specHard(quota);
    const names = Object.keys(hard);
    const counted = await calculateUsage(quota, names, clock.now(), async (group, resource) => {
      const informer = await informerOf(group, resource);
      if (!informer) return undefined;
      await informer.waitForSync();
      return informer.byIndex(NAMESPACE_INDEX, namespace);
    });
    const used: ResourceList = mask({ ...statusUsed(quota), ...counted }, names);
    const status = (quota.status ?? {}) as { hard?: unknown; used?: unknown };
    const hardChanged = status.hard === undefined || !equalLists(parseResourceList(status.hard), hard);
    if (!hardChanged && status.used !== undefined && equalLists(used, statusUsed(quota))) return;
    const next: KubeObject = { ...quota, status: { hard: formatResourceList(hard), used: formatResourceList(used) } };
    try {
      await client.updateStatus(next, { fieldManager: 'kube-controller-manager' });
    } catch (err) {
      if (!isStatusError(err, 'NotFound')) throw err;
    }
  }

  let resyncTimer: Timer | undefined;
  const resyncMs = deps.resyncMs ?? DEFAULT_QUOTA_RESYNC_MS;
  const scheduleResync = () => {
    resyncTimer = clock.setTimeout(() => {
      for (const q of quotas.list()) queue.add(keyOf(q));
      scheduleResync();
    }, resyncMs);
  };
  scheduleResync();

  const controller = runController({ name: 'resourcequota', queue, reconcile: sync, workers: 2, onError: () => {} });
  return {
    async stop() {
      clock.clearTimeout(resyncTimer);
      await controller.stop();
    },
  };
}
