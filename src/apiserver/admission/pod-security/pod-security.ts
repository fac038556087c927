// PodSecurity admission: pods are held to their namespace's enforce level (refused with upstream's
// "violates PodSecurity" Forbidden) and warned about against its warn level; workload templates are
// warned about only; a namespace's labels are validated, and a stricter enforce level warns about
// the existing pods it would refuse.

import { forbidden, invalid } from '../../../machinery/errors.ts';
import { andThen, type MaybePromise } from '../../../machinery/maybe-promise.ts';
import { isPlainObject, type KubeObject } from '../../../machinery/object.ts';
import type { ResourceRegistry } from '../../registry/registry.ts';
import type { AdmissionPlugin, AdmissionRequest } from '../admission.ts';
import type { NamespaceCache } from '../namespace-cache.ts';
import { namespaceWarnings } from './namespace-check.ts';
import { evaluate, forbiddenDetail, levelVersionText, MODES, podView, policyOf, type PodSecurityConfig, type Policy } from './policy.ts';

type Json = Record<string, unknown>;

/** Pod subresources that change nothing the standards look at. */
const IGNORED_POD_SUBRESOURCES = new Set(['exec', 'attach', 'binding', 'eviction', 'log', 'portforward', 'proxy', 'status']);

/** The value at `path` under `obj`, if every step on the way is an object. */
function at(obj: unknown, ...path: string[]): unknown {
  let v = obj;
  for (const key of path) v = isPlainObject(v) ? v[key] : undefined;
  return v;
}

/** Where each workload kind keeps its pod template. */
const TEMPLATES: Record<string, string[]> = {
  '/replicationcontrollers': ['spec', 'template'],
  '/podtemplates': ['template'],
  'apps/replicasets': ['spec', 'template'],
  'apps/deployments': ['spec', 'template'],
  'apps/statefulsets': ['spec', 'template'],
  'apps/daemonsets': ['spec', 'template'],
  'batch/jobs': ['spec', 'template'],
  'batch/cronjobs': ['spec', 'jobTemplate', 'spec', 'template'],
};

const containersOf = (spec: Json, field: string): Json[] => (Array.isArray(spec[field]) ? (spec[field] as unknown[]).filter(isPlainObject) : []);

/**
 * Whether a pod update changes what the standards could judge differently: the containers' number
 * or images, or a new or changed ephemeral container (isSignificantPodUpdate).
 */
function significantPodUpdate(pod: KubeObject, old: KubeObject): boolean {
  const spec = (pod.spec ?? {}) as Json;
  const oldSpec = (old.spec ?? {}) as Json;
  for (const field of ['containers', 'initContainers']) {
    const now = containersOf(spec, field);
    const before = containersOf(oldSpec, field);
    if (now.length !== before.length) return true;
    if (now.some((c, i) => c.image !== before[i]!.image)) return true;
  }
  const beforeEphemeral = new Map(containersOf(oldSpec, 'ephemeralContainers').map((c) => [c.name, c.image]));
  return containersOf(spec, 'ephemeralContainers').some((c) => !beforeEphemeral.has(c.name) || beforeEphemeral.get(c.name) !== c.image);
}

const allPrivileged = (policy: Policy): boolean => MODES.every((m) => policy[m].level === 'privileged');

export interface PodSecuritySources {
  namespaces: NamespaceCache;
  pods(): ResourceRegistry;
}

export function podSecurityAdmission(config: PodSecurityConfig, sources: PodSecuritySources): AdmissionPlugin {
  const exemptNamespace = (ns: string): boolean => config.exemptions.namespaces.includes(ns);
  const exemptUser = (req: AdmissionRequest): boolean => config.exemptions.usernames.includes(req.user.username);
  const policyFor = (ns: string): MaybePromise<Policy> => andThen(sources.namespaces.get(ns), (facts) => policyOf(facts.labels, config.defaults).policy);

  function admitPod(req: AdmissionRequest, pod: KubeObject, policy: Policy): void {
    if (allPrivileged(policy)) return;
    if (req.operation === 'UPDATE' && req.oldObject && !significantPodUpdate(pod, req.oldObject)) return;
    const runtimeClass = (pod.spec as Json | undefined)?.runtimeClassName;
    if (typeof runtimeClass === 'string' && config.exemptions.runtimeClasses.includes(runtimeClass)) return;
    const view = podView(pod.metadata, pod.spec);
    const enforced = evaluate(policy.enforce, view);
    if (enforced.length > 0) {
      throw forbidden({ group: '', resource: 'pods' }, req.name, `violates PodSecurity "${levelVersionText(policy.enforce)}": ${forbiddenDetail(enforced)}`);
    }
    // A warn level the pod was just held to (and passed) has nothing to add.
    if (levelVersionText(policy.warn) === levelVersionText(policy.enforce)) return;
    warn(req, policy, view);
  }

  function warn(req: AdmissionRequest, policy: Policy, view: ReturnType<typeof podView>): void {
    const warned = evaluate(policy.warn, view);
    if (warned.length > 0) req.warnings.push(`would violate PodSecurity "${levelVersionText(policy.warn)}": ${forbiddenDetail(warned)}`);
  }

  return {
    name: 'PodSecurity',
    validate(req) {
      if (req.operation !== 'CREATE' && req.operation !== 'UPDATE') return;
      const { group, plural } = req.resource;
      const obj = req.object;
      if (!obj) return;
      if (group === '' && plural === 'namespaces') {
        if (req.subresource !== '') return;
        return checkNamespace(req, obj);
      }
      if (!req.namespace || exemptNamespace(req.namespace) || exemptUser(req)) return;
      if (group === '' && plural === 'pods') {
        if (IGNORED_POD_SUBRESOURCES.has(req.subresource)) return;
        return andThen(policyFor(req.namespace), (policy) => admitPod(req, obj, policy));
      }
      const templatePath = TEMPLATES[`${group}/${plural}`];
      if (!templatePath || req.subresource !== '') return;
      const template = at(obj, ...templatePath);
      if (!isPlainObject(template)) return;
      // A workload is only warned about: its pods are what enforce holds to the level.
      return Promise.resolve(policyFor(req.namespace)).then(
        (policy) => {
          if (policy.warn.level !== 'privileged') warn(req, policy, podView(template.metadata as KubeObject['metadata'], template.spec));
        },
        () => undefined,
      );
    },
  };

  function checkNamespace(req: AdmissionRequest, ns: KubeObject): MaybePromise<void> {
    const labels = ns.metadata.labels ?? {};
    const { policy, errors } = policyOf(labels, config.defaults);
    const name = ns.metadata.name ?? req.name;
    if (req.operation === 'CREATE' || !req.oldObject) {
      if (errors.length > 0) throw invalid({ group: '', kind: 'Namespace' }, name, errors);
      return namespaceWarnings.exempt(req, name, labels, policy, config);
    }
    const old = policyOf(req.oldObject.metadata.labels ?? {}, config.defaults);
    const sameErrors = JSON.stringify(errors) === JSON.stringify(old.errors);
    if (errors.length > 0 && (old.errors.length === 0 || !sameErrors)) throw invalid({ group: '', kind: 'Namespace' }, name, errors);
    if (levelVersionText(policy.enforce) === levelVersionText(old.policy.enforce)) return;
    namespaceWarnings.exempt(req, name, labels, policy, config);
    if (exemptNamespace(name)) return;
    return namespaceWarnings.existingPods(req, name, old.policy.enforce, policy.enforce, config, sources.pods());
  }
}
