// The namespaces a Package installs into (reconcileNamespaces): applied with the keep annotation,
// `cozystack.io/system: "true"` unless it is a tenant's, and PodSecurity `privileged` when any
// installed component of any Package in that namespace is privileged.

import type { KubeObject } from '../../../machinery/object.ts';
import type { KubeClient } from '../../../controller/index.ts';
import { ANNOTATION_RESOURCE_POLICY, findVariant, installedComponents, LABEL_SYSTEM, NAMESPACE_GVK, variantOf, type Package, type PackageSource, type Variant } from '../types.ts';

const FIELD_MANAGER = 'cozystack-package-controller';

export function targetNamespaces(pkg: Package, variant: Variant): string[] {
  const names = new Set<string>();
  for (const c of installedComponents(pkg, variant)) {
    if (!c.install!.namespace) throw new Error(`component ${c.name} has empty namespace in Install section`);
    names.add(c.install!.namespace);
  }
  return [...names];
}

/** resolvePrivilegedNamespaces: over every PackageSource that has a Package of its name. */
export function privilegedNamespaces(namespaces: string[], sources: PackageSource[], pkgOf: (name: string) => Package | undefined): Set<string> {
  const relevant = new Set(namespaces);
  const out = new Set<string>();
  for (const ps of sources) {
    const pkg = pkgOf(ps.metadata.name!);
    if (!pkg) continue;
    const variant = findVariant(ps, variantOf(pkg));
    if (!variant) continue;
    for (const c of installedComponents(pkg, variant)) {
      if (c.install!.privileged && relevant.has(c.install!.namespace!)) out.add(c.install!.namespace!);
    }
  }
  return out;
}

export function namespaceObject(name: string, privileged: boolean): KubeObject {
  const labels: Record<string, string> = {};
  if (!name.startsWith('tenant-')) labels[LABEL_SYSTEM] = 'true';
  if (privileged) labels['pod-security.kubernetes.io/enforce'] = 'privileged';
  return { ...NAMESPACE_GVK, metadata: { name, labels, annotations: { [ANNOTATION_RESOURCE_POLICY]: 'keep' } } };
}

export async function applyNamespace(client: KubeClient, ns: KubeObject, current: KubeObject | undefined): Promise<void> {
  if (current && isApplied(current, ns)) return;
  await client.patch({ ...NAMESPACE_GVK, name: ns.metadata.name! }, 'apply', ns, { fieldManager: FIELD_MANAGER, force: true });
}

function isApplied(current: KubeObject, want: KubeObject): boolean {
  const has = (a: Record<string, string> | undefined, b: Record<string, string> | undefined) => Object.entries(b ?? {}).every(([k, v]) => a?.[k] === v);
  if (!has(current.metadata.labels, want.metadata.labels) || !has(current.metadata.annotations, want.metadata.annotations)) return false;
  // A label this manager set earlier and no longer wants (privileged dropped) must be removed by a new apply.
  return !(current.metadata.labels?.['pod-security.kubernetes.io/enforce'] && !want.metadata.labels?.['pod-security.kubernetes.io/enforce'] && ownsField(current, 'pod-security.kubernetes.io/enforce'));
}

function ownsField(obj: KubeObject, label: string): boolean {
  return (obj.metadata.managedFields ?? []).some((m) => m.manager === FIELD_MANAGER && JSON.stringify(m.fieldsV1 ?? {}).includes(`"f:${label}"`));
}
