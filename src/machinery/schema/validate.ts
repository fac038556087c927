// Validation of a value against an OpenAPI v3 schema with kube-openapi's semantics and wording,
// as kube-apiserver validates custom resources; followed by the list-type (set/map) checks.

import { deepEqual } from '../object.ts';
import type { FieldError } from '../errors.ts';
import { matchesStringFormat, supportedFormat } from './formats.ts';
import { validateListTypes } from './list-type.ts';
import {
  effectiveSchema,
  INT_OR_STRING,
  isObjectValue,
  schemaFlag,
  schemaList,
  schemaNumber,
  type SchemaResolver,
  type StructuralSchema,
} from './schema.ts';
import { validateNumber } from './validate-number.ts';
import { ErrorSink, inBody } from './value-errors.ts';

function declaredTypes(s: StructuralSchema): string[] {
  if (s[INT_OR_STRING] === true) return ['integer', 'string'];
  return typeof s.type === 'string' && s.type !== '' ? [s.type] : [];
}

/** kube-openapi's reading of a decoded JSON value: its type name and the format it carries. */
function typeInfo(value: unknown): { type: string; format: string } {
  if (typeof value === 'boolean') return { type: 'boolean', format: '' };
  if (typeof value === 'string') return { type: 'string', format: '' };
  if (typeof value === 'number') return Number.isInteger(value) ? { type: 'integer', format: 'int64' } : { type: 'number', format: 'float64' };
  if (Array.isArray(value)) return { type: 'array', format: '' };
  return { type: 'object', format: '' };
}

const patterns = new Map<string, RegExp | Error>();

/** Go RE2 patterns mostly read the same as JS ones; unicode mode first, legacy mode for lax escapes. */
function compilePattern(pattern: string): RegExp | Error {
  let re = patterns.get(pattern);
  if (re) return re;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    try {
      re = new RegExp(pattern);
    } catch (err) {
      re = err as Error;
    }
  }
  if (patterns.size > 1000) patterns.clear();
  patterns.set(pattern, re);
  return re;
}

class SchemaValidator {
  constructor(private readonly resolve: SchemaResolver | undefined) {}

  validate(value: unknown, schema: StructuralSchema | undefined, path: string, out: ErrorSink): void {
    const s = effectiveSchema(schema, this.resolve);
    if (!s) return;
    const types = declaredTypes(s);
    const format = supportedFormat(s.format, types);
    if (value === null || value === undefined) {
      if (types.length > 0 && s.nullable !== true) out.typeInvalid(path, types.join(','), 'null');
      this.checkEnum(null, s, path, out);
      out.matches += 2;
      return;
    }
    this.checkType(value, types, format, path, out);
    this.checkComposition(value, s, path, out);
    if (typeof value === 'string') {
      this.checkString(value, s, path, out);
      if (format && !matchesStringFormat(format, value)) out.typeInvalid(path, format, value);
    }
    if (typeof value === 'number') validateNumber(value, s, types, format, path, out);
    if (Array.isArray(value)) this.checkArray(value, s, path, out);
    this.checkEnum(value, s, path, out);
    if (isObjectValue(value)) this.checkObject(value, s, path, out);
    out.matches += 4;
  }

  private checkType(value: unknown, types: string[], format: string, path: string, out: ErrorSink): void {
    if (types.length === 0 && !format) return;
    const info = typeInfo(value);
    const has = (t: string) => types.includes(t);
    const isIntFloat = info.type === 'integer' && has('number');
    const isStringLike = info.type === 'string' || info.type === 'array';
    if (!isStringLike && format && !(has(info.type) || info.format === format || isIntFloat)) {
      out.typeInvalid(path, format, info.format);
      return;
    }
    if (!(has('number') || has('integer')) && format && isStringLike) return;
    if (types.length > 0 && !(has(info.type) || isIntFloat)) out.typeInvalid(path, types.join(','), info.type);
  }

  private checkString(value: string, s: StructuralSchema, path: string, out: ErrorSink): void {
    const length = [...value].length;
    const maxLength = schemaNumber(s, 'maxLength');
    const minLength = schemaNumber(s, 'minLength');
    if (maxLength !== undefined && length > maxLength) return out.tooLong(path, maxLength);
    if (minLength !== undefined && length < minLength) return out.invalid(path, value, inBody(path, `should be at least ${minLength} chars long`));
    const pattern = s.pattern;
    if (typeof pattern === 'string' && pattern !== '') {
      const re = compilePattern(pattern);
      if (re instanceof Error) return out.invalid(path, value, inBody(path, `should match '${pattern}, but pattern is invalid: ${re.message}'`));
      if (!re.test(value)) out.invalid(path, value, inBody(path, `should match '${pattern}'`));
    }
  }

  private checkArray(value: unknown[], s: StructuralSchema, path: string, out: ErrorSink): void {
    if (s.items) value.forEach((item, i) => this.validate(item, s.items, `${path}[${i}]`, out));
    const minItems = schemaNumber(s, 'minItems');
    const maxItems = schemaNumber(s, 'maxItems');
    if (minItems !== undefined && value.length < minItems) out.invalid(path, value.length, inBody(path, `should have at least ${minItems} items`));
    if (maxItems !== undefined && value.length > maxItems) out.tooMany(path, value.length, maxItems);
    if (schemaFlag(s, 'uniqueItems') && value.some((v, i) => value.slice(0, i).some((u) => deepEqual(u, v)))) {
      out.invalid(path, '', inBody(path, "shouldn't contain duplicates"));
    }
  }

  private checkEnum(value: unknown, s: StructuralSchema, path: string, out: ErrorSink): void {
    if (!Array.isArray(s.enum) || s.enum.length === 0) return;
    if (s.enum.some((allowed) => deepEqual(allowed, value))) return;
    out.notSupported(path, value, s.enum);
  }

  private checkObject(value: Record<string, unknown>, s: StructuralSchema, path: string, out: ErrorSink): void {
    const keys = Object.keys(value);
    const minProperties = schemaNumber(s, 'minProperties');
    const maxProperties = schemaNumber(s, 'maxProperties');
    if (minProperties !== undefined && keys.length < minProperties) {
      out.invalid(path, keys.length, inBody(path, `should have at least ${minProperties} properties`));
    }
    if (maxProperties !== undefined && keys.length > maxProperties) out.tooMany(path, keys.length, maxProperties);
    const properties = s.properties ?? {};
    const extra = s.additionalProperties;
    for (const key of keys) {
      if (Object.hasOwn(properties, key)) continue;
      if (extra === false) out.invalid(path, key, `${path}.${key} in body is a forbidden property`);
      else if (typeof extra === 'object') this.validate(value[key], extra, `${path}.${key}`, out);
    }
    for (const [name, prop] of Object.entries(properties)) {
      if (Object.hasOwn(value, name)) this.validate(value[name], prop, path ? `${path}.${name}` : name, out);
    }
    for (const name of Array.isArray(s.required) ? s.required : []) {
      if (!Object.hasOwn(value, name)) out.required(`${path}.${name}`);
    }
  }

  private run(value: unknown, schema: StructuralSchema, path: string, parent: ErrorSink): ErrorSink {
    const sink = parent.fork();
    this.validate(value, schema, path, sink);
    return sink;
  }

  private checkComposition(value: unknown, s: StructuralSchema, path: string, out: ErrorSink): void {
    const quoted = JSON.stringify(path);
    const anyOf = schemaList(s.anyOf);
    if (anyOf.length > 0) {
      let best: ErrorSink | undefined;
      let passed = false;
      for (const branch of anyOf) {
        const result = this.run(value, branch, path, out);
        if (result.valid) {
          passed = true;
          best = undefined;
          break;
        }
        if (!best || result.matches > best.matches) best = result;
      }
      if (!passed) out.composite(`${quoted} must validate at least one schema (anyOf)`);
      if (best) out.merge(best);
    }
    const oneOf = schemaList(s.oneOf);
    if (oneOf.length > 0) {
      let best: ErrorSink | undefined;
      let validated = 0;
      for (const branch of oneOf) {
        const result = this.run(value, branch, path, out);
        if (result.valid) {
          validated++;
          best = undefined;
        } else if (validated === 0 && (!best || result.matches > best.matches)) {
          best = result;
        }
      }
      if (validated !== 1) {
        const detail = validated === 0 ? 'Found none valid' : `Found ${validated} valid alternatives`;
        out.composite(`${quoted} must validate one and only one schema (oneOf). ${detail}`);
        if (best) out.merge(best);
      }
    }
    const allOf = schemaList(s.allOf);
    if (allOf.length > 0) {
      let validated = 0;
      for (const branch of allOf) {
        const result = this.run(value, branch, path, out);
        if (result.valid) validated++;
        out.merge(result);
      }
      if (validated !== allOf.length) {
        out.composite(`${quoted} must validate all the schemas (allOf)${validated === 0 ? '. None validated' : ''}`);
      }
    }
    if (isObjectValue(s.not) && this.run(value, s.not as StructuralSchema, path, out).valid) {
      out.composite(`${quoted} must not validate the schema (not)`);
    }
  }
}

/**
 * Field errors for `obj` against `schema`, worded as kube-apiserver words custom resource
 * validation: `spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`.
 * `fieldPath` roots the reported fields (e.g. `…properties[x].default` when checking a default).
 */
export function validateAgainstSchema(obj: unknown, schema: StructuralSchema, resolve?: SchemaResolver, fieldPath?: string): FieldError[] {
  const out = new ErrorSink(fieldPath ?? null);
  new SchemaValidator(resolve).validate(obj, schema, '', out);
  return [...out.errors, ...validateListTypes(obj, schema, resolve, fieldPath)];
}
