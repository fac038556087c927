// One HelmRelease reconcile, as helm-controller's: deletion (release-finalizer.ts), suspend,
// dependencies, chart, values, then the next Helm action for the release's state — install,
// upgrade, wait for what was applied to become ready within the timeout, remediate or retry a
// failure, or, in sync, detect and correct drift (drift.ts). Status and Events carry Flux's reasons
// and messages.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { formatTime } from '../../apiserver/registry/codec.ts';
import type { Clock, EventRecorder, KubeClient, ReconcileResult } from '../../controller/index.ts';
import { ChartRenderError, type Values } from '../charts/chart.ts';
import type { ChartRegistry } from '../charts/registry.ts';
import { finishRelease, releaseObjects, rollbackRelease, startRelease, successDescription, type ReleaseTarget } from '../helm/actions.ts';
import { getOrUndefined } from '../helm/apply.ts';
import { describeUnready, readinessOf } from '../helm/readiness.ts';
import { fullReleaseName, isPending, releaseDigest, type HelmRelease } from '../helm/release.ts';
import { ReleaseStore } from '../helm/release-store.ts';
import { uninstallRelease } from '../helm/uninstall.ts';
import { helmChartFor, loadChart, type LoadedChart } from './chart-source.ts';
import { valuesWithLookups } from './chart-lookups.ts';
import { finalizeHelmRelease } from './release-finalizer.ts';
import { getCondition, isTrue } from './conditions.ts';
import { handleDrift } from './drift.ts';
import { formatGoDuration } from './go-duration.ts';
import {
  dependsOnKeys, intervalMs, maxHistoryOf, releaseNameOf, releaseNamespaceOf, remediationOf, retryIntervalMs,
  specOf, storageNamespaceOf, timeoutMs, waitDisabled,
} from './helmrelease-spec.ts';
import { FLUX_FINALIZER, HELM_CONTROLLER, HELMCHART_GVK, HELMRELEASE_GVK, RECONCILE_FORCE_AT, RECONCILE_REQUESTED_AT, RECONCILE_RESET_AT } from './kinds.ts';
import { ORIGIN_NAME_LABEL, ORIGIN_NAMESPACE_LABEL } from './managed-objects.ts';
import { unhandledRequest } from './reconcile-requests.ts';
import {
  clearCondition, latestSnapshot, markCondition, recordSnapshot, snapshotName, snapshotOf, statusOf, summarizeReady, versionedChartName,
  type HelmReleaseStatus,
} from './release-status.ts';
import { schemaError } from './values-schema.ts';
import { chartDefaults, coalesceValues, userValues, valuesDigest, ValuesError } from './values.ts';

/** helm-controller's --requeue-dependency (Cozystack runs it with 30s). */
export const DEPENDENCY_REQUEUE_MS = 30_000;

export interface ReleaseReconcilerDeps {
  client: KubeClient;
  clock: Clock;
  charts: ChartRegistry;
  recorder: EventRecorder;
  /** Reads a HelmRelease from the informer cache (dependencies). */
  cachedRelease(key: string): KubeObject | undefined;
  /** Told about the objects of every release reconciled, so their kinds are watched. */
  watchObjects(objects: KubeObject[]): void;
  /** A managed object as its watch last saw it (undefined: not known there, ask the API). */
  cachedObject?(obj: KubeObject): KubeObject | undefined;
  /** `.Capabilities.APIVersions`: every served `group/version` and `group/version/Kind`. */
  apiVersions?(): string[];
  /** Told the objects a release waits on (some not ready yet, none failed) when a reconcile ends so. */
  awaiting?(key: string, objects: KubeObject[]): void;
}

type Action = 'install' | 'upgrade';

interface Attempt {
  hr: KubeObject;
  status: HelmReleaseStatus;
  loaded: LoadedChart;
  target: ReleaseTarget;
  values: Values;
  config: Values;
  configDigest: string;
}

export class ReleaseReconciler {
  constructor(private readonly deps: ReleaseReconcilerDeps) {}

  private now(): string {
    return formatTime(this.deps.clock.now());
  }

  async reconcile(key: string): Promise<ReconcileResult | void> {
    const [namespace, name] = key.split('/') as [string, string];
    let hr = await getOrUndefined(this.deps.client, { ...HELMRELEASE_GVK, namespace, name });
    if (!hr) return;
    if (hr.metadata.deletionTimestamp) return finalizeHelmRelease(this.deps, hr);
    if (!hr.metadata.finalizers?.includes(FLUX_FINALIZER)) {
      hr = await this.deps.client.patch({ ...HELMRELEASE_GVK, namespace, name }, 'merge', { metadata: { finalizers: [...(hr.metadata.finalizers ?? []), FLUX_FINALIZER], resourceVersion: hr.metadata.resourceVersion } });
    }
    if (specOf(hr).suspend) return;
    const status = statusOf(hr);
    const generation = hr.metadata.generation;

    const blocked = this.unreadyDependency(hr);
    if (blocked) {
      const changed = getCondition(status.conditions, 'Ready')?.message !== blocked;
      markCondition(status, 'Reconciling', 'True', 'Progressing', 'Fulfilling prerequisites', this.now(), generation);
      markCondition(status, 'Ready', 'False', 'DependencyNotReady', blocked, this.now(), generation);
      status.observedGeneration = generation;
      await this.writeStatus(hr, status);
      if (changed) await this.deps.recorder.normal(hr, 'DependencyNotReady', blocked);
      return { requeueAfter: DEPENDENCY_REQUEUE_MS };
    }
    this.clearStaleReason(status, ['DependencyNotReady', 'ArtifactFailed', 'SourceNotReady', 'ValuesError', 'ChartMutateError'], generation);

    if (specOf(hr).chart) {
      status.helmChart = `${helmChartFor(hr).metadata.namespace}/${helmChartFor(hr).metadata.name}`;
      await this.ensureHelmChart(hr);
    }
    const outcome = await loadChart(this.deps.client, this.deps.charts, hr);
    if (!outcome.ok) return this.blockedBeforeRelease(hr, status, outcome.reason, outcome.message, outcome.reason !== 'SourceNotReady');

    let config: Values;
    let values: Values;
    try {
      config = await userValues(this.deps.client, hr.metadata.namespace!, specOf(hr).valuesFrom ?? [], specOf(hr).values);
      values = coalesceValues(chartDefaults(outcome.loaded.chart, hr), config);
    } catch (err) {
      if (!(err instanceof ValuesError)) throw err;
      return this.blockedBeforeRelease(hr, status, 'ValuesError', err.message, true);
    }
    const configDigest = valuesDigest(config);
    const { loaded } = outcome;
    if (status.lastAttemptedGeneration !== generation || status.lastAttemptedRevision !== loaded.version || status.lastAttemptedConfigDigest !== configDigest) {
      delete status.failures;
      delete status.installFailures;
      delete status.upgradeFailures;
    }
    const reset = unhandledRequest(hr, RECONCILE_RESET_AT, status.lastHandledResetAt);
    if (reset !== undefined) {
      delete status.failures;
      delete status.installFailures;
      delete status.upgradeFailures;
      clearCondition(status, 'Stalled');
      status.lastHandledResetAt = reset;
    }
    const force = unhandledRequest(hr, RECONCILE_FORCE_AT, status.lastHandledForceAt);
    if (force !== undefined) status.lastHandledForceAt = force;
    status.storageNamespace = storageNamespaceOf(hr);
    status.lastAttemptedGeneration = generation;
    status.lastAttemptedRevision = loaded.version;
    if (loaded.revisionDigest) status.lastAttemptedRevisionDigest = loaded.revisionDigest;
    else delete status.lastAttemptedRevisionDigest;
    status.lastAttemptedConfigDigest = configDigest;

    const target: ReleaseTarget = {
      client: this.deps.client,
      store: new ReleaseStore(this.deps.client, storageNamespaceOf(hr), () => this.deps.clock.now()),
      clock: this.deps.clock,
      fieldManager: HELM_CONTROLLER,
      name: releaseNameOf(hr),
      namespace: releaseNamespaceOf(hr),
    };
    const attempt: Attempt = { hr, status, loaded, target, values, config, configDigest };
    const history = await target.store.history(target.name);
    const last = history.at(-1);
    if (!last || last.info.status === 'uninstalled') return this.release(attempt, 'install', undefined, force !== undefined);
    if (isPending(last.info.status)) {
      if (!sameTarget(last, loaded, configDigest)) {
        await finishRelease(target, last, 'failed', `Release "${target.name}" failed: health checks canceled: a new reconciliation changed the desired state`);
        return this.release(attempt, 'upgrade', last);
      }
      return this.awaitReadiness(attempt, last);
    }
    const snap = latestSnapshot(status);
    if (!snap || snap.digest !== releaseDigest(last)) {
      status.history = [];
      return this.release(attempt, 'upgrade', last);
    }
    // A forced release upgrades whatever the state: in sync, out of sync or failed (retries spent or not).
    if (force !== undefined) return this.release(attempt, 'upgrade', last, true);
    if (last.info.status === 'failed') return this.failedRelease(attempt, last);
    if (!sameTarget(last, loaded, configDigest)) {
      return this.release(attempt, 'upgrade', last);
    }
    return this.inSync(attempt, last);
  }

  /** Checks dependsOn: the message of the first dependency not Ready, or undefined. */
  private unreadyDependency(hr: KubeObject): string | undefined {
    for (const key of dependsOnKeys(hr)) {
      const dep = this.deps.cachedRelease(key);
      if (!dep) return `unable to get '${key}' dependency: helmreleases.helm.toolkit.fluxcd.io "${key.split('/')[1]}" not found`;
      const st = (dep.status ?? {}) as HelmReleaseStatus;
      if (dep.metadata.generation !== st.observedGeneration || !isTrue(st.conditions, 'Ready')) return `dependency '${key}' is not ready`;
    }
    return undefined;
  }

  private clearStaleReason(status: HelmReleaseStatus, reasons: string[], generation?: number): void {
    const ready = getCondition(status.conditions, 'Ready');
    if (ready && reasons.includes(ready.reason)) markCondition(status, 'Ready', 'Unknown', 'Progressing', 'reconciliation in progress', this.now(), generation);
  }

  private async blockedBeforeRelease(hr: KubeObject, status: HelmReleaseStatus, reason: string, message: string, warn: boolean): Promise<ReconcileResult> {
    const changed = getCondition(status.conditions, 'Ready')?.message !== message;
    markCondition(status, 'Reconciling', 'True', 'Progressing', 'Fulfilling prerequisites', this.now(), hr.metadata.generation);
    markCondition(status, 'Ready', 'False', reason, message, this.now(), hr.metadata.generation);
    await this.writeStatus(hr, status);
    if (changed && warn) await this.deps.recorder.warning(hr, reason, message);
    return { requeueAfter: DEPENDENCY_REQUEUE_MS };
  }

  private async ensureHelmChart(hr: KubeObject): Promise<void> {
    const desired = helmChartFor(hr);
    await this.deps.client.patch({ ...HELMCHART_GVK, namespace: desired.metadata.namespace, name: desired.metadata.name! }, 'apply', desired, { fieldManager: HELM_CONTROLLER, force: true });
  }

  /** Starts an install or upgrade: validate, render, record pending, apply; then wait. */
  private async release(a: Attempt, action: Action, previous: HelmRelease | undefined, forced = false): Promise<ReconcileResult | void> {
    const { hr, status, loaded, target } = a;
    if (!forced && action === 'install' && !retryIntervalMs(hr, 'install') && (status.installFailures ?? 0) > remediationOf(hr, 'install').retries) return this.stall(a, 'install');
    if (!forced && action === 'upgrade' && previous && !retryIntervalMs(hr, 'upgrade') && (status.upgradeFailures ?? 0) > remediationOf(hr, 'upgrade').retries) return this.stall(a, 'upgrade');
    const running = `Running '${action}' action with timeout of ${formatGoDuration(timeoutMs(hr, action))}`;
    status.lastAttemptedReleaseAction = action;
    if (action === 'install') {
      status.history = [];
      clearCondition(status, 'Remediated');
    }
    markCondition(status, 'Reconciling', 'True', 'Progressing', running, this.now(), hr.metadata.generation);
    markCondition(status, 'Ready', 'Unknown', 'Progressing', running, this.now(), hr.metadata.generation);
    a.hr = await this.writeStatus(hr, status);

    const invalid = schemaError(loaded.chart, a.values);
    if (invalid) return this.fail(a, action, invalid, undefined);
    const context = {
      name: target.name,
      namespace: target.namespace,
      revision: (previous?.version ?? 0) + 1,
      isInstall: action === 'install',
      isUpgrade: action === 'upgrade',
      service: 'Helm',
    };
    let objects: KubeObject[];
    try {
      objects = loaded.chart.render(await valuesWithLookups(this.deps.client, loaded.chart, a.values, context, this.deps.apiVersions?.() ?? []), context);
    } catch (err) {
      if (!(err instanceof ChartRenderError) && !(err instanceof Error)) throw err;
      return this.fail(a, action, err.message, undefined);
    }
    objects = objects.map((o) => withOriginLabels(o, hr));
    if (specOf(hr).install?.createNamespace) await this.ensureNamespace(target.namespace);
    let record: HelmRelease;
    try {
      record = await startRelease(
        target,
        { chart: { name: loaded.chart.name, version: loaded.version, apiVersion: 'v2' }, chartValues: loaded.chart.values, config: a.config, objects },
        previous,
        action,
      );
    } catch (err) {
      const failed = await target.store.last(target.name);
      return this.fail(a, action, (err as Error).message, failed && failed.version > (previous?.version ?? 0) ? failed : undefined);
    }
    this.deps.watchObjects(objects);
    return this.awaitReadiness(a, record);
  }

  /** The pending release: deployed once every object is ready, failed when the timeout passes first. */
  private async awaitReadiness(a: Attempt, record: HelmRelease): Promise<ReconcileResult | void> {
    const { hr, target } = a;
    const action: Action = record.info.status === 'pending-install' ? 'install' : 'upgrade';
    const objects = await releaseObjects(target, record);
    this.deps.watchObjects(objects);
    if (!waitDisabled(hr, action)) {
      const live = (obj: KubeObject) => this.deps.cachedObject?.(obj) ?? getOrUndefined(target.client, { apiVersion: obj.apiVersion, kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name! });
      const states = await Promise.all(objects.map(async (obj) => ({ obj, readiness: readinessOf(await live(obj)) })));
      const failed = states.filter((s) => s.readiness.status === 'Failed');
      const unready = states.filter((s) => s.readiness.status !== 'Current');
      if (failed.length) {
        await finishRelease(target, record, 'failed', `Release "${target.name}" failed: ${describeUnready(failed)}`);
        return this.fail(a, action, `${describeUnready(failed)}`, record);
      }
      if (unready.length) {
        const deadline = Date.parse(record.info.last_deployed) + timeoutMs(hr, action);
        const left = deadline - this.deps.clock.now().getTime();
        if (left <= 0) {
          const why = `timeout waiting for: [${describeUnready(unready)}]`;
          await finishRelease(target, record, 'failed', `Release "${target.name}" failed: ${why}`);
          return this.fail(a, action, why, record);
        }
        this.deps.awaiting?.(`${hr.metadata.namespace}/${hr.metadata.name}`, objects);
        return { requeueAfter: left };
      }
    }
    const rollback = record.info.status === 'pending-rollback';
    const deployed = await finishRelease(target, record, 'deployed', successDescription(record), maxHistoryOf(hr));
    if (rollback) return this.rolledBack(a, deployed);
    return this.succeeded(a, action, deployed);
  }

  private async succeeded(a: Attempt, action: Action, deployed: HelmRelease): Promise<ReconcileResult> {
    const { hr, status, loaded } = a;
    const snap = snapshotOf(deployed, valuesDigest(deployed.config), action, loaded.revisionDigest);
    recordSnapshot(status, snap, maxHistoryOf(hr));
    const reason = action === 'install' ? 'InstallSucceeded' : 'UpgradeSucceeded';
    const message = `Helm ${action} succeeded for release ${snapshotName(snap)} with chart ${versionedChartName(snap)}`;
    markCondition(status, 'Released', 'True', reason, message, this.now(), hr.metadata.generation);
    if (retryIntervalMs(hr, action)) {
      delete status.failures;
      delete status.installFailures;
      delete status.upgradeFailures;
    }
    summarizeReady(status, hr.metadata.generation, this.now());
    clearCondition(status, 'Reconciling');
    clearCondition(status, 'Stalled');
    status.observedGeneration = hr.metadata.generation;
    await this.writeStatus(a.hr, status);
    await this.deps.recorder.normal(hr, reason, message);
    return { requeueAfter: intervalMs(hr) };
  }

  private async fail(a: Attempt, action: Action, why: string, record: HelmRelease | undefined): Promise<ReconcileResult | void> {
    const { hr, status, loaded, target } = a;
    const reason = action === 'install' ? 'InstallFailed' : 'UpgradeFailed';
    const message = `Helm ${action} failed for release ${target.namespace}/${target.name} with chart ${loaded.chart.name}@${loaded.version}: ${why.trim()}`;
    status.failures = (status.failures ?? 0) + 1;
    if (record) {
      if (action === 'install') status.installFailures = (status.installFailures ?? 0) + 1;
      else status.upgradeFailures = (status.upgradeFailures ?? 0) + 1;
      recordSnapshot(status, snapshotOf(record, valuesDigest(record.config), action, loaded.revisionDigest), maxHistoryOf(hr));
    }
    markCondition(status, 'Released', 'False', reason, message, this.now(), hr.metadata.generation);
    summarizeReady(status, hr.metadata.generation, this.now());
    await this.deps.recorder.warning(hr, reason, message);
    const retry = retryIntervalMs(hr, action);
    if (retry !== undefined) {
      markCondition(status, 'Reconciling', 'True', 'ProgressingWithRetry', `retrying after ${formatGoDuration(retry)}`, this.now(), hr.metadata.generation);
      status.observedGeneration = hr.metadata.generation;
      await this.writeStatus(a.hr, status);
      return { requeueAfter: retry };
    }
    if (!record) {
      markCondition(status, 'Reconciling', 'True', 'ProgressingWithRetry', message, this.now(), hr.metadata.generation);
      await this.writeStatus(a.hr, status);
      return { requeueAfter: backoffMs(status.failures) };
    }
    const remediation = remediationOf(hr, action);
    const count = (action === 'install' ? status.installFailures : status.upgradeFailures) ?? 0;
    if (count > remediation.retries && !remediation.remediateLastFailure) return this.stall(a, action);
    return this.remediate(a, action, record);
  }

  /** RemediateOnFailure: uninstall a failed install, roll back a failed upgrade; then try again. */
  private async remediate(a: Attempt, action: Action, failed: HelmRelease): Promise<ReconcileResult | void> {
    const { hr, status, target, loaded } = a;
    const name = fullReleaseName(failed);
    const chart = `${loaded.chart.name}@${failed.chart.metadata.version}`;
    if (action === 'install' || remediationOf(hr, action).strategy === 'uninstall') {
      await uninstallRelease(target.client, target.store, target.name, target.namespace);
      const message = `Helm uninstall remediation for release ${name} with chart ${chart} succeeded`;
      markCondition(status, 'Remediated', 'True', 'UninstallSucceeded', message, this.now(), hr.metadata.generation);
      status.history = [];
      await this.deps.recorder.normal(hr, 'UninstallSucceeded', message);
    } else {
      const history = await target.store.history(target.name);
      const previous = [...history].reverse().find((r) => r.version < failed.version && (r.info.status === 'deployed' || r.info.status === 'superseded'));
      if (!previous) return this.stall(a, action, 'MissingRollbackTarget', `Failed to perform remediation: missing target release for rollback`);
      const rollback = await rollbackRelease(target, previous, failed);
      return this.awaitReadiness(a, rollback);
    }
    summarizeReady(status, hr.metadata.generation, this.now());
    await this.writeStatus(a.hr, status);
    const count = (action === 'install' ? status.installFailures : status.upgradeFailures) ?? 0;
    if (count > remediationOf(hr, action).retries) return this.stall(a, action);
    return { requeueAfter: 1 };
  }

  private async rolledBack(a: Attempt, deployed: HelmRelease): Promise<ReconcileResult | void> {
    const { hr, status } = a;
    const snap = snapshotOf(deployed, valuesDigest(deployed.config), 'upgrade', a.loaded.revisionDigest);
    recordSnapshot(status, snap, maxHistoryOf(hr));
    const message = `Helm rollback to previous release ${snapshotName(snap)} with chart ${versionedChartName(snap)} succeeded`;
    markCondition(status, 'Remediated', 'True', 'RollbackSucceeded', message, this.now(), hr.metadata.generation);
    summarizeReady(status, hr.metadata.generation, this.now());
    await this.writeStatus(a.hr, status);
    await this.deps.recorder.normal(hr, 'RollbackSucceeded', message);
    if ((status.upgradeFailures ?? 0) > remediationOf(hr, 'upgrade').retries) return this.stall(a, 'upgrade');
    return { requeueAfter: 1 };
  }

  private async stall(a: Attempt, action: Action, reason = 'RetriesExceeded', message?: string): Promise<void> {
    const { hr, status } = a;
    const count = (action === 'install' ? status.installFailures : status.upgradeFailures) ?? 0;
    markCondition(status, 'Stalled', 'True', reason, message ?? `Failed to ${action} after ${count} attempt(s)`, this.now(), hr.metadata.generation);
    clearCondition(status, 'Reconciling');
    status.observedGeneration = hr.metadata.generation;
    await this.writeStatus(a.hr, status);
  }

  /** A failed release outside its own attempt: retry it, or upgrade once the desired state changed. */
  private async failedRelease(a: Attempt, last: HelmRelease): Promise<ReconcileResult | void> {
    const action = a.status.lastAttemptedReleaseAction ?? 'upgrade';
    if (retryIntervalMs(a.hr, action) !== undefined || ((action === 'install' ? a.status.installFailures : a.status.upgradeFailures) ?? 0) === 0) {
      return this.release(a, 'upgrade', last);
    }
    return this.stall(a, action);
  }

  /** In sync with the desired state: mark it so, then detect (and, when enabled, correct) drift. */
  private async inSync(a: Attempt, last: HelmRelease): Promise<ReconcileResult> {
    const { hr, status, target } = a;
    const snap = latestSnapshot(status)!;
    const released = getCondition(status.conditions, 'Released');
    if (isTrue(status.conditions, 'Remediated')) {
      clearCondition(status, 'Remediated');
      markCondition(status, 'Released', 'True', 'UpgradeSucceeded', `Helm upgrade succeeded for release ${snapshotName(snap)} with chart ${versionedChartName(snap)}`, this.now(), hr.metadata.generation);
    } else if (released?.status !== 'True') {
      const install = released?.reason === 'InstallFailed' || snap.action === 'install';
      markCondition(status, 'Released', 'True', install ? 'InstallSucceeded' : 'UpgradeSucceeded', `Helm ${install ? 'install' : 'upgrade'} succeeded for release ${snapshotName(snap)} with chart ${versionedChartName(snap)}`, this.now(), hr.metadata.generation);
    }
    summarizeReady(status, hr.metadata.generation, this.now());
    clearCondition(status, 'Reconciling');
    const objects = await releaseObjects(target, last);
    this.deps.watchObjects(objects);
    await handleDrift(this.deps, hr, status, target, objects, snapshotName(snap), this.now());
    status.observedGeneration = hr.metadata.generation;
    await this.writeStatus(a.hr, status);
    return { requeueAfter: intervalMs(hr) };
  }

  private async ensureNamespace(name: string): Promise<void> {
    try {
      await this.deps.client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
    } catch (err) {
      if (!isStatusError(err, 'AlreadyExists')) throw err;
    }
  }

  /** Writes the status when it changed; returns the HelmRelease as stored. */
  private async writeStatus(hr: KubeObject, status: HelmReleaseStatus): Promise<KubeObject> {
    const requested = hr.metadata.annotations?.[RECONCILE_REQUESTED_AT];
    if (requested) status.lastHandledReconcileAt = requested;
    if (JSON.stringify(status) === JSON.stringify(hr.status ?? {})) return hr;
    return this.deps.client.updateStatus({ ...hr, status });
  }
}

/** VerifyRelease: the stored release was made from this chart version and these values. */
function sameTarget(rel: HelmRelease, loaded: LoadedChart, configDigest: string): boolean {
  return rel.chart.metadata.name === loaded.chart.name && rel.chart.metadata.version === loaded.version && valuesDigest(rel.config) === configDigest;
}

function withOriginLabels(obj: KubeObject, hr: KubeObject): KubeObject {
  return { ...obj, metadata: { ...obj.metadata, labels: { ...obj.metadata.labels, [ORIGIN_NAME_LABEL]: hr.metadata.name!, [ORIGIN_NAMESPACE_LABEL]: hr.metadata.namespace! } } };
}

/** Retries of a failure that left no release behind back off as controller-runtime's would. */
function backoffMs(failures: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, failures - 1), 5 * 60_000);
}
