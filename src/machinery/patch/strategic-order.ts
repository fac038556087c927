// The list-ordering half of strategic merge patch (apimachinery strategicpatch): how merged
// lists are put back in order ($setElementOrder, then patch order, then live order), and the
// errors those steps raise, with apimachinery's wording and HTTP mapping.

import { StatusError, badRequest } from '../errors.ts';
import { isPlainObject } from '../object.ts';
import { goString, goTypeName, goValue } from './go-format.ts';

export type Json = unknown;
export type JsonMap = Record<string, unknown>;

export const DIRECTIVE_MARKER = '$patch';
export const RETAIN_KEYS_DIRECTIVE = '$retainKeys';
export const SET_ELEMENT_ORDER_PREFIX = '$setElementOrder';
export const DELETE_FROM_PRIMITIVE_LIST_PREFIX = '$deleteFromPrimitiveList';

// ---- errors, mapped as apiserver's interpretStrategicMergePatchError does ----

export const errBadPatchFormatForPrimitiveList = (): StatusError => badRequest('invalid patch format of primitive list');
export const errBadPatchFormatForRetainKeys = (): StatusError => badRequest('invalid patch format of retainKeys');
export const errBadPatchFormatForSetElementOrderList = (): StatusError =>
  badRequest('invalid patch format of setElementOrder list');

/** 422 with the generic message NewGenericServerResponse gives (lists of lists, retainKeys mismatch). */
export function unprocessable(): StatusError {
  return new StatusError(422, 'Invalid', 'the server rejected our request due to an error in our request', {});
}

/**
 * Any other patch error is not a Status upstream, so kube-apiserver answers 500 with the
 * error text as the message (and no "Internal error occurred" prefix).
 */
export function patchFailure(message: string): StatusError {
  return new StatusError(500, 'InternalError', message);
}

export function errNoMergeKey(m: JsonMap, key: string): StatusError {
  return patchFailure(`map: ${goValue(m)} does not contain declared merge key: ${key}`);
}

/** ErrBadArgType: `expected a map[string]interface {}, but received a string`. */
export function errBadArgType(expected: 'map' | 'slice', actual: unknown): StatusError {
  const want = expected === 'map' ? 'map[string]interface {}' : '[]interface {}';
  const got = actual === null || actual === undefined ? '%!s(<nil>)' : goTypeName(actual);
  return patchFailure(`expected a ${want}, but received a ${got}`);
}

export function errBadPatchType(directive: unknown, m: JsonMap): StatusError {
  return patchFailure(`unknown patch type: ${goString(directive)} in map: ${goValue(m)}`);
}

// ---- element types ----

/** reflect kind of a list element, as sliceElementType sees it. */
export type ElementKind = 'map' | 'scalar';

/** Checks every element of the lists has one Go type and returns its kind. */
export function sliceElementKind(...lists: Json[][]): ElementKind {
  let prev: string | undefined;
  for (const list of lists) {
    for (const item of list) {
      const t = goTypeName(item);
      if (prev === undefined) {
        prev = t;
        if (Array.isArray(item)) throw unprocessable();
      } else if (prev !== t) {
        throw patchFailure(`list element types are not identical: ${goValue(lists)}`);
      }
    }
  }
  if (prev === undefined) throw patchFailure('no elements in any of the given slices');
  return prev === 'map[string]interface {}' ? 'map' : 'scalar';
}

// ---- lookups ----

function keyOf(item: Json, mergeKey: string, kind: ElementKind): Json {
  if (kind !== 'map') return item;
  return isPlainObject(item) ? item[mergeKey] : undefined;
}

/** index(): position of the element with the same merge key value (or the same scalar). */
export function indexOf(list: Json[], item: Json, mergeKey: string, kind: ElementKind): number {
  const wanted = keyOf(item, mergeKey, kind);
  return list.findIndex((v) => keyOf(v, mergeKey, kind) === wanted);
}

export function findMapByKey(list: Json[], key: string, value: Json): { map: JsonMap; index: number } | undefined {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (!isPlainObject(item)) throw patchFailure(`value for key ${i} is not a map`);
    if (Object.hasOwn(item, key) && item[key] === value) return { map: item, index: i };
  }
  return undefined;
}

export function validateMergeKeyInLists(mergeKey: string, ...lists: Json[][]): void {
  for (const list of lists) {
    for (const item of list) {
      if (!isPlainObject(item)) throw errBadArgType('map', item);
      if (!Object.hasOwn(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
    }
  }
}

/** Splits a list of maps into the elements to keep and the `$patch: delete` ones. */
export function extractToDeleteItems(list: Json[]): { keep: Json[]; toDelete: Json[] } {
  const keep: Json[] = [];
  const toDelete: Json[] = [];
  for (const v of list) {
    if (!isPlainObject(v)) throw errBadArgType('map', v);
    if (v[DIRECTIVE_MARKER] === 'delete') toDelete.push(v);
    else keep.push(v);
  }
  return { keep, toDelete };
}

export function containsDirectiveMarker(item: Json): boolean {
  return isPlainObject(item) && Object.hasOwn(item, DIRECTIVE_MARKER);
}

// ---- partitioning and ordering ----

/** Elements of `list` present in `by` (by merge key or value) versus the server-only rest. */
export function partitionByPresence(list: Json[], by: Json[], mergeKey: string): { inPatch: Json[]; serverOnly: Json[] } {
  const inPatch: Json[] = [];
  const serverOnly: Json[] = [];
  if (!mergeKey) {
    const present = new Set(by);
    for (const v of list) (present.has(v) ? inPatch : serverOnly).push(v);
    return { inPatch, serverOnly };
  }
  for (const v of list) {
    if (!isPlainObject(v)) throw errBadArgType('map', v);
    if (!Object.hasOwn(v, mergeKey)) throw errNoMergeKey(v, mergeKey);
    (findMapByKey(by, mergeKey, v[mergeKey]) ? inPatch : serverOnly).push(v);
  }
  return { inPatch, serverOnly };
}

function normalizeSliceOrder(toSort: Json[], order: Json[], mergeKey: string, kind: ElementKind): Json[] {
  let sortable = toSort;
  let toDelete: Json[] = [];
  if (kind === 'map') {
    validateMergeKeyInLists(mergeKey, toSort, order);
    ({ keep: sortable, toDelete } = extractToDeleteItems(toSort));
  }
  const ranked = sortable.map((v, i) => ({ v, i, at: indexOf(order, v, mergeKey, kind) }));
  ranked.sort((a, b) => (a.at >= 0 && b.at >= 0 ? a.at - b.at : 0) || a.i - b.i);
  return [...ranked.map((r) => r.v), ...toDelete];
}

/**
 * Interleaves the patch's elements (in patch order) with the server-only ones (in live
 * order): a server-only element goes before a patch element only when both are in the live
 * list and it came first there; so new elements land ahead of the live ones.
 */
export function normalizeElementOrder(
  patchItems: Json[],
  serverOnly: Json[],
  patchOrder: Json[],
  serverOrder: Json[],
  mergeKey: string,
  kind: ElementKind,
): Json[] {
  const right = normalizeSliceOrder(patchItems, patchOrder, mergeKey, kind);
  const left = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  const out: Json[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexOf(serverOrder, left[i], mergeKey, kind);
      const ri = indexOf(serverOrder, right[j], mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

/** validatePatchWithSetOrderList: the patch list must follow the $setElementOrder list's order. */
export function validatePatchWithSetOrderList(patchList: Json[], setOrderList: Json[], mergeKey: string): void {
  if (setOrderList.length === 0 || patchList.length === 0) return;
  const nonDelete = mergeKey ? extractToDeleteItems(patchList).keep : patchList;
  let p = 0;
  let s = 0;
  while (p < nonDelete.length && s < setOrderList.length) {
    if (containsDirectiveMarker(nonDelete[p])) {
      p++;
      continue;
    }
    if (mergeKeyValueEqual(nonDelete[p], setOrderList[s], mergeKey)) p++;
    s++;
  }
  if (p < nonDelete.length && s >= setOrderList.length) {
    throw patchFailure(
      `The order in patch list:\n${goValue(patchList)}\n doesn't match ${SET_ELEMENT_ORDER_PREFIX} list:\n${goValue(setOrderList)}\n`,
    );
  }
}

function mergeKeyValueEqual(left: Json, right: Json, mergeKey: string): boolean {
  if (!mergeKey) return left === right;
  if (!isPlainObject(left)) throw errBadArgType('map', left);
  if (!isPlainObject(right)) throw errBadArgType('map', right);
  if (!Object.hasOwn(left, mergeKey)) throw errNoMergeKey(left, mergeKey);
  if (!Object.hasOwn(right, mergeKey)) throw errNoMergeKey(right, mergeKey);
  return left[mergeKey] === right[mergeKey];
}

/** deduplicateScalars, keeping first occurrences. */
export function dedupeScalars(list: Json[]): Json[] {
  const seen = new Set<Json>();
  return list.filter((v) => (seen.has(v) ? false : (seen.add(v), true)));
}

/** Strips `$patch` maps from a subtree that is copied in whole (removeDirectives). */
export function removeDirectives(value: Json): { value: Json; keep: boolean } {
  if (Array.isArray(value)) {
    const out: Json[] = [];
    for (const v of value) {
      const r = removeDirectives(v);
      if (r.keep) out.push(r.value);
    }
    return { value: out, keep: true };
  }
  if (isPlainObject(value)) {
    if (Object.hasOwn(value, DIRECTIVE_MARKER)) return { value: null, keep: false };
    for (const [k, v] of Object.entries(value)) {
      const r = removeDirectives(v);
      if (r.keep) value[k] = r.value;
      else delete value[k];
    }
  }
  return { value, keep: true };
}

export function discardNullValues(value: Json): void {
  if (Array.isArray(value)) {
    for (const v of value) discardNullValues(v);
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (v === null) delete value[k];
      else discardNullValues(v);
    }
  }
}
