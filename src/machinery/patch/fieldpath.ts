// Field sets as structured-merge-diff models them: the paths an object sets, serialized as
// managedFields' FieldsV1 (`f:<field>`, `k:{<list map keys>}`, `v:<set value>`, `i:<index>`,
// and `.` for an element that is itself a member and also has children).

import { isPlainObject } from '../object.ts';
import { childSchema, isMapEntry, listSemantics, type ListSemantics, type PatchSchema } from './schema.ts';

/** One serialized path element: `f:name`, `k:{"name":"main"}`, `v:"x"`, `i:0`. */
export type PathElement = string;
export type FieldPath = PathElement[];

export const fieldElement = (name: string): PathElement => `f:${name}`;

const TYPE_RANK: Record<string, number> = { f: 0, k: 1, v: 2, i: 3 };

/** structured-merge-diff's PathElement ordering: fields, then keys, then values, then indexes. */
export function comparePathElements(a: PathElement, b: PathElement): number {
  // Two fields (by far the most common pair): their names compare as the whole strings do.
  if (a.charCodeAt(0) === 102 && b.charCodeAt(0) === 102) return a < b ? -1 : a > b ? 1 : 0;
  const ta = TYPE_RANK[a[0]] ?? 4;
  const tb = TYPE_RANK[b[0]] ?? 4;
  if (ta !== tb) return ta - tb;
  const ra = a.slice(2);
  const rb = b.slice(2);
  switch (a[0]) {
    case 'f':
      return ra < rb ? -1 : ra > rb ? 1 : 0;
    case 'i':
      return Number(ra) - Number(rb);
    case 'k': {
      const ea = Object.entries(parseJson(ra) as Record<string, unknown>);
      const eb = Object.entries(parseJson(rb) as Record<string, unknown>);
      for (let i = 0; i < Math.min(ea.length, eb.length); i++) {
        if (ea[i][0] !== eb[i][0]) return ea[i][0] < eb[i][0] ? -1 : 1;
        const c = compareValues(ea[i][1], eb[i][1]);
        if (c !== 0) return c;
      }
      return ea.length - eb.length;
    }
    default:
      return compareValues(parseJson(ra), parseJson(rb));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function valueRank(v: unknown): number {
  if (typeof v === 'number') return 0;
  if (typeof v === 'string') return 1;
  if (typeof v === 'boolean') return 2;
  if (v === null || v === undefined) return 3;
  return Array.isArray(v) ? 4 : 5;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = valueRank(a);
  const rb = valueRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const sa = JSON.stringify(a);
  const sb = JSON.stringify(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function sortedKeyJson(fields: Record<string, unknown>): string {
  const keys = Object.keys(fields).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(fields[k])}`).join(',')}}`;
}

function canonicalElement(pe: PathElement): PathElement {
  if (pe.startsWith('k:')) {
    const parsed = parseJson(pe.slice(2));
    if (isPlainObject(parsed)) return `k:${sortedKeyJson(parsed)}`;
  }
  return pe;
}

/** The path element of an item of the list `listSchema` describes: its keys, its value (sets), else its index. */
export function listItemElement(item: unknown, semantics: ListSemantics, listSchema: PatchSchema | undefined, index: number): PathElement {
  if (semantics.type === 'set') return `v:${JSON.stringify(item)}`;
  if (semantics.type === 'map' && isPlainObject(item) && semantics.keys.length > 0) {
    const key: Record<string, unknown> = {};
    for (const name of semantics.keys) {
      const value = Object.hasOwn(item, name) ? item[name] : listSchema?.listMapKeyDefaults?.[name];
      if (value !== undefined) key[name] = value;
    }
    if (Object.keys(key).length > 0) return `k:${sortedKeyJson(key)}`;
  }
  return `i:${index}`;
}

/** How a conflict names a path: `.spec.containers[name="main"].image`. */
export function pathToString(path: FieldPath): string {
  return path
    .map((pe) => {
      const rest = pe.slice(2);
      switch (pe[0]) {
        case 'f':
          return `.${rest}`;
        case 'k': {
          const key = parseJson(rest) as Record<string, unknown>;
          return `[${Object.entries(key).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(',')}]`;
        }
        case 'v':
          return `[=${rest}]`;
        default:
          return `[${rest}]`;
      }
    })
    .join('');
}

const NO_MEMBERS: ReadonlySet<PathElement> = new Set();
const NO_CHILDREN: ReadonlyMap<PathElement, FieldSet> = new Map();

/**
 * The set each FieldsV1 tree this module made or read stands for. The trees are never changed
 * (objects share them: every Pod of a ReplicaSet, every version of an object that kept an entry),
 * so the entries of a stored object decode again by a lookup instead of a walk.
 */
const setsOfTrees = new WeakMap<object, FieldSet>();

/** A set of field paths: members end at this node, children continue below it. */
export class FieldSet {
  // Made on the first member or child: most nodes of a field set are leaves, and a Set and a Map
  // for each made field sets several times their size in memory and in allocation.
  private memberSet: Set<PathElement> | undefined = undefined;
  private childMap: Map<PathElement, FieldSet> | undefined = undefined;
  /**
   * The FieldsV1 tree this node was decoded from or last emitted as ("." included when the node is
   * a member of its parent). Sets are never changed once built, so a node that a union or a
   * difference passes on whole is emitted again by reusing its tree. (A field, not a WeakMap:
   * a WeakMap entry costs more than emitting a small node.)
   */
  private encoded: Record<string, unknown> | undefined = undefined;

  /** The path elements that end at this node. */
  get members(): ReadonlySet<PathElement> {
    return this.memberSet ?? NO_MEMBERS;
  }

  /** The path elements that continue below this node, with what is below them. */
  get children(): ReadonlyMap<PathElement, FieldSet> {
    return this.childMap ?? NO_CHILDREN;
  }

  private addMember(pe: PathElement): void {
    (this.memberSet ??= new Set()).add(pe);
  }

  private setChild(pe: PathElement, child: FieldSet): void {
    (this.childMap ??= new Map()).set(pe, child);
  }

  static of(...paths: FieldPath[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  insert(path: FieldPath): void {
    if (path.length === 0) return;
    let node: FieldSet = this;
    for (let i = 0; i < path.length - 1; i++) node = node.child(path[i]);
    node.addMember(path[path.length - 1]);
  }

  private child(pe: PathElement): FieldSet {
    let c = this.childMap?.get(pe);
    if (!c) {
      c = new FieldSet();
      this.setChild(pe, c);
    }
    return c;
  }

  /** Whether `path` is a member (not merely a prefix of one). */
  has(path: FieldPath): boolean {
    let node: FieldSet | undefined = this;
    for (let i = 0; i < path.length - 1 && node; i++) node = node.children.get(path[i]);
    return path.length > 0 && node !== undefined && node.members.has(path[path.length - 1]);
  }

  withPrefix(pe: PathElement): FieldSet {
    return this.children.get(pe) ?? new FieldSet();
  }

  isEmpty(): boolean {
    if (this.members.size > 0) return false;
    for (const c of this.children.values()) if (!c.isEmpty()) return false;
    return true;
  }

  // Sets are not changed once built (only a set under construction is inserted into), so the
  // results below share the subtrees they take whole from an operand instead of copying them,
  // and are an operand itself when the operation leaves it as it is.

  union(other: FieldSet): FieldSet {
    if (other.isEmpty()) return this;
    if (this.isEmpty()) return other;
    const out = new FieldSet();
    for (const m of this.members) out.addMember(m);
    for (const m of other.members) out.addMember(m);
    for (const [pe, c] of this.children) {
      const o = other.children.get(pe);
      out.setChild(pe, o ? c.union(o) : c);
    }
    for (const [pe, o] of other.children) if (!out.children.has(pe)) out.setChild(pe, o);
    return out;
  }

  /** Whether this set and `other` have a member in common: what difference removes, what intersection keeps. */
  private overlaps(other: FieldSet): boolean {
    if (this.members.size <= other.members.size) {
      for (const m of this.members) if (other.members.has(m)) return true;
    } else {
      for (const m of other.members) if (this.members.has(m)) return true;
    }
    for (const [pe, o] of other.children) {
      const c = this.children.get(pe);
      if (c !== undefined && c.overlaps(o)) return true;
    }
    return false;
  }

  difference(other: FieldSet): FieldSet {
    if (!this.overlaps(other)) return this;
    const out = new FieldSet();
    for (const m of this.members) if (!other.members.has(m)) out.addMember(m);
    for (const [pe, c] of this.children) {
      const o = other.children.get(pe);
      const d = o ? c.difference(o) : c;
      if (!d.isEmpty()) out.setChild(pe, d);
    }
    return out;
  }

  intersection(other: FieldSet): FieldSet {
    if (this === other) return this;
    if (!this.overlaps(other)) return NO_FIELDS;
    const out = new FieldSet();
    for (const m of this.members) if (other.members.has(m)) out.addMember(m);
    for (const [pe, c] of this.children) {
      const o = other.children.get(pe);
      if (!o) continue;
      const i = c.intersection(o);
      if (!i.isEmpty()) out.setChild(pe, i);
    }
    return out;
  }

  /** This set without the element `pe` and all below it. */
  without(pe: PathElement): FieldSet {
    if (!this.members.has(pe) && !this.children.has(pe)) return this;
    const out = new FieldSet();
    for (const m of this.members) if (m !== pe) out.addMember(m);
    for (const [child, c] of this.children) if (child !== pe) out.setChild(child, c);
    return out;
  }

  /** The part of this set at the element `pe` and below it. */
  only(pe: PathElement): FieldSet {
    const out = new FieldSet();
    const below = this.children.get(pe);
    if (below) out.setChild(pe, below);
    if (this.members.has(pe)) out.addMember(pe);
    return out;
  }

  /** Every member path, members before children at each level, in path-element order. */
  paths(prefix: FieldPath = []): FieldPath[] {
    const out: FieldPath[] = [];
    for (const m of [...this.members].sort(comparePathElements)) out.push([...prefix, m]);
    for (const pe of [...this.children.keys()].sort(comparePathElements)) {
      out.push(...this.children.get(pe)!.paths([...prefix, pe]));
    }
    return out;
  }

  /** Makes every struct field that has children a member too (so removing it removes the field). */
  ensureNamedFieldsAreMembers(schema: PatchSchema | undefined): FieldSet {
    const out = new FieldSet();
    for (const m of this.members) out.addMember(m);
    for (const [pe, c] of this.children) {
      const name = pe.startsWith('f:') ? pe.slice(2) : undefined;
      if (name !== undefined && !isMapEntry(schema, name)) out.addMember(pe);
      const sub = name !== undefined ? childSchema(schema, name) : schema?.items;
      out.setChild(pe, c.ensureNamedFieldsAreMembers(sub));
    }
    return out;
  }

  toFieldsV1(): Record<string, unknown> {
    const tree = this.emit(false);
    if (!tree) return {};
    setsOfTrees.set(tree, this);
    return tree;
  }

  /** The FieldsV1 tree of this set (with "." when `includeSelf`), or undefined when it is empty. */
  private emit(includeSelf: boolean): Record<string, unknown> | undefined {
    const known = this.encoded;
    if (known && Object.hasOwn(known, '.') === includeSelf) return known;
    // The elements in order (most nodes have a handful: sorted by insertion, which allocates nothing,
    // where every write of an object emits the nodes its change touched), then their subtrees.
    const elements: PathElement[] = [];
    for (const m of this.members) if (!this.children.has(m)) elements.push(m);
    for (const pe of this.children.keys()) elements.push(pe);
    if (elements.length > 16) elements.sort(comparePathElements);
    else {
      for (let i = 1; i < elements.length; i++) {
        const pe = elements[i]!;
        let j = i;
        for (; j > 0 && comparePathElements(elements[j - 1]!, pe) > 0; j--) elements[j] = elements[j - 1]!;
        elements[j] = pe;
      }
    }
    let out: Record<string, unknown> | undefined;
    for (const pe of elements) {
      const child = this.childMap?.get(pe);
      const member = this.members.has(pe);
      const sub = child ? child.emit(member) : undefined;
      if (!sub && child && !member) continue;
      if (!out) {
        out = {};
        if (includeSelf) out['.'] = {};
      }
      out[pe] = sub ?? {};
    }
    if (out) this.encoded = out;
    return out;
  }

  /** `canonical`: the tree was written by `toFieldsV1` (a stored entry), so its list keys need no normalising. */
  static fromFieldsV1(fields: unknown, canonical = false): FieldSet {
    if (!isPlainObject(fields)) return new FieldSet();
    const known = setsOfTrees.get(fields);
    if (known) return known;
    const out = FieldSet.decode(fields, canonical);
    if (canonical) setsOfTrees.set(fields, out);
    return out;
  }

  private static decode(fields: Record<string, unknown>, canonical: boolean): FieldSet {
    const out = new FieldSet();
    for (const rawPe in fields) {
      if (rawPe === '.') continue;
      const value = fields[rawPe];
      const pe = canonical ? rawPe : canonicalElement(rawPe);
      const inner = isPlainObject(value) ? value : {};
      let empty = true;
      for (const _ in inner) {
        empty = false;
        break;
      }
      if (empty || Object.hasOwn(inner, '.')) out.addMember(pe);
      if (empty) continue;
      const child = FieldSet.decode(inner, canonical);
      if (!child.isEmpty()) out.setChild(pe, child);
    }
    if (canonical) out.encoded = fields;
    return out;
  }
}

/** The empty set the operations answer when nothing is in common (never inserted into: results are not built on). */
const NO_FIELDS = new FieldSet();

/** The field set an object sets (structured-merge-diff's ToFieldSet). */
export function toFieldSet(value: unknown, schema: PatchSchema | undefined): FieldSet {
  const set = new FieldSet();
  walkFields(value, schema, [], set);
  return set;
}

function walkFields(value: unknown, schema: PatchSchema | undefined, path: FieldPath, set: FieldSet): void {
  if (Array.isArray(value)) {
    const semantics = listSemantics(schema);
    if (semantics.type === 'atomic') {
      set.insert(path);
      return;
    }
    const elements = value.map((item, i) => listItemElement(item, semantics, schema, i));
    const counts = new Map<PathElement, number>();
    for (const pe of elements) counts.set(pe, (counts.get(pe) ?? 0) + 1);
    value.forEach((item, i) => {
      const pe = elements[i];
      const itemPath = [...path, pe];
      if ((counts.get(pe) ?? 0) > 1) {
        set.insert(itemPath);
        return;
      }
      walkFields(item, schema?.items, itemPath, set);
      set.insert(itemPath);
    });
    return;
  }
  if (isPlainObject(value)) {
    if (schema?.mapType === 'atomic') {
      set.insert(path);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined) continue;
      const childPath = [...path, fieldElement(key)];
      walkFields(child, childSchema(schema, key), childPath, set);
      if (child === null || (isPlainObject(child) && Object.keys(child).length === 0) || isMapEntry(schema, key)) {
        set.insert(childPath);
      }
    }
    return;
  }
  set.insert(path);
}
