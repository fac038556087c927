// Deletion as a state machine: preconditions, grace periods, finalizers and propagation policy.
// An object with nothing left to wait for is removed at once; otherwise it is marked and kept.

import { conflict, notFound, type Status } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { KeyNotFoundError, RevisionMismatchError } from '../../storage/store.ts';
import { decodeStoredValue, encodeForStore, formatTime } from './codec.ts';
import type { DeleteOptions, WriteContext } from './context.ts';
import type { ResourceRegistry } from './registry.ts';

export const FOREGROUND_FINALIZER = 'foregroundDeletion';
export const ORPHAN_FINALIZER = 'orphan';

export type DeleteResult = { deleted: true; object: KubeObject } | { deleted: false; object: KubeObject };

function propagationFinalizer(opts: DeleteOptions): string | undefined {
  const policy = opts.propagationPolicy ?? (opts.orphanDependents === true ? 'Orphan' : undefined);
  if (policy === 'Foreground') return FOREGROUND_FINALIZER;
  if (policy === 'Orphan') return ORPHAN_FINALIZER;
  return undefined;
}

function checkPreconditions(reg: ResourceRegistry, obj: KubeObject, opts: DeleteOptions): void {
  const pre = opts.preconditions;
  if (!pre) return;
  const name = obj.metadata.name!;
  if (pre.uid && pre.uid !== obj.metadata.uid) {
    throw conflict(reg.groupResource, name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${obj.metadata.uid}`);
  }
  if (pre.resourceVersion && pre.resourceVersion !== obj.metadata.resourceVersion) {
    throw conflict(
      reg.groupResource,
      name,
      `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${obj.metadata.resourceVersion}`,
    );
  }
}

export async function deleteObject(reg: ResourceRegistry, namespace: string, name: string, opts: DeleteOptions, ctx: WriteContext): Promise<DeleteResult> {
  const key = reg.key(namespace, name);
  for (let attempt = 0; attempt < 16; attempt++) {
    const sv = await reg.store.get(key);
    if (!sv) throw notFound(reg.groupResource, name);
    const current = reg.withTypeMeta(decodeStoredValue(sv));
    checkPreconditions(reg, current, opts);
    await reg.admit('both', 'DELETE', namespace, undefined, current, ctx, '');

    const next = structuredClone(current);
    const meta = next.metadata;
    const now = reg.now();
    const finalizer = propagationFinalizer(opts);
    if (finalizer && !(meta.finalizers ?? []).includes(finalizer)) {
      const others = (meta.finalizers ?? []).filter((f) => f !== FOREGROUND_FINALIZER && f !== ORPHAN_FINALIZER);
      meta.finalizers = [...others, finalizer];
    }
    const grace = opts.gracePeriodSeconds ?? reg.strategy.defaultGracePeriodSeconds?.(current) ?? 0;
    const waitsForGrace = grace > 0 && (reg.strategy.gracefulDeletionWaits?.(current) ?? false);
    if (waitsForGrace) {
      const previousGrace = meta.deletionGracePeriodSeconds;
      if (previousGrace === undefined || grace < previousGrace) {
        meta.deletionGracePeriodSeconds = grace;
        meta.deletionTimestamp = formatTime(new Date(now.getTime() + grace * 1000));
      }
    } else if (meta.deletionGracePeriodSeconds !== undefined && grace === 0) {
      meta.deletionGracePeriodSeconds = 0;
    }
    const pending =
      (meta.finalizers?.length ?? 0) > 0 || reg.strategy.deletionBlocked?.(next) === true || waitsForGrace;

    if (!pending) {
      if (ctx.dryRun) return { deleted: true, object: current };
      try {
        await reg.store.delete(key, sv.modRevision);
      } catch (err) {
        if (err instanceof RevisionMismatchError) continue;
        if (err instanceof KeyNotFoundError) throw notFound(reg.groupResource, name);
        throw reg.mapStoreError(err, name);
      }
      await reg.strategy.afterDelete?.(current, reg.strategyContext(now));
      return { deleted: true, object: current };
    }

    if (meta.deletionTimestamp === undefined) {
      meta.deletionTimestamp = formatTime(now);
      meta.deletionGracePeriodSeconds ??= 0;
    }
    // Being deleted changes what the object's controllers must do, so a generation (where the kind
    // keeps one) moves on once, when the deletion begins (BeforeDelete and markAsDeleting).
    const generation = meta.generation ?? 0;
    if (current.metadata.deletionTimestamp === undefined && generation > 0) meta.generation = generation + 1;
    reg.strategy.prepareForDeletion?.(next);
    if (JSON.stringify(next) === JSON.stringify(current)) return { deleted: false, object: current };
    if (ctx.dryRun) return { deleted: false, object: next };
    try {
      const written = await reg.store.update(key, encodeForStore(next), sv.modRevision);
      return { deleted: false, object: reg.withTypeMeta(decodeStoredValue(written)) };
    } catch (err) {
      if (err instanceof RevisionMismatchError) continue;
      throw reg.mapStoreError(err, name);
    }
  }
  throw conflict(reg.groupResource, name, 'the object has been modified too often; please retry');
}

/** What kube-apiserver answers for an immediate delete. */
export function deletedStatus(reg: ResourceRegistry, obj: KubeObject): Status {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name: obj.metadata.name, group: reg.rt.group || undefined, kind: reg.rt.plural, uid: obj.metadata.uid },
    code: 200,
  };
}
