// Quota evaluators, one per kind as pkg/quota/v1/evaluator/core has them: which quota resource
// names a kind accounts for, what one object uses, and which operations admission charges.

import type { KubeObject } from '../../machinery/object.ts';
import { isPlainObject } from '../../machinery/object.ts';
import { Quantity } from '../../machinery/quantity.ts';
import type { AdmissionOperation } from '../admission/admission.ts';
import { containerResources, podLimits, podPhase, podRequests } from './pod-resources.ts';
import { parseResourceList, type ResourceList } from './resource-list.ts';
import { podMatchesScope, quotaScopes } from './scopes.ts';

export interface QuotaEvaluator {
  group: string;
  resource: string;
  /** Whether admission charges quota for this operation. */
  handles(operation: AdmissionOperation): boolean;
  /** The names among `names` this evaluator accounts for. */
  matchingResources(names: string[]): string[];
  /** What one object uses; `now` decides whether a pod stuck terminating still counts. */
  usage(obj: KubeObject, now: Date): ResourceList;
  /** Whether a quota's scopes select the object (a quota without scopes selects everything). */
  matchesScopes(quota: KubeObject, obj: KubeObject): boolean;
  /** Why an object may not be admitted under a quota restricting `required`, or undefined. */
  constraints?(required: string[], obj: KubeObject): string | undefined;
}

const ONE = Quantity.fromInt(1);
const ZERO = Quantity.ZERO;

export function objectCountName(group: string, resource: string): string {
  return group ? `count/${resource}.${group}` : `count/${resource}`;
}

/** Quotas with scopes select only pods; every other evaluator matches no scope. */
function noScopes(quota: KubeObject): boolean {
  return quotaScopes(quota).length === 0;
}

// ---- pods ----

const POD_RESOURCES = new Set([
  'pods', 'count/pods', 'cpu', 'memory', 'ephemeral-storage',
  'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage',
]);

/** Resources each container must state once a quota restricts them (a backward-compatibility rule upstream keeps). */
const MUST_SPECIFY = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

function isExtendedResource(name: string): boolean {
  return name.includes('/') && !name.startsWith('kubernetes.io/') && !name.includes('.kubernetes.io/') && !name.startsWith('requests.') && !name.startsWith('limits.');
}

function isPodResource(name: string): boolean {
  if (POD_RESOURCES.has(name) || name.startsWith('hugepages-') || name.startsWith('requests.hugepages-')) return true;
  return name.startsWith('requests.') && isExtendedResource(name.slice('requests.'.length));
}

/** A container's (or pod's) requests and limits as quota resource names (podComputeUsageHelper). */
export function computeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const out: ResourceList = { pods: ONE };
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    if (requests[r]) {
      out[r] = requests[r]!;
      out[`requests.${r}`] = requests[r]!;
    }
    if (limits[r]) out[`limits.${r}`] = limits[r]!;
  }
  for (const [name, q] of Object.entries(requests)) {
    if (name.startsWith('hugepages-')) {
      out[name] = q;
      out[`requests.${name}`] = q;
    } else if (isExtendedResource(name)) {
      out[`requests.${name}`] = q;
    }
  }
  return out;
}

/** Terminal pods, and pods past their deletion grace, no longer use compute quota (QuotaV1Pod). */
export function podCountsForCompute(pod: KubeObject, now: Date): boolean {
  const phase = podPhase(pod);
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  const { deletionTimestamp, deletionGracePeriodSeconds } = pod.metadata;
  if (deletionTimestamp && deletionGracePeriodSeconds !== undefined) {
    if (now.getTime() > Date.parse(deletionTimestamp) + deletionGracePeriodSeconds * 1000) return false;
  }
  return true;
}

export const podEvaluator: QuotaEvaluator = {
  group: '',
  resource: 'pods',
  handles: (op) => op === 'CREATE',
  matchingResources: (names) => names.filter(isPodResource),
  usage(pod, now) {
    const out: ResourceList = { 'count/pods': ONE };
    if (!podCountsForCompute(pod, now)) return out;
    return { ...out, ...computeUsage(podRequests(pod), podLimits(pod)) };
  },
  matchesScopes: (quota, pod) => quotaScopes(quota).every((s) => podMatchesScope(s, pod)),
  constraints(required, pod) {
    const requiredSet = required.filter((r) => MUST_SPECIFY.includes(r));
    if (requiredSet.length === 0) return undefined;
    const missing = new Map<string, Set<string>>();
    for (const c of containerResources(pod)) {
      const stated = computeUsage(c.requests, c.limits);
      for (const r of requiredSet) {
        if (stated[r]) continue;
        if (!missing.has(r)) missing.set(r, new Set());
        missing.get(r)!.add(c.name);
      }
    }
    if (missing.size === 0) return undefined;
    const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`);
    return `must specify ${parts.join('; ')}`;
  },
};

// ---- services ----

export const serviceEvaluator: QuotaEvaluator = {
  group: '',
  resource: 'services',
  handles: (op) => op === 'CREATE' || op === 'UPDATE',
  matchingResources: (names) => names.filter((n) => ['services', 'count/services', 'services.loadbalancers', 'services.nodeports'].includes(n)),
  usage(svc) {
    const spec = (isPlainObject(svc.spec) ? svc.spec : {}) as { type?: string; ports?: unknown[]; allocateLoadBalancerNodePorts?: boolean };
    const ports = Array.isArray(spec.ports) ? spec.ports.filter(isPlainObject) : [];
    const out: ResourceList = { 'count/services': ONE, services: ONE, 'services.loadbalancers': ZERO, 'services.nodeports': ZERO };
    if (spec.type === 'NodePort') out['services.nodeports'] = Quantity.fromInt(ports.length);
    if (spec.type === 'LoadBalancer') {
      const counted = spec.allocateLoadBalancerNodePorts === false ? ports.filter((p) => Number(p.nodePort ?? 0) > 0) : ports;
      out['services.nodeports'] = Quantity.fromInt(counted.length);
      out['services.loadbalancers'] = ONE;
    }
    return out;
  },
  matchesScopes: noScopes,
};

// ---- persistent volume claims ----

const STORAGE_CLASS_SUFFIX = '.storageclass.storage.k8s.io/';

function claimClass(pvc: KubeObject): string {
  const spec = (isPlainObject(pvc.spec) ? pvc.spec : {}) as { storageClassName?: string };
  return spec.storageClassName ?? pvc.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '';
}

/** The larger of what the claim requests and what was allocated (a resize in flight still counts). */
function claimStorage(pvc: KubeObject): Quantity | undefined {
  const spec = (isPlainObject(pvc.spec) ? pvc.spec : {}) as { resources?: { requests?: unknown } };
  const status = (isPlainObject(pvc.status) ? pvc.status : {}) as { allocatedResources?: unknown };
  const requested = parseResourceList(spec.resources?.requests).storage;
  const allocated = parseResourceList(status.allocatedResources).storage;
  if (requested && allocated) return allocated.cmp(requested) > 0 ? allocated : requested;
  return requested ?? allocated;
}

export const pvcEvaluator: QuotaEvaluator = {
  group: '',
  resource: 'persistentvolumeclaims',
  handles: (op) => op === 'CREATE' || op === 'UPDATE',
  matchingResources: (names) =>
    names.filter(
      (n) =>
        ['persistentvolumeclaims', 'count/persistentvolumeclaims', 'requests.storage'].includes(n) ||
        (n.includes(STORAGE_CLASS_SUFFIX) && (n.endsWith('/requests.storage') || n.endsWith('/persistentvolumeclaims'))),
    ),
  usage(pvc) {
    const out: ResourceList = { persistentvolumeclaims: ONE, 'count/persistentvolumeclaims': ONE };
    const cls = claimClass(pvc);
    if (cls) out[`${cls}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`] = ONE;
    const storage = claimStorage(pvc);
    if (storage) {
      out['requests.storage'] = storage;
      if (cls) out[`${cls}${STORAGE_CLASS_SUFFIX}requests.storage`] = storage;
    }
    return out;
  },
  matchesScopes: noScopes,
};

// ---- object counts ----

/** Kinds whose count quota has a legacy name beside `count/<resource>`. */
const LEGACY_COUNT_NAMES = new Set(['configmaps', 'secrets', 'resourcequotas', 'replicationcontrollers']);

/** Kinds quota never counts. */
const IGNORED = new Set(['events', 'events.events.k8s.io', 'bindings', 'tokenreviews.authentication.k8s.io']);

export function objectCountEvaluator(group: string, resource: string): QuotaEvaluator {
  const countName = objectCountName(group, resource);
  const legacy = group === '' && LEGACY_COUNT_NAMES.has(resource) ? resource : undefined;
  return {
    group,
    resource,
    handles: (op) => op === 'CREATE',
    matchingResources: (names) => names.filter((n) => n === countName || n === legacy),
    usage: () => (legacy ? { [countName]: ONE, [legacy]: ONE } : { [countName]: ONE }),
    matchesScopes: noScopes,
  };
}

const SPECIFIC: Record<string, QuotaEvaluator> = { pods: podEvaluator, services: serviceEvaluator, persistentvolumeclaims: pvcEvaluator };

/** The evaluator for a kind, or undefined for kinds quota ignores. */
export function evaluatorFor(group: string, resource: string): QuotaEvaluator | undefined {
  if (group === '' && SPECIFIC[resource]) return SPECIFIC[resource];
  if (IGNORED.has(group ? `${resource}.${group}` : resource)) return undefined;
  return objectCountEvaluator(group, resource);
}

/** The kind a quota resource name counts, for names that are not about pods, services or claims. */
export function resourceOfCountName(name: string): { group: string; resource: string } | undefined {
  if (LEGACY_COUNT_NAMES.has(name)) return { group: '', resource: name };
  if (!name.startsWith('count/')) return undefined;
  const rest = name.slice('count/'.length);
  const dot = rest.indexOf('.');
  return dot < 0 ? { group: '', resource: rest } : { group: rest.slice(dot + 1), resource: rest.slice(0, dot) };
}
