// RFC 6902 JSON Patch, with kube-apiserver's error mapping (apiserver's jsonPatcher):
// a body that does not decode as a list of operations is 400 BadRequest; any operation that
// fails to apply (a failed `test`, a missing path, an unknown op) is the generic
// 422 Invalid "the server rejected our request due to an error in our request".

import fjp from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { StatusError, badRequest } from '../errors.ts';
import { isPlainObject } from '../object.ts';
import { jsonKind } from './go-format.ts';

/** kube-apiserver's cap on the operations in one JSON patch. */
export const MAX_JSON_PATCH_OPERATIONS = 10000;

export const JSON_PATCH_REJECTED_MESSAGE = 'the server rejected our request due to an error in our request';

/** Applies a JSON patch to a copy of `doc`; the input is never mutated. */
export function applyJsonPatch(doc: unknown, ops: unknown): unknown {
  const operations = decodePatch(ops);
  if (operations.length > MAX_JSON_PATCH_OPERATIONS) {
    throw new StatusError(
      413,
      'RequestEntityTooLarge',
      `The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${operations.length}`,
    );
  }
  if (operations.length === 0) return structuredClone(doc);
  try {
    return fjp.applyPatch(structuredClone(doc), operations as Operation[], true, true, true).newDocument;
  } catch {
    throw new StatusError(422, 'Invalid', JSON_PATCH_REJECTED_MESSAGE, {});
  }
}

// Mirrors json.Unmarshal into jsonpatch.Patch ([]map[string]*json.RawMessage).
function decodePatch(ops: unknown): unknown[] {
  if (ops === null) return [];
  if (!Array.isArray(ops)) {
    throw badRequest(`json: cannot unmarshal ${jsonKind(ops)} into Go value of type jsonpatch.Patch`);
  }
  for (const op of ops) {
    if (op !== null && !isPlainObject(op)) {
      throw badRequest(`json: cannot unmarshal ${jsonKind(op)} into Go value of type jsonpatch.Operation`);
    }
  }
  // A null operation decodes to an empty one, which then fails to apply ("Unexpected kind").
  return ops.map((op) => (op === null ? {} : op));
}
