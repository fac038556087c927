// Package dependencies as package_reconciler.go resolves them: a variant's `dependsOn` names other
// Packages; a dependency is ready when that Package's Ready condition is True (it generated its
// HelmReleases), and each of its installed components becomes a HelmRelease `dependsOn` entry.

import {
  findVariant,
  installedComponents,
  isReady,
  releaseNameOf,
  variantOf,
  type Component,
  type Package,
  type PackageSource,
  type Variant,
} from '../types.ts';
import type { DependencyReference } from './helmrelease.ts';

export interface PackageLookup {
  pkg(name: string): Package | undefined;
  source(name: string): PackageSource | undefined;
}

/** The variant's dependsOn without those the Package ignores. */
export function activeDependencies(pkg: Package, variant: Variant): string[] {
  const ignored = new Set(pkg.spec?.ignoreDependencies ?? []);
  return (variant.dependsOn ?? []).filter((d) => !ignored.has(d));
}

/** status.dependencies: one entry per active dependency, `ready` from that Package's Ready condition. */
export function dependencyStatus(pkg: Package, variant: Variant, lookup: PackageLookup): Record<string, { ready: boolean }> {
  const out: Record<string, { ready: boolean }> = {};
  for (const name of activeDependencies(pkg, variant)) {
    const dep = lookup.pkg(name);
    out[name] = { ready: !!dep && isReady(dep) };
  }
  return out;
}

export function dependenciesReady(pkg: Package, variant: Variant, status: Record<string, { ready: boolean }>): boolean {
  return activeDependencies(pkg, variant).every((d) => status[d]?.ready === true);
}

/** The variant that Package `pkg` installs, or why there is none (getVariantForPackage). */
export function variantForPackage(pkg: Package, lookup: PackageLookup): Variant | string {
  const source = lookup.source(pkg.metadata.name!);
  if (!source) return `PackageSource ${pkg.metadata.name} not found`;
  const variant = findVariant(source, variantOf(pkg));
  return variant ?? `variant ${variantOf(pkg)} not found in PackageSource ${pkg.metadata.name}`;
}

/** buildDependsOn: the component's install.dependsOn (components of this variant), then every installed component of each dependency Package. */
export function buildDependsOn(pkg: Package, variant: Variant, component: Component, lookup: PackageLookup): DependencyReference[] {
  const refs: DependencyReference[] = [];
  const local = new Map<string, DependencyReference>();
  for (const c of variant.components ?? []) {
    if (!c.install) continue;
    if (!c.install.namespace) throw new Error(`component ${c.name} has empty namespace in Install section`);
    local.set(c.name, { name: releaseNameOf(c), namespace: c.install.namespace });
  }
  for (const name of component.install?.dependsOn ?? []) {
    const ref = local.get(name);
    if (!ref) throw new Error(`component ${name} not found in variant for dependency ${component.name}`);
    refs.push(ref);
  }
  for (const depName of activeDependencies(pkg, variant)) {
    const dep = lookup.pkg(depName);
    if (!dep) throw new Error(`dependent Package ${depName} not found`);
    const depVariant = variantForPackage(dep, lookup);
    if (typeof depVariant === 'string') throw new Error(`failed to get variant for dependent Package ${depName}: ${depVariant}`);
    for (const c of installedComponents(dep, depVariant)) {
      if (!c.install!.namespace) throw new Error(`component ${c.name} in dependent Package ${depName} has empty namespace in Install section`);
      refs.push({ name: releaseNameOf(c), namespace: c.install!.namespace });
    }
  }
  return refs;
}

/**
 * Every Package's dependents, from one pass over the Packages: name -> the Packages whose active
 * dependencies include it (they are woken when it changes).
 */
export function dependentsIndex(packages: Package[], lookup: PackageLookup): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const p of packages) {
    const v = variantForPackage(p, lookup);
    if (typeof v === 'string') continue;
    for (const d of new Set(activeDependencies(p, v))) {
      if (d === p.metadata.name) continue;
      const list = index.get(d);
      if (list) list.push(p.metadata.name!);
      else index.set(d, [p.metadata.name!]);
    }
  }
  return index;
}
