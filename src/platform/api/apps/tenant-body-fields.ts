// Tenant fields that are not (or no longer) Tenant fields, caught on the request body before field
// validation would refuse them as merely "unknown": `isolated` (removed in v1.0, dropped with a
// warning) and the allocation ratios (platform settings, refused with where they live).

import { decodeBody } from '../../../apiserver/body.ts';
import { invalid } from '../../../machinery/errors.ts';
import { isPlainObject } from '../../../machinery/object.ts';
import { platformSettingErrors, removedFieldWarnings } from '../tenant-validation.ts';

const BODY_TYPES = ['application/json', 'application/yaml', 'application/merge-patch+json', 'application/json-patch+json', 'application/apply-patch+yaml'];
const TENANT = { group: 'apps.cozystack.io', kind: 'Tenant' };

export interface TenantBodyCheck {
  /** The body to serve: the one sent, or one without `spec.isolated`. */
  body: Buffer;
  warnings: string[];
}

/** Throws 422 for allocation ratios; drops `isolated` with its warning. */
export function checkTenantBody(body: Buffer, contentType: string | undefined, name: string): TenantBodyCheck {
  let value: unknown;
  try {
    value = decodeBody(body, contentType, BODY_TYPES).value;
  } catch {
    return { body, warnings: [] };
  }
  if (Array.isArray(value)) return checkJsonPatch(value, body, name);
  if (!isPlainObject(value) || !isPlainObject(value.spec)) return { body, warnings: [] };
  const spec = value.spec as Record<string, unknown>;
  const refused = platformSettingErrors(spec);
  if (refused.length) throw invalid(TENANT, String((value.metadata as { name?: string } | undefined)?.name ?? name), refused);
  const warnings = removedFieldWarnings(spec);
  if (!warnings.length) return { body, warnings };
  delete spec.isolated;
  // JSON is YAML too, so the rewritten body serves whatever the content type was.
  return { body: Buffer.from(JSON.stringify(value)), warnings };
}

function checkJsonPatch(ops: unknown[], body: Buffer, name: string): TenantBodyCheck {
  const spec: Record<string, unknown> = {};
  for (const op of ops) {
    if (!isPlainObject(op) || typeof op.path !== 'string' || (op.op !== 'add' && op.op !== 'replace')) continue;
    const m = /^\/spec\/([^/]+)$/.exec(op.path);
    if (m) spec[m[1]!] = op.value;
  }
  const refused = platformSettingErrors(spec);
  if (refused.length) throw invalid(TENANT, name, refused);
  const warnings = removedFieldWarnings(spec);
  if (!warnings.length) return { body, warnings };
  const kept = ops.filter((op) => !(isPlainObject(op) && op.path === '/spec/isolated'));
  return { body: Buffer.from(JSON.stringify(kept)), warnings };
}
