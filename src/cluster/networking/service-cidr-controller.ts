// kube-controller-manager's service-cidr-controller: every ServiceCIDR carries the protection
// finalizer and a Ready condition; a deleted one keeps its finalizer while an IPAddress the
// allocator made lies in it and in no other ServiceCIDR (Ready=False, reason Terminating), and
// loses it once none does and the allocators have had a grace period to stop using the range.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { parsePrefix, prefixContainsIP, prefixContainsPrefix, type Prefix } from '../../machinery/net/ip.ts';
import { runController, WorkQueue, objectKey, type Clock, type InformerFactory, type KubeClient, type ReconcileResult } from '../../controller/index.ts';
import { formatTime } from '../workloads/conditions.ts';
import { afterSync, type StoppableController } from '../workloads/workload-deps.ts';

export const SERVICE_CIDR_GVK = { apiVersion: 'networking.k8s.io/v1', kind: 'ServiceCIDR' };
export const IP_ADDRESS_GVK = { apiVersion: 'networking.k8s.io/v1', kind: 'IPAddress' };
export const SERVICE_CIDR_FINALIZER = 'networking.k8s.io/service-cidr-finalizer';
/** How long a deleted ServiceCIDR waits, once nothing blocks it, for every allocator to see the deletion. */
export const DELETION_GRACE_MS = 10_000;
const ORPHANS_MESSAGE = 'There are still IPAddresses referencing the ServiceCIDR, please remove them or create a new ServiceCIDR';

type Condition = { type: string; status: string; reason?: string; message?: string; lastTransitionTime?: string };

export interface ServiceCIDRControllerDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
}

const prefixesOf = (cidr: KubeObject): Prefix[] => (((cidr.spec as { cidrs?: string[] } | undefined)?.cidrs ?? []).map(parsePrefix).filter((p): p is Prefix => p !== undefined));

export function startServiceCIDRController(deps: ServiceCIDRControllerDeps): StoppableController {
  const { client, factory, clock } = deps;
  const cidrs = factory.informerFor(SERVICE_CIDR_GVK);
  const addresses = factory.informerFor(IP_ADDRESS_GVK);
  const queue = new WorkQueue<string>({ clock });
  const enqueue = (c: KubeObject) => queue.add(objectKey(c));
  cidrs.addEventHandler({ onAdd: enqueue, onUpdate: (_, c) => enqueue(c), onDelete: () => {} });
  // Any change of addresses or of other ranges may unblock a ServiceCIDR being deleted.
  const wakeDeleting = () => {
    for (const c of cidrs.list('')) if (c.metadata.deletionTimestamp) enqueue(c);
  };
  addresses.addEventHandler({ onAdd: () => {}, onUpdate: () => {}, onDelete: wakeDeleting });
  cidrs.addEventHandler({ onAdd: wakeDeleting, onUpdate: () => {}, onDelete: wakeDeleting });

  /** Ranges of the others that hold `p` whole. */
  const coveredElsewhere = (self: KubeObject, p: Prefix) => cidrs.list('').some((o) => o.metadata.name !== self.metadata.name && !o.metadata.deletionTimestamp && prefixesOf(o).some((q) => prefixContainsPrefix(q, p)));
  const heldOnlyBy = (self: KubeObject, ip: string) =>
    !cidrs.list('').some((o) => o.metadata.name !== self.metadata.name && !o.metadata.deletionTimestamp && prefixesOf(o).some((q) => prefixContainsIP(q, ip)));

  function canDelete(cidr: KubeObject): boolean {
    const uncovered = prefixesOf(cidr).filter((p) => !coveredElsewhere(cidr, p));
    if (uncovered.length === 0) return true;
    return !addresses.list('').some((a) => {
      const ip = a.metadata.name ?? '';
      return a.metadata.labels?.['ipaddress.kubernetes.io/managed-by'] === 'ipallocator.k8s.io' && uncovered.some((p) => prefixContainsIP(p, ip)) && heldOnlyBy(cidr, ip);
    });
  }

  async function setReady(cidr: KubeObject, ready: Condition): Promise<void> {
    const conditions = ((cidr.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).filter((c) => c.type !== 'Ready');
    const current = ((cidr.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).find((c) => c.type === 'Ready');
    if (current && current.status === ready.status && (current.reason ?? '') === (ready.reason ?? '') && (ready.status === 'True' || current.message === ready.message)) return;
    await client.updateStatus({ ...cidr, status: { ...(cidr.status as object), conditions: [...conditions, ready] } });
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const cidr = cidrs.getByKey(key);
    if (!cidr) return;
    const now = formatTime(clock.now());
    const finalizers = cidr.metadata.finalizers ?? [];
    try {
      if (cidr.metadata.deletionTimestamp) {
        if (!canDelete(cidr)) return await setReady(cidr, { type: 'Ready', status: 'False', reason: 'Terminating', message: ORPHANS_MESSAGE, lastTransitionTime: now });
        const wait = Date.parse(cidr.metadata.deletionTimestamp) + DELETION_GRACE_MS - clock.now().getTime();
        if (wait > 0) return { requeueAfter: wait };
        if (finalizers.includes(SERVICE_CIDR_FINALIZER)) await client.update({ ...cidr, metadata: { ...cidr.metadata, finalizers: finalizers.filter((f) => f !== SERVICE_CIDR_FINALIZER) } });
        return;
      }
      let current = cidr;
      if (!finalizers.includes(SERVICE_CIDR_FINALIZER)) current = await client.update({ ...cidr, metadata: { ...cidr.metadata, finalizers: [...finalizers, SERVICE_CIDR_FINALIZER] } });
      await setReady(current, { type: 'Ready', status: 'True', reason: '', message: 'Kubernetes Service CIDR is ready', lastTransitionTime: now });
    } catch (err) {
      if (isStatusError(err, 'Conflict')) return { requeue: true };
      if (isStatusError(err, 'NotFound')) return;
      throw err;
    }
  }

  return afterSync([cidrs, addresses], () => runController({ name: 'service-cidr-controller', queue, reconcile, workers: 1, objectFor: (k) => cidrs.getByKey(k) }));
}
