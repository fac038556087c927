// LimitRanger: containers without requests or limits get the defaults of the namespace's
// LimitRanges (noted in the `kubernetes.io/limit-ranger` annotation), then pods and claims are held
// to each LimitRange's min, max and maxLimitRequestRatio, refused with upstream's messages.

import { forbidden } from '../../machinery/errors.ts';
import { andThen, type MaybePromise } from '../../machinery/maybe-promise.ts';
import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { aggregateMessage, containerDefaults, itemViolations, limitRangeItems, maxRequestConstraint, minConstraint } from '../quota/limit-constraints.ts';
import { containerResources, podLimits, podRequests } from '../quota/pod-resources.ts';
import { parseResourceList, type ResourceList } from '../quota/resource-list.ts';
import { resourcePrefix } from '../registry/keys.ts';
import { NamespacesWithObjects } from '../registry/namespaces-with-objects.ts';
import type { AdmissionPlugin, AdmissionRequest } from './admission.ts';
import type { RegistryLookup } from './resource-quota.ts';

export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger';

type Json = Record<string, unknown>;

const NONE: KubeObject[] = [];

/** Fills what a container lacks; returns the annotation phrases (`cpu, memory request for container x`). */
function defaultContainer(c: Json, role: string, defaults: { requests: ResourceList; limits: ResourceList }): string[] {
  const resources = (isPlainObject(c.resources) ? c.resources : (c.resources = {})) as Json;
  const limits = (isPlainObject(resources.limits) ? resources.limits : {}) as Json;
  const requests = (isPlainObject(resources.requests) ? resources.requests : {}) as Json;
  const setLimits = Object.keys(defaults.limits).filter((r) => limits[r] === undefined).sort();
  // A limit stands for the request too (the API defaults a pod's requests to its limits).
  const setRequests = Object.keys(defaults.requests).filter((r) => requests[r] === undefined && limits[r] === undefined).sort();
  for (const r of setLimits) limits[r] = defaults.limits[r]!.toString();
  for (const r of setRequests) requests[r] = defaults.requests[r]!.toString();
  if (setLimits.length || Object.keys(limits).length) resources.limits = limits;
  if (setRequests.length || Object.keys(requests).length) resources.requests = requests;
  const phrases: string[] = [];
  if (setRequests.length) phrases.push(`${setRequests.join(', ')} request for ${role} ${c.name}`);
  if (setLimits.length) phrases.push(`${setLimits.join(', ')} limit for ${role} ${c.name}`);
  return phrases;
}

function applyDefaults(pod: KubeObject, limitRange: KubeObject): void {
  const defaults = containerDefaults(limitRange);
  if (!Object.keys(defaults.requests).length && !Object.keys(defaults.limits).length) return;
  const spec = (isPlainObject(pod.spec) ? pod.spec : {}) as Json;
  const phrases: string[] = [];
  for (const [field, role] of [['containers', 'container'], ['initContainers', 'init container']] as const) {
    const list = spec[field];
    if (Array.isArray(list)) for (const c of list) if (isPlainObject(c)) phrases.push(...defaultContainer(c, role, defaults));
  }
  if (phrases.length) pod.metadata.annotations = { ...pod.metadata.annotations, [LIMIT_RANGER_ANNOTATION]: `LimitRanger plugin set: ${phrases.join('; ')}` };
}

function podViolations(pod: KubeObject, limitRange: KubeObject): string[] {
  const out: string[] = [];
  for (const item of limitRangeItems(limitRange)) {
    if (item.type === 'Container') {
      for (const c of containerResources(pod)) out.push(...itemViolations(item, c.requests, c.limits));
    } else if (item.type === 'Pod') {
      out.push(...itemViolations(item, podRequests(pod, { overhead: false }), podLimits(pod, { overhead: false })));
    }
  }
  return out;
}

function claimViolations(pvc: KubeObject, limitRange: KubeObject): string[] {
  const requests = parseResourceList((pvc.spec as { resources?: { requests?: unknown } } | undefined)?.resources?.requests);
  const out: string[] = [];
  for (const item of limitRangeItems(limitRange)) {
    if (item.type !== 'PersistentVolumeClaim') continue;
    for (const name of Object.keys(item.min).sort()) {
      const why = minConstraint(item.type, name, item.min[name]!, requests, {});
      if (why) out.push(why);
    }
    for (const name of Object.keys(item.max).sort()) {
      const why = maxRequestConstraint(item.type, name, item.max[name]!, requests);
      if (why) out.push(why);
    }
  }
  return out;
}

/** Pods on create (their containers are immutable after), claims on create and update. */
function applies(req: AdmissionRequest): 'pod' | 'claim' | undefined {
  if (req.subresource !== '' || req.resource.group !== '' || !req.object || !req.namespace) return undefined;
  if (req.oldObject?.metadata.deletionTimestamp) return undefined;
  if (req.resource.plural === 'pods' && req.operation === 'CREATE') return 'pod';
  if (req.resource.plural === 'persistentvolumeclaims' && (req.operation === 'CREATE' || req.operation === 'UPDATE')) return 'claim';
  return undefined;
}

export function limitRanger(registryFor: RegistryLookup): AdmissionPlugin {
  const registry = () => registryFor('', 'limitranges')!;
  const withLimitRanges = new NamespacesWithObjects(() => registry().store, resourcePrefix({ group: '', plural: 'limitranges' }));
  const listed = async (namespace: string) => {
    const items = (await registry().list(namespace)).items;
    return items.sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
  };
  /** The namespace's LimitRanges in name order; none (at once) in the many namespaces without any. */
  const limitRanges = (namespace: string): MaybePromise<KubeObject[]> =>
    andThen(withLimitRanges.has(namespace), (has) => (has ? listed(namespace) : NONE));
  return {
    name: 'LimitRanger',
    mutate(req) {
      if (applies(req) !== 'pod') return;
      return andThen(limitRanges(req.namespace), (ranges) => {
        for (const lr of ranges) applyDefaults(req.object!, lr);
      });
    },
    validate(req) {
      const kind = applies(req);
      if (!kind) return;
      return andThen(limitRanges(req.namespace), (ranges) => {
        for (const lr of ranges) {
          const violations = kind === 'pod' ? podViolations(req.object!, lr) : claimViolations(req.object!, lr);
          if (violations.length) throw forbidden({ group: '', resource: req.resource.plural }, req.name, aggregateMessage(violations));
        }
      });
    },
  };
}
