// managedFields, kept as kube-apiserver's field manager keeps them: Update entries for
// create/update/patch, Apply entries and conflict detection for server-side apply.

import { StatusError, badRequest, type StatusCause } from '../errors.ts';
import { deepEqual, isPlainObject, type KubeObject, type ManagedFieldsEntry } from '../object.ts';
import { FieldSet, pathToString, toFieldSet } from './fieldpath.ts';
import { childSchema, isMapEntry, type PatchSchema } from './schema.ts';
import { createdFields, createdSignature, skeleton } from './created-fields.ts';
import { compareObjects, mergeObjects, removeFields, type Comparison } from './structured-merge.ts';

export interface ManagedFieldsOptions {
  /**
   * Whether `.status` belongs to a status subresource (true, the default, for built-ins and
   * CRDs that declare one): then the main resource never owns status and /status owns only it.
   */
  statusSubresource?: boolean;
}

/** kube-apiserver merges the oldest Update entries into "ancient-changes" beyond this many. */
export const MAX_UPDATE_MANAGERS = 10;

interface Managed {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  subresource?: string;
  time?: string;
  set: FieldSet;
}

type Managers = Map<string, Managed>;

/** BuildManagerIdentifier: Apply entries are one per manager, Update entries per apiVersion too. */
function identifier(m: Pick<Managed, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  const id: Record<string, string> = { manager: m.manager, operation: m.operation };
  if (m.operation === 'Update' && m.apiVersion) id.apiVersion = m.apiVersion;
  if (m.subresource) id.subresource = m.subresource;
  return JSON.stringify(id);
}

/** `stored`: the entries are a stored object's, as `encode` wrote them (not a request's). */
function decode(entries: ManagedFieldsEntry[] | undefined, stored = false): Managers {
  const out: Managers = new Map();
  for (const e of entries ?? []) {
    if (!isPlainObject(e) || !e.manager && !e.operation) continue;
    const m: Managed = {
      manager: e.manager ?? '',
      operation: e.operation === 'Apply' ? 'Apply' : 'Update',
      apiVersion: e.apiVersion ?? '',
      set: FieldSet.fromFieldsV1(e.fieldsV1, stored),
    };
    if (e.subresource) m.subresource = e.subresource;
    if (e.time) m.time = e.time;
    const key = identifier(m);
    const prev = out.get(key);
    out.set(key, prev ? { ...m, set: prev.set.union(m.set) } : m);
  }
  return out;
}

const seconds = (time: string | undefined): number => (time ? Math.floor(Date.parse(time) / 1000) || 0 : 0);

function encode(managers: Managers): ManagedFieldsEntry[] {
  const entries = [...managers.values()].filter((m) => !m.set.isEmpty());
  entries.sort(
    (p, q) =>
      cmp(p.operation, q.operation) ||
      seconds(p.time) - seconds(q.time) ||
      cmp(p.manager, q.manager) ||
      cmp(p.apiVersion, q.apiVersion) ||
      cmp(p.subresource ?? '', q.subresource ?? ''),
  );
  return entries.map((m) => {
    // Key order as kube-apiserver serializes ManagedFieldsEntry.
    const e: Record<string, unknown> = { manager: m.manager, operation: m.operation, apiVersion: m.apiVersion };
    if (m.time) e.time = m.time;
    e.fieldsType = 'FieldsV1';
    e.fieldsV1 = m.set.toFieldsV1();
    if (m.subresource) e.subresource = m.subresource;
    return e as unknown as ManagedFieldsEntry;
  });
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The paths no manager ever owns (stripMetaManager), plus status as the subresource split says. */
const STRIPPED = FieldSet.of(
  ['f:apiVersion'],
  ['f:kind'],
  ['f:metadata'],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map(
    (f) => ['f:metadata', `f:${f}`],
  ),
);

function filterSet(set: FieldSet, subresource: string | undefined, opts: ManagedFieldsOptions | undefined): FieldSet {
  const statusSplit = opts?.statusSubresource ?? true;
  let out = set.difference(STRIPPED);
  if (statusSplit && subresource === 'status') {
    out = out.only('f:status');
  } else if (statusSplit && !subresource) {
    out = out.without('f:status');
  }
  return out;
}

function filterComparison(c: Comparison, subresource: string | undefined, opts: ManagedFieldsOptions | undefined): Comparison {
  return {
    added: filterSet(c.added, subresource, opts),
    modified: filterSet(c.modified, subresource, opts),
    removed: filterSet(c.removed, subresource, opts),
  };
}

export function withoutManagedFields(obj: KubeObject | undefined): Record<string, unknown> | undefined {
  if (!obj) return undefined;
  const { managedFields: _drop, ...metadata } = obj.metadata ?? {};
  return { ...obj, metadata };
}

/**
 * The part of an object a write's field sets can hold under the status split (filterSet keeps
 * nothing else): /status owns only status, the main resource everything but status. Comparing
 * only that part gives the same sets without walking the rest.
 */
function splitScope(obj: Record<string, unknown>, subresource: string | undefined, opts: ManagedFieldsOptions | undefined): Record<string, unknown> {
  if (!(opts?.statusSubresource ?? true)) return obj;
  if (subresource === 'status') return obj.status === undefined ? {} : { status: obj.status };
  if (subresource || obj.status === undefined) return obj;
  const { status: _status, ...rest } = obj;
  return rest;
}

/** Takes changed fields from other managers and drops removed ones (Updater.update). */
function transferOwnership(managers: Managers, except: string, changes: Comparison): Map<string, FieldSet> {
  const conflicts = new Map<string, FieldSet>();
  const changed = changes.modified.union(changes.added);
  for (const [key, m] of managers) {
    if (key === except) continue;
    const conflict = m.set.intersection(changed);
    if (!conflict.isEmpty()) conflicts.set(key, conflict);
  }
  return conflicts;
}

function applyTransfer(managers: Managers, conflicts: Map<string, FieldSet>, removed: FieldSet, except: string): void {
  for (const [key, m] of managers) {
    if (key === except) continue;
    let set = m.set;
    const conflict = conflicts.get(key);
    if (conflict) set = set.difference(conflict);
    if (!removed.isEmpty()) set = set.difference(removed);
    if (set.isEmpty()) managers.delete(key);
    else managers.set(key, { ...m, set });
  }
}

function capUpdateManagers(managers: Managers): void {
  const updaters = [...managers.entries()].filter(([, m]) => m.operation === 'Update');
  if (updaters.length <= MAX_UPDATE_MANAGERS) return;
  updaters.sort(([ka, a], [kb, b]) => seconds(a.time) - seconds(b.time) || cmp(ka, kb));
  const firstOfVersion = new Map<string, string>();
  let length = updaters.length;
  for (const [key, m] of updaters) {
    if (length <= MAX_UPDATE_MANAGERS) break;
    const bucket = identifier({ manager: 'ancient-changes', operation: 'Update', apiVersion: m.apiVersion });
    const first = firstOfVersion.get(m.apiVersion);
    if (first === undefined) {
      firstOfVersion.set(m.apiVersion, key);
      continue;
    }
    if (!managers.has(bucket)) {
      const seed = managers.get(first)!;
      managers.delete(first);
      managers.set(bucket, { ...seed, manager: 'ancient-changes', subresource: undefined });
    }
    const into = managers.get(bucket)!;
    managers.set(bucket, { ...into, set: m.set.union(into.set), time: m.time });
    managers.delete(key);
    length--;
  }
}

function baseManagers(prev: KubeObject | undefined, next: KubeObject, subresource: string | undefined): Managers {
  const prevEntries = prev?.metadata?.managedFields;
  if (subresource) return decode(prevEntries, true);
  const sent = next.metadata?.managedFields;
  const reset = Array.isArray(sent) && (sent.length === 0 || (sent.length === 1 && deepEqual(sent[0], {})));
  if (reset) return new Map();
  // The request's entries are the stored ones when it sent back what it read (the usual update).
  const fromRequest = Array.isArray(sent) ? decode(sent, sent === prevEntries || deepEqual(sent, prevEntries)) : new Map();
  return fromRequest.size > 0 ? fromRequest : decode(prevEntries, true);
}

/**
 * managedFields after a create, update or (non-apply) patch by `manager`: the fields it added
 * or changed become its own and leave everyone else's sets; removed fields leave every set.
 * A write that changes nothing returns `prev`'s entries untouched (same time stamps).
 * An empty result means the object carries no managedFields.
 */
export function updateManagedFields(
  prev: KubeObject | undefined,
  next: KubeObject,
  manager: string,
  operation: 'Update',
  apiVersion: string,
  now: string,
  schema: PatchSchema,
  subresource?: string,
  opts?: ManagedFieldsOptions,
): ManagedFieldsEntry[] {
  const managers = baseManagers(prev, next, subresource);
  if (!prev && managers.size === 0) return createdEntries(next, manager, operation, apiVersion, now, schema, subresource, opts);
  const before = withoutManagedFields(prev) ?? skeleton(withoutManagedFields(next), schema);
  const after = withoutManagedFields(next)!;
  const changes = filterComparison(compareObjects(splitScope(before, subresource, opts), splitScope(after, subresource, opts), schema), subresource, opts);
  applyTransfer(managers, transferOwnership(managers, '', changes), changes.removed, '');
  const own = changes.modified.union(changes.added);
  if (!own.isEmpty()) {
    const entry: Managed = { manager, operation, apiVersion, set: own, time: now };
    if (subresource) entry.subresource = subresource;
    const key = identifier(entry);
    const previous = managers.get(key);
    // Fields it owns already: its set (and so its encoding) stays as it was.
    const set = !previous ? own : own.difference(previous.set).isEmpty() ? previous.set : own.union(previous.set);
    managers.set(key, { ...entry, set });
  }
  capUpdateManagers(managers);
  const result = encode(managers);
  const prevFields = prev?.metadata?.managedFields ?? [];
  return deepEqual(result, prevFields) ? prevFields : result;
}

/**
 * Created sets by the walk's signature, per schema: creates come in few shapes (every Event a
 * recorder writes, every Pod of a ReplicaSet), and a set with its FieldsV1 tree, built once, is
 * shared (sets and their trees are never changed once built). Cleared whole when full.
 */
const createdSets = new WeakMap<PatchSchema, Map<string, FieldSet>>();
const CREATED_SETS_PER_SCHEMA = 1024;

function createdSet(obj: Record<string, unknown>, schema: PatchSchema, subresource: string | undefined, opts: ManagedFieldsOptions | undefined): FieldSet {
  let sets = createdSets.get(schema);
  if (!sets) createdSets.set(schema, (sets = new Map()));
  const key = `${subresource ?? ''}|${opts?.statusSubresource ?? true}|${createdSignature(obj, schema)}`;
  let set = sets.get(key);
  if (!set) {
    if (sets.size >= CREATED_SETS_PER_SCHEMA) sets.clear();
    set = filterSet(createdFields(obj, schema), subresource, opts);
    sets.set(key, set);
  }
  return set;
}

/** A create that brings no entries of its own: the manager owns every field it set. */
function createdEntries(
  next: KubeObject,
  manager: string,
  operation: 'Update',
  apiVersion: string,
  now: string,
  schema: PatchSchema,
  subresource: string | undefined,
  opts: ManagedFieldsOptions | undefined,
): ManagedFieldsEntry[] {
  const own = createdSet(splitScope(withoutManagedFields(next)!, subresource, opts), schema, subresource, opts);
  if (own.isEmpty()) return [];
  const entry: Managed = { manager, operation, apiVersion, set: own, time: now };
  if (subresource) entry.subresource = subresource;
  return encode(new Map([[identifier(entry), entry]]));
}

/** Where an apply conflict came from, worded as printManager does. */
function describeManager(m: Managed): string {
  let s = JSON.stringify(m.manager);
  if (m.subresource) s += ` with subresource ${JSON.stringify(m.subresource)}`;
  return m.operation === 'Update' ? `${s} using ${m.apiVersion}` : s;
}

function conflictError(managers: Managers, conflicts: Map<string, FieldSet>): StatusError {
  const byManager = [...conflicts.entries()].sort(([a], [b]) => cmp(a, b));
  const causes: StatusCause[] = [];
  const lines: string[] = [];
  for (const [key, set] of byManager) {
    const who = describeManager(managers.get(key)!);
    lines.push(`conflicts with ${who}:`);
    for (const path of set.paths()) {
      const field = pathToString(path);
      causes.push({ reason: 'FieldManagerConflict', message: `conflict with ${who}`, field });
      lines.push(`- ${field}`);
    }
  }
  const message =
    causes.length === 1
      ? `Apply failed with 1 conflict: ${causes[0].message}: ${causes[0].field}`
      : `Apply failed with ${causes.length} conflicts: ${lines.join('\n')}`;
  return new StatusError(409, 'Conflict', message, { causes });
}

/**
 * Server-side apply of `applied` by `manager` onto `live` (undefined: the object is created).
 * Throws 409 Conflict (FieldManagerConflict causes) when another manager owns a field the
 * configuration changes and `force` is false; with `force` the fields change hands.
 */
export function serverSideApply(
  live: KubeObject | undefined,
  applied: KubeObject,
  manager: string,
  apiVersion: string,
  now: string,
  force: boolean,
  schema: PatchSchema,
  opts?: ManagedFieldsOptions & {
    subresource?: string;
    /** Fields this apply may take from others without a conflict (kubectl's from its client-side apply: last-applied.ts). */
    takeover?: () => FieldSet | undefined;
  },
): { object: KubeObject; managedFields: ManagedFieldsEntry[] } {
  if (applied.metadata?.managedFields != null) throw badRequest('metadata.managedFields must be nil');
  if (applied.apiVersion !== apiVersion) {
    throw badRequest(
      `Incorrect version specified in apply patch. Specified patch version: ${applied.apiVersion}, expected: ${apiVersion}`,
    );
  }
  const subresource = opts?.subresource;
  const managers = decode(live?.metadata?.managedFields, true);
  const liveObj = withoutManagedFields(live) ?? {};
  const config = withoutManagedFields(applied)!;
  const merged = mergeObjects(liveObj, config, schema) as Record<string, unknown>;

  const applyEntry: Managed = { manager, operation: 'Apply', apiVersion, set: filterSet(toFieldSet(config, schema), subresource, opts) };
  if (subresource) applyEntry.subresource = subresource;
  const key = identifier(applyEntry);
  const last = managers.get(key);
  if (last?.time) applyEntry.time = last.time;
  managers.set(key, applyEntry);

  const result = last ? prune(merged, managers, last.set, schema) : merged;
  const changes = filterComparison(compareObjects(liveObj, result, schema), subresource, opts);
  const conflicts = transferOwnership(managers, key, changes);
  if (conflicts.size > 0 && !force) {
    const remaining = withoutTakenOver(conflicts, opts?.takeover?.());
    if (remaining.size > 0) throw conflictError(managers, remaining);
  }
  applyTransfer(managers, conflicts, changes.removed, key);
  if (applyEntry.set.isEmpty()) managers.delete(key);

  const unchanged = live !== undefined && deepEqual(result, liveObj);
  if (!unchanged && managers.has(key)) managers.set(key, { ...managers.get(key)!, time: now });
  capUpdateManagers(managers);
  const managedFields = encode(managers);
  const object = structuredClone(unchanged ? liveObj : result) as KubeObject;
  object.metadata ??= {};
  if (managedFields.length > 0) object.metadata.managedFields = managedFields;
  return { object, managedFields };
}

/** The conflicts left once the fields this apply may take over are set aside (conflictsDifference). */
function withoutTakenOver(conflicts: Map<string, FieldSet>, takeover: FieldSet | undefined): Map<string, FieldSet> {
  if (!takeover) return conflicts;
  const remaining = new Map<string, FieldSet>();
  for (const [key, set] of conflicts) {
    const left = set.difference(takeover);
    if (!left.isEmpty()) remaining.set(key, left);
  }
  return remaining;
}

/** Removes what this manager applied last time, no longer applies, and nobody else owns. */
function prune(merged: Record<string, unknown>, managers: Managers, lastSet: FieldSet, schema: PatchSchema): Record<string, unknown> {
  if (lastSet.isEmpty()) return merged;
  const named = (s: FieldSet) => s.ensureNamedFieldsAreMembers(schema);
  const fieldsOf = (v: unknown) => named(toFieldSet(v ?? {}, schema));
  const last = named(lastSet);
  let owned = new FieldSet();
  for (const m of managers.values()) owned = owned.union(m.set);
  const mergedSet = fieldsOf(merged);
  const prunedAll = removeFields(merged, last, schema);
  const keptOwned = removeFields(merged, mergedSet.difference(fieldsOf(prunedAll).union(named(owned))), schema);
  const dropped = mergedSet.difference(fieldsOf(keptOwned)).intersection(last);
  return (removeFields(merged, dropped, schema) ?? {}) as Record<string, unknown>;
}
