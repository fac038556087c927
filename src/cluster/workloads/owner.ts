// Controller references and the ControllerRefManager's claim: a controller keeps what it owns and
// still selects, adopts orphans its selector matches, and releases what it owns but no longer selects.

import { isStatusError } from '../../machinery/errors.ts';
import { matches, type LabelSelector } from '../../machinery/labels.ts';
import type { KubeObject, OwnerReference } from '../../machinery/object.ts';
import { refOf, type KubeClient, type SharedInformer } from '../../controller/index.ts';

export function controllerRefOf(obj: KubeObject): OwnerReference | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true);
}

export function newControllerRef(owner: KubeObject): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name ?? '',
    uid: owner.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

export function isControlledBy(obj: KubeObject, owner: KubeObject): boolean {
  return controllerRefOf(obj)?.uid === owner.metadata.uid;
}

export function isTerminating(obj: KubeObject): boolean {
  return Boolean(obj.metadata.deletionTimestamp);
}

/**
 * The owner key (`namespace/name`) an object's controllerRef names when it is of the given kind;
 * informer handlers use it to wake the owner up.
 */
export function ownerKeyOf(obj: KubeObject, kind: string): string | undefined {
  const ref = controllerRefOf(obj);
  if (!ref || ref.kind !== kind) return undefined;
  return obj.metadata.namespace ? `${obj.metadata.namespace}/${ref.name}` : ref.name;
}

/** An informer index of objects by their controller's uid, orphans by `orphan/<namespace>`, as upstream's controllerUIDIndex. */
export const CONTROLLER_UID_INDEX = 'controllerUID';

export function controllerUidIndex(obj: KubeObject): string[] {
  const ref = controllerRefOf(obj);
  return [ref ? ref.uid : `orphan/${obj.metadata.namespace ?? ''}`];
}

/** What claimObjects needs to see for this owner: the objects it controls and the orphans of its namespace. */
export function claimCandidates<T extends KubeObject>(informer: SharedInformer<T>, owner: KubeObject): T[] {
  return [...informer.byIndex(CONTROLLER_UID_INDEX, owner.metadata.uid ?? ''), ...informer.byIndex(CONTROLLER_UID_INDEX, `orphan/${owner.metadata.namespace ?? ''}`)];
}

/**
 * ClaimObjects: returns the candidates the owner controls after adopting matching orphans and
 * releasing owned objects its selector no longer matches. Adoption and release are patches that
 * carry the resourceVersion seen, so a concurrent change makes the patch fail and the object is
 * left to the next sync.
 */
export async function claimObjects<T extends KubeObject>(client: KubeClient, owner: KubeObject, selector: LabelSelector, candidates: T[]): Promise<T[]> {
  const claimed: T[] = [];
  const ownerDeleting = isTerminating(owner);
  for (const obj of candidates) {
    const ref = controllerRefOf(obj);
    const selected = matches(selector, obj.metadata.labels);
    if (ref) {
      if (ref.uid !== owner.metadata.uid) continue;
      if (selected) claimed.push(obj);
      else if (!ownerDeleting) await patchOwners(client, obj, (obj.metadata.ownerReferences ?? []).filter((r) => r.uid !== owner.metadata.uid));
      continue;
    }
    if (!selected || ownerDeleting || isTerminating(obj)) continue;
    const adopted = await patchOwners(client, obj, [...(obj.metadata.ownerReferences ?? []), newControllerRef(owner)]);
    if (adopted) claimed.push(adopted);
  }
  return claimed;
}

async function patchOwners<T extends KubeObject>(client: KubeClient, obj: T, ownerReferences: OwnerReference[]): Promise<T | undefined> {
  try {
    return await client.patch<T>(refOf(obj), 'merge', {
      metadata: { resourceVersion: obj.metadata.resourceVersion, ownerReferences: ownerReferences.length ? ownerReferences : null },
    });
  } catch (err) {
    if (isStatusError(err, 'NotFound') || isStatusError(err, 'Conflict')) return undefined;
    throw err;
  }
}
