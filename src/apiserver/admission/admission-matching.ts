// What policy and webhook admission share: whether a rule (operations, groups, versions,
// resources with subresources, scope) covers a request, whether object and namespace selectors
// select it, and the request as AdmissionReview and CEL's `request` describe it.

import { labelSelectorFromObject, matches } from '../../machinery/labels.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { AdmissionRequest } from './admission.ts';

type Json = Record<string, any>;

function anyOf(list: unknown, value: string): boolean {
  return Array.isArray(list) && (list.includes('*') || list.includes(value));
}

// A rule's resources: a resource, resource/subresource, or either part a star.
function resourceMatches(resources: unknown, resource: string, subresource: string): boolean {
  if (!Array.isArray(resources)) return false;
  return resources.some((r: string) => {
    const [res, sub] = r.split('/');
    if (sub === undefined) return subresource === '' && (res === '*' || res === resource);
    return (res === '*' || res === resource) && (sub === '*' || sub === subresource);
  });
}

export function ruleMatches(rule: Json, req: AdmissionRequest): boolean {
  const scope = rule.scope ?? '*';
  if (scope === 'Namespaced' && !req.resource.namespaced) return false;
  if (scope === 'Cluster' && req.resource.namespaced) return false;
  if (Array.isArray(rule.resourceNames) && rule.resourceNames.length && !rule.resourceNames.includes(req.name)) return false;
  return anyOf(rule.operations, req.operation) && anyOf(rule.apiGroups, req.resource.group) && anyOf(rule.apiVersions, req.resource.version) && resourceMatches(rule.resources, req.resource.plural, req.subresource);
}

export function selects(selector: Json | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector || Object.keys(selector).length === 0) return true;
  return matches(labelSelectorFromObject(selector), labels ?? {});
}

/** The object and namespace selectors of `m` (the namespace is read only when one asks for it). */
export async function selectorsMatch(m: Json | undefined, req: AdmissionRequest, namespaceObject: () => Promise<KubeObject | undefined>): Promise<boolean> {
  if (!m) return true;
  if (!selects(m.objectSelector, req.object?.metadata.labels) && !selects(m.objectSelector, req.oldObject?.metadata.labels)) return false;
  if (m.namespaceSelector && Object.keys(m.namespaceSelector).length) {
    // A cluster-scoped object is selected by namespaceSelector only when it is a Namespace.
    const ns = req.resource.plural === 'namespaces' && req.resource.group === '' ? (req.object ?? req.oldObject) : req.resource.namespaced ? await namespaceObject() : undefined;
    if (ns && !selects(m.namespaceSelector, ns.metadata.labels)) return false;
  }
  return true;
}

export function requestOf(req: AdmissionRequest): Json {
  const r = req.resource;
  const kind = { group: r.group, version: r.version, kind: r.kind };
  const resource = { group: r.group, version: r.version, resource: r.plural };
  return {
    kind, resource, requestKind: kind, requestResource: resource, subResource: req.subresource, name: req.name, namespace: req.namespace,
    operation: req.operation, userInfo: { username: req.user.username, uid: req.user.uid ?? '', groups: req.user.groups, extra: req.user.extra ?? {} }, dryRun: req.dryRun,
  };
}
