// Application ⇄ HelmRelease, as cozystack-api converts (pkg/registry/apps/application/rest.go):
// the write path builds the HelmRelease `<prefix><name>` from the app, the read path shows a
// HelmRelease as the app (prefix stripped, user labels only, spec defaulted, status mirrored).

import type { KubeObject } from '../../../machinery/object.ts';
import { applyDefaults } from '../../../machinery/schema/structural.ts';
import type { StructuralSchema } from '../../../machinery/schema/structural.ts';
import { APPS_GROUP, APPS_VERSION, type AppDefinition } from './definition.ts';
import { GROUP_LABEL, KIND_LABEL, NAME_LABEL, prefixKeys, SHARD_LABEL, tenantNamespaceOf, unprefixKeys } from './labels.ts';

/** cozystack-api's --helmrelease-* flags, at their defaults. */
export const RELEASE_DEFAULTS = { interval: '5m', maxHistory: 5, timeout: '10m', retryInterval: '30s' };

export interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  observedGeneration?: number;
}

/** What the read path looks up besides the HelmRelease itself. */
export interface StatusSources {
  /** WorkloadMonitors in a namespace. */
  workloadMonitors(namespace: string): KubeObject[];
  /** Services in a namespace. */
  services(namespace: string): KubeObject[];
}

export function helmReleaseName(def: AppDefinition, appName: string): string {
  return def.prefix + appName;
}

/** The HelmRelease is this kind's: the kind and group labels match (the name label too, when asked). */
export function isReleaseOf(def: AppDefinition, hr: KubeObject, appName?: string): boolean {
  const labels = hr.metadata.labels ?? {};
  const name = hr.metadata.name ?? '';
  if (!name.startsWith(def.prefix) || name.length === def.prefix.length) return false;
  if (labels[KIND_LABEL] !== def.kind || labels[GROUP_LABEL] !== APPS_GROUP) return false;
  return appName === undefined || labels[NAME_LABEL] === appName;
}

/** The HelmRelease for an app; `live` is the current HelmRelease on update (its metadata and status are kept). */
export function appToHelmRelease(app: KubeObject, def: AppDefinition, live?: KubeObject): KubeObject {
  const name = app.metadata.name!;
  const labels: Record<string, string> = { ...def.labels, ...prefixKeys(app.metadata.labels), [KIND_LABEL]: def.kind, [GROUP_LABEL]: APPS_GROUP, [NAME_LABEL]: name };
  const liveShard = live?.metadata.labels?.[SHARD_LABEL];
  if (liveShard !== undefined) labels[SHARD_LABEL] = liveShard;
  const annotations = prefixKeys(app.metadata.annotations);
  const installTimeout = def.installTimeout ?? RELEASE_DEFAULTS.timeout;
  const upgradeTimeout = def.upgradeTimeout ?? def.installTimeout ?? RELEASE_DEFAULTS.timeout;
  const strategy = { name: 'RetryOnFailure', retryInterval: RELEASE_DEFAULTS.retryInterval };
  const spec: Record<string, unknown> = {
    chartRef: { kind: def.chartRef.kind, name: def.chartRef.name, ...(def.chartRef.namespace ? { namespace: def.chartRef.namespace } : {}) },
    interval: RELEASE_DEFAULTS.interval,
    maxHistory: RELEASE_DEFAULTS.maxHistory,
    install: { timeout: installTimeout, strategy, ...(def.disableWait ? { disableWait: true } : {}) },
    upgrade: { timeout: upgradeTimeout, strategy, ...(def.disableWait ? { disableWait: true } : {}) },
    valuesFrom: [{ kind: 'Secret', name: 'cozystack-values' }],
    values: app.spec ?? {},
  };
  if (def.healthCheckExprs) spec.healthCheckExprs = def.healthCheckExprs;
  if (def.waitStrategy) spec.waitStrategy = def.waitStrategy;
  const liveSpec = (live?.spec ?? {}) as { suspend?: boolean };
  if (liveSpec.suspend !== undefined) spec.suspend = liveSpec.suspend;
  const metadata: KubeObject['metadata'] = live
    ? { ...structuredClone(live.metadata), labels, annotations }
    : { name: helmReleaseName(def, name), namespace: app.metadata.namespace, labels, annotations };
  if (Object.keys(annotations).length === 0) delete metadata.annotations;
  return { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata, spec, ...(live?.status ? { status: live.status } : {}) };
}

/** `values` without the reserved top-level `_` keys, with the schema's defaults filled in. */
export function specFromValues(values: unknown, def: AppDefinition): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  if (values && typeof values === 'object' && !Array.isArray(values)) {
    for (const [k, v] of Object.entries(values)) if (!k.startsWith('_')) plain[k] = v;
  }
  return applyDefaults(plain, def.schema as StructuralSchema) as Record<string, unknown>;
}

/** The namespace whose workloads (and, for a Tenant, Services) an app's status reads. */
function workloadsNamespaceOf(def: AppDefinition, namespace: string, appName: string): string {
  return def.kind === 'Tenant' ? tenantNamespaceOf(namespace, appName, def.prefix) : namespace;
}

/** Everything `helmReleaseToApp` reads from `sources` for the HelmRelease `hrName` in `namespace`. */
export function appStatusInputs(def: AppDefinition, namespace: string, hrName: string, sources: StatusSources): KubeObject[] {
  const workloadsNamespace = workloadsNamespaceOf(def, namespace, hrName.slice(def.prefix.length));
  const monitors = sources.workloadMonitors(workloadsNamespace);
  return def.kind === 'Tenant' ? [...monitors, ...sources.services(workloadsNamespace)] : monitors;
}

export function helmReleaseToApp(hr: KubeObject, def: AppDefinition, sources: StatusSources): KubeObject {
  const hrName = hr.metadata.name ?? '';
  const name = hrName.slice(def.prefix.length);
  const namespace = hr.metadata.namespace ?? '';
  const metadata: KubeObject['metadata'] = { name, namespace, uid: hr.metadata.uid, creationTimestamp: hr.metadata.creationTimestamp };
  if (hr.metadata.resourceVersion) metadata.resourceVersion = hr.metadata.resourceVersion;
  if (hr.metadata.deletionTimestamp) metadata.deletionTimestamp = hr.metadata.deletionTimestamp;
  const labels = unprefixKeys(hr.metadata.labels);
  if (labels) metadata.labels = labels;
  const annotations = unprefixKeys(hr.metadata.annotations);
  if (annotations) metadata.annotations = annotations;

  const hrStatus = (hr.status ?? {}) as { lastAttemptedRevision?: string; conditions?: Condition[] };
  const status: Record<string, unknown> = {};
  if (hrStatus.lastAttemptedRevision) status.version = hrStatus.lastAttemptedRevision;
  const conditions: Condition[] = (hrStatus.conditions ?? [])
    .filter((c) => c.type === 'Ready' || c.type === 'Released')
    .map((c) => ({ type: c.type, status: c.status, reason: c.reason, message: c.message, lastTransitionTime: c.lastTransitionTime }));
  const isTenant = def.kind === 'Tenant';
  const workloadsNamespace = workloadsNamespaceOf(def, namespace, name);
  const workloads = workloadsReady(def, name, sources.workloadMonitors(workloadsNamespace), hr, hrStatus.conditions ?? []);
  if (workloads) conditions.push(workloads);
  if (conditions.length) status.conditions = conditions;
  if (isTenant) {
    status.namespace = workloadsNamespace;
    status.externalIPsCount = countExternalIPs(sources.services(workloadsNamespace));
  }
  const app: KubeObject = { apiVersion: `${APPS_GROUP}/${APPS_VERSION}`, kind: def.kind, metadata, spec: specFromValues((hr.spec as { values?: unknown } | undefined)?.values, def) };
  if (Object.keys(status).length) app.status = status;
  return app;
}

function workloadsReady(def: AppDefinition, appName: string, monitors: KubeObject[], hr: KubeObject, hrConditions: Condition[]): Condition | undefined {
  const mine = monitors.filter((m) => {
    const l = m.metadata.labels ?? {};
    return l[KIND_LABEL] === def.kind && l[GROUP_LABEL] === APPS_GROUP && l[NAME_LABEL] === appName;
  });
  if (mine.length === 0) return undefined;
  // A stable transition time: the latest of the HelmRelease's times and the monitors' creation.
  const times = [hr.metadata.creationTimestamp, ...hrConditions.map((c) => c.lastTransitionTime), ...mine.map((m) => m.metadata.creationTimestamp)].filter((t): t is string => !!t);
  const lastTransitionTime = times.sort().at(-1);
  const states = mine.map((m) => (m.status as { operational?: boolean; message?: string } | undefined) ?? {});
  const failing = states.filter((s) => s.operational === false);
  if (failing.length) {
    const messages = failing.map((s) => s.message).filter((m): m is string => !!m).sort();
    return { type: 'WorkloadsReady', status: 'False', reason: 'WorkloadMonitorCheck', message: messages.length ? messages.join('; ') : 'One or more workloads are not operational', lastTransitionTime };
  }
  if (states.some((s) => s.operational === undefined || s.operational === null)) {
    return { type: 'WorkloadsReady', status: 'Unknown', reason: 'Pending', message: 'One or more workloads have not been reconciled yet', lastTransitionTime };
  }
  return { type: 'WorkloadsReady', status: 'True', reason: 'WorkloadMonitorCheck', message: 'All workloads are operational', lastTransitionTime };
}

function countExternalIPs(services: KubeObject[]): number {
  let count = 0;
  for (const svc of services) {
    if ((svc.spec as { type?: string } | undefined)?.type !== 'LoadBalancer') continue;
    const ingress = (svc.status as { loadBalancer?: { ingress?: Array<{ ip?: string }> } } | undefined)?.loadBalancer?.ingress ?? [];
    if (ingress.some((i) => i.ip)) count++;
  }
  return count;
}
