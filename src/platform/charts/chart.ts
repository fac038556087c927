// What a chart is in cozylab: a Helm chart reduced to its essence — a values schema, default
// values (plus the extra values files a chart ships, such as values-isp-full.yaml), and a pure
// render function. The helm-controller owns everything else: merging values, validating them,
// applying what render returns, release records, upgrades, uninstall and drift.

import type { KubeObject } from '../../machinery/object.ts';
import type { LookupRef } from './lookup.ts';

export type Values = Record<string, unknown>;

/** What Helm's `.Release` and `.Capabilities` give a template. */
export interface ReleaseContext {
  name: string;
  namespace: string;
  /** 1 on install, +1 on every upgrade. */
  revision: number;
  isInstall: boolean;
  isUpgrade: boolean;
  /** The HelmRelease (or installer) that asked for this render, e.g. `helm-controller`. */
  service: string;
}

export interface Chart {
  /** Where the chart sits in Cozystack's packages tree: `core/platform`, `system/cilium`, `apps/postgres`, `extra/info`. */
  path: string;
  /** Chart.yaml `name`. */
  name: string;
  /** Chart.yaml `version`. */
  version: string;
  /** values.schema.json; values that fail it are refused before render. */
  valuesSchema?: Record<string, unknown>;
  /** values.yaml. */
  values: Values;
  /** Other values files shipped with the chart, by file name (`values-isp-full.yaml` …). */
  valuesFiles?: Record<string, Values>;
  /**
   * The objects the templates read with Helm's `lookup`. The renderer fetches them (absent ones left
   * out) and renders `withLookups(values, found, servedApiVersions)` (see lookup.ts).
   */
  lookups?(values: Values, release: ReleaseContext): LookupRef[];
  /** Renders the manifests. Throws ChartRenderError for what a template's `fail` would stop. */
  render(values: Values, release: ReleaseContext): KubeObject[];
}

/** A render failure with Helm's wording, shown on the HelmRelease's Ready condition. */
export class ChartRenderError extends Error {
  override name = 'ChartRenderError';
}
