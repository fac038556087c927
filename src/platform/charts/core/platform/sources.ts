// The component PackageSources of Cozystack 1.6.2, which the platform chart renders
// (templates/sources.yaml includes sources/*.yaml verbatim). This is the one place chart paths
// come from: every component path here names a chart in the registry (`system/cilium`,
// `apps/postgres`, `extra/info` …). The platform's own PackageSource (`core/platform`) is the
// operator's: installer/operator/platform-source.ts.

import type { Component, PackageSource, PackageSourceSpec, Variant } from '../../../installer/types.ts';
import { COZY_SYSTEM, PACKAGESOURCE_GVK } from '../../../installer/types.ts';
import { normalizePath } from '../../registry.ts';
import { PACKAGE_SOURCES_1_6_2 } from './sources-data.ts';

/** One PackageSource as sources/<x>.yaml writes it, without the sourceRef every one shares. */
export interface PackageSourceData {
  /** `cozystack.<x>`; a Package installs it under the same name. */
  name: string;
  annotations?: Record<string, string>;
  variants: Variant[];
}

/** The Flux source the platform chart copies from `cozystack-platform` (templates/repository.yaml). */
export const PACKAGES_SOURCE_NAME = 'cozystack-packages';

/** What every component PackageSource points at. */
export const PACKAGES_SOURCE_REF: NonNullable<PackageSourceSpec['sourceRef']> = {
  kind: 'OCIRepository',
  name: PACKAGES_SOURCE_NAME,
  namespace: COZY_SYSTEM,
  path: '/',
};

/** The data of every component PackageSource, in the order the chart renders them. */
export function packageSourceData(): readonly PackageSourceData[] {
  return PACKAGE_SOURCES_1_6_2;
}

export function findPackageSourceData(name: string): PackageSourceData | undefined {
  return PACKAGE_SOURCES_1_6_2.find((s) => s.name === name);
}

/** The PackageSource object for one entry, referencing `sourceRef` (default: `cozystack-packages`). */
export function toPackageSource(
  data: PackageSourceData,
  sourceRef: NonNullable<PackageSourceSpec['sourceRef']> = PACKAGES_SOURCE_REF,
): PackageSource {
  return {
    apiVersion: PACKAGESOURCE_GVK.apiVersion,
    kind: PACKAGESOURCE_GVK.kind,
    metadata: { name: data.name, ...(data.annotations ? { annotations: { ...data.annotations } } : {}) },
    spec: { sourceRef: { ...sourceRef }, variants: structuredClone(data.variants) },
  };
}

/** Every component PackageSource the platform chart renders, as objects (fresh copies). */
export function packageSources(): PackageSource[] {
  return PACKAGE_SOURCES_1_6_2.map((d) => toPackageSource(d));
}

/** `join(sourceRef.path, component.path)`, normalized: the chart path an artifact names. */
export function chartPathOf(sourcePath: string | undefined, component: Pick<Component, 'path'>): string {
  return normalizePath([sourcePath ?? '', component.path].join('/').replace(/\/{2,}/g, '/'));
}

/** The chart the platform PackageSource's one component names. */
export const PLATFORM_CHART_PATH = 'core/platform';

/** Every distinct chart path of the component sources, plus `core/platform`, sorted. */
export function componentChartPaths(): string[] {
  const paths = new Set<string>([PLATFORM_CHART_PATH]);
  for (const source of PACKAGE_SOURCES_1_6_2) {
    for (const variant of source.variants) {
      for (const c of variant.components ?? []) paths.add(chartPathOf(PACKAGES_SOURCE_REF.path, c));
    }
  }
  return [...paths].sort();
}
