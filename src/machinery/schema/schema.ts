// The OpenAPI v3 schema shape the schema walkers read (the CRD JSONSchemaProps subset with
// x-kubernetes-* extensions), and the $ref resolution they share.

export interface StructuralSchema {
  type?: string;
  format?: string;
  description?: string;
  properties?: Record<string, StructuralSchema>;
  additionalProperties?: StructuralSchema | boolean;
  items?: StructuralSchema;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  $ref?: string;
  [extension: string]: unknown;
}

/** Looks up a `$ref` target such as `#/components/schemas/io.k8s.api.core.v1.Pod`. */
export type SchemaResolver = (ref: string) => StructuralSchema | undefined;

const MAX_REF_HOPS = 32;

/**
 * The schema that governs a value: follows `$ref`, and the `allOf: [{$ref}]` wrapper OpenAPI v3
 * uses to attach a description to a reference. An unresolvable reference governs nothing.
 */
export function effectiveSchema(schema: StructuralSchema | undefined, resolve?: SchemaResolver): StructuralSchema | undefined {
  let s = schema;
  for (let hops = 0; s && hops < MAX_REF_HOPS; hops++) {
    if (typeof s.$ref === 'string') {
      s = resolve?.(s.$ref);
      continue;
    }
    const allOf = s.allOf;
    if (Array.isArray(allOf) && allOf.length === 1 && !s.type && !s.properties && isRefOnly(allOf[0])) {
      s = allOf[0] as StructuralSchema;
      continue;
    }
    return s;
  }
  return undefined;
}

function isRefOnly(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as StructuralSchema).$ref === 'string';
}

export function schemaList(value: unknown): StructuralSchema[] {
  return Array.isArray(value) ? (value.filter((v) => typeof v === 'object' && v !== null) as StructuralSchema[]) : [];
}

export function schemaNumber(s: StructuralSchema, key: string): number | undefined {
  const v = s[key];
  return typeof v === 'number' ? v : undefined;
}

export function schemaFlag(s: StructuralSchema, key: string): boolean {
  return s[key] === true;
}

export function isObjectValue(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const PRESERVE_UNKNOWN = 'x-kubernetes-preserve-unknown-fields';
export const EMBEDDED_RESOURCE = 'x-kubernetes-embedded-resource';
export const INT_OR_STRING = 'x-kubernetes-int-or-string';
export const LIST_TYPE = 'x-kubernetes-list-type';
export const LIST_MAP_KEYS = 'x-kubernetes-list-map-keys';

/** apiVersion, kind and metadata of an embedded resource are the server's, not the schema's. */
export const TYPE_META_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

/** Go's `%v` for a float64: shortest digits, exponent form when the decimal exponent is < -4 or >= 6. */
export function formatGoFloat(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : '-Inf';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const [mantissa, expText] = n.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? '-' : '+';
    const digits = String(Math.abs(exp)).padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  return String(n);
}
