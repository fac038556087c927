// Tenant deletion in order (the tenant chart's pre-delete hook, templates/cleanup-job.yaml, whose
// Job runs `kubectl delete helmreleases … --wait` twice): when a Tenant's HelmRelease is deleted,
// first the apps in the tenant's namespace go (every HelmRelease with an application kind that is
// not a tenant module — child Tenants among them, which clean up their own subtree the same way),
// then the tenant modules; only then is the finalizer released, and the helm-controller's
// uninstall removes the namespace with everything the chart made.
//
// cozylab's simulated pods cannot run kubectl, so this controller does the hook Job's work; its
// finalizer stands for "the pre-delete hook has not finished", which the helm-controller waits for.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { objectKey, refOf, runController, WorkQueue, type Clock, type InformerFactory, type KubeClient, type ReconcileResult } from '../../controller/index.ts';
import { childNamespaceName } from '../charts/apps/tenant/names.ts';
import { TENANT_MODULE_LABEL } from '../charts/apps/tenant/modules.ts';

export const TENANT_CLEANUP_FINALIZER = 'tenant.cozystack.io/cleanup';
const FLUX_FINALIZER = 'finalizers.fluxcd.io';
const KIND_LABEL = 'apps.cozystack.io/application.kind';
const HELMRELEASE_GVK = { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease' };

export interface TenantCleanupDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  workers?: number;
}

/** The helm-controller is in the middle of an action (its Ready is Unknown, or not written yet). */
function releaseBusy(hr: KubeObject): boolean {
  const ready = ((hr.status as { conditions?: Array<{ type: string; status: string }> } | undefined)?.conditions ?? []).find((c) => c.type === 'Ready');
  return !ready || ready.status === 'Unknown';
}

export function isTenantRelease(hr: KubeObject): boolean {
  return hr.metadata.labels?.[KIND_LABEL] === 'Tenant' && /^tenant-[a-z0-9]+$/.test(hr.metadata.name ?? '');
}

/** The namespace a tenant HelmRelease makes: `tenant-foo` in tenant-root → tenant-foo. */
export function tenantNamespaceOfRelease(hr: KubeObject): string {
  return childNamespaceName(hr.metadata.namespace!, hr.metadata.name!.slice('tenant-'.length));
}

/** The key of the tenant HelmRelease that owns namespace `ns`, or undefined (tenant-root, non-tenant namespaces). */
export function owningReleaseKey(ns: string): string | undefined {
  if (!ns.startsWith('tenant-') || ns === 'tenant-root') return undefined;
  const parts = ns.split('-');
  const parent = parts.length === 2 ? 'tenant-root' : parts.slice(0, -1).join('-');
  return `${parent}/tenant-${parts.at(-1)}`;
}

export function startTenantCleanupController(deps: TenantCleanupDeps): { stop(): Promise<void> } {
  const { client, factory, clock } = deps;
  const releases = factory.informerFor(HELMRELEASE_GVK);
  const queue = new WorkQueue<string>({ clock });
  const wakeOwner = (hr: KubeObject) => {
    const owner = owningReleaseKey(hr.metadata.namespace ?? '');
    if (owner && releases.getByKey(owner)?.metadata.deletionTimestamp) queue.add(owner);
  };
  releases.addEventHandler({
    onAdd: (hr) => isTenantRelease(hr) && queue.add(objectKey(hr)),
    onUpdate: (_, hr) => {
      if (isTenantRelease(hr)) queue.add(objectKey(hr));
      if (hr.metadata.deletionTimestamp) wakeOwner(hr);
    },
    onDelete: wakeOwner,
  });

  async function removeFinalizer(hr: KubeObject): Promise<void> {
    const at = (hr.metadata.finalizers ?? []).indexOf(TENANT_CLEANUP_FINALIZER);
    const path = `/metadata/finalizers/${at}`;
    try {
      await client.patch(refOf(hr), 'json', [{ op: 'test', path, value: TENANT_CLEANUP_FINALIZER }, { op: 'remove', path }]);
    } catch (err) {
      if (!isStatusError(err, 'NotFound')) throw err;
    }
  }

  /** Deletes what is not yet being deleted; true while any of them still exists. */
  async function deleteAndWait(items: KubeObject[]): Promise<boolean> {
    for (const item of items) {
      if (item.metadata.deletionTimestamp) continue;
      try {
        await client.delete(refOf(item), { propagationPolicy: 'Background' });
      } catch (err) {
        if (!isStatusError(err, 'NotFound')) throw err;
      }
    }
    return items.length > 0;
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const hr = releases.getByKey(key);
    if (!hr || !isTenantRelease(hr)) return;
    const finalizers = hr.metadata.finalizers ?? [];
    if (!hr.metadata.deletionTimestamp) {
      // Joined once Flux has its own finalizer on and is between actions, so the two writers do not
      // race; appended by a JSON patch, which needs no resourceVersion.
      if (finalizers.includes(TENANT_CLEANUP_FINALIZER) || !finalizers.includes(FLUX_FINALIZER) || releaseBusy(hr)) return;
      await client.patch(refOf(hr), 'json', [{ op: 'add', path: '/metadata/finalizers/-', value: TENANT_CLEANUP_FINALIZER }]);
      return;
    }
    if (!finalizers.includes(TENANT_CLEANUP_FINALIZER)) return;
    const namespace = tenantNamespaceOfRelease(hr);
    // The root tenant's namespace is its own release namespace: there is nothing of its own to clear first.
    if (namespace !== hr.metadata.namespace) {
      const inTenant = releases.list(namespace).filter((r) => r.metadata.labels?.[KIND_LABEL] !== undefined);
      const apps = inTenant.filter((r) => r.metadata.labels?.[TENANT_MODULE_LABEL] !== 'true');
      if (await deleteAndWait(apps)) return;
      const modules = inTenant.filter((r) => r.metadata.labels?.[TENANT_MODULE_LABEL] === 'true');
      if (await deleteAndWait(modules)) return;
    }
    await removeFinalizer(hr);
  }

  let controller: { stop(): Promise<void> } | undefined;
  let stopped = false;
  void releases.waitForSync().then(() => {
    if (!stopped) controller = runController({ name: 'tenant-cleanup-controller', queue, reconcile, workers: deps.workers ?? 2 });
  });
  return {
    async stop() {
      stopped = true;
      queue.shutDown();
      await controller?.stop();
    },
  };
}
