// The tenant chart's naming (templates/_helpers.tpl `tenant.name` and cozy-lib's
// `allParentTenantsAndThis`): a tenant's namespace is its parent's namespace plus `-<name>`,
// except under tenant-root, whose children drop the root segment.

import { ChartRenderError } from '../../chart.ts';

export const ROOT_TENANT_NAMESPACE = 'tenant-root';

/** `tenant.name`: the namespace of the tenant whose release is `tenant-<word>` in `releaseNamespace`. */
export function tenantNamespaceName(releaseName: string, releaseNamespace: string): string {
  const parts = releaseName.split('-');
  if (parts[0] !== 'tenant' || parts.length !== 2) {
    throw new ChartRenderError(`The release name should start with "tenant-" and should not contain any other dashes: ${releaseName}`);
  }
  if (!releaseNamespace.startsWith('tenant-')) {
    throw new ChartRenderError(`The release namespace should start with "tenant-": ${releaseNamespace}`);
  }
  return childNamespaceName(releaseNamespace, parts[1]!);
}

/** The namespace a tenant named `name` created in `parentNamespace` gets (the root segment dropped). */
export function childNamespaceName(parentNamespace: string, name: string): string {
  return parentNamespace === ROOT_TENANT_NAMESPACE ? `tenant-${name}` : `${parentNamespace}-${name}`;
}

/**
 * Every dash prefix of a tenant namespace from `tenant-<first>` on, itself included:
 * `tenant-foo-bar` → [tenant-foo, tenant-foo-bar]. These are its ancestors' namespaces (and its own).
 */
export function namespaceChain(namespace: string): string[] {
  const parts = namespace.split('-');
  const out: string[] = [];
  for (let i = 2; i <= parts.length; i++) out.push(parts.slice(0, i).join('-'));
  return out;
}

/** cozy-lib `allParentTenantsAndThis`: the chain, then tenant-root unless it is tenant-root itself. */
export function tenantAndAncestors(namespace: string): string[] {
  if (!namespace.startsWith('tenant-')) throw new ChartRenderError(`'${namespace}' is not a valid tenant identifier`);
  const chain = namespaceChain(namespace);
  return namespace === ROOT_TENANT_NAMESPACE ? chain : [...chain, ROOT_TENANT_NAMESPACE];
}
