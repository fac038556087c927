// Quota scopes: which pods a scoped ResourceQuota counts (Terminating, NotTerminating, BestEffort,
// NotBestEffort, PriorityClass, CrossNamespacePodAffinity), from spec.scopes and spec.scopeSelector.

import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { podQOSClass, podSpecOf } from './pod-resources.ts';

export interface ScopeSelector {
  scopeName: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values: string[];
}

/** Every scope a quota is restricted to: each of spec.scopes as Exists, then the selector's expressions. */
export function quotaScopes(quota: KubeObject): ScopeSelector[] {
  const spec = (isPlainObject(quota.spec) ? quota.spec : {}) as { scopes?: unknown; scopeSelector?: { matchExpressions?: unknown } };
  const out: ScopeSelector[] = [];
  if (Array.isArray(spec.scopes)) for (const s of spec.scopes) out.push({ scopeName: String(s), operator: 'Exists', values: [] });
  const exprs = spec.scopeSelector?.matchExpressions;
  if (Array.isArray(exprs)) {
    for (const e of exprs.filter(isPlainObject)) {
      out.push({ scopeName: String(e.scopeName ?? ''), operator: String(e.operator ?? 'Exists') as ScopeSelector['operator'], values: Array.isArray(e.values) ? e.values.map(String) : [] });
    }
  }
  return out;
}

function hasCrossNamespaceAffinity(spec: Record<string, unknown>): boolean {
  const affinity = isPlainObject(spec.affinity) ? spec.affinity : {};
  const terms: unknown[] = [];
  for (const kind of ['podAffinity', 'podAntiAffinity']) {
    const a = isPlainObject(affinity[kind]) ? affinity[kind] : {};
    const required = a.requiredDuringSchedulingIgnoredDuringExecution;
    const preferred = a.preferredDuringSchedulingIgnoredDuringExecution;
    if (Array.isArray(required)) terms.push(...required);
    if (Array.isArray(preferred)) terms.push(...preferred.map((p) => (isPlainObject(p) ? p.podAffinityTerm : undefined)));
  }
  return terms.some((t) => isPlainObject(t) && ((Array.isArray(t.namespaces) && t.namespaces.length > 0) || t.namespaceSelector !== undefined));
}

/** Whether a pod falls in one scope, as the pod evaluator's podMatchesScopeFunc decides. */
export function podMatchesScope(scope: ScopeSelector, pod: KubeObject): boolean {
  const spec = podSpecOf(pod);
  const deadline = spec.activeDeadlineSeconds;
  const terminating = typeof deadline === 'number' && deadline >= 0;
  switch (scope.scopeName) {
    case 'Terminating':
      return terminating;
    case 'NotTerminating':
      return !terminating;
    case 'BestEffort':
      return podQOSClass(pod) === 'BestEffort';
    case 'NotBestEffort':
      return podQOSClass(pod) !== 'BestEffort';
    case 'CrossNamespacePodAffinity':
      return hasCrossNamespaceAffinity(spec);
    case 'PriorityClass': {
      const name = String(spec.priorityClassName ?? '');
      if (scope.operator === 'Exists') return name !== '';
      if (scope.operator === 'DoesNotExist') return name === '';
      if (scope.operator === 'In') return scope.values.includes(name);
      return !scope.values.includes(name);
    }
    default:
      return false;
  }
}
