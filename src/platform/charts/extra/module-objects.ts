// Objects every tenant-module chart of packages/extra renders the same way: the release-name
// check, the nested HelmRelease of its system sub-chart, WorkloadMonitors, and the Role the
// dashboard reads the module's resources with.

import type { KubeObject } from '../../../machinery/object.ts';
import { ChartRenderError, type ReleaseContext, type Values } from '../chart.ts';
import { subjectsForTenantAndAccessLevel, type AccessLevel, type Subject } from './tenant-subjects.ts';

/** Every module chart ships with Chart.yaml version 0.0.0, stamped at build. */
export const MODULE_CHART_VERSION = '0.0.0';

/** templates/check-release-name.yaml. */
export function requireReleaseName(release: ReleaseContext, chartName: string): void {
  if (release.name !== chartName) throw new ChartRenderError(`The name of the release MUST BE ${chartName}`);
}

export function clusterValue(values: Values, key: string): string {
  const cluster = (values._cluster ?? {}) as Record<string, unknown>;
  const v = cluster[key];
  return v === undefined || v === null ? '' : String(v);
}

export function namespaceValue(values: Values, key: string): string {
  const ns = (values._namespace ?? {}) as Record<string, unknown>;
  const v = ns[key];
  return v === undefined || v === null ? '' : String(v);
}

export interface NestedReleaseInput {
  name: string;
  /** ExternalArtifact in cozy-system holding the system sub-chart. */
  artifact: string;
  values: Values;
  interval?: string;
  timeout?: string;
  dependsOn?: Array<{ name: string; namespace?: string }>;
  waitStrategy?: string;
  healthCheckExprs?: Array<Record<string, string>>;
}

/** A HelmRelease of the module's system sub-chart in the tenant namespace, reading its cozystack-values. */
export function nestedHelmRelease(input: NestedReleaseInput): KubeObject {
  const spec: Record<string, unknown> = {};
  if (input.dependsOn?.length) spec.dependsOn = input.dependsOn.map((d) => ({ ...d }));
  Object.assign(spec, {
    chartRef: { kind: 'ExternalArtifact', name: input.artifact, namespace: 'cozy-system' },
    interval: input.interval ?? '5m',
    timeout: input.timeout ?? '10m',
    install: { remediation: { retries: -1 } },
    upgrade: { remediation: { retries: -1 } },
  });
  if (input.waitStrategy) spec.waitStrategy = { name: input.waitStrategy };
  if (input.healthCheckExprs) spec.healthCheckExprs = input.healthCheckExprs.map((e) => ({ ...e }));
  spec.valuesFrom = [{ kind: 'Secret', name: 'cozystack-values' }];
  spec.values = input.values;
  return { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name: input.name, labels: { 'sharding.fluxcd.io/key': 'tenants' } }, spec };
}

export interface WorkloadMonitorInput {
  name: string;
  replicas: number;
  minReplicas: number;
  kind: string;
  type: string;
  selector: Record<string, string>;
  namespace?: string;
}

export function workloadMonitor(input: WorkloadMonitorInput): KubeObject {
  const metadata: KubeObject['metadata'] = { name: input.name };
  if (input.namespace) metadata.namespace = input.namespace;
  return {
    apiVersion: 'cozystack.io/v1alpha1', kind: 'WorkloadMonitor', metadata,
    spec: { replicas: input.replicas, minReplicas: input.minReplicas, kind: input.kind, type: input.type, selector: { ...input.selector }, version: MODULE_CHART_VERSION },
  };
}

/** `div n 2 | add1`: a majority. */
export function majority(n: number): number {
  return Math.trunc(n / 2) + 1;
}

export interface ResourceRule {
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
}

/** templates/dashboard-resourcemap.yaml: Role `<release>-dashboard-resources` and its RoleBinding. */
export function dashboardResources(roleName: string, bindingName: string, rules: ResourceRule[], subjects: Subject[]): KubeObject[] {
  return [
    {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: roleName },
      rules: rules.map((r) => ({ apiGroups: [...r.apiGroups], resources: [...r.resources], resourceNames: [...r.resourceNames], verbs: ['get', 'list', 'watch'] })),
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: bindingName },
      subjects: subjects.map((s) => ({ ...s })),
      roleRef: { kind: 'Role', name: roleName, apiGroup: 'rbac.authorization.k8s.io' },
    },
  ];
}

export function tenantSubjects(level: AccessLevel, namespace: string): Subject[] {
  return subjectsForTenantAndAccessLevel(level, namespace);
}

export function asNumber(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

export function asRecord(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
