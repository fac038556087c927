// Top-level values keys starting with `_` are the platform's (`_cluster`, `_namespace`): an app
// that sets one is refused with 400, as rest.go's validateNoInternalKeys does, whatever the body's form.

import { isPlainObject } from '../../../machinery/object.ts';
import { decodeBody } from '../../../apiserver/body.ts';
import { reservedKeyError } from './resource.ts';

const BODY_TYPES = ['application/json', 'application/yaml', 'application/merge-patch+json', 'application/json-patch+json', 'application/apply-patch+yaml'];

/** The 400 for a body that sets a reserved key in `spec`; undefined when it sets none (or is not readable here). */
export function reservedKeyInBody(body: Buffer, contentType: string | undefined): Error | undefined {
  let value: unknown;
  try {
    value = decodeBody(body, contentType, BODY_TYPES).value;
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) {
    for (const op of value) {
      if (!isPlainObject(op) || typeof op.path !== 'string') continue;
      const m = /^\/spec\/(_[^/]*)/.exec(op.path);
      if (m && (op.op === 'add' || op.op === 'replace' || op.op === 'copy' || op.op === 'move')) return reservedKeyError({ [m[1]!.replace(/~1/g, '/').replace(/~0/g, '~')]: true });
      if (op.path === '/spec' && (op.op === 'add' || op.op === 'replace')) {
        const err = reservedKeyError(op.value);
        if (err) return err;
      }
    }
    return undefined;
  }
  return isPlainObject(value) ? reservedKeyError(value.spec) : undefined;
}
