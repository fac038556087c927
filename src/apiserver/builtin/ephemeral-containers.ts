// The ephemeralcontainers subresource of pods (`kubectl debug`): a write there changes only
// spec.ephemeralContainers, may add containers but never change or remove one, and each new one
// is a container without ports, resources, probes or lifecycle hooks, whose targetContainerName (if
// any) names a container of the pod (ValidatePodEphemeralContainersUpdate).

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { deepEqual, isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { defaultContainer, validateContainers } from './pod-template.ts';

type Json = Record<string, any>;

export const EPHEMERAL_CONTAINERS = 'ephemeralcontainers';
const PATH = 'spec.ephemeralContainers';
/** Fields of a Container an ephemeral one may not set. */
const NOT_ALLOWED = ['ports', 'resources', 'resizePolicy', 'lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe', 'restartPolicy'];

const specOf = (pod: KubeObject): Json => (isPlainObject(pod.spec) ? (pod.spec as Json) : {});
const ephemeralOf = (pod: KubeObject): Json[] => (Array.isArray(specOf(pod).ephemeralContainers) ? specOf(pod).ephemeralContainers : []);

/** The stored pod but for its ephemeral containers, which the write gives. */
export function ephemeralContainersPart(desired: KubeObject, current: KubeObject): KubeObject {
  const spec: Json = { ...specOf(current) };
  const wanted = specOf(desired).ephemeralContainers;
  if (wanted === undefined) delete spec.ephemeralContainers;
  else spec.ephemeralContainers = wanted;
  return { ...current, metadata: { ...current.metadata, ...(desired.metadata?.resourceVersion ? { resourceVersion: desired.metadata.resourceVersion } : {}) }, spec };
}

/** SetDefaults_EphemeralContainer: a Container's defaults, less the resources it may not have. */
export function defaultEphemeralContainers(pod: KubeObject): void {
  for (const c of ephemeralOf(pod)) {
    if (!isPlainObject(c)) continue;
    const hadResources = c.resources !== undefined;
    defaultContainer(c);
    if (!hadResources) delete c.resources;
  }
}

export function validateEphemeralContainersUpdate(next: KubeObject, prev: KubeObject): FieldError[] {
  const errors: FieldError[] = [];
  const list = specOf(next).ephemeralContainers;
  if (list !== undefined && !Array.isArray(list)) return [fieldErrors.invalid(PATH, list, 'must be a list of ephemeral containers')];
  const now = ephemeralOf(next);
  const byName = new Map(now.filter(isPlainObject).map((c) => [String(c.name), c]));
  for (const old of ephemeralOf(prev)) {
    const same = byName.get(String(old.name));
    if (!same) errors.push(fieldErrors.forbidden(PATH, `existing ephemeral containers "${old.name}" may not be removed`));
    else if (!deepEqual(same, old)) errors.push(fieldErrors.forbidden(PATH, `existing ephemeral containers "${old.name}" may not be changed`));
  }
  const spec = specOf(next);
  const regular = [...((spec.containers ?? []) as Json[]), ...((spec.initContainers ?? []) as Json[])].map((c) => String(c.name));
  const names = new Set(regular);
  errors.push(...validateContainers(now, PATH, false, names));
  now.forEach((c, i) => {
    if (!isPlainObject(c)) return;
    const at = `${PATH}[${i}]`;
    for (const field of NOT_ALLOWED) {
      const v = c[field];
      if (v !== undefined && !(isPlainObject(v) && Object.keys(v).length === 0)) errors.push(fieldErrors.forbidden(`${at}.${field}`, 'cannot be set for an Ephemeral Container'));
    }
    if (c.targetContainerName !== undefined && c.targetContainerName !== '' && !regular.includes(String(c.targetContainerName))) {
      errors.push(fieldErrors.notFound(`${at}.targetContainerName`, c.targetContainerName));
    }
  });
  return errors;
}

/** On create and through the pod itself, ephemeral containers cannot be set: they are added by the subresource. */
export function ephemeralContainersOnCreate(pod: KubeObject): FieldError[] {
  return ephemeralOf(pod).length ? [fieldErrors.forbidden(PATH, 'cannot be set on create')] : [];
}
