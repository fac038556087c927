// The fields a create sets, as the field manager records them: what compareObjects finds added or
// modified between the object's struct skeleton and the object. Every create runs this, so it is
// one walk that fills the set directly instead of a comparison of two trees.

import { deepEqual, isPlainObject } from '../object.ts';
import { FieldSet, fieldElement, listItemElement, type FieldPath, type PathElement } from './fieldpath.ts';
import { childSchema, isMapEntry, listSemantics, type PatchSchema } from './schema.ts';

type JsonMap = Record<string, unknown>;

/** What a create compares against: the object's struct skeleton, so only new maps get ".". */
export function skeleton(value: unknown, schema: PatchSchema | undefined): JsonMap {
  const out: JsonMap = {};
  if (!isPlainObject(value)) return out;
  for (const [k, v] of Object.entries(value)) {
    if (isPlainObject(v) && isStruct(schema, k)) out[k] = skeleton(v, childSchema(schema, k));
  }
  return out;
}

/** A field whose map value is a struct (kept in the skeleton), not a map of entries. */
function isStruct(schema: PatchSchema | undefined, key: string): boolean {
  return !isMapEntry(schema, key) && childSchema(schema, key)?.additional === undefined;
}

const isEmptyMap = (v: JsonMap): boolean => {
  for (const _ in v) return false;
  return true;
};

/** compareObjects(skeleton(obj), obj, schema): its added ∪ modified (a create removes nothing). */
export function createdFields(obj: JsonMap, schema: PatchSchema | undefined): FieldSet {
  const set = new FieldSet();
  if (schema?.mapType === 'atomic') {
    if (!deepEqual(skeleton(obj, schema), obj)) set.insert([]);
    return set;
  }
  walkStruct(obj, schema, [], set);
  return set;
}

/** A map present on both sides: the skeleton holds its struct children, nothing else. */
function walkStruct(value: JsonMap, schema: PatchSchema | undefined, path: FieldPath, set: FieldSet): void {
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (child === undefined) continue;
    const cs = childSchema(schema, key);
    path.push(fieldElement(key));
    if (isPlainObject(child) && isStruct(schema, key)) {
      // Both sides have the map: an atomic one is one value; an empty one equals its skeleton.
      if (cs?.mapType === 'atomic') {
        if (!deepEqual(skeleton(child, cs), child)) set.insert(path);
      } else if (!isEmptyMap(child)) walkStruct(child, cs, path, set);
    } else walkAdded(child, cs, path, set);
    path.pop();
  }
}

/** A value the skeleton lacks: it is added with everything under it. */
function walkAdded(value: unknown, schema: PatchSchema | undefined, path: FieldPath, set: FieldSet): void {
  if (Array.isArray(value)) {
    const semantics = listSemantics(schema);
    if (semantics.type !== 'atomic' && value.length > 0) {
      const items = new Map<PathElement, unknown[]>();
      value.forEach((item, i) => {
        const pe = listItemElement(item, semantics, schema, i);
        const seen = items.get(pe);
        if (seen) seen.push(item);
        else items.set(pe, [item]);
      });
      for (const [pe, same] of items) {
        path.push(pe);
        // Duplicated items are owned as one element, not field by field.
        if (same.length === 1) walkAdded(same[0], schema?.items, path, set);
        else set.insert(path);
        path.pop();
      }
    }
  } else if (isPlainObject(value) && schema?.mapType !== 'atomic' && !isEmptyMap(value)) {
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (child === undefined) continue;
      path.push(fieldElement(key));
      walkAdded(child, childSchema(schema, key), path, set);
      path.pop();
    }
  }
  set.insert(path);
}
