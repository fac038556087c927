// Helm's release actions over the release store and the cluster: install and upgrade (record the
// release pending, apply its objects, drop what an upgrade no longer renders), then deploy or fail
// it once the caller has waited; rollback applies a previous release's manifest as a new revision.

import type { KubeObject } from '../../machinery/object.ts';
import type { Clock, KubeClient } from '../../controller/index.ts';
import { formatTime } from '../../apiserver/registry/codec.ts';
import { applyRelease, placeObject, type ApplyContext } from './apply.ts';
import { parseManifest, renderManifest, type ChartMetadata, type HelmRelease, type ReleaseStatus } from './release.ts';
import type { ReleaseStore } from './release-store.ts';

export interface ReleaseTarget {
  client: KubeClient;
  store: ReleaseStore;
  clock: Clock;
  fieldManager: string;
  name: string;
  namespace: string;
}

export interface NewRelease {
  chart: ChartMetadata;
  /** The chart's values after merging (recorded as chart.values). */
  chartValues: Record<string, unknown>;
  /** The user's values (recorded as config). */
  config: Record<string, unknown>;
  objects: KubeObject[];
}

function now(target: ReleaseTarget): string {
  return formatTime(target.clock.now());
}

function applyContext(target: ReleaseTarget): ApplyContext {
  return { client: target.client, release: { name: target.name, namespace: target.namespace }, fieldManager: target.fieldManager, clock: target.clock };
}

/**
 * Records the new revision as pending-install / pending-upgrade and applies its objects. Resolves
 * with the record; an apply failure leaves the record failed and rethrows.
 */
export async function startRelease(target: ReleaseTarget, input: NewRelease, previous: HelmRelease | undefined, action: 'install' | 'upgrade'): Promise<HelmRelease> {
  const at = now(target);
  const record: HelmRelease = {
    name: target.name,
    info: {
      first_deployed: previous?.info.first_deployed ?? at,
      last_deployed: at,
      deleted: '',
      description: action === 'install' ? 'Initial install underway' : 'Preparing upgrade',
      status: action === 'install' ? 'pending-install' : 'pending-upgrade',
    },
    chart: { metadata: input.chart, lock: null, templates: [], values: input.chartValues, schema: null, files: [] },
    config: input.config,
    manifest: renderManifest(input.chart.name, input.objects),
    version: (previous?.version ?? 0) + 1,
    namespace: target.namespace,
  };
  await target.store.create(record);
  await applyAndPrune(target, record, input.objects, previous, action);
  return record;
}

/** Rollback to `to`: its manifest and values become a new revision. */
export async function rollbackRelease(target: ReleaseTarget, to: HelmRelease, current: HelmRelease): Promise<HelmRelease> {
  const at = now(target);
  const record: HelmRelease = {
    ...structuredClone(to),
    info: { first_deployed: to.info.first_deployed, last_deployed: at, deleted: '', description: `Rollback to ${to.version}`, status: 'pending-rollback' },
    version: current.version + 1,
  };
  await target.store.create(record);
  await applyAndPrune(target, record, parseManifest(to.manifest), current, 'upgrade');
  return record;
}

async function applyAndPrune(target: ReleaseTarget, record: HelmRelease, objects: KubeObject[], previous: HelmRelease | undefined, action: 'install' | 'upgrade'): Promise<void> {
  try {
    await applyRelease(applyContext(target), objects, previous && parseManifest(previous.manifest), action);
  } catch (err) {
    await finishRelease(target, record, 'failed', `Release "${target.name}" failed: ${(err as Error).message}`);
    throw err;
  }
}

export function successDescription(record: HelmRelease): string {
  if (record.info.status === 'pending-install') return 'Install complete';
  if (record.info.status === 'pending-rollback') return record.info.description;
  return 'Upgrade complete';
}

/**
 * Settles a pending release: deployed (the previously deployed one becomes superseded, history
 * pruned to maxHistory) or failed with the description given.
 */
export async function finishRelease(target: ReleaseTarget, record: HelmRelease, status: Extract<ReleaseStatus, 'deployed' | 'failed'>, description: string, maxHistory = 0): Promise<HelmRelease> {
  const history = status === 'deployed' ? await target.store.history(target.name) : [];
  for (const old of history) {
    if (old.version !== record.version && old.info.status === 'deployed') {
      old.info.status = 'superseded';
      await target.store.update(old);
    }
  }
  record.info.status = status;
  record.info.description = description;
  await target.store.update(record);
  // The records as just written: pruning needs no second list.
  if (status === 'deployed') {
    const written = [...history.filter((r) => r.version !== record.version), record].sort((a, b) => a.version - b.version);
    await target.store.prune(target.name, maxHistory, written);
  }
  return record;
}

/** The objects of a release as they sit in the cluster (namespaced ones in the release namespace). */
export async function releaseObjects(target: Pick<ReleaseTarget, 'client' | 'namespace'>, record: HelmRelease): Promise<KubeObject[]> {
  const out: KubeObject[] = [];
  for (const obj of parseManifest(record.manifest)) {
    try {
      out.push(await placeObject(target.client, obj, target.namespace));
    } catch {
      // A kind no longer served has nothing left to check or restore.
    }
  }
  return out;
}
