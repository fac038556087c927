// Name and metadata syntax rules with apimachinery's exact wording
// (util/validation, api/validation, apis/meta/v1/validation, api/validation/path).
// Each `is…` function returns the list of violated rules, empty when the value is valid.

import type { ObjectMeta, OwnerReference } from '../object.ts';
import { fieldErrors, type FieldError } from '../errors.ts';

export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let out = `${msg} (e.g. `;
  examples.forEach((ex, i) => {
    if (i > 0) out += ' or ';
    out += `'${ex}', `;
  });
  return `${out}regex used for validation is '${fmt}')`;
}

export const EMPTY_ERROR = 'must be non-empty';

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123LabelErrMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const dns1123LabelRe = new RegExp(`^${dns1123LabelFmt}$`);
export const DNS1123_LABEL_MAX_LENGTH = 63;

const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123SubdomainErrMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const dns1123SubdomainRe = new RegExp(`^${dns1123SubdomainFmt}$`);
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;

const dns1035LabelFmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035LabelErrMsg =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const dns1035LabelRe = new RegExp(`^${dns1035LabelFmt}$`);
export const DNS1035_LABEL_MAX_LENGTH = 63;

const qnameCharFmt = '[A-Za-z0-9]';
const qnameExtCharFmt = '[-A-Za-z0-9_.]';
const qualifiedNameFmt = `(${qnameCharFmt}${qnameExtCharFmt}*)?${qnameCharFmt}`;
const qualifiedNameErrMsg =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const qualifiedNameRe = new RegExp(`^${qualifiedNameFmt}$`);
export const QUALIFIED_NAME_MAX_LENGTH = 63;

const labelValueFmt = `(${qualifiedNameFmt})?`;
const labelValueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValueRe = new RegExp(`^${labelValueFmt}$`);
export const LABEL_VALUE_MAX_LENGTH = 63;

export const TOTAL_ANNOTATION_SIZE_LIMIT_BYTES = 256 * 1024;

/** Go measures string length in bytes. */
function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1123_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1123_LABEL_MAX_LENGTH));
  if (!dns1123LabelRe.test(value)) {
    // A valid subdomain of legal length that is not a label can only be failing on dots.
    if (dns1123SubdomainRe.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(dns1123LabelErrMsg, dns1123LabelFmt, 'my-name', '123-abc'));
  }
  return errs;
}

export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!dns1123SubdomainRe.test(value)) errs.push(regexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1035_LABEL_MAX_LENGTH) errs.push(maxLenError(DNS1035_LABEL_MAX_LENGTH));
  if (!dns1035LabelRe.test(value)) errs.push(regexError(dns1035LabelErrMsg, dns1035LabelFmt, 'my-name', 'abc-123'));
  return errs;
}

/** A "qualified name": an optional DNS-subdomain prefix and '/', then a 63-character name. Label keys use it. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const prefix = parts[0];
    name = parts[1];
    if (prefix.length === 0) errs.push(`prefix part ${EMPTY_ERROR}`);
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [
      `a qualified name ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc')}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push(`name part ${EMPTY_ERROR}`);
  else if (byteLength(name) > QUALIFIED_NAME_MAX_LENGTH) errs.push(`name part ${maxLenError(QUALIFIED_NAME_MAX_LENGTH)}`);
  if (!qualifiedNameRe.test(name)) {
    errs.push(`name part ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc')}`);
  }
  return errs;
}

/** Label keys are qualified names. */
export const isValidLabelKey = isQualifiedName;

export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > LABEL_VALUE_MAX_LENGTH) errs.push(maxLenError(LABEL_VALUE_MAX_LENGTH));
  if (!labelValueRe.test(value)) errs.push(regexError(labelValueErrMsg, labelValueFmt, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** Names that only have to survive as one URL path segment (the weakest rule, e.g. RBAC objects). */
export function isValidPathSegmentName(name: string): string[] {
  for (const illegal of ['.', '..']) {
    if (name === illegal) return [`may not be '${illegal}'`];
  }
  return isValidPathSegmentPrefix(name);
}

export function isValidPathSegmentPrefix(name: string): string[] {
  const errs: string[] = [];
  for (const illegal of ['/', '%']) {
    if (name.includes(illegal)) errs.push(`may not contain '${illegal}'`);
  }
  return errs;
}

// A generateName prefix may end in '-'. Upstream masks it by dropping the last TWO characters and
// appending 'a' (an upstream quirk we keep, since it decides which prefixes are accepted).
function maskTrailingDash(name: string): string {
  if (name.length > 1 && name.endsWith('-')) return `${name.slice(0, -2)}a`;
  return name;
}

export type NameRule = 'subdomain' | 'label' | 'dns1035' | 'path-segment';

/** ValidateNameFunc: `prefix` is true when validating a generateName. */
export function validateName(rule: NameRule, name: string, prefix: boolean): string[] {
  switch (rule) {
    case 'subdomain':
      return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
    case 'label':
      return isDNS1123Label(prefix ? maskTrailingDash(name) : name);
    case 'dns1035':
      return isDNS1035Label(prefix ? maskTrailingDash(name) : name);
    case 'path-segment':
      return prefix ? isValidPathSegmentPrefix(name) : isValidPathSegmentName(name);
  }
}

/** Renders a []string the way Go's %#v does in field error values. */
export function goStringSlice(values: string[] | undefined): string {
  if (values === undefined) return '[]string(nil)';
  return `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`;
}

function goOwnerReference(ref: OwnerReference): string {
  const ptr = (v: boolean | undefined) => (v === undefined ? '(*bool)(nil)' : `(*bool)(${v})`);
  return (
    `v1.OwnerReference{APIVersion:${JSON.stringify(ref.apiVersion ?? '')}, Kind:${JSON.stringify(ref.kind ?? '')}, ` +
    `Name:${JSON.stringify(ref.name ?? '')}, UID:${JSON.stringify(ref.uid ?? '')}, ` +
    `Controller:${ptr(ref.controller)}, BlockOwnerDeletion:${ptr(ref.blockOwnerDeletion)}}`
  );
}

/** %#v of a map[string]string: keys sorted, as fmt prints maps. */
export function goStringMap(map: Record<string, string>): string {
  const keys = Object.keys(map).sort();
  return `map[string]string{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(String(map[k]))}`).join(', ')}}`;
}

export function validateLabels(labels: Record<string, string> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [key, value] of Object.entries(labels ?? {})) {
    for (const msg of isQualifiedName(key)) errs.push(fieldErrors.invalid(path, key, msg));
    for (const msg of isValidLabelValue(String(value))) errs.push(fieldErrors.invalid(path, value, msg));
  }
  return errs;
}

export function annotationsSize(annotations: Record<string, string> | undefined): number {
  let total = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) total += byteLength(k) + byteLength(String(v));
  return total;
}

export function validateAnnotations(annotations: Record<string, string> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of Object.keys(annotations ?? {})) {
    // Annotation keys are qualified names, case-insensitively.
    for (const msg of isQualifiedName(key.toLowerCase())) errs.push(fieldErrors.invalid(path, key, msg));
  }
  if (annotationsSize(annotations) > TOTAL_ANNOTATION_SIZE_LIMIT_BYTES) {
    errs.push(fieldErrors.tooLong(path, '', TOTAL_ANNOTATION_SIZE_LIMIT_BYTES));
  }
  return errs;
}

function splitApiVersion(apiVersion: string): { group: string; version: string } {
  if (apiVersion === '') return { group: '', version: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: parts[0] };
  if (parts.length === 2) return { group: parts[0], version: parts[1] };
  return { group: '', version: '' }; // unparsable: upstream keeps only the kind
}

export function validateOwnerReferences(refs: OwnerReference[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of refs ?? []) {
    const gv = splitApiVersion(ref.apiVersion ?? '');
    if (gv.version === '') errs.push(fieldErrors.invalid(`${path}.apiVersion`, ref.apiVersion ?? '', 'version must not be empty'));
    if (!ref.kind) errs.push(fieldErrors.invalid(`${path}.kind`, ref.kind ?? '', 'kind must not be empty'));
    if (!ref.name) errs.push(fieldErrors.invalid(`${path}.name`, ref.name ?? '', 'name must not be empty'));
    if (!ref.uid) errs.push(fieldErrors.invalid(`${path}.uid`, ref.uid ?? '', 'uid must not be empty'));
    if (gv.group === '' && gv.version === 'v1' && ref.kind === 'Event') {
      errs.push(fieldErrors.invalidRendered(path, goOwnerReference(ref), '/v1, Kind=Event is disallowed from being an owner'));
    }
    if (ref.controller === true) {
      const current = `${ref.kind}/${ref.name}`;
      if (firstController !== '') {
        errs.push(
          fieldErrors.invalidRendered(
            path,
            `[]v1.OwnerReference{${(refs ?? []).map(goOwnerReference).join(', ')}}`,
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`,
          ),
        );
      } else {
        firstController = current;
      }
    }
  }
  return errs;
}

export function validateFinalizers(finalizers: string[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of finalizers ?? []) {
    for (const msg of isQualifiedName(f)) errs.push(fieldErrors.invalid(path, f, msg));
  }
  if (finalizers?.includes('orphan') && finalizers.includes('foregroundDeletion')) {
    errs.push(fieldErrors.invalidRendered(path, goStringSlice(finalizers), 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return errs;
}

export interface ObjectMetaNameOptions {
  namespaced: boolean;
  nameRule: NameRule;
  /** Defaults to "metadata". */
  path?: string;
}

/**
 * ValidateObjectMeta for create: generateName, name, namespace, generation, labels, annotations,
 * ownerReferences and finalizers. A missing name is accepted while generateName is set (the
 * registry generates the name afterwards).
 */
export function validateObjectMetaNames(meta: ObjectMeta, opts: ObjectMetaNameOptions): FieldError[] {
  const p = opts.path ?? 'metadata';
  const errs: FieldError[] = [];
  if (meta.generateName) {
    for (const msg of validateName(opts.nameRule, meta.generateName, true)) {
      errs.push(fieldErrors.invalid(`${p}.generateName`, meta.generateName, msg));
    }
  }
  if (!meta.name) {
    if (!meta.generateName) errs.push(fieldErrors.required(`${p}.name`, 'name or generateName is required'));
  } else {
    for (const msg of validateName(opts.nameRule, meta.name, false)) errs.push(fieldErrors.invalid(`${p}.name`, meta.name, msg));
  }
  if (opts.namespaced) {
    if (!meta.namespace) errs.push(fieldErrors.required(`${p}.namespace`));
    else for (const msg of isDNS1123Label(meta.namespace)) errs.push(fieldErrors.invalid(`${p}.namespace`, meta.namespace, msg));
  } else if (meta.namespace) {
    errs.push(fieldErrors.forbidden(`${p}.namespace`, 'not allowed on this type'));
  }
  if (typeof meta.generation === 'number' && meta.generation < 0) {
    errs.push(fieldErrors.invalid(`${p}.generation`, meta.generation, 'must be greater than or equal to 0'));
  }
  errs.push(...validateLabels(meta.labels, `${p}.labels`));
  errs.push(...validateAnnotations(meta.annotations, `${p}.annotations`));
  errs.push(...validateOwnerReferences(meta.ownerReferences, `${p}.ownerReferences`));
  errs.push(...validateFinalizers(meta.finalizers, `${p}.finalizers`));
  return errs;
}
