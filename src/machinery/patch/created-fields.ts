// The fields a create sets, as the field manager records them: what compareObjects finds added or
// modified between the object's struct skeleton and the object. Every create runs this, so it is
// one walk that fills the set directly instead of a comparison of two trees.

import { deepEqual, isPlainObject } from '../object.ts';
import { FieldSet, fieldElement, listItemElement, type FieldPath, type PathElement } from './fieldpath.ts';
import { childSchema, isMapEntry, listSemantics, type PatchSchema } from './schema.ts';

type JsonMap = Record<string, unknown>;

/**
 * What a create compares against, as Go's empty object of the kind encodes: the structs it holds
 * by value (as `{}`) and the nulls of its fields that are not omitted, so only new maps get ".".
 */
export function skeleton(value: unknown, schema: PatchSchema | undefined): JsonMap {
  const out: JsonMap = {};
  if (!isPlainObject(value) || schema?.unstructured) return out;
  for (const [k, v] of Object.entries(value)) {
    if (isMapEntry(schema, k)) continue;
    const cs = childSchema(schema, k);
    if (v === null || (Array.isArray(v) && cs?.nullInEmpty)) out[k] = null;
    else if (isPlainObject(v) && isValueStruct(schema, k)) out[k] = skeleton(v, cs);
  }
  return out;
}

/** A field whose map value is a struct (not a map of entries) that the kind's empty object holds. */
function isValueStruct(schema: PatchSchema | undefined, key: string): boolean {
  if (isMapEntry(schema, key)) return false;
  const cs = childSchema(schema, key);
  return cs?.additional === undefined && !cs?.pointer;
}

const isEmptyMap = (v: JsonMap): boolean => {
  for (const _ in v) return false;
  return true;
};

/** What a walk reports: entering and leaving a path element, and the current path being a member. */
interface Recorder {
  push(pe: PathElement): void;
  pop(): void;
  insert(): void;
}

/** Fills a FieldSet. */
class SetRecorder implements Recorder {
  readonly set = new FieldSet();
  private readonly path: FieldPath = [];
  push(pe: PathElement): void {
    this.path.push(pe);
  }
  pop(): void {
    this.path.pop();
  }
  insert(): void {
    this.set.insert(this.path);
  }
}

/**
 * Writes the walk down as a string (each element length-prefixed, so no key can forge a marker):
 * two objects with the same signature have the same created fields, whatever their values.
 */
class SignatureRecorder implements Recorder {
  /** The walk's tokens, joined once at the end (a string grown token by token allocates a piece for each). */
  readonly tokens: Array<string | number> = [];
  push(pe: PathElement): void {
    this.tokens.push(pe.length, pe);
  }
  pop(): void {
    this.tokens.push(')');
  }
  insert(): void {
    this.tokens.push('!');
  }
  get text(): string {
    return this.tokens.join(':');
  }
}

/** compareObjects(skeleton(obj), obj, schema): its added ∪ modified (a create removes nothing). */
export function createdFields(obj: JsonMap, schema: PatchSchema | undefined): FieldSet {
  const r = new SetRecorder();
  walkCreated(obj, schema, r);
  return r.set;
}

/**
 * The walk createdFields makes, as a string: equal for two objects exactly when their created
 * fields are (paths, list keys and atomic outcomes; not the leaf values), and much cheaper to make
 * than the set, so a caller can keep sets by signature.
 */
export function createdSignature(obj: JsonMap, schema: PatchSchema | undefined): string {
  const r = new SignatureRecorder();
  walkCreated(obj, schema, r);
  return r.text;
}

function walkCreated(obj: JsonMap, schema: PatchSchema | undefined, r: Recorder): void {
  if (schema?.mapType === 'atomic') {
    if (!deepEqual(skeleton(obj, schema), obj)) r.insert();
    return;
  }
  walkStruct(obj, schema, r);
}

/** A map present on both sides: the skeleton holds its value structs and nulls, nothing else. */
function walkStruct(value: JsonMap, schema: PatchSchema | undefined, r: Recorder): void {
  if (schema?.unstructured) {
    walkAddedFields(value, schema, r);
    return;
  }
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (child === undefined || (child === null && !isMapEntry(schema, key))) continue;
    const cs = childSchema(schema, key);
    r.push(fieldElement(key));
    if (isPlainObject(child) && isValueStruct(schema, key)) {
      // Both sides have the map: an atomic one is one value; an empty one equals its skeleton.
      if (cs?.mapType === 'atomic') {
        if (!deepEqual(skeleton(child, cs), child)) r.insert();
      } else if (!isEmptyMap(child)) walkStruct(child, cs, r);
    } else if (Array.isArray(child) && cs?.nullInEmpty) {
      // Null before: the items are new, the list is not (unless it is one value, atomic or empty).
      if (!walkAddedItems(child, cs, r)) r.insert();
    } else walkAdded(child, cs, r);
    r.pop();
  }
}

/** A value the skeleton lacks: it is added with everything under it. */
function walkAdded(value: unknown, schema: PatchSchema | undefined, r: Recorder): void {
  if (Array.isArray(value)) {
    walkAddedItems(value, schema, r);
  } else if (isPlainObject(value) && schema?.mapType !== 'atomic' && !isEmptyMap(value)) {
    walkAddedFields(value, schema, r);
  }
  r.insert();
}

/** A list's items, each added with all under it; false when the list is one value (atomic or empty). */
function walkAddedItems(value: unknown[], schema: PatchSchema | undefined, r: Recorder): boolean {
  const semantics = listSemantics(schema);
  if (semantics.type === 'atomic' || value.length === 0) return false;
  const items = new Map<PathElement, unknown[]>();
  value.forEach((item, i) => {
    const pe = listItemElement(item, semantics, schema, i);
    const seen = items.get(pe);
    if (seen) seen.push(item);
    else items.set(pe, [item]);
  });
  for (const [pe, same] of items) {
    r.push(pe);
    // Duplicated items are owned as one element, not field by field.
    if (same.length === 1) walkAdded(same[0], schema?.items, r);
    else r.insert();
    r.pop();
  }
  return true;
}

function walkAddedFields(value: JsonMap, schema: PatchSchema | undefined, r: Recorder): void {
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (child === undefined) continue;
    r.push(fieldElement(key));
    walkAdded(child, childSchema(schema, key), r);
    r.pop();
  }
}
