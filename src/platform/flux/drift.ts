// Drift detection as helm-controller does it: each object of the release is dry-run applied with
// the controller's field manager and compared with what the cluster holds. A missing object is
// "removed", a differing one "changed"; ignore rules drop JSON pointer paths from the comparison.

import { isStatusError } from '../../machinery/errors.ts';
import { deepEqual, parseApiVersion, type KubeObject } from '../../machinery/object.ts';
import { refOf, type KubeClient } from '../../controller/index.ts';
import type { DriftIgnoreRule } from './helmrelease-spec.ts';

export interface DriftEntry {
  obj: KubeObject;
  change: 'removed' | 'changed';
}

export async function detectDrift(client: KubeClient, desired: KubeObject[], fieldManager: string, ignore: DriftIgnoreRule[] = []): Promise<DriftEntry[]> {
  const drifted: DriftEntry[] = [];
  for (const obj of desired) {
    const ref = refOf(obj);
    let live: KubeObject;
    try {
      live = await client.get(ref);
    } catch (err) {
      if (isStatusError(err, 'NotFound')) {
        drifted.push({ obj, change: 'removed' });
        continue;
      }
      throw err;
    }
    if (live.metadata.deletionTimestamp) {
      drifted.push({ obj, change: 'removed' });
      continue;
    }
    const wouldBe = await client.patch(ref, 'apply', obj, { fieldManager, force: true, dryRun: true });
    const paths = ignore.filter((r) => targets(r, obj)).flatMap((r) => r.paths);
    if (!deepEqual(comparable(wouldBe, paths), comparable(live, paths))) drifted.push({ obj, change: 'changed' });
  }
  return drifted;
}

/** Flux's summary line per object: `Deployment/ns/name removed`. */
export function describeDrift(entries: DriftEntry[]): string {
  return entries.map((e) => `${objectName(e.obj)} ${e.change}`).join('\n');
}

export function objectName(obj: KubeObject): string {
  return `${obj.kind}/${obj.metadata.namespace ? `${obj.metadata.namespace}/` : ''}${obj.metadata.name}`;
}

/** The object without status and server-set metadata (a copy only where ignore rules cut into it). */
function comparable(obj: KubeObject, ignorePaths: string[]): unknown {
  const { status: _status, ...rest } = ignorePaths.length ? structuredClone(obj) : obj;
  const metadata = { ...rest.metadata };
  for (const k of ['managedFields', 'resourceVersion', 'generation', 'creationTimestamp', 'uid']) delete metadata[k];
  const out = { ...rest, metadata } as Record<string, unknown>;
  for (const p of ignorePaths) removePointer(out, p);
  return out;
}

function targets(rule: DriftIgnoreRule, obj: KubeObject): boolean {
  const t = rule.target;
  if (!t) return true;
  if (t.kind && t.kind !== obj.kind) return false;
  if (t.name && t.name !== obj.metadata.name) return false;
  if (t.namespace && t.namespace !== obj.metadata.namespace) return false;
  if (t.group !== undefined && t.group !== parseApiVersion(obj.apiVersion).group) return false;
  return true;
}

function removePointer(root: Record<string, unknown>, pointer: string): void {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = root;
  for (const part of parts.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === 'object' && node !== null && parts.length) delete (node as Record<string, unknown>)[parts.at(-1)!];
}
