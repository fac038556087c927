// Watching what HelmReleases installed, so drift is seen within moments rather than at the next
// interval: one shared informer per kind seen in a release manifest, selecting only objects that
// carry helm-controller's origin label. A managed object deleted, edited where helm-controller owns
// it, or stripped of the label wakes the HelmRelease it belongs to; one whose readiness moves wakes
// it too (the helm-controller then acts only if the release waits on it).

import { deepEqual, isPlainObject, type KubeObject, type ManagedFieldsEntry } from '../../machinery/object.ts';
import type { InformerFactory, SharedInformer } from '../../controller/index.ts';
import { readinessOf } from '../helm/readiness.ts';
import { HELM_CONTROLLER } from './kinds.ts';

export const ORIGIN_NAME_LABEL = 'helm.toolkit.fluxcd.io/name';
export const ORIGIN_NAMESPACE_LABEL = 'helm.toolkit.fluxcd.io/namespace';

export class ManagedObjectWatch {
  private readonly watched = new Map<string, SharedInformer>();

  constructor(
    private readonly factory: InformerFactory,
    /**
     * Wakes a HelmRelease (`namespace/name`). `statusOnly` when no drift can come of the change,
     * only the object's readiness (what a release waiting on it checks): an update that moves
     * neither what helm-controller owns nor the object's readiness wakes nothing.
     */
    private readonly wake: (hrKey: string, statusOnly: boolean) => void,
  ) {}

  /** Starts watching every kind of these objects not yet watched. */
  ensure(objects: KubeObject[]): void {
    for (const obj of objects) {
      const id = `${obj.apiVersion}|${obj.kind}`;
      if (this.watched.has(id)) continue;
      const informer = this.factory.informerFor({ apiVersion: obj.apiVersion, kind: obj.kind }, { labelSelector: ORIGIN_NAME_LABEL });
      this.watched.set(id, informer);
      informer.addEventHandler({
        onAdd: (o) => this.notify(o, true),
        onUpdate: (old, o) => {
          if (!outsideRelease(old, o)) this.notify(o, false);
          else if (readinessOf(old).status !== readinessOf(o).status) this.notify(o, true);
        },
        onDelete: (o) => this.notify(o, false),
      });
    }
  }

  /**
   * The managed object as the watch last saw it: what woke its release, so readiness read here is
   * never older than the event. Undefined when the kind's watch has not synced or the object is not
   * among those watched (its origin label gone): then ask the API.
   */
  cached(obj: KubeObject): KubeObject | undefined {
    const informer = this.watched.get(`${obj.apiVersion}|${obj.kind}`);
    if (!informer?.hasSynced()) return undefined;
    return informer.get(obj.metadata.namespace, obj.metadata.name!);
  }

  private notify(obj: KubeObject, statusOnly: boolean): void {
    const name = obj.metadata.labels?.[ORIGIN_NAME_LABEL];
    const namespace = obj.metadata.labels?.[ORIGIN_NAMESPACE_LABEL];
    if (name && namespace) this.wake(`${namespace}/${name}`, statusOnly);
  }
}

/**
 * Nothing helm-controller applied moved between `a` and `b`: the change is in status, or in fields
 * owned by other managers only (a Deployment's revision annotation, an aggregated ClusterRole's
 * rules), while helm-controller's own managedFields stayed as they were. A dry-run apply of the
 * release's objects then gives what the cluster holds, so drift detection could find nothing.
 */
export function outsideRelease(a: KubeObject, b: KubeObject, manager = HELM_CONTROLLER): boolean {
  const mine = (o: KubeObject) => (o.metadata.managedFields ?? []).filter((e) => e.manager === manager);
  const before = mine(a);
  if (!deepEqual(before, mine(b))) return false;
  // Without an entry of its own (managedFields cleared), the manager could own anything.
  const owned = before.length ? ownedFields(before) : undefined;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'status') continue;
    const ownedHere = owned ? owned[`f:${key}`] : {};
    if (key !== 'metadata') {
      if (!foreignOnly(a[key], b[key], ownedHere)) return false;
      continue;
    }
    const am = a.metadata as Record<string, unknown>;
    const bm = b.metadata as Record<string, unknown>;
    for (const mk of new Set([...Object.keys(am), ...Object.keys(bm)])) {
      if (mk === 'resourceVersion' || mk === 'managedFields') continue;
      if (!foreignOnly(am[mk], bm[mk], !owned ? {} : isPlainObject(ownedHere) ? ownedHere[`f:${mk}`] : undefined)) return false;
    }
  }
  return true;
}

/** The union of the manager's fieldsV1 (main resource only: status is not the release's). */
function ownedFields(entries: ManagedFieldsEntry[]): Record<string, unknown> {
  const sets = entries.filter((e) => !e.subresource).map((e) => e.fieldsV1 ?? {});
  return sets.length === 1 ? sets[0]! : sets.reduce(unionFields, {});
}

/** The union of two fieldsV1 trees, as a new tree (neither input is changed). */
function unionFields(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const mine = out[k];
    out[k] = isPlainObject(mine) && isPlainObject(v) ? unionFields(mine, v) : (mine ?? v);
  }
  return out;
}

/** `x` and `y` differ only where the manager owns nothing (`owned`: its fieldsV1 node here). */
function foreignOnly(x: unknown, y: unknown, owned: unknown): boolean {
  if (owned === undefined) return true;
  if (deepEqual(x, y)) return true;
  // A map whose members the manager owns one by one: look at each member; anything else it owns whole.
  if (!isPlainObject(x) || !isPlainObject(y) || !isPlainObject(owned)) return false;
  if (!Object.keys(owned).some((k) => k.startsWith('f:'))) return false;
  for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) if (!foreignOnly(x[k], y[k], owned[`f:${k}`])) return false;
  return true;
}
