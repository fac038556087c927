// The errors kube-openapi's validator produces, converted to field errors the way
// apiextensions-apiserver does (kubeOpenAPIResultToFieldErrors), with upstream's wording.

import type { FieldError } from '../errors.ts';
import { formatGoFloat } from './schema.ts';

/** Go's rendering of a JSON value in a field error: strings quoted, floats as `%v`. */
export function goValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : formatGoFloat(value);
  if (value === null || value === undefined) return 'null';
  return JSON.stringify(value);
}

/** A bound printed as kube-openapi does: int64 when compared natively as integers, else float64. */
export function goBound(bound: number, asInt: boolean): string {
  return asInt ? String(Math.trunc(bound)) : formatGoFloat(bound);
}

/** `name in body …`: kube-openapi names the failing value by its path inside the body. */
export function inBody(name: string, text: string): string {
  return `${name} in body ${text}`;
}

/**
 * Where an error on kube-openapi path `name` lands: the validator's root path (null: none,
 * which Go prints as `<nil>`) plus the name without its leading dot.
 */
export class ErrorSink {
  readonly errors: FieldError[] = [];
  /** kube-openapi's MatchCount: how much of the value validated; ranks failed alternatives. */
  matches = 0;

  constructor(private readonly root: string | null) {}

  fork(): ErrorSink {
    return new ErrorSink(this.root);
  }

  merge(other: ErrorSink): void {
    this.errors.push(...other.errors);
    this.matches += other.matches;
  }

  get valid(): boolean {
    return this.errors.length === 0;
  }

  fieldOf(name: string): string {
    const child = name.startsWith('.') ? name.slice(1) : name;
    if (child === '' || name === '.') return this.root ?? '<nil>';
    return this.root ? `${this.root}.${child}` : child;
  }

  rootField(): string {
    return this.root ?? '<nil>';
  }

  required(name: string): void {
    this.errors.push({ type: 'FieldValueRequired', field: this.fieldOf(name), message: 'Required value' });
  }

  typeInvalid(name: string, typeName: string, value: string): void {
    this.errors.push({
      type: 'FieldValueTypeInvalid',
      field: this.fieldOf(name),
      message: `Invalid value: ${JSON.stringify(value)}: ${inBody(name, `must be of type ${typeName}: ${JSON.stringify(value)}`)}`,
    });
  }

  invalid(name: string, value: unknown, detail: string): void {
    this.errors.push({ type: 'FieldValueInvalid', field: this.fieldOf(name), message: `Invalid value: ${goValue(value)}: ${detail}` });
  }

  notSupported(name: string, value: unknown, allowed: unknown[]): void {
    const list = allowed.map((v) => JSON.stringify(typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
    this.errors.push({
      type: 'FieldValueNotSupported',
      field: this.fieldOf(name),
      message: `Unsupported value: ${goValue(value)}: supported values: ${list}`,
    });
  }

  tooLong(name: string, max: number): void {
    this.errors.push({
      type: 'FieldValueTooLong',
      field: this.fieldOf(name),
      message: `Too long: may not be more than ${max} ${max === 1 ? 'byte' : 'bytes'}`,
    });
  }

  tooMany(name: string, actual: number, max: number): void {
    this.errors.push({
      type: 'FieldValueTooMany',
      field: this.fieldOf(name),
      message: `Too many: ${actual}: must have at most ${max} ${max === 1 ? 'item' : 'items'}`,
    });
  }

  /** Errors kube-openapi raises without a field (composition, range checks) land on the root. */
  composite(message: string): void {
    this.errors.push({ type: 'FieldValueInvalid', field: this.rootField(), message: `Invalid value: "": ${message}` });
  }
}
