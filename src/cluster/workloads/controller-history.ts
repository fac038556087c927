// The template history of a StatefulSet or DaemonSet as ControllerRevisions (upstream's
// pkg/controller/history): one revision per distinct template, named `<owner>-<hash>`, numbered in
// the order the templates became the update target. Going back to an earlier template renumbers
// its revision rather than making a new one, and revisions no pod runs are pruned beyond
// revisionHistoryLimit. `kubectl rollout history` and `rollout undo` read and apply them.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { refOf, type KubeClient } from '../../controller/index.ts';
import { newControllerRef } from './owner.ts';
import { specOf } from './workload-deps.ts';

export const CONTROLLER_REVISION_GVK = { apiVersion: 'apps/v1', kind: 'ControllerRevision' };

export type ControllerRevision = KubeObject & { data?: unknown; revision?: number };

export interface RevisionIdentity {
  /** `<owner>-<hash>`. */
  name: string;
  /** The template's labels plus the controller's hash label. */
  labels: Record<string, string>;
}

export interface HistorySync {
  update: ControllerRevision;
  /** The revision the status names as current, when it still exists. */
  current: ControllerRevision | undefined;
}

export function revisionNumber(r: ControllerRevision): number {
  return Number(r.revision ?? 0);
}

const byRevision = (a: ControllerRevision, b: ControllerRevision) => revisionNumber(a) - revisionNumber(b) || (a.metadata.name! < b.metadata.name! ? -1 : 1);

/** getPatch: the owner's template as a strategic merge patch that replaces the template whole. */
export function templatePatch(owner: KubeObject): Record<string, unknown> {
  const template = structuredClone((specOf(owner).template ?? {}) as Record<string, unknown>);
  template.$patch = 'replace';
  return { spec: { template } };
}

/**
 * Makes the revision of the owner's template the newest one (creating it, or renumbering an
 * earlier one it returns to) and prunes unused old ones. `owned`: the revisions the owner controls.
 */
export async function syncHistory(
  client: KubeClient,
  owner: KubeObject,
  owned: ControllerRevision[],
  wanted: RevisionIdentity,
  opts: { currentName?: string; liveNames: Set<string> },
): Promise<HistorySync> {
  const revisions = [...owned].sort(byRevision);
  const newest = revisions.at(-1);
  const next = newest ? revisionNumber(newest) + 1 : 1;
  let update = revisions.find((r) => r.metadata.name === wanted.name);
  if (!update) update = await createRevision(client, owner, wanted, next);
  else if (update !== newest) update = await client.update<ControllerRevision>({ ...update, revision: next });
  const current = opts.currentName === update.metadata.name ? update : revisions.find((r) => r.metadata.name === opts.currentName);
  await pruneHistory(client, owner, revisions, new Set([...opts.liveNames, update.metadata.name!, ...(current ? [current.metadata.name!] : [])]));
  return { update, current };
}

async function createRevision(client: KubeClient, owner: KubeObject, wanted: RevisionIdentity, revision: number): Promise<ControllerRevision> {
  const annotations = owner.metadata.annotations;
  const object: ControllerRevision = {
    ...CONTROLLER_REVISION_GVK,
    metadata: {
      name: wanted.name,
      namespace: owner.metadata.namespace,
      labels: wanted.labels,
      ...(annotations && Object.keys(annotations).length ? { annotations: { ...annotations } } : {}),
      ownerReferences: [newControllerRef(owner)],
    },
    data: templatePatch(owner),
    revision,
  };
  try {
    return await client.create<ControllerRevision>(object);
  } catch (err) {
    // Made by an earlier pass the cache has not shown yet.
    if (!isStatusError(err, 'AlreadyExists')) throw err;
    return client.get<ControllerRevision>({ ...CONTROLLER_REVISION_GVK, namespace: owner.metadata.namespace, name: wanted.name });
  }
}

/** truncateHistory: keeps every live revision and the newest revisionHistoryLimit of the others. */
async function pruneHistory(client: KubeClient, owner: KubeObject, revisions: ControllerRevision[], live: Set<string>): Promise<void> {
  const limit = Number(specOf(owner).revisionHistoryLimit ?? 10);
  const historic = revisions.filter((r) => !live.has(r.metadata.name!));
  for (const r of historic.slice(0, Math.max(0, historic.length - limit))) {
    try {
      await client.delete(refOf(r), { preconditions: { uid: r.metadata.uid } });
    } catch (err) {
      if (!isStatusError(err, 'NotFound') && !isStatusError(err, 'Conflict')) throw err;
    }
  }
}
