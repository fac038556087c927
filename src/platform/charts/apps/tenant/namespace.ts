// templates/namespace.yaml: the child Namespace (ancestor labels, the namespaces that provide each
// service, its host) and its `cozystack-values` Secret, which hands `_cluster` down unchanged and
// `_namespace` with this tenant's resolution. A switched-off service resolves to the parent's
// `_namespace` entry, which is itself the nearest ancestor that has it on.

import { stringify } from 'yaml';
import type { KubeObject } from '../../../../machinery/object.ts';
import type { Values } from '../../chart.ts';
import type { Lookup } from '../../lookup.ts';
import { namespaceChain, ROOT_TENANT_NAMESPACE } from './names.ts';

export const SERVICES = ['etcd', 'ingress', 'monitoring', 'seaweedfs'] as const;

/** `_namespace` as the chart writes it for the child. */
export interface NamespaceValues {
  etcd: string;
  ingress: string;
  gateway: string;
  monitoring: string;
  seaweedfs: string;
  host: string;
  schedulingClass?: string;
}

function text(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/** `tenant.gatewayEffective`: true only when `gateway` is explicitly true. */
export function gatewayEffective(values: Values): boolean {
  return values.gateway !== undefined && values.gateway !== null && Boolean(values.gateway);
}

/** The child's `_namespace`: its own namespace for each switch on, the parent's provider otherwise. */
export function resolveNamespaceValues(values: Values, tenantNamespace: string): NamespaceValues {
  const parent = (values._namespace ?? {}) as Record<string, unknown>;
  const own = (on: unknown, inherited: unknown): string => (on ? tenantNamespace : text(inherited));
  const parentHost = text(parent.host);
  const shortName = tenantNamespace.split('-').at(-1)!;
  const host = text(values.host) !== '' ? text(values.host) : parentHost !== '' ? `${shortName}.${parentHost}` : '';
  const resolved: NamespaceValues = {
    etcd: own(values.etcd, parent.etcd),
    ingress: own(values.ingress, parent.ingress),
    gateway: own(gatewayEffective(values), parent.gateway),
    monitoring: own(values.monitoring, parent.monitoring),
    seaweedfs: own(values.seaweedfs, parent.seaweedfs),
    host,
  };
  const schedulingClass = text(parent.schedulingClass) || text(values.schedulingClass);
  if (schedulingClass) resolved.schedulingClass = schedulingClass;
  return resolved;
}

/** `tenant.ancestorTenantLabels`: tenant-root, then every dash prefix of the namespace, itself included. */
export function ancestorLabels(tenantNamespace: string): Record<string, string> {
  const labels: Record<string, string> = { [`tenant.cozystack.io/${ROOT_TENANT_NAMESPACE}`]: '' };
  for (const ns of namespaceChain(tenantNamespace)) labels[`tenant.cozystack.io/${ns}`] = '';
  return labels;
}

export function tenantNamespaceObjects(values: Values, releaseNamespace: string, tenantNamespace: string, lookup: Lookup): KubeObject[] {
  if (tenantNamespace === ROOT_TENANT_NAMESPACE) return [];
  const ns = resolveNamespaceValues(values, tenantNamespace);
  const labels: Record<string, string> = {
    ...ancestorLabels(tenantNamespace),
    'namespace.cozystack.io/etcd': ns.etcd,
    'namespace.cozystack.io/ingress': ns.ingress,
    'namespace.cozystack.io/gateway': ns.gateway,
    'namespace.cozystack.io/monitoring': ns.monitoring,
    'namespace.cozystack.io/seaweedfs': ns.seaweedfs,
    'namespace.cozystack.io/host': ns.host,
  };
  if (ns.schedulingClass) labels['scheduler.cozystack.io/scheduling-class'] = ns.schedulingClass;
  labels['alpha.kubevirt.io/auto-memory-limits-ratio'] = '1.0';
  // The parent's uid comes from a lookup; rendered offline (no parent found) the reference is left out.
  const parent = lookup('v1', 'Namespace', '', releaseNamespace);
  const metadata: KubeObject['metadata'] = { name: tenantNamespace, labels };
  if (parent?.metadata.uid) {
    metadata.ownerReferences = [{ apiVersion: 'v1', blockOwnerDeletion: true, controller: true, kind: 'Namespace', name: releaseNamespace, uid: parent.metadata.uid }];
  }
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata },
    {
      apiVersion: 'v1', kind: 'Secret', type: 'Opaque',
      metadata: { name: 'cozystack-values', namespace: tenantNamespace, labels: { 'reconcile.fluxcd.io/watch': 'Enabled' } },
      stringData: { 'values.yaml': stringify({ _cluster: values._cluster ?? {}, _namespace: ns }) },
    },
  ];
}
