// The HelmRelease status helm-controller writes: history snapshots of the releases it made,
// Released/Remediated conditions summarized into Ready, failure counters.

import type { KubeObject } from '../../machinery/object.ts';
import { fullReleaseName, releaseDigest, type HelmRelease } from '../helm/release.ts';
import { getCondition, setCondition, type FluxCondition } from './conditions.ts';

export interface Snapshot {
  apiVersion?: string;
  digest: string;
  name: string;
  namespace: string;
  version: number;
  status: string;
  action?: string;
  chartName: string;
  chartVersion: string;
  appVersion?: string;
  configDigest: string;
  firstDeployed: string;
  lastDeployed: string;
  deleted?: string;
  ociDigest?: string;
}

export interface HelmReleaseStatus {
  observedGeneration?: number;
  lastHandledReconcileAt?: string;
  lastHandledForceAt?: string;
  lastHandledResetAt?: string;
  conditions?: FluxCondition[];
  helmChart?: string;
  storageNamespace?: string;
  history?: Snapshot[];
  lastAttemptedGeneration?: number;
  failures?: number;
  installFailures?: number;
  upgradeFailures?: number;
  lastAttemptedRevision?: string;
  lastAttemptedRevisionDigest?: string;
  lastAttemptedValuesChecksum?: string;
  lastAttemptedConfigDigest?: string;
  lastAttemptedReleaseAction?: 'install' | 'upgrade';
  lastAttemptedReleaseActionDuration?: string;
  [field: string]: unknown;
}

export function statusOf(hr: KubeObject): HelmReleaseStatus {
  return structuredClone((hr.status ?? {}) as HelmReleaseStatus);
}

export function snapshotOf(rel: HelmRelease, configDigest: string, action: 'install' | 'upgrade', ociDigest?: string): Snapshot {
  return {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    digest: releaseDigest(rel),
    name: rel.name,
    namespace: rel.namespace,
    version: rel.version,
    status: rel.info.status,
    action,
    chartName: rel.chart.metadata.name,
    chartVersion: rel.chart.metadata.version,
    ...(rel.chart.metadata.appVersion ? { appVersion: rel.chart.metadata.appVersion } : {}),
    configDigest,
    firstDeployed: rel.info.first_deployed,
    lastDeployed: rel.info.last_deployed,
    ...(ociDigest ? { ociDigest } : {}),
  };
}

/** Puts the snapshot first (replacing one of the same version) and keeps at most `max` (0: all). */
export function recordSnapshot(status: HelmReleaseStatus, snap: Snapshot, max: number): void {
  const rest = (status.history ?? []).filter((s) => s.version !== snap.version).map((s) => (s.status === 'deployed' && snap.status === 'deployed' ? { ...s, status: 'superseded' } : s));
  const all = [snap, ...rest];
  status.history = max > 0 ? all.slice(0, max) : all;
}

export function latestSnapshot(status: HelmReleaseStatus): Snapshot | undefined {
  return status.history?.[0];
}

/** `ns/name.vN`. */
export function snapshotName(s: Snapshot): string {
  return fullReleaseName(s);
}

/** `name@version`. */
export function versionedChartName(s: Pick<Snapshot, 'chartName' | 'chartVersion'>): string {
  return `${s.chartName}@${s.chartVersion}`;
}

/** summarize(): Ready mirrors Remediated if that is newest (as False), else Released. */
export function summarizeReady(status: HelmReleaseStatus, generation: number | undefined, now: string): void {
  const remediated = getCondition(status.conditions, 'Remediated');
  const released = getCondition(status.conditions, 'Released');
  const source = remediated && (!released || remediated.lastTransitionTime >= released.lastTransitionTime) && remediated.status === 'True' ? remediated : released;
  if (!source) return;
  const readyStatus = source === remediated ? 'False' : source.status;
  status.conditions = setCondition(status.conditions, 'Ready', readyStatus, source.reason, source.message, now, generation);
  if (readyStatus === 'True') status.conditions = status.conditions.filter((c) => c.type !== 'Stalled');
}

export function markCondition(status: HelmReleaseStatus, type: string, value: FluxCondition['status'], reason: string, message: string, now: string, generation?: number): void {
  status.conditions = setCondition(status.conditions, type, value, reason, message, now, generation);
}

export function clearCondition(status: HelmReleaseStatus, type: string): void {
  status.conditions = (status.conditions ?? []).filter((c) => c.type !== type);
}
