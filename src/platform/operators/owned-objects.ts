// How an operator keeps the objects it owns: each carries a controller reference to the custom
// resource; a missing one is created, one whose spec or labels drifted from the desired state is
// patched back (Pods and PVCs only created: their specs are immutable), and one no longer desired is deleted.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject, OwnerReference } from '../../machinery/object.ts';
import { refOf, type KubeClient } from '../../controller/index.ts';

export function controllerRef(owner: KubeObject): OwnerReference {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name ?? '', uid: owner.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
}

export function ownedBy(owner: KubeObject, obj: KubeObject): KubeObject {
  // A cluster-scoped owner's children are placed by the operator (its own namespace).
  return { ...obj, metadata: { ...obj.metadata, namespace: owner.metadata.namespace ?? obj.metadata.namespace, ownerReferences: [controllerRef(owner)] } };
}

/** True when every field of `want` is present in `have` with the same value (arrays compared whole). */
export function isSubset(want: unknown, have: unknown): boolean {
  if (want === null || typeof want !== 'object') return want === have;
  if (Array.isArray(want)) return Array.isArray(have) && want.length === have.length && want.every((w, i) => isSubset(w, have[i]));
  if (have === null || typeof have !== 'object' || Array.isArray(have)) return false;
  return Object.entries(want as Record<string, unknown>).every(([k, v]) => isSubset(v, (have as Record<string, unknown>)[k]));
}

const CREATE_ONLY = new Set(['Pod', 'PersistentVolumeClaim']);

/** Creates or corrects one owned object; returns what is in the cluster now. */
export async function applyOwned(client: KubeClient, desired: KubeObject): Promise<KubeObject> {
  let current: KubeObject | undefined;
  try {
    current = await client.get(refOf(desired));
  } catch (err) {
    if (!isStatusError(err, 'NotFound')) throw err;
  }
  if (!current) return client.create(desired);
  if (CREATE_ONLY.has(desired.kind)) return current;
  const want = { labels: desired.metadata.labels ?? {}, spec: desired.spec ?? {} };
  if (isSubset(want, { labels: current.metadata.labels ?? {}, spec: current.spec ?? {} })) return current;
  return client.patch(refOf(desired), 'merge', { metadata: { labels: desired.metadata.labels ?? {} }, spec: desired.spec ?? {} });
}

export async function deleteIfPresent(client: KubeClient, obj: KubeObject): Promise<void> {
  try {
    await client.delete(refOf(obj), { preconditions: { uid: obj.metadata.uid } });
  } catch (err) {
    if (!isStatusError(err, 'NotFound') && !isStatusError(err, 'Conflict')) throw err;
  }
}
