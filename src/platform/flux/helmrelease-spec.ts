// A HelmRelease's spec read the way helm-controller reads it, with its defaults: release name and
// namespaces, timeouts, remediation, retry strategy, wait, drift detection, history.

import { createHash } from 'node:crypto';
import type { KubeObject } from '../../machinery/object.ts';
import { parseGoDuration } from './go-duration.ts';
import type { ValuesReference } from './values.ts';

export interface CrossNamespaceRef {
  apiVersion?: string;
  kind: string;
  name: string;
  namespace?: string;
}

export interface Remediation {
  retries?: number;
  remediateLastFailure?: boolean;
  strategy?: 'rollback' | 'uninstall';
  ignoreTestFailures?: boolean;
}

export interface ActionSpec {
  timeout?: string;
  disableWait?: boolean;
  remediation?: Remediation;
  strategy?: { name: 'RemediateOnFailure' | 'RetryOnFailure'; retryInterval?: string };
  crds?: string;
}

export interface DriftIgnoreRule {
  paths: string[];
  target?: { kind?: string; name?: string; namespace?: string; group?: string };
}

export interface HelmReleaseSpec {
  chart?: { spec: { chart: string; version?: string; sourceRef: CrossNamespaceRef; interval?: string; reconcileStrategy?: string; valuesFiles?: string[] } };
  chartRef?: CrossNamespaceRef;
  interval?: string;
  timeout?: string;
  suspend?: boolean;
  releaseName?: string;
  targetNamespace?: string;
  storageNamespace?: string;
  maxHistory?: number;
  dependsOn?: Array<{ name: string; namespace?: string }>;
  install?: ActionSpec & { createNamespace?: boolean };
  upgrade?: ActionSpec;
  uninstall?: { keepHistory?: boolean; disableWait?: boolean };
  driftDetection?: { mode?: 'enabled' | 'warn' | 'disabled'; ignore?: DriftIgnoreRule[] };
  values?: Record<string, unknown>;
  valuesFrom?: ValuesReference[];
}

export function specOf(hr: KubeObject): HelmReleaseSpec {
  return (hr.spec ?? {}) as HelmReleaseSpec;
}

/** GetReleaseName: releaseName, else `<targetNamespace>-<name>`, shortened past Helm's 53 characters. */
export function releaseNameOf(hr: KubeObject): string {
  const spec = specOf(hr);
  if (spec.releaseName) return spec.releaseName;
  const name = spec.targetNamespace ? `${spec.targetNamespace}-${hr.metadata.name}` : hr.metadata.name!;
  if (name.length <= 53) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 12);
  return `${name.slice(0, 40)}-${hash}`;
}

export function releaseNamespaceOf(hr: KubeObject): string {
  return specOf(hr).targetNamespace || hr.metadata.namespace!;
}

export function storageNamespaceOf(hr: KubeObject): string {
  return specOf(hr).storageNamespace || hr.metadata.namespace!;
}

export function intervalMs(hr: KubeObject): number {
  return parseGoDuration(specOf(hr).interval, 5 * 60_000);
}

export function timeoutMs(hr: KubeObject, action: 'install' | 'upgrade'): number {
  const spec = specOf(hr);
  return parseGoDuration(spec[action]?.timeout ?? spec.timeout, 5 * 60_000);
}

export function maxHistoryOf(hr: KubeObject): number {
  return specOf(hr).maxHistory ?? 5;
}

export function waitDisabled(hr: KubeObject, action: 'install' | 'upgrade'): boolean {
  return !!specOf(hr)[action]?.disableWait;
}

/** The RetryOnFailure interval of the action, or undefined when the action remediates instead. */
export function retryIntervalMs(hr: KubeObject, action: 'install' | 'upgrade'): number | undefined {
  const strategy = specOf(hr)[action]?.strategy;
  if (strategy?.name !== 'RetryOnFailure') return undefined;
  return parseGoDuration(strategy.retryInterval, 5 * 60_000);
}

export function remediationOf(hr: KubeObject, action: 'install' | 'upgrade'): Required<Pick<Remediation, 'retries' | 'remediateLastFailure' | 'strategy'>> {
  const r = specOf(hr)[action]?.remediation ?? {};
  const retries = r.retries ?? 0;
  return {
    // A negative count means retry forever, as Flux's RetriesExhausted reads it.
    retries: retries < 0 ? Number.POSITIVE_INFINITY : retries,
    remediateLastFailure: r.remediateLastFailure ?? retries > 0,
    strategy: action === 'install' ? 'uninstall' : (r.strategy ?? 'rollback'),
  };
}

/**
 * Drift detection mode. Upstream's default is `disabled`, and Cozystack 1.6 sets none on its
 * HelmReleases; cozylab defaults to `enabled` because the platform's promise (spec K-1, K-2) is that
 * a managed object changed or deleted behind Flux's back comes back. An explicit mode is honoured.
 */
export function driftModeOf(hr: KubeObject): 'enabled' | 'warn' | 'disabled' {
  return specOf(hr).driftDetection?.mode ?? 'enabled';
}

export function dependsOnKeys(hr: KubeObject): string[] {
  return (specOf(hr).dependsOn ?? []).map((d) => `${d.namespace || hr.metadata.namespace}/${d.name}`);
}
