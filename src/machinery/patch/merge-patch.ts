// RFC 7386 JSON Merge Patch as kube-apiserver applies it (evanphx/json-patch MergePatch):
// null deletes, objects merge recursively, anything else replaces.

import { badRequest } from '../errors.ts';
import { isPlainObject } from '../object.ts';

/** The message evanphx/json-patch gives a merge patch that is not a JSON object or array. */
export const BAD_MERGE_PATCH_MESSAGE = 'Invalid JSON Patch';

/** Applies a merge patch to a copy of `target`; neither input is mutated. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (Array.isArray(patch)) return pruneNulls(structuredClone(patch));
  if (!isPlainObject(patch)) throw badRequest(BAD_MERGE_PATCH_MESSAGE);
  if (!isPlainObject(target)) return pruneNulls(structuredClone(patch));
  const doc = structuredClone(target);
  mergeInto(doc, structuredClone(patch));
  return doc;
}

function mergeInto(doc: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete doc[key];
      continue;
    }
    const current = doc[key];
    if (current === undefined || current === null) {
      doc[key] = pruneNulls(value);
    } else if (!isPlainObject(current)) {
      doc[key] = pruneNulls(value);
    } else if (!isPlainObject(value)) {
      doc[key] = value;
    } else {
      mergeInto(current, value);
    }
  }
}

// Null members of objects are dropped; null array elements are kept (as upstream does).
function pruneNulls(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (const item of value) if (item !== null) pruneNulls(item);
    return value;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (item === null) delete value[key];
      else pruneNulls(item);
    }
  }
  return value;
}
