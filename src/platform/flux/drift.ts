// Drift detection as helm-controller does it: each object of the release is dry-run applied with
// the controller's field manager and compared with what the cluster holds. A missing object is
// "removed", a differing one "changed"; ignore rules drop JSON pointer paths from the comparison.

import { isStatusError } from '../../machinery/errors.ts';
import { deepEqual, parseApiVersion, type KubeObject } from '../../machinery/object.ts';
import { refOf, type Clock, type EventRecorder, type KubeClient } from '../../controller/index.ts';
import type { ReleaseTarget } from '../helm/actions.ts';
import { applyObjects } from '../helm/apply.ts';
import { withOwnership } from '../helm/ownership.ts';
import { driftModeOf, specOf, type DriftIgnoreRule } from './helmrelease-spec.ts';
import { HELM_CONTROLLER } from './kinds.ts';
import { markCondition, type HelmReleaseStatus } from './release-status.ts';

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

/**
 * What an in-sync release does about drift (unless `driftDetection.mode` is disabled): a
 * DriftDetected Warning and condition, then, when enabled, the drifted objects applied again and a
 * DriftCorrected Event; or the NoDriftDetected condition.
 */
export async function handleDrift(deps: { recorder: EventRecorder; clock: Clock }, hr: KubeObject, status: HelmReleaseStatus, target: ReleaseTarget, objects: KubeObject[], releaseName: string, now: string): Promise<void> {
  const mode = driftModeOf(hr);
  if (mode === 'disabled') return;
  const desired = objects.map((o) => withOwnership(o, { name: target.name, namespace: target.namespace }));
  const drift = await detectDrift(target.client, desired, HELM_CONTROLLER, specOf(hr).driftDetection?.ignore);
  if (!drift.length) {
    markCondition(status, 'Drifted', 'False', 'NoDriftDetected', 'No drift detected against the cluster state', now, hr.metadata.generation);
    return;
  }
  const message = `Cluster state of release ${releaseName} has drifted from the desired state:\n${describeDrift(drift)}`;
  await deps.recorder.warning(hr, 'DriftDetected', message);
  markCondition(status, 'Drifted', 'True', 'DriftDetected', message, now, hr.metadata.generation);
  if (mode !== 'enabled') return;
  // Correcting drift re-applies the release's own objects: no ownership check, as Flux's apply makes none.
  await applyObjects({ client: target.client, release: { name: target.name, namespace: target.namespace }, fieldManager: HELM_CONTROLLER, clock: deps.clock, released: 'all' }, drift.map((d) => d.obj), 'upgrade');
  const changes = drift.map((d) => `${objectName(d.obj)} ${d.change === 'removed' ? 'created' : 'configured'}`).join('\n');
  await deps.recorder.normal(hr, 'DriftCorrected', `Cluster state of release ${releaseName} has been corrected:\n${changes}`);
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
