// The stored core.cozystack.io resources as views: TenantNamespaces over Namespaces, TenantSecrets
// over labelled Secrets, TenantModules over HelmReleases labelled tenantmodule.

import type { KubeObject } from '../../../machinery/object.ts';
import type { ResourceRegistry } from '../../../apiserver/registry/registry.ts';
import type { ViewMapping } from '../view-store.ts';
import { TENANT_MODULE_LABEL } from '../apps/labels.ts';
import { CORE_API_VERSION, CORE_GROUP, TENANT_RESOURCE_LABEL } from './group.ts';
import { HELMRELEASE_PREFIX } from '../apps/apps-group.ts';

const viewPrefix = (plural: string) => `/registry/${CORE_GROUP}/${plural}/`;

function baseMeta(obj: KubeObject): KubeObject['metadata'] {
  const m = obj.metadata;
  const out: KubeObject['metadata'] = { name: m.name, uid: m.uid, creationTimestamp: m.creationTimestamp };
  if (m.namespace) out.namespace = m.namespace;
  if (m.deletionTimestamp) out.deletionTimestamp = m.deletionTimestamp;
  if (m.labels && Object.keys(m.labels).length) out.labels = { ...m.labels };
  if (m.annotations && Object.keys(m.annotations).length) out.annotations = { ...m.annotations };
  return out;
}

/** Namespaces `tenant-*` that `visible` lets through, metadata only. */
export function tenantNamespaceMapping(namespaces: () => ResourceRegistry, visible: (name: string) => boolean): ViewMapping {
  return {
    viewPrefix: viewPrefix('tenantnamespaces'),
    targetPrefix: '/registry/core/namespaces/',
    namespaced: false,
    namePrefix: '',
    toView: (ns) => (ns.metadata.name?.startsWith('tenant-') && visible(ns.metadata.name) ? { apiVersion: CORE_API_VERSION, kind: 'TenantNamespace', metadata: baseMeta(ns) } : undefined),
    targetRegistry: namespaces,
    fieldManager: 'cozystack-api',
  };
}

export function tenantSecretMapping(secrets: () => ResourceRegistry): ViewMapping {
  return {
    viewPrefix: viewPrefix('tenantsecrets'),
    targetPrefix: '/registry/core/secrets/',
    namespaced: true,
    namePrefix: '',
    toView(secret) {
      if (secret.metadata.labels?.[TENANT_RESOURCE_LABEL] !== 'true') return undefined;
      const meta = { ...structuredClone(secret.metadata) };
      const labels = { ...(meta.labels ?? {}) };
      delete labels[TENANT_RESOURCE_LABEL];
      if (Object.keys(labels).length) meta.labels = labels;
      else delete meta.labels;
      delete meta.managedFields;
      const data = ((secret as { data?: Record<string, string> }).data ?? {}) as Record<string, string>;
      return { apiVersion: CORE_API_VERSION, kind: 'TenantSecret', metadata: meta, type: (secret as { type?: string }).type, data: { ...data }, stringData: { ...data } } as KubeObject;
    },
    toTarget(view, live) {
      const v = view as KubeObject & { type?: string; data?: Record<string, string>; stringData?: Record<string, string> };
      const data: Record<string, string> = { ...(v.data ?? {}) };
      // stringData as read holds each value base64-encoded already; anything else is plain text.
      for (const [k, s] of Object.entries(v.stringData ?? {})) if (data[k] !== s) data[k] = Buffer.from(s, 'utf8').toString('base64');
      const metadata = live ? { ...structuredClone(live.metadata), labels: { ...(view.metadata.labels ?? {}) }, annotations: view.metadata.annotations } : { ...structuredClone(view.metadata) };
      metadata.labels = { ...(metadata.labels ?? {}), [TENANT_RESOURCE_LABEL]: 'true' };
      if (!metadata.annotations) delete metadata.annotations;
      return { apiVersion: 'v1', kind: 'Secret', metadata, type: v.type ?? (live as { type?: string } | undefined)?.type ?? 'Opaque', data } as KubeObject;
    },
    targetRegistry: secrets,
    fieldManager: 'cozystack-api',
  };
}

export function tenantModuleMapping(helmReleases: () => ResourceRegistry): ViewMapping {
  return {
    viewPrefix: viewPrefix('tenantmodules'),
    targetPrefix: HELMRELEASE_PREFIX,
    namespaced: true,
    namePrefix: '',
    toView(hr) {
      if (hr.metadata.labels?.[TENANT_MODULE_LABEL] !== 'true') return undefined;
      const s = (hr.status ?? {}) as { lastAttemptedRevision?: string; conditions?: Array<{ type: string }> };
      const status: Record<string, unknown> = {};
      if (s.lastAttemptedRevision) status.version = s.lastAttemptedRevision;
      const conditions = (s.conditions ?? []).filter((c) => c.type === 'Ready' || c.type === 'Released');
      if (conditions.length) status.conditions = conditions;
      return { apiVersion: CORE_API_VERSION, kind: 'TenantModule', metadata: baseMeta(hr), status };
    },
    targetRegistry: helmReleases,
    fieldManager: 'cozystack-api',
  };
}
