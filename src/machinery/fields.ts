// Field selectors, a port of apimachinery's fields.ParseSelector (`=`, `==`, `!=`, comma-joined,
// with `\`-escaping of `\`, `,` and `=` in values) and of the per-kind field label checks.

import { badRequest } from './errors.ts';

export interface FieldRequirement {
  field: string;
  operator: '=' | '==' | '!=';
  value: string;
}

export interface FieldSelector {
  requirements: FieldRequirement[];
}

/** The fields an object exposes to selectors, e.g. `{ "metadata.name": "x", "status.phase": "Running" }`. */
export type SelectableFields = Record<string, string>;

function splitTerms(selector: string): string[] {
  if (selector.length === 0) return [];
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

const TERM_OPERATORS = ['!=', '==', '='] as const;

function splitTerm(term: string): [string, FieldRequirement['operator'], string] | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of TERM_OPERATORS) {
      if (term.startsWith(op, i)) return [term.slice(0, i), op, term.slice(i + op.length)];
    }
  }
  return undefined;
}

function unescapeValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c !== '\\' && c !== ',' && c !== '=') throw new Error(`invalid field selector: invalid escape sequence: \\${c}`);
      out += c;
      inSlash = false;
      continue;
    }
    if (c === '\\') inSlash = true;
    // Go prints the offending rune as its code point.
    else if (c === ',' || c === '=') throw new Error(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    else out += c;
  }
  if (inSlash) throw new Error('invalid field selector: invalid escape sequence: \\');
  return out;
}

export function escapeFieldValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** fields.ParseSelector; throws an Error with upstream's message. Terms come out sorted, as upstream. */
export function parseFieldSelectorText(selector: string): FieldSelector {
  const parts = splitTerms(selector).sort();
  const requirements: FieldRequirement[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const split = splitTerm(part);
    if (!split) throw new Error(`invalid selector: '${selector}'; can't understand '${part}'`);
    const [field, operator, rhs] = split;
    requirements.push({ field, operator, value: unescapeValue(rhs) });
  }
  return { requirements };
}

/**
 * How a kind answers an unsupported field label. Kinds with their own conversion function
 * (pods, nodes, events, secrets, namespaces, services, custom resources …) say
 * `field label not supported: <f>`; the rest use apimachinery's default conversion.
 */
export type FieldLabelStyle = 'not-supported' | 'not-known';

export interface FieldSelectorSupport {
  /** Every selectable field, including `metadata.name` (and `metadata.namespace` where allowed). */
  fields: readonly string[];
  style: FieldLabelStyle;
}

export const METADATA_FIELDS: readonly string[] = ['metadata.name', 'metadata.namespace'];

/** The default for kinds without their own field label conversion. */
export const DEFAULT_FIELD_SUPPORT: FieldSelectorSupport = { fields: METADATA_FIELDS, style: 'not-known' };

export function unsupportedFieldMessage(field: string, style: FieldLabelStyle): string {
  if (style === 'not-supported') return `field label not supported: ${field}`;
  return `${JSON.stringify(field)} is not a known field selector: only "metadata.name", "metadata.namespace"`;
}

/**
 * Parses a `fieldSelector` query parameter and checks its fields against the kind's support.
 * Both bad syntax and an unsupported field are the API server's 400 BadRequest.
 */
export function parseFieldSelector(text: string, support: FieldSelectorSupport = DEFAULT_FIELD_SUPPORT): FieldSelector {
  let selector: FieldSelector;
  try {
    selector = parseFieldSelectorText(text);
  } catch (err) {
    throw badRequest((err as Error).message);
  }
  for (const r of selector.requirements) {
    if (!support.fields.includes(r.field)) throw badRequest(unsupportedFieldMessage(r.field, support.style));
  }
  return selector;
}

/** An absent field reads as "", so `spec.nodeName=` selects unscheduled pods. */
export function matchesFields(selector: FieldSelector, fields: SelectableFields): boolean {
  return selector.requirements.every((r) => {
    const actual = Object.hasOwn(fields, r.field) ? fields[r.field] : '';
    return r.operator === '!=' ? actual !== r.value : actual === r.value;
  });
}

export function fieldSelectorToString(selector: FieldSelector): string {
  return selector.requirements
    .map((r) => `${r.field}${r.operator === '!=' ? '!=' : '='}${escapeFieldValue(r.value)}`)
    .join(',');
}

export function isEmptyFieldSelector(selector: FieldSelector): boolean {
  return selector.requirements.length === 0;
}

/** The value a selector pins `field` to with `=`/`==`, e.g. `metadata.name` for single-object watches. */
export function fieldRequiresExactMatch(selector: FieldSelector, field: string): string | undefined {
  return selector.requirements.find((r) => r.field === field && r.operator !== '!=')?.value;
}
