// The seccomp and AppArmor profiles of a pod's and its containers' security contexts, validated as
// kube-apiserver validates them (validateSeccompProfileField, ValidateAppArmorProfileField).

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { isPlainObject } from '../../machinery/object.ts';
import { containersWithPath } from '../../machinery/pod-spec.ts';

type Json = Record<string, unknown>;

const PROFILE_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];
/** PATH_MAX - 1 */
const MAX_LOCALHOST_PROFILE = 4095;

/** validateLocalDescendingPath: a profile file below the node's profile root. */
function localDescendingPath(target: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (target.startsWith('/')) errors.push(fieldErrors.invalid(path, target, 'must be a relative path'));
  if (target.split('/').includes('..')) errors.push(fieldErrors.invalid(path, target, "must not contain '..'"));
  return errors;
}

function seccompProfile(p: unknown, path: string): FieldError[] {
  if (!isPlainObject(p)) return [];
  const errors: FieldError[] = [];
  if (p.type === undefined || p.type === '') errors.push(fieldErrors.required(`${path}.type`, 'type is required when seccompProfile is set'));
  else if (!PROFILE_TYPES.includes(String(p.type))) errors.push(fieldErrors.notSupported(`${path}.type`, p.type, PROFILE_TYPES));
  if (p.type === 'Localhost') {
    if (typeof p.localhostProfile !== 'string') errors.push(fieldErrors.required(`${path}.localhostProfile`, 'must be set when seccomp type is Localhost'));
    else errors.push(...localDescendingPath(p.localhostProfile, `${path}.localhostProfile`));
  } else if (p.localhostProfile != null) {
    errors.push(fieldErrors.invalidRendered(`${path}.localhostProfile`, goProfile(p), 'can only be set when seccomp type is Localhost'));
  }
  return errors;
}

/** The profile as Go's %#v prints the core.SeccompProfile the error carries (its string behind a pointer). */
function goProfile(p: Json): string {
  const address = `0xc${Buffer.from(String(p.localhostProfile)).reduce((h, b) => (h * 31 + b) >>> 0, 7).toString(16).padStart(9, '0')}`;
  return `core.SeccompProfile{Type:${JSON.stringify(String(p.type ?? ''))}, LocalhostProfile:(*string)(${address})}`;
}

function appArmorProfile(p: unknown, path: string): FieldError[] {
  if (!isPlainObject(p)) return [];
  const localhost = p.localhostProfile;
  if (p.type === 'Localhost') {
    if (typeof localhost !== 'string') return [fieldErrors.required(`${path}.localhostProfile`, 'must be set when AppArmor type is Localhost')];
    const errors: FieldError[] = [];
    if (localhost.trim() !== localhost) errors.push(fieldErrors.invalid(`${path}.localhostProfile`, localhost, 'must not be padded with whitespace'));
    else if (localhost === '') errors.push(fieldErrors.required(`${path}.localhostProfile`, 'must be set when AppArmor type is Localhost'));
    if (Buffer.byteLength(localhost) > MAX_LOCALHOST_PROFILE) errors.push(fieldErrors.tooLong(`${path}.localhostProfile`, undefined, MAX_LOCALHOST_PROFILE));
    return errors;
  }
  if (p.type === 'RuntimeDefault' || p.type === 'Unconfined') {
    return localhost != null ? [fieldErrors.invalid(`${path}.localhostProfile`, localhost, 'can only be set when AppArmor type is Localhost')] : [];
  }
  if (p.type === undefined || p.type === '') return [fieldErrors.required(`${path}.type`, 'type is required when appArmorProfile is set')];
  return [fieldErrors.notSupported(`${path}.type`, p.type, PROFILE_TYPES)];
}

function contextProfiles(context: unknown, path: string): FieldError[] {
  if (!isPlainObject(context)) return [];
  return [...seccompProfile(context.seccompProfile, `${path}.seccompProfile`), ...appArmorProfile(context.appArmorProfile, `${path}.appArmorProfile`)];
}

/** The profiles of `spec` (a PodSpec at `path`): the pod's security context, then each container's. */
export function validateSecurityProfiles(spec: Json, path: string): FieldError[] {
  const errors = contextProfiles(spec.securityContext, `${path}.securityContext`);
  for (const [c, cPath] of containersWithPath(spec, path)) errors.push(...contextProfiles(c.securityContext, `${cPath}.securityContext`));
  return errors;
}
