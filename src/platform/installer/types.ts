// The cozystack.io/v1alpha1 Package and PackageSource kinds as the operator reads them
// (api/v1alpha1/package_types.go, packagesource_types.go), and the names it works with.

import type { KubeObject } from '../../machinery/object.ts';

export const PACKAGE_GVK = { apiVersion: 'cozystack.io/v1alpha1', kind: 'Package' };
export const PACKAGESOURCE_GVK = { apiVersion: 'cozystack.io/v1alpha1', kind: 'PackageSource' };
export const HELMRELEASE_GVK = { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease' };
export const EXTERNALARTIFACT_GVK = { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'ExternalArtifact' };
export const OCIREPOSITORY_GVK = { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'OCIRepository' };
export const NAMESPACE_GVK = { apiVersion: 'v1', kind: 'Namespace' };
export const SECRET_GVK = { apiVersion: 'v1', kind: 'Secret' };

/** Where the operator, its artifacts and the values Secret live. */
export const COZY_SYSTEM = 'cozy-system';
export const PLATFORM_PACKAGE = 'cozystack.cozystack-platform';
export const PLATFORM_RELEASE = 'cozystack-platform';

export const LABEL_PACKAGE = 'cozystack.io/package';
export const LABEL_PACKAGESOURCE = 'cozystack.io/packagesource';
export const LABEL_PRIVILEGED = 'cozystack.io/privileged';
export const LABEL_SYSTEM = 'cozystack.io/system';
export const ANNOTATION_SKIP_COZYSTACK_VALUES = 'operator.cozystack.io/skip-cozystack-values';
export const ANNOTATION_VALUES_FILES = 'cozyhr.cozystack.io/values-files';
export const ANNOTATION_RESOURCE_POLICY = 'helm.sh/resource-policy';

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime?: string;
  observedGeneration?: number;
}

export interface PackageComponentOverride {
  enabled?: boolean;
  values?: Record<string, unknown>;
}

export interface PackageSpec {
  variant?: string;
  ignoreDependencies?: string[];
  components?: Record<string, PackageComponentOverride>;
}

export interface PackageStatus {
  conditions?: Condition[];
  dependencies?: Record<string, { ready: boolean }>;
}

export type Package = KubeObject & { spec?: PackageSpec; status?: PackageStatus };

export interface ComponentInstall {
  releaseName?: string;
  namespace?: string;
  privileged?: boolean;
  dependsOn?: string[];
  upgradeCRDs?: 'Skip' | 'Create' | 'CreateReplace' | '';
  waitStrategy?: string;
  healthCheckExprs?: unknown[];
}

export interface Component {
  name: string;
  path: string;
  install?: ComponentInstall;
  libraries?: string[];
  valuesFiles?: string[];
}

export interface Variant {
  name: string;
  dependsOn?: string[];
  libraries?: Array<{ name?: string; path: string }>;
  components?: Component[];
}

export interface PackageSourceSpec {
  sourceRef?: { kind: 'GitRepository' | 'OCIRepository'; name: string; namespace: string; path?: string };
  variants?: Variant[];
}

export type PackageSource = KubeObject & {
  spec?: PackageSourceSpec;
  status?: { variants?: string; conditions?: Condition[] };
};

/** `spec.variant`, or "default" when empty, as the reconciler reads it. */
export function variantOf(pkg: Package): string {
  return pkg.spec?.variant || 'default';
}

export function findVariant(source: PackageSource, name: string): Variant | undefined {
  return source.spec?.variants?.find((v) => v.name === name);
}

/** A component switched off with `spec.components.<name>.enabled: false`. */
export function isComponentDisabled(pkg: Package, component: string): boolean {
  return pkg.spec?.components?.[component]?.enabled === false;
}

/** Components of the variant the Package installs: an install section and not disabled. */
export function installedComponents(pkg: Package, variant: Variant): Component[] {
  return (variant.components ?? []).filter((c) => c.install && !isComponentDisabled(pkg, c.name));
}

export function releaseNameOf(component: Component): string {
  return component.install?.releaseName || component.name;
}

/** `<packagesource>-<variant>-<component>` with dots as dashes: the ExternalArtifact a HelmRelease's chartRef names. */
export function artifactName(source: string, variant: string, component: string): string {
  const dashed = (s: string) => s.replaceAll('.', '-');
  return `${dashed(source)}-${dashed(variant)}-${dashed(component)}`;
}

export function readyCondition(obj: KubeObject): Condition | undefined {
  const conditions = (obj.status as { conditions?: Condition[] } | undefined)?.conditions;
  return conditions?.find((c) => c.type === 'Ready');
}

export function isReady(obj: KubeObject): boolean {
  return readyCondition(obj)?.status === 'True';
}

/** meta.SetStatusCondition: replace the condition of that type, keeping lastTransitionTime when the status is unchanged. */
export function setCondition(conditions: Condition[] | undefined, next: Condition, now: string): Condition[] {
  const list = [...(conditions ?? [])];
  const i = list.findIndex((c) => c.type === next.type);
  const previous = i >= 0 ? list[i] : undefined;
  const lastTransitionTime = previous && previous.status === next.status ? previous.lastTransitionTime ?? now : now;
  const merged = { ...next, lastTransitionTime };
  if (i >= 0) list[i] = merged;
  else list.push(merged);
  return list;
}
