// The Kubernetes JSONPath dialect (client-go util/jsonpath) as CRD additionalPrinterColumns use it:
// fields (with `\.` escapes), `..` recursion, `*`, `[i]`, `[a:b:s]`, unions `[0,2]`, `['key']`,
// filters `[?(@.type=="Ready")]`. Also the printer-column cell formatting of apiextensions' table
// convertor.

import { humanDuration } from './duration.ts';

export class JsonPathError extends Error {
  override name = 'JsonPathError';
}

interface Slice {
  start?: number;
  end?: number;
  /** `[n]` means n:n+1; a derived end of 0 (from `[-1]`) wraps like negative ends. */
  derivedEnd: boolean;
  step?: number;
}

type PathNode =
  | { type: 'field'; name: string }
  | { type: 'recursive' }
  | { type: 'wildcard' }
  | { type: 'array'; slice: Slice }
  | { type: 'union'; branches: PathNode[][] }
  | { type: 'filter'; left: PathNode[]; op: string; right: PathNode[] }
  | { type: 'literal'; value: string | number | boolean };

const isTerminator = (c: string | undefined) => c === undefined || ' \t\r\n.,[]$@{}'.includes(c);
const isAlphaNumeric = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

class PathParser {
  private pos = 0;
  readonly nodes: PathNode[] = [];
  constructor(private readonly s: string) {}

  parse(): PathNode[] {
    while (this.pos < this.s.length) this.step();
    return this.nodes;
  }

  private step(): void {
    const s = this.s;
    const rest = s.slice(this.pos);
    if (rest.startsWith('[?(')) return this.parseFilter();
    if (rest.startsWith('..')) {
      if (this.nodes.at(-1)?.type === 'recursive') throw new JsonPathError('invalid multiple recursive descent');
      this.pos += 2;
      this.nodes.push({ type: 'recursive' });
      if (isAlphaNumeric(s[this.pos])) this.parseField(this.pos);
      return;
    }
    const c = s[this.pos];
    if (c === ' ' || c === '@' || c === '$') {
      this.pos++;
    } else if (c === '[') {
      this.parseArray();
    } else if (c === '"' || c === "'") {
      this.parseQuote(c);
    } else if (c === '.') {
      this.parseField(this.pos + 1);
    } else if (c === '+' || c === '-' || /[0-9]/.test(c)) {
      this.parseNumber();
    } else if (isAlphaNumeric(c)) {
      this.parseIdentifier();
    } else if (c === '\r' || c === '\n') {
      throw new JsonPathError('unclosed action');
    } else {
      throw new JsonPathError(`unrecognized character in action: U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} '${c}'`);
    }
  }

  private parseField(start: number): void {
    let i = start;
    while (i < this.s.length) {
      if (this.s[i] === '\\') i += 2;
      else if (isTerminator(this.s[i])) break;
      else i++;
    }
    const raw = this.s.slice(start, Math.min(i, this.s.length));
    this.pos = Math.min(i, this.s.length);
    this.nodes.push(raw === '*' ? { type: 'wildcard' } : { type: 'field', name: raw.replaceAll('\\', '') });
  }

  private parseIdentifier(): void {
    const start = this.pos;
    while (!isTerminator(this.s[this.pos])) this.pos++;
    const word = this.s.slice(start, this.pos);
    if (word === 'true' || word === 'false') this.nodes.push({ type: 'literal', value: word === 'true' });
    else throw new JsonPathError(`unrecognized identifier ${word}`);
  }

  private parseNumber(): void {
    const start = this.pos;
    if (this.s[this.pos] === '+' || this.s[this.pos] === '-') this.pos++;
    while (this.pos < this.s.length && /[0-9.]/.test(this.s[this.pos])) this.pos++;
    const text = this.s.slice(start, this.pos);
    const n = Number(text);
    if (text === '' || Number.isNaN(n)) throw new JsonPathError(`cannot parse number ${text}`);
    this.nodes.push({ type: 'literal', value: n });
  }

  private parseQuote(quote: string): void {
    let i = this.pos + 1;
    for (;;) {
      if (i >= this.s.length || this.s[i] === '\n') throw new JsonPathError('unterminated quoted string');
      if (this.s[i] === quote && this.s[i - 1] !== '\\') break;
      i++;
    }
    const body = this.s.slice(this.pos + 1, i);
    this.pos = i + 1;
    this.nodes.push({ type: 'literal', value: body.replace(/\\(.)/g, '$1') });
  }

  private parseArray(): void {
    const close = this.s.indexOf(']', this.pos);
    if (close < 0) throw new JsonPathError('unterminated array');
    let text = this.s.slice(this.pos + 1, close);
    this.pos = close + 1;
    if (text === '*') text = ':';
    const parts = text.split(',');
    if (parts.length > 1) {
      this.nodes.push({ type: 'union', branches: parts.map((p) => parsePath(`[${p.trim()}]`)) });
      return;
    }
    const dict = /^'([^']*)'$/.exec(text);
    if (dict) {
      this.nodes.push(...parsePath(`.${dict[1]}`));
      return;
    }
    const m = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/.exec(text);
    if (!m) throw new JsonPathError(`invalid array index ${text}`);
    const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
    const start = num(m[1]);
    const slice: Slice = { start, derivedEnd: false };
    if (m[2] === undefined) {
      slice.end = (start ?? 0) + 1;
      slice.derivedEnd = true;
    } else {
      slice.end = num(m[2].slice(1));
    }
    if (m[3] !== undefined) slice.step = num(m[3].slice(1));
    this.nodes.push({ type: 'array', slice });
  }

  private parseFilter(): void {
    let i = this.pos + 3;
    let begin = false;
    let end = false;
    let pair = '';
    for (;; i++) {
      const c = this.s[i];
      if (c === undefined || c === '\n') throw new JsonPathError('unterminated filter');
      if (c === '"' || c === "'") {
        if (!begin) {
          begin = true;
          pair = c;
        } else if (this.s[i - 1] !== '\\' && c === pair) {
          end = true;
        }
      } else if (c === ')' && begin === end) {
        break;
      }
    }
    if (this.s[i + 1] !== ']') throw new JsonPathError('unclosed array expect ]');
    const text = this.s.slice(this.pos + 3, i);
    this.pos = i + 2;
    const m = /^([^!<>=]+)([!<>=]+)(.+?)$/.exec(text);
    if (!m) this.nodes.push({ type: 'filter', left: parsePath(text), op: 'exists', right: [] });
    else this.nodes.push({ type: 'filter', left: parsePath(m[1]), op: m[2], right: parsePath(m[3]) });
  }
}

/** Parses a path such as `.status.conditions[?(@.type=="Ready")].status`; `{…}` around it is optional. */
export function parsePath(path: string): PathNode[] {
  let text = path.trim();
  if (text.startsWith('{') && text.endsWith('}')) text = text.slice(1, -1);
  return new PathParser(text).parse();
}

// ---- Evaluation ----

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

function goTypeName(v: Json): string {
  if (isObject(v)) return 'map[string]interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'boolean') return 'bool';
  return '<nil>';
}

function children(v: Json): Json[] {
  if (Array.isArray(v)) return v;
  if (isObject(v)) return Object.values(v);
  return [];
}

function evalSlice(input: Json[], slice: Slice): Json[] {
  const out: Json[] = [];
  for (const value of input) {
    if (value === null || value === undefined) continue;
    if (!Array.isArray(value)) throw new JsonPathError(`${goTypeName(value)} is not array or slice`);
    const len = value.length;
    let start = slice.start ?? 0;
    if (start < 0) start += len;
    let end = slice.end ?? len;
    if (end < 0 || (end === 0 && slice.derivedEnd)) end += len;
    if (end === start) return out;
    if (start >= len || start < 0) throw new JsonPathError(`array index out of bounds: index ${start}, length ${len}`);
    if (end > len || end < 0) throw new JsonPathError(`array index out of bounds: index ${end - 1}, length ${len}`);
    if (start > end) throw new JsonPathError(`starting index ${start} is greater than ending index ${end}`);
    const step = slice.step ?? 1;
    if (step <= 0) throw new JsonPathError('step must be > 0');
    for (let i = start; i < end; i += step) out.push(value[i]);
  }
  return out;
}

function compare(left: Json, right: Json, op: string): boolean {
  const kind = (v: Json) => (typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'bool' : 'other');
  const lk = kind(left);
  if (lk === 'other' || kind(right) === 'other') throw new JsonPathError('invalid type for comparison');
  if (lk !== kind(right)) throw new JsonPathError('incompatible types for comparison');
  if (op === '==') return left === right;
  if (op === '!=') return left !== right;
  if (lk === 'bool') throw new JsonPathError('invalid type for comparison');
  const l = left as number | string;
  const r = right as number | string;
  switch (op) {
    case '<':
      return l < r;
    case '>':
      return l > r;
    case '<=':
      return l <= r;
    case '>=':
      return l >= r;
  }
  throw new JsonPathError(`unrecognized filter operator ${op}`);
}

function evalNodes(input: Json[], nodes: PathNode[], allowMissing: boolean): Json[] {
  let current = input;
  for (const node of nodes) current = evalNode(current, node, allowMissing);
  return current;
}

function evalNode(input: Json[], node: PathNode, allowMissing: boolean): Json[] {
  switch (node.type) {
    case 'literal':
      return input.map(() => node.value);
    case 'field': {
      if (input.length === 0) return [];
      const out = input.filter(isObject).filter((v) => Object.hasOwn(v, node.name)).map((v) => v[node.name]);
      if (out.length === 0 && !allowMissing) throw new JsonPathError(`${node.name} is not found`);
      return out;
    }
    case 'wildcard':
      return input.flatMap(children);
    case 'recursive': {
      const out: Json[] = [];
      const walk = (values: Json[]) => {
        for (const v of values) {
          const kids = children(v);
          if (kids.length === 0) continue;
          out.push(v);
          walk(kids);
        }
      };
      walk(input);
      return out;
    }
    case 'array':
      return evalSlice(input, node.slice);
    case 'union':
      return node.branches.flatMap((b) => evalNodes(input, b, allowMissing));
    case 'filter': {
      const out: Json[] = [];
      for (const value of input) {
        if (!Array.isArray(value)) throw new JsonPathError(`${goTypeName(value)} is not array or slice and cannot be filtered`);
        for (const item of value) {
          const lefts = evalNodes([item], node.left, allowMissing);
          if (node.op === 'exists') {
            if (lefts.length > 0) out.push(item);
            continue;
          }
          if (lefts.length === 0) continue;
          if (lefts.length > 1) throw new JsonPathError('can only compare one element at a time');
          const rights = evalNodes([item], node.right, allowMissing);
          if (rights.length === 0) continue;
          if (rights.length > 1) throw new JsonPathError('can only compare one element at a time');
          if (compare(lefts[0], rights[0], node.op)) out.push(item);
        }
      }
      return out;
    }
  }
}

/**
 * Every value `path` selects in `obj`. Missing keys select nothing (AllowMissingKeys, as printer
 * columns use it) unless `allowMissingKeys` is false. Throws JsonPathError on a bad path or on an
 * evaluation error such as an out-of-range index.
 */
export function evaluateJsonPath(obj: unknown, path: string, opts: { allowMissingKeys?: boolean } = {}): unknown[] {
  return evalNodes([obj], parsePath(path), opts.allowMissingKeys ?? true);
}

/**
 * Go's fmt.Fprint of a decoded JSON number: integers (int64) in full, other floats as %v, i.e.
 * shortest %g, which switches to an exponent below 1e-4 and from 1e6 up.
 */
export function formatGoNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 63) return BigInt(n).toString();
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  const [mantissa, expText] = n.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return String(n);
}

/** jsonpath PrintResults for one value: strings as is, maps and lists as compact JSON. */
export function jsonPathText(value: unknown): string {
  if (value === null || value === undefined) return '<no value>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatGoNumber(value);
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Parses once; the returned function evaluates with missing keys allowed. Throws JsonPathError on a bad path. */
export function compileJsonPath(path: string): (obj: unknown) => unknown[] {
  const nodes = parsePath(path);
  return (obj) => evalNodes([obj], nodes, true);
}

export type PrinterColumnType = 'string' | 'integer' | 'number' | 'boolean' | 'date';

/**
 * A printer-column cell as apiextensions' table convertor builds it from the path's results:
 * only the first result counts; none (or an evaluation error) is null; `string` columns print any
 * value as text; typed columns keep matching JSON values; `date` columns are humanized ages.
 */
export function printerColumnCell(type: string, select: (obj: unknown) => unknown[], obj: unknown, now: Date): unknown {
  let results: unknown[];
  try {
    results = select(obj);
  } catch {
    return null;
  }
  if (results.length === 0) return null;
  const value = results[0];
  if (type === 'string') return jsonPathText(value);
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date': {
      if (typeof value !== 'string') return null;
      if (value === '' || value === 'null') return '<unknown>';
      const ms = Date.parse(value);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) return '<invalid>';
      return humanDuration(now.getTime() - ms);
    }
  }
  return null;
}
