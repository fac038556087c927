// The three walks of structured-merge-diff that server-side apply is built from, over plain
// JSON and a PatchSchema: compare two objects into added/modified/removed field sets, merge an
// applied configuration into a live object, and remove a field set from an object.

import { deepEqual, isPlainObject } from '../object.ts';
import { FieldSet, fieldElement, listItemElement, type FieldPath, type PathElement } from './fieldpath.ts';
import { childSchema, listSemantics, type PatchSchema } from './schema.ts';

type Json = unknown;
type JsonMap = Record<string, unknown>;

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

type Shape = 'map' | 'list' | 'scalar';
const shapeOf = (v: Json): Shape => (Array.isArray(v) ? 'list' : isPlainObject(v) ? 'map' : 'scalar');
const isEmptyContainer = (v: Json): boolean =>
  v === undefined || v === null || (Array.isArray(v) ? v.length === 0 : isPlainObject(v) && Object.keys(v).length === 0);

/** Items of a list, indexed by path element; duplicated elements are flagged. */
function indexList(list: Json[], schema: PatchSchema | undefined): { order: PathElement[]; items: Map<PathElement, Json[]> } {
  const semantics = listSemantics(schema);
  const order: PathElement[] = [];
  const items = new Map<PathElement, Json[]>();
  list.forEach((item, i) => {
    const pe = listItemElement(item, semantics, schema, i);
    const seen = items.get(pe);
    if (seen) seen.push(item);
    else {
      items.set(pe, [item]);
      order.push(pe);
    }
  });
  return { order, items };
}

// ---- compare ----

/** Which fields `rhs` adds, modifies or removes relative to `lhs` (typed.Compare). */
export function compareObjects(lhs: Json, rhs: Json, schema: PatchSchema | undefined): Comparison {
  const cmp: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  compareNode(lhs, rhs, schema, [], cmp);
  return cmp;
}

function compareNode(lhs: Json, rhs: Json, schema: PatchSchema | undefined, path: FieldPath, cmp: Comparison): void {
  let leaf = false;
  // A null is a value of any type: a null list or map compares as an empty one.
  const ls = lhs === undefined ? undefined : lhs === null && rhs != null ? shapeOf(rhs) : shapeOf(lhs);
  const rs = rhs === undefined ? undefined : rhs === null && lhs != null ? shapeOf(lhs) : shapeOf(rhs);
  if (rs === undefined) leaf = compareShape(lhs, undefined, ls!, lhs, rhs, schema, path, cmp);
  else if (ls === undefined || ls === rs) leaf = compareShape(lhs, rhs, rs, lhs, rhs, schema, path, cmp);
  else {
    // A value that changed shape: its old children are gone and the value itself changed.
    if (ls !== 'scalar') compareShape(lhs, undefined, ls, lhs, rhs, schema, path, cmp);
    compareLeaf(lhs, rhs, path, cmp);
    leaf = true;
  }
  if (!leaf) {
    if (lhs === undefined) cmp.added.insert(path);
    else if (rhs === undefined) cmp.removed.insert(path);
  }
}

// Module-level helpers rather than closures: compareNode runs for every field of every write.

function compareLeaf(lhs: Json, rhs: Json, path: FieldPath, cmp: Comparison): void {
  if (lhs === undefined) cmp.added.insert(path);
  else if (rhs === undefined) cmp.removed.insert(path);
  else if (!deepEqual(lhs, rhs)) cmp.modified.insert(path);
}

/** Compares `l` and `r` as `shape`; a leaf compares the node's own `lhs` and `rhs`. Returns whether it was a leaf. */
function compareShape(l: Json, r: Json, shape: Shape, lhs: Json, rhs: Json, schema: PatchSchema | undefined, path: FieldPath, cmp: Comparison): boolean {
  const atomic = shape === 'scalar' || (shape === 'list' ? listSemantics(schema).type === 'atomic' : schema?.mapType === 'atomic');
  if (atomic || (isEmptyContainer(l) && isEmptyContainer(r))) {
    compareLeaf(lhs, rhs, path, cmp);
    return true;
  }
  if (shape === 'map') compareMaps(l as JsonMap | undefined, r as JsonMap | undefined, schema, path, cmp);
  else compareLists(l as Json[] | undefined, r as Json[] | undefined, schema, path, cmp);
  return false;
}

// `path` is one array the walk pushes to and pops from (FieldSet.insert copies what it keeps).

function compareMaps(l: JsonMap | undefined, r: JsonMap | undefined, schema: PatchSchema | undefined, path: FieldPath, cmp: Comparison): void {
  if (l) for (const key of Object.keys(l)) compareMapKey(l[key], r?.[key], key, schema, path, cmp);
  if (r) for (const key of Object.keys(r)) if (!l || !Object.hasOwn(l, key)) compareMapKey(undefined, r[key], key, schema, path, cmp);
}

function compareMapKey(lv: Json, rv: Json, key: string, schema: PatchSchema | undefined, path: FieldPath, cmp: Comparison): void {
  if (lv === undefined && rv === undefined) return;
  // An unchanged subtree adds, modifies and removes nothing: one equality walk instead of a field walk.
  if (lv !== undefined && rv !== undefined && typeof lv === 'object' && deepEqual(lv, rv)) return;
  path.push(fieldElement(key));
  compareNode(lv, rv, childSchema(schema, key), path, cmp);
  path.pop();
}

/**
 * A list's items by path element, for a comparison: the first item of each element, and (only
 * when an element repeats, which a valid list map never does) all of them. Status writes compare
 * a few small lists each, so the usual case allocates one Map and one array per side.
 */
interface ComparedList {
  order: PathElement[];
  first: Map<PathElement, Json>;
  repeated?: Map<PathElement, Json[]>;
}

function indexForCompare(list: Json[] | undefined, schema: PatchSchema | undefined): ComparedList {
  const order: PathElement[] = [];
  const first = new Map<PathElement, Json>();
  let repeated: Map<PathElement, Json[]> | undefined;
  if (!list) return { order, first };
  const semantics = listSemantics(schema);
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    const pe = listItemElement(item, semantics, schema, i);
    if (!first.has(pe)) {
      first.set(pe, item);
      order.push(pe);
      continue;
    }
    repeated ??= new Map();
    const all = repeated.get(pe);
    if (all) all.push(item);
    else repeated.set(pe, [first.get(pe), item]);
  }
  return { order, first, repeated };
}

const countOf = (list: ComparedList, pe: PathElement): number => list.repeated?.get(pe)?.length ?? (list.first.has(pe) ? 1 : 0);

function compareLists(l: Json[] | undefined, r: Json[] | undefined, schema: PatchSchema | undefined, path: FieldPath, cmp: Comparison): void {
  const left = indexForCompare(l, schema);
  const right = indexForCompare(r, schema);
  for (const pe of left.order) compareListItem(left, right, pe, schema, path, cmp);
  for (const pe of right.order) if (!left.first.has(pe)) compareListItem(left, right, pe, schema, path, cmp);
}

/** One path element of two lists: an item on each side compares field by field; repeated ones as wholes. */
function compareListItem(left: ComparedList, right: ComparedList, pe: PathElement, schema: PatchSchema | undefined, path: FieldPath, cmp: Comparison): void {
  const ln = countOf(left, pe);
  const rn = countOf(right, pe);
  path.push(pe);
  if (ln <= 1 && rn <= 1) {
    compareNode(left.first.get(pe), right.first.get(pe), schema?.items, path, cmp);
  } else if (ln >= 2 && rn >= 2) {
    if (!deepEqual(left.repeated!.get(pe), right.repeated!.get(pe))) cmp.modified.insert(path);
  } else if (ln >= 2) {
    if (rn) compareNode(undefined, right.first.get(pe), schema?.items, path, cmp);
    cmp.removed.insert(path);
  } else {
    if (ln) compareNode(left.first.get(pe), undefined, schema?.items, path, cmp);
    cmp.added.insert(path);
  }
  path.pop();
}

// ---- merge ----

/** Merges `rhs` (an applied configuration) into `lhs` (typed.Merge keeping rhs values). */
export function mergeObjects(lhs: Json, rhs: Json, schema: PatchSchema | undefined): Json {
  if (rhs === undefined) return lhs;
  if (lhs === undefined || lhs === null || shapeOf(lhs) !== shapeOf(rhs)) return normalize(rhs, schema);
  const shape = shapeOf(rhs);
  if (shape === 'scalar') return rhs;
  const atomic = shape === 'list' ? listSemantics(schema).type === 'atomic' : schema?.mapType === 'atomic';
  if (atomic || (isEmptyContainer(lhs) && isEmptyContainer(rhs))) return rhs;
  if (shape === 'map') {
    const l = lhs as JsonMap;
    const r = rhs as JsonMap;
    const out: JsonMap = {};
    for (const key of Object.keys(l)) {
      const v = Object.hasOwn(r, key) ? mergeObjects(l[key], r[key], childSchema(schema, key)) : l[key];
      if (v !== undefined && v !== null) out[key] = v;
    }
    for (const key of Object.keys(r)) {
      if (Object.hasOwn(l, key)) continue;
      const v = mergeObjects(undefined, r[key], childSchema(schema, key));
      if (v !== undefined && v !== null) out[key] = v;
    }
    return out;
  }
  return mergeLists(lhs as Json[], rhs as Json[], schema);
}

/** A value taken from the configuration alone: nulls inside maps are dropped. */
function normalize(value: Json, schema: PatchSchema | undefined): Json {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.map((v) => normalize(v, schema?.items) ?? null);
  if (!isPlainObject(value)) return value;
  const out: JsonMap = {};
  for (const [k, v] of Object.entries(value)) {
    const n = normalize(v, childSchema(schema, k));
    if (n !== undefined) out[k] = n;
  }
  return out;
}

// Keeps live order, placing configuration items in configuration order (mergingWalker.visitListItems).
function mergeLists(lhs: Json[], rhs: Json[], schema: PatchSchema | undefined): Json[] | undefined {
  const left = indexList(lhs, schema);
  const right = indexList(rhs, schema);
  const semantics = listSemantics(schema);
  const lPEs = lhs.map((item, i) => listItemElement(item, semantics, schema, i));
  const rPEs = right.order;
  const lFirst = (pe: PathElement): Json => {
    const items = left.items.get(pe);
    return items && items.length === 1 ? items[0] : items ? null : undefined;
  };
  const rOf = (pe: PathElement): Json => right.items.get(pe)![0];
  const shared = rPEs.filter((pe) => left.items.has(pe));
  let nextShared = shared.shift();
  const mergedRight = new Set<PathElement>();
  const out: Json[] = [];
  const push = (v: Json) => {
    if (v !== undefined) out.push(v);
  };
  let li = 0;
  let ri = 0;
  while (li < lPEs.length || ri < rPEs.length) {
    if (li < lPEs.length && ri < rPEs.length) {
      const pe = lPEs[li];
      if (pe === rPEs[ri]) {
        mergedRight.add(pe);
        push(mergeObjects(lFirst(pe), rOf(pe), schema?.items));
        li++;
        ri++;
        nextShared = shared.shift();
        continue;
      }
      if (right.items.has(pe) && nextShared !== undefined && nextShared !== pe) {
        li++;
        continue;
      }
    }
    if (li < lPEs.length) {
      const pe = lPEs[li];
      if (!right.items.has(pe)) {
        push(lhs[li]);
        li++;
        continue;
      } else if (mergedRight.has(pe)) li++;
    }
    if (ri < rPEs.length) {
      const pe = rPEs[ri];
      mergedRight.add(pe);
      push(mergeObjects(lFirst(pe), rOf(pe), schema?.items));
      ri++;
      if (nextShared === pe) nextShared = shared.shift();
    }
  }
  return out.length > 0 ? out : undefined;
}

// ---- remove ----

/** The object without the fields in `toRemove` (a member removes the whole subtree). */
export function removeFields(value: Json, toRemove: FieldSet, schema: PatchSchema | undefined): Json {
  if (Array.isArray(value)) {
    if (value.length === 0 || listSemantics(schema).type === 'atomic') return undefined;
    const semantics = listSemantics(schema);
    const out: Json[] = [];
    value.forEach((item, i) => {
      const pe = listItemElement(item, semantics, schema, i);
      if (toRemove.members.has(pe)) return;
      const sub = toRemove.withPrefix(pe);
      const kept = sub.isEmpty() ? item : removeFields(item, sub, schema?.items);
      out.push(kept === undefined ? null : kept);
    });
    return out.length > 0 ? out : undefined;
  }
  if (isPlainObject(value)) {
    if (Object.keys(value).length === 0 || schema?.mapType === 'atomic') return undefined;
    const out: JsonMap = {};
    for (const [key, child] of Object.entries(value)) {
      const pe = fieldElement(key);
      if (toRemove.members.has(pe)) continue;
      const sub = toRemove.withPrefix(pe);
      const kept = sub.isEmpty() ? child : removeFields(child, sub, childSchema(schema, key));
      if (kept !== undefined) out[key] = kept;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return value;
}
