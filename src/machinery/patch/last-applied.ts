// Moving an object from client-side to server-side apply, as kube-apiserver's field manager does
// for the manager "kubectl" (lastAppliedManager, lastAppliedUpdater): a conflict on a field the
// `kubectl.kubernetes.io/last-applied-configuration` annotation still describes, at the value it
// gives, is the same user's own and taken over; after the apply the annotation records what was
// applied, so a later client-side apply agrees with it.

import { isPlainObject, type KubeObject } from '../object.ts';
import { toFieldSet, type FieldSet } from './fieldpath.ts';
import { withoutManagedFields } from './managed-fields.ts';
import type { PatchSchema } from './schema.ts';
import { compareObjects } from './structured-merge.ts';

export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';

/** The manager whose applies take over client-side apply's fields (kubectl apply --server-side's default). */
export const KUBECTL_MANAGER = 'kubectl';

function lastAppliedOf(obj: KubeObject | undefined): string | undefined {
  const value = obj?.metadata?.annotations?.[LAST_APPLIED_ANNOTATION];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Fields an apply by "kubectl" may take from other managers without a conflict: those of the live
 * object's last-applied configuration whose live values are still the ones it recorded. Undefined
 * when there is no usable annotation (then every conflict stands).
 */
export function lastAppliedTakeover(live: KubeObject | undefined, apiVersion: string, schema: PatchSchema): FieldSet | undefined {
  const text = lastAppliedOf(live);
  if (!live || text === undefined) return undefined;
  let recorded: unknown;
  try {
    recorded = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(recorded) || recorded.apiVersion !== apiVersion) return undefined;
  const drift = compareObjects(recorded, withoutManagedFields(live), schema);
  return toFieldSet(recorded, schema).difference(drift.modified).difference(drift.added).difference(drift.removed);
}

/** JSON as Go's encoding/json writes a map: keys sorted, <, > and & escaped, a newline after. */
function goJson(value: unknown): string {
  const encode = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(encode).join(',')}]`;
    if (isPlainObject(v)) return `{${Object.keys(v).sort().map((k) => `${encode(k)}:${encode(v[k])}`).join(',')}}`;
    if (typeof v === 'string') return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return JSON.stringify(v ?? null);
  };
  return `${encode(value)}\n`;
}

/** After an apply by "kubectl": the annotation, where the object keeps one, records `applied` (without itself). */
export function recordLastApplied(object: KubeObject, applied: KubeObject): void {
  if (lastAppliedOf(object) === undefined) return;
  // An applied configuration carries no managedFields (serverSideApply refuses one that does).
  const metadata = { ...applied.metadata };
  if (isPlainObject(metadata.annotations)) {
    const { [LAST_APPLIED_ANNOTATION]: _self, ...others } = metadata.annotations;
    metadata.annotations = others;
  }
  object.metadata.annotations = { ...object.metadata.annotations, [LAST_APPLIED_ANNOTATION]: goJson({ ...applied, metadata }) };
}
