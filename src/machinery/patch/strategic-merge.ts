// Strategic merge patch, applied as kube-apiserver applies it to built-in kinds
// (apimachinery strategicpatch.StrategicMergeMapPatch with the server's options: parallel
// deletion lists are merged, nulls for absent fields are ignored).

import { badRequest } from '../errors.ts';
import { isPlainObject } from '../object.ts';
import { jsonKind } from './go-format.ts';
import { childSchema, type PatchSchema } from './schema.ts';
import {
  DELETE_FROM_PRIMITIVE_LIST_PREFIX,
  DIRECTIVE_MARKER,
  RETAIN_KEYS_DIRECTIVE,
  SET_ELEMENT_ORDER_PREFIX,
  dedupeScalars,
  discardNullValues,
  errBadArgType,
  errBadPatchFormatForPrimitiveList,
  errBadPatchFormatForRetainKeys,
  errBadPatchFormatForSetElementOrderList,
  errBadPatchType,
  errNoMergeKey,
  findMapByKey,
  normalizeElementOrder,
  partitionByPresence,
  patchFailure,
  removeDirectives,
  sliceElementKind,
  validatePatchWithSetOrderList,
  type Json,
  type JsonMap,
} from './strategic-order.ts';

/** Applies a strategic merge patch to a copy of `original`; neither input is mutated. */
export function applyStrategicMergePatch(original: unknown, patch: unknown, schema: PatchSchema): unknown {
  if (!isPlainObject(patch)) {
    throw badRequest(`json: cannot unmarshal ${jsonKind(patch)} into Go value of type map[string]interface {}`);
  }
  const base = isPlainObject(original) ? structuredClone(original) : {};
  const merged = mergeMap(base, structuredClone(patch), schema);
  return dropLeftovers(merged);
}

interface FieldMeta {
  strategy: string;
  mergeKey: string;
}

function fieldMeta(schema: PatchSchema | undefined, key: string): { sub: PatchSchema | undefined; meta: FieldMeta } {
  const sub = childSchema(schema, key);
  const strategies = (sub?.strategy ?? '').split(',').filter((s) => s !== '' && s !== 'retainKeys');
  return { sub, meta: { strategy: strategies[0] ?? '', mergeKey: sub?.mergeKey ?? '' } };
}

function extractKey(key: string, prefix: string): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    if (prefix === DELETE_FROM_PRIMITIVE_LIST_PREFIX) throw errBadPatchFormatForPrimitiveList();
    throw errBadPatchFormatForSetElementOrderList();
  }
  return key.slice(slash + 1);
}

function mergeMap(original: JsonMap | null, patch: JsonMap, schema: PatchSchema | undefined): JsonMap {
  if (Object.hasOwn(patch, DIRECTIVE_MARKER)) {
    const directive = patch[DIRECTIVE_MARKER];
    if (directive === 'replace') {
      delete patch[DIRECTIVE_MARKER];
      return patch;
    }
    if (directive === 'delete') return {};
    throw errBadPatchType(directive, patch);
  }
  const target = original ?? {};
  applyRetainKeys(target, patch);
  mergeSetElementOrderLists(target, patch, schema);

  for (const rawKey of Object.keys(patch)) {
    const patchV = patch[rawKey];
    let key = rawKey;
    let isDeleteList = false;
    if (rawKey.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX)) {
      key = extractKey(rawKey, DELETE_FROM_PRIMITIVE_LIST_PREFIX);
      isDeleteList = true;
    }
    if (patchV === null) {
      delete target[key];
      continue;
    }
    if (!Object.hasOwn(target, key) || sameGoType(target[key], patchV) === false) {
      if (!isDeleteList) {
        discardNullValues(patchV);
        const r = removeDirectives(patchV);
        if (r.keep) target[key] = r.value;
        else delete target[key];
      }
      continue;
    }
    const current = target[key];
    const { sub, meta } = fieldMeta(schema, key);
    if (isPlainObject(current)) {
      target[key] = meta.strategy === 'replace' ? patchV : mergeMap(current, patchV as JsonMap, sub);
    } else if (Array.isArray(current)) {
      target[key] =
        meta.strategy === 'merge' || isDeleteList
          ? mergeSlice(current, patchV as Json[], sub?.items, meta.mergeKey, isDeleteList)
          : patchV;
    } else {
      const r = removeDirectives(patchV);
      if (r.keep) target[key] = r.value;
      else delete target[key];
    }
  }
  return target;
}

function sameGoType(a: Json, b: Json): boolean {
  const kind = (v: Json) =>
    v === null ? 'nil' : Array.isArray(v) ? 'slice' : isPlainObject(v) ? 'map' : typeof v === 'number' ? (Number.isInteger(v) ? 'int' : 'float') : typeof v;
  return kind(a) === kind(b);
}

/** $retainKeys: clears the fields of the live map the list does not name. */
function applyRetainKeys(original: JsonMap, patch: JsonMap): void {
  if (!Object.hasOwn(patch, RETAIN_KEYS_DIRECTIVE)) return;
  const list = patch[RETAIN_KEYS_DIRECTIVE];
  delete patch[RETAIN_KEYS_DIRECTIVE];
  if (!Array.isArray(list)) throw errBadPatchFormatForRetainKeys();
  const retained = new Set<Json>(list);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX) || k.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    if (!retained.has(k)) throw errBadPatchFormatForRetainKeys();
  }
  for (const k of Object.keys(original)) if (!retained.has(k)) delete original[k];
}

/** Merges each list that has a $setElementOrder directive and orders it by that directive. */
function mergeSetElementOrderLists(original: JsonMap, patch: JsonMap, schema: PatchSchema | undefined): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    const order = patch[key];
    delete patch[key];
    if (!Array.isArray(order)) throw errBadArgType('slice', order);
    const listKey = extractKey(key, SET_ELEMENT_ORDER_PREFIX);
    const foundOriginal = Object.hasOwn(original, listKey);
    const foundPatch = Object.hasOwn(patch, listKey);
    let originalList: Json[] = [];
    let patchList: Json[] = [];
    if (foundOriginal) {
      if (!Array.isArray(original[listKey])) throw errBadArgType('slice', original[listKey]);
      originalList = original[listKey] as Json[];
    }
    if (foundPatch) {
      if (!Array.isArray(patch[listKey])) throw errBadArgType('slice', patch[listKey]);
      patchList = patch[listKey] as Json[];
    }
    const { sub, meta } = fieldMeta(schema, listKey);
    validatePatchWithSetOrderList(patchList, order, meta.mergeKey);

    let merged: Json[];
    if (foundOriginal && !foundPatch) merged = originalList;
    else if (!foundOriginal && foundPatch) merged = removeDirectives(patchList).value as Json[];
    else if (foundOriginal && foundPatch) {
      merged =
        meta.strategy === 'merge'
          ? mergeSlice(originalList, patchList, sub?.items, meta.mergeKey, false)
          : patchList;
    } else continue;

    delete patch[listKey];
    // Upstream never sees an empty live list (omitempty drops it); nothing to order then.
    if (originalList.length === 0 && patchList.length === 0) {
      original[listKey] = merged;
      continue;
    }
    const { inPatch, serverOnly } = partitionByPresence(merged, order, meta.mergeKey);
    const kind = sliceElementKind(originalList, patchList);
    original[listKey] = normalizeElementOrder(inPatch, serverOnly, order, originalList, meta.mergeKey, kind);
  }
}

function mergeSlice(
  original: Json[],
  patch: Json[],
  itemSchema: PatchSchema | undefined,
  mergeKey: string,
  isDeleteList: boolean,
): Json[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = sliceElementKind(original, patch);
  let live = original;
  let additions = patch;
  let merged: Json[];
  if (kind !== 'map') {
    if (isDeleteList) {
      const remove = new Set(patch);
      return original.filter((v) => !remove.has(v));
    }
    merged = dedupeScalars([...original, ...patch]);
  } else {
    if (!mergeKey) throw patchFailure('cannot merge lists without merge key for struct');
    ({ live, additions } = applyListElementDirectives(original, patch, mergeKey));
    merged = mergeByKey(live, additions, mergeKey, itemSchema);
  }
  const { inPatch, serverOnly } = partitionByPresence(merged, additions, mergeKey);
  return normalizeElementOrder(inPatch, serverOnly, additions, live, mergeKey, kind);
}

/** `$patch: delete` removes matching live elements; `$patch: replace` drops the live list. */
function applyListElementDirectives(original: Json[], patch: Json[], mergeKey: string): { live: Json[]; additions: Json[] } {
  let live = original;
  const additions: Json[] = [];
  let replace = false;
  for (const v of patch) {
    const item = v as JsonMap;
    if (!Object.hasOwn(item, DIRECTIVE_MARKER)) {
      additions.push(v);
      continue;
    }
    const directive = item[DIRECTIVE_MARKER];
    if (directive === 'delete') {
      if (!Object.hasOwn(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
      const value = item[mergeKey];
      while (true) {
        const found = findMapByKey(live, mergeKey, value);
        if (!found) break;
        live = [...live.slice(0, found.index), ...live.slice(found.index + 1)];
      }
    } else if (directive === 'replace') {
      replace = true;
    } else if (directive === 'merge') {
      throw patchFailure('merging lists cannot yet be specified in the patch');
    } else {
      throw errBadPatchType(directive, item);
    }
  }
  return replace ? { live: additions, additions: [] } : { live, additions };
}

function mergeByKey(original: Json[], patch: Json[], mergeKey: string, itemSchema: PatchSchema | undefined): Json[] {
  const out = [...original];
  for (const v of patch) {
    const item = v as JsonMap;
    if (!Object.hasOwn(item, mergeKey)) throw errNoMergeKey(item, mergeKey);
    const found = findMapByKey(out, mergeKey, item[mergeKey]);
    if (found) out[found.index] = mergeMap(found.map, item, itemSchema);
    else out.push(v);
  }
  return out;
}

/**
 * kube-apiserver decodes the patched map into the typed object, which drops directive keys
 * left in copied subtrees and null fields; the same clean-up for our untyped objects.
 */
function dropLeftovers(value: Json): JsonMap {
  const walk = (v: Json): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isPlainObject(v)) {
      for (const [k, child] of Object.entries(v)) {
        const directive =
          k === DIRECTIVE_MARKER ||
          k === RETAIN_KEYS_DIRECTIVE ||
          k.startsWith(`${SET_ELEMENT_ORDER_PREFIX}/`) ||
          k.startsWith(`${DELETE_FROM_PRIMITIVE_LIST_PREFIX}/`);
        if (directive || child === null) delete v[k];
        else walk(child);
      }
    }
  };
  walk(value);
  return value as JsonMap;
}
