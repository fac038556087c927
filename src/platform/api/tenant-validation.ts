// Tenant-specific checks cozystack-api runs on create and update (pkg/apis/apps/validation and
// pkg/registry/apps/application/{rest,quota}.go): the name rule the chart's naming depends on, the
// child namespace's length, fields that do not (or no longer) exist on a Tenant, and the
// hierarchical quota — a child may not declare more than its parent has left.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { Quantity } from '../../machinery/quantity.ts';
import { childNamespaceName, ROOT_TENANT_NAMESPACE } from '../charts/apps/tenant/names.ts';
import { RAW_QUOTA_KEYS } from '../charts/apps/tenant/quota.ts';
import type { AppValidationContext, AppValidationResult } from './validation-hooks.ts';

export const TENANT_NAME_PATTERN = /^[a-z][a-z0-9]*$/;
const MAX_NAMESPACE = 63;
const HELMRELEASES = { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease' };
const TENANT_SELECTOR = 'apps.cozystack.io/application.kind=Tenant,apps.cozystack.io/application.group=apps.cozystack.io';

/** Allocation ratios are Platform Package values; their key there, for the message. */
const PLATFORM_RATIOS: Record<string, number> = { cpuAllocationRatio: 10, memoryAllocationRatio: 1, ephemeralStorageAllocationRatio: 40 };

type Spec = Record<string, unknown>;

export function tenantNameErrors(name: string): FieldError[] {
  if (TENANT_NAME_PATTERN.test(name)) return [];
  let detail = 'tenant names must start with a lowercase letter and contain only lowercase letters and digits; dashes are not allowed';
  const words = name.split('-');
  if (words.length > 1 && words.every((w) => TENANT_NAME_PATTERN.test(w))) {
    const parent = words.slice(0, -1).join('-');
    detail += ` (a dash separates a tenant from its parent: create tenant "${words.at(-1)}" inside tenant "${parent}" instead, which gives namespace "tenant-${name}")`;
  }
  return [fieldErrors.invalid('metadata.name', name, detail)];
}

export function tenantNamespaceLengthErrors(parentNamespace: string, name: string): FieldError[] {
  const computed = childNamespaceName(parentNamespace, name);
  if (computed.length <= MAX_NAMESPACE) return [];
  return [fieldErrors.invalid('metadata.name', name,
    `computed tenant namespace "${computed}" would be ${computed.length} characters, which exceeds the ${MAX_NAMESPACE}-character Kubernetes namespace limit; shorten the tenant name or reduce ancestor nesting depth`)];
}

/** Allocation ratios set on a Tenant: refused, with where the setting lives. */
export function platformSettingErrors(spec: Spec): FieldError[] {
  return Object.keys(PLATFORM_RATIOS).filter((key) => Object.hasOwn(spec, key)).map((key) => fieldErrors.forbidden(`spec.${key}`,
    `${key} is a platform-wide setting, not a Tenant field: set it in the Platform Package (kubectl edit packages.cozystack.io cozystack.cozystack-platform) at spec.components.platform.values.resources.${key} (default ${PLATFORM_RATIOS[key]}); it applies to every tenant`));
}

/** `isolated` was removed in v1.0.0: accepted and ignored, as cozystack does, with a warning. */
export function removedFieldWarnings(spec: Spec): string[] {
  if (!Object.hasOwn(spec, 'isolated')) return [];
  const off = spec.isolated === false ? ' Setting it to false does not turn isolation off.' : '';
  return [`spec.isolated: the isolated flag was removed in Cozystack v1.0 and is ignored; tenant isolation is always on (network policies keep tenants apart; pods opt in to the API server and etcd with the labels policy.cozystack.io/allow-to-apiserver and policy.cozystack.io/allow-to-etcd).${off}`];
}

function declaredQuotas(spec: unknown): Map<string, Quantity> {
  const raw = (spec as { resourceQuotas?: unknown } | undefined)?.resourceQuotas;
  const out = new Map<string, Quantity>();
  if (!raw || typeof raw !== 'object') return out;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const q = Quantity.from(value);
    if (q) out.set(key, q);
  }
  return out;
}

function valuesOf(hr: KubeObject): unknown {
  return (hr.spec as { values?: unknown } | undefined)?.values;
}

/** The parent of a tenant namespace (tenant-a-b → tenant-a, tenant-a → tenant-root), '' above the root. */
export function parentNamespaceOf(ns: string): string {
  if (ns === ROOT_TENANT_NAMESPACE || !ns.startsWith('tenant-')) return '';
  const parts = ns.split('-');
  return parts.length === 2 ? ROOT_TENANT_NAMESPACE : parts.slice(0, -1).join('-');
}

/** The HelmRelease of the tenant that owns `ns`: tenant-a-b → tenant-b in tenant-a; the root is its own. */
function ownerRelease(ns: string): { name: string; namespace: string } | undefined {
  if (ns === ROOT_TENANT_NAMESPACE) return { name: 'tenant-root', namespace: ROOT_TENANT_NAMESPACE };
  const parent = parentNamespaceOf(ns);
  return parent ? { name: `tenant-${ns.split('-').at(-1)}`, namespace: parent } : undefined;
}

function renderedLimitKey(key: string): string {
  if (key === 'storage') return 'requests.storage';
  return RAW_QUOTA_KEYS.has(key) ? key : `limits.${key}`;
}

async function getOrUndefined(ctx: AppValidationContext, ref: { name: string; namespace: string }): Promise<KubeObject | undefined> {
  try {
    return await ctx.client.get({ ...HELMRELEASES, ...ref });
  } catch {
    return undefined;
  }
}

/**
 * Usage of the parent's pool: the parent namespace and every descendant whose nearest
 * quota-declaring ancestor is the parent (bounded sub-tenants are charged as siblings instead),
 * read from their ResourceQuotas' status.used (max per namespace, as several quotas report the same).
 */
async function parentPoolUsage(ctx: AppValidationContext, tenants: KubeObject[], parentNs: string, excludeNs: string): Promise<Map<string, Quantity>> {
  const bounded = new Set<string>();
  const owned: string[] = [];
  for (const hr of tenants) {
    const ns = childNamespaceName(hr.metadata.namespace!, hr.metadata.name!.replace(/^tenant-/, ''));
    owned.push(ns);
    if (declaredQuotas(valuesOf(hr)).size) bounded.add(ns);
  }
  const poolRoot = (ns: string): string => {
    for (let cur = ns; cur; cur = parentNamespaceOf(cur)) if (bounded.has(cur)) return cur;
    return '';
  };
  const members = new Set([parentNs, ...owned.filter((ns) => ns !== excludeNs && poolRoot(ns) === parentNs)]);
  members.delete(excludeNs);
  const total = new Map<string, Quantity>();
  for (const ns of members) {
    const quotas = await ctx.client.list({ apiVersion: 'v1', kind: 'ResourceQuota' }, { namespace: ns });
    const used = new Map<string, Quantity>();
    for (const rq of quotas.items) {
      for (const [key, value] of Object.entries(((rq.status as { used?: Record<string, string> } | undefined)?.used) ?? {})) {
        const q = Quantity.from(value);
        if (q && (!used.has(key) || q.cmp(used.get(key)!) > 0)) used.set(key, q);
      }
    }
    for (const [key, q] of used) total.set(key, (total.get(key) ?? Quantity.ZERO).add(q));
  }
  return total;
}

export async function hierarchicalQuotaErrors(app: KubeObject, ctx: AppValidationContext): Promise<FieldError[]> {
  const wanted = declaredQuotas(app.spec);
  if (!wanted.size) return [];
  const parentRef = ownerRelease(ctx.namespace);
  const parentHr = parentRef && (await getOrUndefined(ctx, parentRef));
  const parent = parentHr ? declaredQuotas(valuesOf(parentHr)) : new Map<string, Quantity>();
  if (!parent.size) return [];
  const name = app.metadata.name!;
  const tenants = (await ctx.client.list(HELMRELEASES, { labelSelector: TENANT_SELECTOR })).items;
  const siblings = new Map<string, Quantity>();
  for (const hr of tenants) {
    if (hr.metadata.namespace !== ctx.namespace || hr.metadata.name === `tenant-${name}`) continue;
    if (ctx.namespace === ROOT_TENANT_NAMESPACE && hr.metadata.name === 'tenant-root') continue;
    for (const [key, q] of declaredQuotas(valuesOf(hr))) siblings.set(key, (siblings.get(key) ?? Quantity.ZERO).add(q));
  }
  const used = await parentPoolUsage(ctx, tenants, ctx.namespace, childNamespaceName(ctx.namespace, name));
  const errors: FieldError[] = [];
  for (const key of [...parent.keys()].sort()) {
    const want = wanted.get(key);
    if (!want) continue;
    const limit = parent.get(key)!;
    const allocated = siblings.get(key) ?? Quantity.ZERO;
    const inUse = used.get(renderedLimitKey(key)) ?? Quantity.ZERO;
    const remaining = limit.sub(allocated).sub(inUse);
    if (want.cmp(remaining) > 0) {
      errors.push(fieldErrors.forbidden(`spec.resourceQuotas[${key}]`,
        `requested ${want} exceeds the parent tenant's remaining "${key}" quota of ${remaining} (parent allows ${limit}, ${allocated} already allocated to sibling tenants, ${inUse} currently in use by the parent pool); a child tenant may not be granted more quota than its parent has left`));
    }
  }
  return errors;
}

export async function validateTenant(app: KubeObject, ctx: AppValidationContext): Promise<AppValidationResult> {
  const name = app.metadata.name ?? '';
  const spec = (app.spec ?? {}) as Spec;
  const causes: FieldError[] = [];
  if (ctx.operation === 'CREATE') {
    causes.push(...tenantNameErrors(name));
    if (!causes.length) causes.push(...tenantNamespaceLengthErrors(ctx.namespace, name));
  }
  causes.push(...platformSettingErrors(spec));
  if (!causes.length) causes.push(...(await hierarchicalQuotaErrors(app, ctx)));
  return { causes, warnings: removedFieldWarnings(spec) };
}
