// Pods: defaults on create, an immutable spec, graceful deletion that waits for the kubelet.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { deepEqual, isPlainObject, type KubeObject } from '../../machinery/object.ts';
import type { Strategy } from '../registry/strategy.ts';
import { defaultPodSpec, validatePodSpec } from './pod-template.ts';
import { syncAppArmor, validateAppArmorAnnotations, validateAppArmorMatch } from './apparmor.ts';
import { podSpecWarnings } from './pod-warnings.ts';
import { isDNS1123Label } from '../../machinery/validation/names.ts';
import { defaultEphemeralContainers, EPHEMERAL_CONTAINERS, ephemeralContainersOnCreate, ephemeralContainersPart, validateEphemeralContainersUpdate } from './ephemeral-containers.ts';

type PodSpec = Record<string, unknown> & { nodeName?: string; terminationGracePeriodSeconds?: number };

function podSpec(obj: KubeObject): PodSpec {
  return (isPlainObject(obj.spec) ? obj.spec : {}) as PodSpec;
}

function qosClass(spec: PodSpec): string {
  const containers = [...((spec.containers as Record<string, unknown>[]) ?? []), ...((spec.initContainers as Record<string, unknown>[]) ?? [])];
  let anySet = false;
  let guaranteed = containers.length > 0;
  for (const c of containers) {
    const r = (c.resources ?? {}) as { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
    const req = r.requests ?? {};
    const lim = r.limits ?? {};
    if (Object.keys(req).length || Object.keys(lim).length) anySet = true;
    for (const res of ['cpu', 'memory']) {
      if (lim[res] === undefined || (req[res] !== undefined && req[res] !== lim[res])) guaranteed = false;
    }
  }
  if (!anySet) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/** SetDefaults_Pod: a container that sets only a limit requests that much. */
function defaultRequestsFromLimits(spec: PodSpec): void {
  for (const list of ['containers', 'initContainers']) {
    const cs = spec[list];
    if (!Array.isArray(cs)) continue;
    for (const c of cs as Record<string, unknown>[]) {
      const r = (c.resources ?? {}) as { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
      if (!r.limits || !Object.keys(r.limits).length) continue;
      r.requests = { ...r.limits, ...(r.requests ?? {}) };
      c.resources = r;
    }
  }
}

/** Fields of a running pod's spec that may change (everything else is immutable). */
const MUTABLE_POD_SPEC_FIELDS = ['activeDeadlineSeconds', 'tolerations', 'schedulingGates'];

/** validateOnlyAddedTolerations: every existing toleration is still there, its tolerationSeconds aside. */
function onlyAddedTolerations(next: unknown, prev: unknown): boolean {
  const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  const after = list(next);
  return list(prev).every((old) => after.some((t) => deepEqual({ ...old, tolerationSeconds: t.tolerationSeconds }, t)));
}

function withoutMutable(spec: PodSpec): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...spec };
  for (const f of MUTABLE_POD_SPEC_FIELDS) delete copy[f];
  if (Array.isArray(copy.containers)) copy.containers = copy.containers.map((c: Record<string, unknown>) => ({ ...c, image: undefined }));
  if (Array.isArray(copy.initContainers)) copy.initContainers = copy.initContainers.map((c: Record<string, unknown>) => ({ ...c, image: undefined }));
  return copy;
}

export const podStrategy: Strategy = {
  statusSubresource: true,
  // Pods keep metadata.generation since 1.33 (KEP-5067, not behind a feature gate): 1 at create,
  // one more for each change of the spec (images, tolerations, ephemeral containers) and at deletion.
  applyDefaults(obj) {
    const spec = podSpec(obj);
    defaultPodSpec(spec);
    defaultRequestsFromLimits(spec);
    obj.spec = spec;
    defaultEphemeralContainers(obj);
  },
  prepareForCreate(obj, ctx) {
    obj.status = { phase: 'Pending', qosClass: qosClass(podSpec(obj)) };
    syncAppArmor(obj, (message) => ctx.warn?.(message));
  },
  shapeSubresource(subresource, desired, current) {
    return subresource === EPHEMERAL_CONTAINERS ? ephemeralContainersPart(desired, current) : undefined;
  },
  prepareForSubresourceUpdate(subresource, next) {
    if (subresource === EPHEMERAL_CONTAINERS) defaultEphemeralContainers(next);
  },
  validate(obj) {
    return [...validatePodSpec(obj.spec, 'spec'), ...validateAppArmorAnnotations(obj.metadata.annotations, obj.spec, 'metadata.annotations')];
  },
  validateCreate: (obj) => [...ephemeralContainersOnCreate(obj), ...validateAppArmorMatch(obj)],
  warningsOnCreate(obj) {
    const notLabel = isDNS1123Label(obj.metadata.name ?? '');
    const warnings = notLabel.length ? [`metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [${notLabel.join(' ')}]`] : [];
    return [...warnings, ...podSpecWarnings('', podSpec(obj), obj.metadata as Record<string, unknown>)];
  },
  validateSubresourceUpdate(subresource, next, prev) {
    return subresource === EPHEMERAL_CONTAINERS ? validateEphemeralContainersUpdate(next, prev) : undefined;
  },
  validateUpdate(next, prev) {
    const errors: FieldError[] = [];
    const n = podSpec(next);
    const p = podSpec(prev);
    if (p.nodeName && n.nodeName !== p.nodeName) errors.push(fieldErrors.forbidden('spec.nodeName', 'field is immutable once set'));
    if (!onlyAddedTolerations(n.tolerations, p.tolerations)) errors.push(fieldErrors.forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds'));
    // A negative grace period may be set to 1, nothing else.
    const grace = typeof p.terminationGracePeriodSeconds === 'number' && p.terminationGracePeriodSeconds < 0 && n.terminationGracePeriodSeconds === 1 ? p.terminationGracePeriodSeconds : n.terminationGracePeriodSeconds;
    // Compared as values (key order aside, as apiequality.Semantic.DeepEqual does); an unchanged spec
    // (every status write) needs no copies to compare.
    if (!deepEqual(n, p) && !deepEqual(withoutMutable({ ...n, nodeName: undefined, terminationGracePeriodSeconds: grace }), withoutMutable({ ...p, nodeName: undefined }))) {
      errors.push(
        fieldErrors.forbidden(
          'spec',
          'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
        ),
      );
    }
    return errors;
  },
  // CheckGracefulDelete: a negative period (accepted with a warning at create) is 1.
  defaultGracePeriodSeconds(obj) {
    const period = podSpec(obj).terminationGracePeriodSeconds ?? 30;
    return period < 0 ? 1 : period;
  },
  gracefulDeletionWaits(obj) {
    const phase = (obj.status as { phase?: string } | undefined)?.phase;
    return Boolean(podSpec(obj).nodeName) && phase !== 'Succeeded' && phase !== 'Failed';
  },
  selectableFields(obj) {
    const spec = podSpec(obj);
    const status = (obj.status ?? {}) as Record<string, unknown>;
    return {
      'spec.nodeName': String(spec.nodeName ?? ''),
      'spec.restartPolicy': String(spec.restartPolicy ?? ''),
      'spec.schedulerName': String(spec.schedulerName ?? ''),
      'spec.serviceAccountName': String(spec.serviceAccountName ?? ''),
      'spec.hostNetwork': String(spec.hostNetwork ?? false),
      'status.phase': String(status.phase ?? ''),
      'status.podIP': String(status.podIP ?? ''),
      'status.nominatedNodeName': String(status.nominatedNodeName ?? ''),
    };
  },
};
