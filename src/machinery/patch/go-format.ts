// Go's fmt rendering of decoded JSON values, so patch errors read exactly as apimachinery's
// (`map: map[image:x] does not contain declared merge key: name`).

import { isPlainObject } from '../object.ts';

/** `%v` of a value decoded from JSON into interface{} (ints preserved as int64). */
export function goValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return `[${value.map(goValue).join(' ')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `map[${keys.map((k) => `${k}:${goValue(value[k])}`).join(' ')}]`;
  }
  if (typeof value === 'number') return goNumber(value);
  return String(value);
}

function goNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  // %v of float64 is %g: exponent form for large/small magnitudes.
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e21)) {
    return n.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return String(n);
}

/** `%s` of an interface{} value: strings verbatim, anything else in Go's `%!s(T=v)` form. */
export function goString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '%!s(<nil>)';
  return `%!s(${goTypeName(value)}=${goValue(value)})`;
}

/** reflect.TypeOf(v).String() for a decoded JSON value. */
export function goTypeName(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return '[]interface {}';
  if (isPlainObject(value)) return 'map[string]interface {}';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int64' : 'float64';
  if (typeof value === 'boolean') return 'bool';
  return 'string';
}

/** The JSON kind encoding/json names in "cannot unmarshal <kind> into Go value …". */
export function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (isPlainObject(value)) return 'object';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'string';
  return 'null';
}
