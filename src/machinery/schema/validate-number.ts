// kube-openapi's number validator: range of the declared format, multipleOf, minimum, maximum.
// Integers compare natively as int64 (bounds truncated), other values as float64.

import { schemaFlag, schemaNumber, type StructuralSchema } from './schema.ts';
import { goBound, inBody, type ErrorSink } from './value-errors.ts';

const INT32 = 2 ** 31;
const INT64 = 2 ** 63;
const FLOAT32_MAX = 3.4028234663852886e38;

/** The type/format pair kube-openapi range-checks numbers against (single-type schemas only). */
function numberKind(s: StructuralSchema, types: string[], format: string): { typeName: string; format: string } {
  if (types.length !== 1) return { typeName: '', format: '' };
  if (types[0] === 'integer') return { typeName: 'integer', format: format === 'int32' || format === 'int64' ? format : '' };
  if (types[0] === 'number') return { typeName: 'number', format: format === 'float' || format === 'double' ? format : '' };
  return { typeName: '', format: '' };
}

function inRange(value: number, typeName: string, format: string): boolean {
  if (typeName === 'integer') {
    if (!Number.isInteger(value)) return false;
    return format === 'int32' ? value >= -INT32 && value < INT32 : value >= -INT64 && value < INT64;
  }
  if (format === 'float') return Math.abs(value) <= FLOAT32_MAX;
  return true;
}

function rangeError(prefix: string, typeName: string, format: string, path: string): string {
  const shown = typeName || 'number';
  return format
    ? `${prefix} value must be of type ${shown} with format ${format} in ${path}`
    : `${prefix} value must be of type ${shown} (default format) in ${path}`;
}

function isJSONInteger(f: number): boolean {
  if (!Number.isFinite(f)) return false;
  if (Number.isInteger(f)) return true;
  const nearest = Math.round(f);
  return Math.abs(f - nearest) / Math.max(Math.abs(f), 1) < 1e-9;
}

export function validateNumber(value: number, s: StructuralSchema, types: string[], format: string, path: string, out: ErrorSink): void {
  const { typeName, format: fmt } = numberKind(s, types, format);
  const isInt = Number.isInteger(value);
  if (!inRange(value, typeName, fmt)) out.composite(rangeError('Checked', typeName, fmt, path));

  const multipleOf = schemaNumber(s, 'multipleOf');
  if (multipleOf !== undefined) {
    const native = inRange(multipleOf, typeName, fmt);
    if (native && isInt) {
      const factor = Math.trunc(multipleOf);
      if (factor <= 0) out.invalid(path, factor, `factor MultipleOf declared for ${path} must be positive: ${factor}`);
      else if (value % factor !== 0) out.invalid(path, value, inBody(path, `should be a multiple of ${factor}`));
    } else if (multipleOf <= 0) {
      out.invalid(path, multipleOf, `factor MultipleOf declared for ${path} must be positive: ${goBound(multipleOf, false)}`);
    } else {
      const mult = multipleOf < 1 ? (1 / multipleOf) * value : value / multipleOf;
      if (!isJSONInteger(mult)) out.invalid(path, value, inBody(path, `should be a multiple of ${goBound(multipleOf, false)}`));
    }
  }

  const minimum = schemaNumber(s, 'minimum');
  const maximum = schemaNumber(s, 'maximum');
  if (minimum !== undefined) {
    const exclusive = schemaFlag(s, 'exclusiveMinimum');
    const asInt = isInt && inRange(minimum, typeName, fmt);
    const bound = asInt ? Math.trunc(minimum) : minimum;
    if (exclusive ? value <= bound : value < bound) {
      const text = exclusive ? 'should be greater than' : 'should be greater than or equal to';
      out.invalid(path, value, inBody(path, `${text} ${goBound(minimum, asInt)}`));
    }
  }
  if (maximum !== undefined) {
    const exclusive = schemaFlag(s, 'exclusiveMaximum');
    const asInt = isInt && inRange(maximum, typeName, fmt);
    const bound = asInt ? Math.trunc(maximum) : maximum;
    if (exclusive ? value >= bound : value > bound) {
      const text = exclusive ? 'should be less than' : 'should be less than or equal to';
      out.invalid(path, value, inBody(path, `${text} ${goBound(maximum, asInt)}`));
    }
  }
}
