// metav1.Condition bookkeeping as fluxcd/pkg/runtime/conditions does it: one condition per type,
// lastTransitionTime kept while the status stays, Ready first, then the rest in a stable order.

export interface FluxCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

const ORDER = ['Ready', 'Reconciling', 'Stalled', 'Released', 'TestSuccess', 'Remediated', 'Drifted'];

export function getCondition(conditions: FluxCondition[] | undefined, type: string): FluxCondition | undefined {
  return conditions?.find((c) => c.type === type);
}

export function isTrue(conditions: FluxCondition[] | undefined, type: string): boolean {
  return getCondition(conditions, type)?.status === 'True';
}

export function setCondition(
  conditions: FluxCondition[] | undefined,
  type: string,
  status: FluxCondition['status'],
  reason: string,
  message: string,
  now: string,
  observedGeneration?: number,
): FluxCondition[] {
  const old = getCondition(conditions, type);
  const next: FluxCondition = {
    type,
    status,
    ...(observedGeneration !== undefined ? { observedGeneration } : {}),
    lastTransitionTime: old && old.status === status ? old.lastTransitionTime : now,
    reason,
    message,
  };
  const rest = (conditions ?? []).filter((c) => c.type !== type);
  return sortConditions([...rest, next]);
}

export function deleteCondition(conditions: FluxCondition[] | undefined, type: string): FluxCondition[] {
  return (conditions ?? []).filter((c) => c.type !== type);
}

function sortConditions(conditions: FluxCondition[]): FluxCondition[] {
  const rank = (t: string) => (ORDER.includes(t) ? ORDER.indexOf(t) : ORDER.length);
  return [...conditions].sort((a, b) => rank(a.type) - rank(b.type));
}
