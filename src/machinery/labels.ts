// Label selectors, a port of apimachinery's labels.Parse grammar and semantics, plus the
// metav1.LabelSelector object form used in specs. Requirements are kept sorted by key, as upstream.

import { badRequest, fieldErrors, type FieldError } from './errors.ts';
import { isQualifiedName, isValidLabelValue, goStringSlice } from './validation/names.ts';

/** selection.Operator values. */
export type SelectorOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

export interface LabelRequirement {
  key: string;
  operator: SelectorOperator;
  values: string[];
}

export interface LabelSelector {
  requirements: LabelRequirement[];
  /** labels.Nothing(): matches no object (a nil metav1.LabelSelector). */
  nothing?: boolean;
}

export type Labels = Record<string, string> | undefined | null;

const BINARY_OPERATORS = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];
const ALL_OPERATORS = [...BINARY_OPERATORS, 'exists', '!'];

export function everything(): LabelSelector {
  return { requirements: [] };
}

export function nothing(): LabelSelector {
  return { requirements: [], nothing: true };
}

export function isEverything(selector: LabelSelector): boolean {
  return !selector.nothing && selector.requirements.length === 0;
}

/** A selector requiring every key=value of `set` (labels.SelectorFromSet). */
export function selectorFromSet(set: Record<string, string>): LabelSelector {
  return sortByKey(Object.entries(set).map(([key, v]) => ({ key, operator: '=' as const, values: [v] })));
}

function sortByKey(reqs: LabelRequirement[]): LabelSelector {
  return { requirements: [...reqs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) };
}

// ---- Requirements ----

function invalidText(path: string, rendered: string, detail: string): string {
  return `${path}: Invalid value: ${rendered}: ${detail}`;
}

/** labels.NewRequirement: validates and returns the requirement, or the aggregated error text. */
export function newRequirement(
  key: string,
  operator: SelectorOperator,
  values: string[] | undefined,
  path = '',
): { requirement?: LabelRequirement; error?: string } {
  const child = (name: string) => (path ? `${path}.${name}` : name);
  const errs: string[] = [];
  const keyErrs = isQualifiedName(key);
  if (keyErrs.length) errs.push(invalidText(child('key'), JSON.stringify(key), keyErrs.join('; ')));
  const vals = values ?? [];
  const valuesPath = child('values');
  switch (operator) {
    case 'in':
    case 'notin':
      if (vals.length === 0) errs.push(invalidText(valuesPath, goStringSlice(values), "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (vals.length !== 1) errs.push(invalidText(valuesPath, goStringSlice(values), 'exact-match compatibility requires one single value'));
      break;
    case 'exists':
    case '!':
      if (vals.length !== 0) errs.push(invalidText(valuesPath, goStringSlice(values), 'values set must be empty for exists and does not exist'));
      break;
    case 'gt':
    case 'lt':
      if (vals.length !== 1) errs.push(invalidText(valuesPath, goStringSlice(values), "for 'Gt', 'Lt' operators, exactly one value is required"));
      vals.forEach((v, i) => {
        if (parseInt64(v) === undefined) {
          errs.push(invalidText(`${valuesPath}[${i}]`, JSON.stringify(v), "for 'Gt', 'Lt' operators, the value must be an integer"));
        }
      });
      break;
    default: {
      const supported = ALL_OPERATORS.map((o) => JSON.stringify(o)).join(', ');
      errs.push(`${child('operator')}: Unsupported value: ${JSON.stringify(operator)}: supported values: ${supported}`);
    }
  }
  vals.forEach((v, i) => {
    const valueErrs = isValidLabelValue(v);
    if (valueErrs.length) errs.push(invalidText(`${valuesPath}[${i}][${key}]`, JSON.stringify(v), valueErrs.join('; ')));
  });
  if (errs.length) return { error: aggregate(errs) };
  return { requirement: { key, operator, values: vals } };
}

/** utilerrors.NewAggregate(...).Error(): one message as is, several as "[a, b]", duplicates dropped. */
function aggregate(messages: string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

export function requirementMatches(r: LabelRequirement, labels: Labels): boolean {
  const has = labels != null && Object.hasOwn(labels, r.key);
  const value = has ? labels![r.key] : undefined;
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return has && r.values.includes(value as string);
    case 'notin':
    case '!=':
      return !has || !r.values.includes(value as string);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || r.values.length !== 1) return false;
      const left = parseInt64(value as string);
      const right = parseInt64(r.values[0]);
      if (left === undefined || right === undefined) return false;
      return r.operator === 'gt' ? left > right : left < right;
    }
  }
}

export function matches(selector: LabelSelector, labels: Labels): boolean {
  if (selector.nothing) return false;
  return selector.requirements.every((r) => requirementMatches(r, labels));
}

const OPERATOR_TEXT: Partial<Record<SelectorOperator, string>> = { in: ' in ', notin: ' notin ', gt: '>', lt: '<' };

export function requirementToString(r: LabelRequirement): string {
  if (r.operator === 'exists') return r.key;
  if (r.operator === '!') return `!${r.key}`;
  const head = r.key + (OPERATOR_TEXT[r.operator] ?? r.operator);
  const vals = r.values.length === 1 ? r.values[0] : [...r.values].sort().join(',');
  return r.operator === 'in' || r.operator === 'notin' ? `${head}(${vals})` : head + vals;
}

export function selectorToString(selector: LabelSelector): string {
  return selector.requirements.map(requirementToString).join(',');
}

/** The value `key` must have for the selector to match, when it pins exactly one (RequiresExactMatch). */
export function requiresExactMatch(selector: LabelSelector, key: string): string | undefined {
  const r = selector.requirements.find((req) => req.key === key);
  if (!r) return undefined;
  if ((r.operator === '=' || r.operator === '==' || r.operator === 'in') && r.values.length === 1) return r.values[0];
  return undefined;
}

// ---- The text grammar (labels.Parse) ----

type Token = 'error' | 'eos' | ')' | ',' | '!' | '==' | '=' | '>' | 'id' | 'in' | '<' | '!=' | 'notin' | '(';
interface Scanned {
  tok: Token;
  lit: string;
}

const KEYWORDS: Record<string, Token> = {
  ')': ')', ',': ',', '!': '!', '==': '==', '=': '=', '>': '>', in: 'in', '<': '<', '!=': '!=', notin: 'notin', '(': '(',
};
const isWhitespace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecial = (ch: string) => '=!(),><'.includes(ch);

function lex(s: string): Scanned[] {
  const out: Scanned[] = [];
  let pos = 0;
  for (;;) {
    while (pos < s.length && isWhitespace(s[pos])) pos++;
    if (pos >= s.length) {
      out.push({ tok: 'eos', lit: '' });
      return out;
    }
    if (isSpecial(s[pos])) {
      // Longest run of special characters that still forms a known token.
      let buffer = '';
      let last: Scanned | undefined;
      while (pos < s.length && isSpecial(s[pos])) {
        buffer += s[pos];
        const tok = Object.hasOwn(KEYWORDS, buffer) ? KEYWORDS[buffer] : undefined;
        if (tok) last = { tok, lit: buffer };
        else if (last) break;
        pos++;
      }
      out.push(last ?? { tok: 'error', lit: `error expected: keyword found '${buffer}'` });
      continue;
    }
    const start = pos;
    while (pos < s.length && !isSpecial(s[pos]) && !isWhitespace(s[pos])) pos++;
    const word = s.slice(start, pos);
    out.push({ tok: Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word] : 'id', lit: word });
  }
}

class Parser {
  private position = 0;
  constructor(private readonly items: Scanned[]) {}

  // In a values context the keywords `in`/`notin` are ordinary identifiers.
  lookahead(values: boolean): Scanned {
    return this.asContext(this.items[this.position], values);
  }
  consume(values: boolean): Scanned {
    return this.asContext(this.items[this.position++], values);
  }
  private asContext(item: Scanned, values: boolean): Scanned {
    return values && (item.tok === 'in' || item.tok === 'notin') ? { tok: 'id', lit: item.lit } : item;
  }

  parse(): LabelRequirement[] {
    const reqs: LabelRequirement[] = [];
    for (;;) {
      const { tok, lit } = this.lookahead(true);
      if (tok === 'eos') return reqs;
      if (tok !== 'id' && tok !== '!') throw new Error(`found '${lit}', expected: !, identifier, or 'end of string'`);
      let r: LabelRequirement;
      try {
        r = this.parseRequirement();
      } catch (err) {
        throw new Error(`unable to parse requirement: ${(err as Error).message}`);
      }
      reqs.push(r);
      const next = this.consume(true);
      if (next.tok === 'eos') return reqs;
      if (next.tok !== ',') throw new Error(`found '${next.lit}', expected: ',' or 'end of string'`);
      const after = this.lookahead(true);
      if (after.tok !== 'id' && after.tok !== '!') throw new Error(`found '${after.lit}', expected: identifier after ','`);
    }
  }

  private parseRequirement(): LabelRequirement {
    let { tok, lit } = this.consume(true);
    let operator: SelectorOperator | undefined;
    if (tok === '!') {
      operator = '!';
      ({ tok, lit } = this.consume(true));
    }
    if (tok !== 'id') throw new Error(`found '${lit}', expected: identifier`);
    const keyErrs = isQualifiedName(lit);
    if (keyErrs.length) throw new Error(invalidText('<nil>', JSON.stringify(lit), keyErrs.join('; ')));
    const key = lit;
    const t = this.lookahead(true).tok;
    if ((t === 'eos' || t === ',') && operator !== '!') operator = 'exists';
    if (operator === 'exists' || operator === '!') return this.build(key, operator, []);

    const op = this.consume(false);
    const OPS: Partial<Record<Token, SelectorOperator>> = { in: 'in', '=': '=', '==': '==', '>': 'gt', '<': 'lt', notin: 'notin', '!=': '!=' };
    operator = OPS[op.tok];
    if (!operator) throw new Error(`found '${op.lit}', expected: ${BINARY_OPERATORS.join(', ')}`);
    const values = operator === 'in' || operator === 'notin' ? this.parseValues() : this.parseExactValue();
    return this.build(key, operator, [...values].sort());
  }

  private build(key: string, op: SelectorOperator, values: string[]): LabelRequirement {
    const { requirement, error } = newRequirement(key, op, values);
    if (!requirement) throw new Error(error);
    return requirement;
  }

  private parseValues(): Set<string> {
    const open = this.consume(true);
    if (open.tok !== '(') throw new Error(`found '${open.lit}' expected: '('`);
    const { tok, lit } = this.lookahead(true);
    if (tok === 'id' || tok === ',') {
      const set = this.parseIdentifiersList();
      if (this.consume(true).tok !== ')') throw new Error(`found '${lit}', expected: ')'`);
      return set;
    }
    if (tok === ')') {
      this.consume(true);
      return new Set(['']);
    }
    throw new Error(`found '${lit}', expected: ',', ')' or identifier`);
  }

  private parseIdentifiersList(): Set<string> {
    const set = new Set<string>();
    for (;;) {
      const { tok, lit } = this.consume(true);
      if (tok === 'id') {
        set.add(lit);
        const next = this.lookahead(true);
        if (next.tok === ',') continue;
        if (next.tok === ')') return set;
        throw new Error(`found '${next.lit}', expected: ',' or ')'`);
      }
      if (tok !== ',') throw new Error(`found '${lit}', expected: ',', or identifier`);
      // Empty values: "(,a", "a,)", "a,,b" all contribute "".
      if (set.size === 0) set.add('');
      const next = this.lookahead(true).tok;
      if (next === ')') {
        set.add('');
        return set;
      }
      if (next === ',') {
        this.consume(true);
        set.add('');
      }
    }
  }

  private parseExactValue(): Set<string> {
    const t = this.lookahead(true).tok;
    if (t === 'eos' || t === ',') return new Set(['']);
    const { tok, lit } = this.consume(true);
    if (tok === 'id') return new Set([lit]);
    throw new Error(`found '${lit}', expected: identifier`);
  }
}

/** labels.Parse; throws an Error with upstream's message on bad syntax. */
export function parseLabelSelectorText(text: string): LabelSelector {
  return sortByKey(new Parser(lex(text)).parse());
}

/** Parses a `labelSelector` query parameter; bad syntax is the API server's 400 BadRequest. */
export function parseLabelSelector(text: string): LabelSelector {
  try {
    return parseLabelSelectorText(text);
  } catch (err) {
    throw badRequest((err as Error).message);
  }
}

// ---- metav1.LabelSelector ----

export interface LabelSelectorRequirementObject {
  key: string;
  operator: string;
  values?: string[];
}

export interface LabelSelectorObject {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirementObject[];
}

const OBJECT_OPERATORS: Record<string, SelectorOperator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * metav1.LabelSelectorAsSelector: null/undefined selects nothing, an empty selector selects
 * everything. Throws an Error with upstream's text when the selector cannot be converted.
 */
export function labelSelectorFromObject(sel: LabelSelectorObject | null | undefined): LabelSelector {
  if (sel == null) return nothing();
  const matchLabels = Object.entries(sel.matchLabels ?? {});
  const exprs = sel.matchExpressions ?? [];
  if (matchLabels.length + exprs.length === 0) return everything();
  const reqs: LabelRequirement[] = [];
  for (const [key, value] of matchLabels) reqs.push(mustRequirement(key, '=', [value]));
  for (const expr of exprs) {
    const op = OBJECT_OPERATORS[expr.operator];
    if (!op) throw new Error(`${JSON.stringify(expr.operator)} is not a valid label selector operator`);
    reqs.push(mustRequirement(expr.key, op, expr.values && expr.values.length ? [...expr.values] : undefined));
  }
  return sortByKey(reqs);
}

function mustRequirement(key: string, op: SelectorOperator, values: string[] | undefined): LabelRequirement {
  const { requirement, error } = newRequirement(key, op, values);
  if (!requirement) throw new Error(error);
  return requirement;
}

/** metav1.FormatLabelSelector, as printed in `-o wide` selector columns. */
export function formatLabelSelector(sel: LabelSelectorObject | null | undefined): string {
  let text: string;
  try {
    text = selectorToString(labelSelectorFromObject(sel));
  } catch {
    return '<error>';
  }
  return text === '' ? '<none>' : text;
}

/** labels.FormatLabels: "a=b,c=d" sorted by key, `<none>` when empty. */
export function formatLabels(labels: Record<string, string> | undefined | null): string {
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${labels![k]}`).join(',');
}

/** ValidateLabelSelector for a spec field such as `spec.selector`. */
export function validateLabelSelector(sel: LabelSelectorObject | null | undefined, path: string): FieldError[] {
  if (sel == null) return [];
  const errs: FieldError[] = [];
  for (const [key, value] of Object.entries(sel.matchLabels ?? {})) {
    for (const msg of isQualifiedName(key)) errs.push(fieldErrors.invalid(`${path}.matchLabels`, key, msg));
    for (const msg of isValidLabelValue(String(value))) errs.push(fieldErrors.invalid(`${path}.matchLabels`, value, msg));
  }
  (sel.matchExpressions ?? []).forEach((expr, i) => {
    const p = `${path}.matchExpressions[${i}]`;
    const values = expr.values ?? [];
    switch (expr.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) errs.push(fieldErrors.required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) errs.push(fieldErrors.forbidden(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errs.push(fieldErrors.invalid(`${p}.operator`, expr.operator, 'not a valid selector operator'));
    }
    for (const msg of isQualifiedName(expr.key ?? '')) errs.push(fieldErrors.invalid(`${p}.key`, expr.key ?? '', msg));
    values.forEach((v, vi) => {
      for (const msg of isValidLabelValue(v)) errs.push(fieldErrors.invalid(`${p}.values[${vi}]`, v, msg));
    });
  });
  return errs;
}
