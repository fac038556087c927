// The object a write hands to the watches: its own copy (the writer keeps the original), exactly
// what a decode of the stored text would give but for the resourceVersion stamped on it later.

import { jsonCloneSharing, type KubeObject, type ManagedFieldsEntry } from '../../machinery/object.ts';

/**
 * `obj` copied for the watches. What the write left as it was in `previous` (the watches' object
 * of the version it replaces) is taken from there, and the FieldsV1 trees of its managedFields are
 * the field manager's own, which nothing changes: kept, not copied, so the next write's field
 * manager finds them decoded already.
 */
export function watchCopy(obj: KubeObject, previous: KubeObject | undefined): KubeObject {
  const before = previous?.metadata;
  // A new metadata object always: the resourceVersion is stamped on it once the write is stored.
  const metadata: Record<string, unknown> = {};
  for (const key in obj.metadata) {
    const value = obj.metadata[key];
    if (key === 'resourceVersion' || value === undefined) continue;
    metadata[key] = key === 'managedFields' && Array.isArray(value) ? entriesCopy(value, before?.managedFields) : jsonCloneSharing(value, before?.[key]);
  }
  const out: Record<string, unknown> = {};
  for (const key in obj) {
    const value = obj[key];
    if (value === undefined || typeof value === 'function') continue;
    out[key] = key === 'metadata' ? metadata : jsonCloneSharing(value, previous?.[key]);
  }
  return out as KubeObject;
}

function entriesCopy(entries: ManagedFieldsEntry[], before: ManagedFieldsEntry[] | undefined): ManagedFieldsEntry[] {
  let same = before !== undefined && before.length === entries.length;
  const out = entries.map((entry, i) => {
    const copy = entryCopy(entry, before?.[i]);
    if (copy !== before?.[i]) same = false;
    return copy;
  });
  return same ? before! : out;
}

function entryCopy(entry: ManagedFieldsEntry, before: ManagedFieldsEntry | undefined): ManagedFieldsEntry {
  const out: Record<string, unknown> = {};
  let same = before !== undefined;
  let count = 0;
  for (const key in entry) {
    const value = (entry as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    out[key] = key === 'fieldsV1' ? value : jsonCloneSharing(value, (before as unknown as Record<string, unknown> | undefined)?.[key]);
    if (same && out[key] !== (before as unknown as Record<string, unknown>)[key]) same = false;
    count++;
  }
  if (same && count === Object.keys(before!).length) return before!;
  return out as unknown as ManagedFieldsEntry;
}
