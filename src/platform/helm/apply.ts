// Applying a release's objects as Helm does: Helm's ownership metadata on every object, the
// release namespace for namespaced objects that name none, CRDs first (and Established before
// anything uses them), then Helm's install order; an object the release is about to create that
// another release — or nobody — owns is refused with Helm's "invalid ownership metadata" error. On
// upgrade, what the new manifest drops is deleted, except objects annotated `helm.sh/resource-policy: keep`.

import { isStatusError } from '../../machinery/errors.ts';
import { parseApiVersion, type KubeObject } from '../../machinery/object.ts';
import { realClock, refOf, type Clock, type KubeClient, type ObjectRef } from '../../controller/index.ts';
import { inInstallOrder } from './install-order.ts';
import { isKept, ownershipError, withOwnership, type ReleaseIdentity } from './ownership.ts';

export interface ApplyContext {
  client: KubeClient;
  release: ReleaseIdentity;
  fieldManager: string;
  clock?: Clock;
  /** How long a CRD of the release may take to be Established. */
  crdTimeoutMs?: number;
  /**
   * The objects (by identityOf) the release's current manifest already has, or `all`: Helm checks
   * ownership only of what an upgrade is about to create, and updates the rest whatever their metadata.
   */
  released?: Set<string> | 'all';
}

/** The error Helm gives for a kind the cluster does not serve. */
export class ResourceMappingError extends Error {
  constructor(obj: KubeObject, namespace: string) {
    super(`resource mapping not found for name: "${obj.metadata.name}" namespace: "${namespace}" from "": no matches for kind "${obj.kind}" in version "${obj.apiVersion}"\nensure CRDs are installed first`);
  }
}

/** The object as it lands in the cluster: in the release namespace when namespaced and unplaced. */
export async function placeObject(client: KubeClient, obj: KubeObject, releaseNamespace: string): Promise<KubeObject> {
  let info;
  try {
    info = await client.resolve(obj);
  } catch (err) {
    if (isStatusError(err, 'NotFound')) throw new ResourceMappingError(obj, obj.metadata.namespace ?? releaseNamespace);
    throw err;
  }
  const metadata = { ...obj.metadata };
  if (info.namespaced) metadata.namespace ||= releaseNamespace;
  else delete metadata.namespace;
  return { ...obj, metadata };
}

export function identityOf(obj: KubeObject): string {
  return [parseApiVersion(obj.apiVersion).group, obj.kind, obj.metadata.namespace ?? '', obj.metadata.name].join('/');
}

/**
 * Applies every object in Helm's order; resolves with the objects as placed. As Helm's batchPerform,
 * the objects of one kind are applied at once and the next kind waits for them.
 */
export async function applyObjects(ctx: ApplyContext, objects: KubeObject[], action: 'install' | 'upgrade'): Promise<KubeObject[]> {
  const ordered = inInstallOrder(objects);
  const crds = ordered.filter(isCRD);
  const placed: KubeObject[] = [];
  const applied = new Map<string, KubeObject>();
  placed.push(...(await applyBatch(ctx, crds, action, applied)));
  // What the apply answered already tells which CRDs were Established before (an upgrade's).
  const pending = crds.map((c) => c.metadata.name!).filter((name) => !established(applied.get(name)));
  if (pending.length) await waitForEstablished(ctx, pending);
  for (const batch of byKind(ordered.filter((o) => !isCRD(o)))) placed.push(...(await applyBatch(ctx, batch, action)));
  return placed;
}

/** Consecutive runs of one kind. */
function byKind(objects: KubeObject[]): KubeObject[][] {
  const batches: KubeObject[][] = [];
  for (const obj of objects) {
    const last = batches.at(-1);
    if (last && last[0]!.kind === obj.kind) last.push(obj);
    else batches.push([obj]);
  }
  return batches;
}

/** Applies the objects concurrently; the first failure in their order is the one reported. */
async function applyBatch(ctx: ApplyContext, objects: KubeObject[], action: 'install' | 'upgrade', applied?: Map<string, KubeObject>): Promise<KubeObject[]> {
  const results = await Promise.allSettled(objects.map((obj) => applyOne(ctx, obj, action, applied)));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<KubeObject>).value);
}

async function applyOne(ctx: ApplyContext, obj: KubeObject, action: 'install' | 'upgrade', applied?: Map<string, KubeObject>): Promise<KubeObject> {
  const placed = await placeObject(ctx.client, obj, ctx.release.namespace);
  const ref = refOf(placed);
  const ownedAlready = ctx.released === 'all' || ctx.released?.has(identityOf(placed));
  const live = ownedAlready ? undefined : await getOrUndefined(ctx.client, ref);
  if (live) {
    const refusal = ownershipError(live, ctx.release);
    if (refusal) throw new Error(`Unable to continue with ${action}: ${refusal}`);
  }
  const result = await ctx.client.patch(ref, 'apply', withOwnership(placed, ctx.release), { fieldManager: ctx.fieldManager, force: true });
  applied?.set(placed.metadata.name!, result);
  return placed;
}

/**
 * After an upgrade: deletes what the previous manifest had (as placed, see placeManifest) and the new
 * one does not, sparing kept objects.
 */
async function deleteDropped(client: KubeClient, previous: KubeObject[], current: KubeObject[]): Promise<KubeObject[]> {
  const keep = new Set(current.map(identityOf));
  const deleted: KubeObject[] = [];
  for (const placed of [...previous].reverse()) {
    if (isKept(placed) || keep.has(identityOf(placed))) continue;
    if (await deleteIfPresent(client, refOf(placed))) deleted.push(placed);
  }
  return deleted;
}

export async function deleteIfPresent(client: KubeClient, ref: ObjectRef): Promise<boolean> {
  try {
    await client.delete(ref, { propagationPolicy: 'Background' });
    return true;
  } catch (err) {
    if (isStatusError(err, 'NotFound')) return false;
    throw err;
  }
}

export async function getOrUndefined(client: KubeClient, ref: ObjectRef): Promise<KubeObject | undefined> {
  try {
    return await client.get(ref);
  } catch (err) {
    if (isStatusError(err, 'NotFound')) return undefined;
    throw err;
  }
}

function isCRD(obj: KubeObject): boolean {
  return obj.kind === 'CustomResourceDefinition' && parseApiVersion(obj.apiVersion).group === 'apiextensions.k8s.io';
}

function established(crd: KubeObject | undefined): boolean {
  const conditions = ((crd?.status as { conditions?: Array<{ type: string; status: string }> } | undefined)?.conditions ?? []);
  return conditions.some((c) => c.type === 'Established' && c.status === 'True');
}

/** Polls the CRDs the apply left not yet Established (the apiserver sets the condition just after). */
async function waitForEstablished(ctx: ApplyContext, names: string[]): Promise<void> {
  const clock = ctx.clock ?? realClock;
  const deadline = clock.now().getTime() + (ctx.crdTimeoutMs ?? 60_000);
  let pending = names;
  let pollMs = 10;
  for (;;) {
    await clock.sleep(pollMs);
    // A busy API server establishes late; asking less often leaves it the time to.
    pollMs = Math.min(pollMs * 2, 50);
    const states = await Promise.all(
      pending.map((name) => getOrUndefined(ctx.client, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name })),
    );
    // Once Established, a CRD is not asked about again.
    pending = pending.filter((_, i) => !established(states[i]));
    if (!pending.length) return;
    if (clock.now().getTime() >= deadline) throw new Error(`CRDs not established: ${pending.join(', ')}`);
  }
}

/**
 * An install (no previous manifest) or upgrade of a release's objects: what the previous manifest
 * placed is updated whatever its metadata, the rest checked for ownership, and what the new manifest
 * drops is deleted after. Returns the objects as placed.
 */
export async function applyRelease(ctx: ApplyContext, objects: KubeObject[], previous: KubeObject[] | undefined, action: 'install' | 'upgrade'): Promise<KubeObject[]> {
  const before = previous ? await placeManifest(ctx.client, previous, ctx.release.namespace) : undefined;
  const placed = await applyObjects({ ...ctx, released: before && new Set(before.map(identityOf)) }, objects, action);
  if (before) await deleteDropped(ctx.client, before, placed);
  return placed;
}

/** A release manifest's objects as placed in the cluster; kinds no longer served are left out. */
async function placeManifest(client: KubeClient, objects: KubeObject[], releaseNamespace: string): Promise<KubeObject[]> {
  const placed: KubeObject[] = [];
  for (const obj of objects) {
    try {
      placed.push(await placeObject(client, obj, releaseNamespace));
    } catch (err) {
      if (!(err instanceof ResourceMappingError)) throw err;
    }
  }
  return placed;
}
