// Where kube-ovn's chart puts its control plane: ovn-central on the nodes MASTER_NODES_LABEL
// names ("key" or "key=value"; Cozystack's Talos values say node-role.kubernetes.io/control-plane),
// one per node, as many replicas as such nodes (or as MASTER_NODES lists addresses) — counted from
// a `lookup` of the Nodes; kube-ovn-controller one per node, as many replicas.

import type { LookupRef } from '../../lookup.ts';
import { lookupList } from '../../lookup.ts';
import type { RenderContext } from '../component.ts';

const DEFAULT_MASTER_NODES_LABEL = 'node-role.kubernetes.io/control-plane';

const TOLERATE_NOSCHEDULE = { effect: 'NoSchedule', operator: 'Exists' };
const TOLERATE_NOEXECUTE = { effect: 'NoExecute', operator: 'Exists' };
const TOLERATE_CRITICAL_ADDONS = { key: 'CriticalAddonsOnly', operator: 'Exists' };

export function kubeovnLookups(): LookupRef[] {
  return [{ apiVersion: 'v1', kind: 'Node', namespace: '', name: '' }];
}

function kubeovnValues(ctx: RenderContext): Record<string, unknown> {
  const v = ctx.values['kube-ovn'];
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

function masterLabel(ctx: RenderContext): [string, string] {
  const raw = String(kubeovnValues(ctx).MASTER_NODES_LABEL ?? DEFAULT_MASTER_NODES_LABEL);
  const [key, value = ''] = raw.split('=');
  return [key!, value];
}

/** kubeovn.nodeCount: MASTER_NODES' addresses, else the nodes carrying the master label. */
export function masterNodeCount(ctx: RenderContext): number {
  const masters = kubeovnValues(ctx).MASTER_NODES;
  if (typeof masters === 'string' && masters) return masters.split(',').filter(Boolean).length;
  const [key, value] = masterLabel(ctx);
  return lookupList(ctx.values, 'v1', 'Node').filter((n) => n.metadata.labels?.[key] === value).length;
}

export function ovnCentralPlacement(ctx: RenderContext) {
  const [key, value] = masterLabel(ctx);
  return { nodeSelector: { 'kubernetes.io/os': 'linux', [key]: value }, tolerations: [TOLERATE_NOSCHEDULE, TOLERATE_NOEXECUTE, TOLERATE_CRITICAL_ADDONS], onePerNode: true };
}

export function kubeovnControllerPlacement() {
  return { nodeSelector: { 'kubernetes.io/os': 'linux' }, tolerations: [TOLERATE_NOSCHEDULE, TOLERATE_CRITICAL_ADDONS], onePerNode: true };
}
