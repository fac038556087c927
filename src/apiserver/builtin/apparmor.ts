// AppArmor between its deprecated annotations and its fields, as kube-apiserver 1.30–1.33 keeps
// them: a new Pod's annotation becomes the container's `appArmorProfile` (with a deprecation
// warning) and a field gets its annotation, so kubelets of either age enforce the same profile;
// annotations must name a container and a profile, and agree with the fields they sit beside.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { deepEqual, isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { APPARMOR_ANNOTATION_PREFIX, containersWithPath, podContainers } from '../../machinery/pod-spec.ts';

type Json = Record<string, unknown>;
interface Profile {
  type?: string;
  localhostProfile?: string;
}

const UNCONFINED = 'unconfined';
const RUNTIME_DEFAULT = 'runtime/default';
const LOCALHOST_PREFIX = 'localhost/';
/** PATH_MAX - 1 */
const MAX_LOCALHOST_PROFILE = 4095;

const map = (v: unknown): Json => (isPlainObject(v) ? v : {});
const profileOf = (securityContext: unknown): Profile | undefined => {
  const p = map(securityContext).appArmorProfile;
  return isPlainObject(p) ? (p as Profile) : undefined;
};

function annotationFor(p: Profile): string {
  if (p.type === 'Unconfined') return UNCONFINED;
  if (p.type === 'RuntimeDefault') return RUNTIME_DEFAULT;
  if (p.type === 'Localhost' && p.localhostProfile !== undefined) return LOCALHOST_PREFIX + p.localhostProfile;
  return '';
}

function fieldFor(annotation: string): Profile | undefined {
  if (annotation === UNCONFINED) return { type: 'Unconfined' };
  if (annotation === RUNTIME_DEFAULT) return { type: 'RuntimeDefault' };
  const localhost = annotation.startsWith(LOCALHOST_PREFIX) ? annotation.slice(LOCALHOST_PREFIX.length) : '';
  // What ValidateAppArmorProfileField accepts of a Localhost profile.
  if (localhost !== '' && localhost.trim() === localhost && Buffer.byteLength(localhost) <= MAX_LOCALHOST_PROFILE) return { type: 'Localhost', localhostProfile: localhost };
  return undefined;
}

/** applyAppArmorVersionSkew, on a Pod being created. */
export function syncAppArmor(pod: KubeObject, warn: (message: string) => void): void {
  const spec = map(pod.spec);
  if (map(spec.os).name === 'windows') return;
  const podProfile = profileOf(spec.securityContext);
  for (const [c] of containersWithPath(spec, 'spec')) {
    const key = APPARMOR_ANNOTATION_PREFIX + String(c.name ?? '');
    const annotations = pod.metadata.annotations ?? {};
    const containerProfile = profileOf(c.securityContext);
    if (!(key in annotations)) {
      const fromField = containerProfile ? annotationFor(containerProfile) : podProfile ? annotationFor(podProfile) : '';
      if (fromField) pod.metadata.annotations = { ...annotations, [key]: fromField };
      continue;
    }
    if (containerProfile) continue;
    const field = fieldFor(annotations[key]!);
    let deprecated = field === undefined;
    if (field && !deepEqual(field, podProfile)) {
      c.securityContext = { ...map(c.securityContext), appArmorProfile: field };
      deprecated = true;
    }
    if (deprecated) warn(`metadata.annotations[${key}]: deprecated since v1.30; use the "appArmorProfile" field instead`);
  }
}

/** ValidateAppArmorPodAnnotations: each annotation names a container of the spec and a profile. */
export function validateAppArmorAnnotations(annotations: Record<string, string> | undefined, spec: unknown, path: string): FieldError[] {
  const errors: FieldError[] = [];
  let names: Set<unknown> | undefined;
  for (const [key, value] of Object.entries(annotations ?? {})) {
    if (!key.startsWith(APPARMOR_ANNOTATION_PREFIX)) continue;
    const container = key.slice(APPARMOR_ANNOTATION_PREFIX.length);
    names ??= new Set(podContainers(map(spec)).map((c) => c.name));
    if (!names.has(container)) errors.push(fieldErrors.invalid(`${path}[${key}]`, container, 'container not found'));
    if (value !== '' && value !== RUNTIME_DEFAULT && value !== UNCONFINED && !value.startsWith(LOCALHOST_PREFIX)) {
      errors.push(fieldErrors.invalid(`${path}[${key}]`, value, `invalid AppArmor profile name: ${JSON.stringify(value)}`));
    }
  }
  return errors;
}

/** validateAppArmorAnnotationsAndFieldsMatchOnCreate: a Pod's annotation and the profile it gets must agree. */
export function validateAppArmorMatch(pod: KubeObject): FieldError[] {
  const spec = map(pod.spec);
  if (map(spec.os).name === 'windows') return [];
  const errors: FieldError[] = [];
  const podProfile = profileOf(spec.securityContext);
  for (const [c, path] of containersWithPath(spec, 'spec')) {
    const profile = profileOf(c.securityContext) ?? podProfile;
    const annotation = pod.metadata.annotations?.[APPARMOR_ANNOTATION_PREFIX + String(c.name ?? '')];
    if (!profile || annotation === undefined) continue;
    const at = `${path}.securityContext.appArmorProfile`;
    const typeMismatch = fieldErrors.forbidden(`${at}.type`, 'apparmor type in annotation and field must match');
    if (profile.type === 'Unconfined' && annotation !== UNCONFINED) errors.push(typeMismatch);
    else if (profile.type === 'RuntimeDefault' && annotation !== RUNTIME_DEFAULT) errors.push(typeMismatch);
    else if (profile.type === 'Localhost') {
      if (!annotation.startsWith(LOCALHOST_PREFIX)) errors.push(typeMismatch);
      else if (profile.localhostProfile !== annotation.slice(LOCALHOST_PREFIX.length)) {
        errors.push(fieldErrors.forbidden(`${at}.localhostProfile`, 'apparmor profile in annotation and field must match'));
      }
    }
  }
  return errors;
}
