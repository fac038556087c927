// fieldValidation=Strict|Warn|Ignore: unknown and duplicate fields become an error, a warning,
// or are silently dropped, as kube-apiserver's decoder does.

import { badRequest } from '../machinery/errors.ts';
import { findDuplicateFields } from '../machinery/json-duplicates.ts';
import { findUnknownFields, pruneUnknownFields } from '../machinery/schema/structural.ts';
import { goDecodeError } from '../machinery/schema/go-decode.ts';
import { SPECIAL_COMPONENTS } from './openapi/special-types.ts';
import { builtinKindSchemaRef, resolveBuiltinRef } from './openapi/builtin-schemas.ts';
import type { JSONSchemaProps, ResourceType } from './resource.ts';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export function parseFieldValidation(value: string | null): FieldValidation {
  if (value === null || value === '') return 'Warn';
  if (value === 'Strict' || value === 'Warn' || value === 'Ignore') return value;
  throw badRequest(`fieldValidation parameter unsupported: ${value}`);
}

interface KindSchema {
  schema: JSONSchemaProps;
  resolve?: (ref: string) => JSONSchemaProps | undefined;
}

function kindSchema(rt: ResourceType): KindSchema | undefined {
  if (rt.schema) {
    return {
      schema: {
        ...rt.schema,
        properties: {
          ...(rt.schema.properties ?? {}),
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          metadata: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' },
        },
      },
      resolve: resolveBuiltin,
    };
  }
  if (!rt.strategicMergePatch) return undefined;
  const ref = builtinKindSchemaRef(rt.group, rt.version, rt.kind);
  return ref ? { schema: { $ref: ref }, resolve: resolveBuiltin } : undefined;
}

const resolveBuiltin = (ref: string): JSONSchemaProps | undefined => resolveBuiltinRef(ref) as JSONSchemaProps | undefined;

/**
 * A built-in kind is decoded into its Go type first: a value of the wrong JSON type is a 400 with
 * encoding/json's message, before any field is validated. (Custom resources are checked against
 * their schema instead, as 422s.)
 */
function checkGoTypes(rt: ResourceType, value: Record<string, unknown>): void {
  if (rt.schema || !rt.strategicMergePatch) return;
  const ref = builtinKindSchemaRef(rt.group, rt.version, rt.kind);
  if (!ref) return;
  const error = goDecodeError(value, ref, resolveBuiltin, (component) => Object.hasOwn(SPECIAL_COMPONENTS, component));
  if (error) throw badRequest(`${rt.kind} in version "${rt.version}" cannot be handled as a ${rt.kind}: ${error}`);
}

/**
 * What is being checked: a whole object (create, update), which kube-apiserver's decoder refuses as
 * `<Kind> in version "<v>" cannot be handled as a <Kind>: strict decoding error: …`; or the result of
 * a patch, or an apply configuration, refused with the bare `strict decoding error: …`.
 */
export type CheckedBody = 'object' | 'patched';

/**
 * Checks a decoded body against the kind's schema; returns the body with unknown fields dropped.
 * Strict throws 400 listing every unknown or duplicate field; Warn adds one warning per field.
 */
export function checkFields(rt: ResourceType, value: Record<string, unknown>, text: string | undefined, mode: FieldValidation, warnings: string[], body: CheckedBody = 'patched'): Record<string, unknown> {
  checkGoTypes(rt, value);
  const ks = kindSchema(rt);
  const problems: string[] = [];
  if (mode !== 'Ignore' && text !== undefined && text.trimStart().startsWith('{')) {
    for (const path of findDuplicateFields(text)) problems.push(`duplicate field "${path}"`);
  }
  let unknown = mode === 'Ignore' ? 1 : 0;
  if (ks && mode !== 'Ignore') {
    for (const path of findUnknownFields(value, ks.schema, ks.resolve)) {
      problems.push(`unknown field "${path}"`);
      unknown++;
    }
  }
  if (problems.length) {
    if (mode === 'Strict') {
      const error = `strict decoding error: ${problems.join(', ')}`;
      throw badRequest(body === 'object' ? `${rt.kind} in version "${rt.version}" cannot be handled as a ${rt.kind}: ${error}` : error);
    }
    warnings.push(...problems);
  }
  // A body with no unknown field has nothing to prune.
  return ks && unknown > 0 ? (pruneUnknownFields(value, ks.schema, ks.resolve) as Record<string, unknown>) : value;
}
