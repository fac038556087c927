// The downward API's selectors as core/v1 validation checks them: a fieldRef names a pod field
// the API version v1 can convert (env and volumes each accept their own subset), a
// resourceFieldRef a container resource with a divisor that suits it, and a downwardAPI volume
// file exactly one of the two. Errors carry the paths and words of validateObjectFieldSelector,
// validateContainerResourceFieldSelector and validateDownwardAPIVolumeFile.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { isPlainObject, plainObjects } from '../../machinery/object.ts';
import { isQualifiedName } from '../../machinery/validation/names.ts';

type Json = Record<string, unknown>;

/** What ConvertDownwardAPIFieldLabel takes for v1 (spec.host is the old name of spec.nodeName). */
const CONVERTIBLE_FIELDS = new Set([
  'metadata.annotations',
  'metadata.labels',
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.restartPolicy',
  'spec.serviceAccountName',
  'spec.schedulerName',
  'status.phase',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
]);

export const ENV_FIELD_PATHS = [
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.serviceAccountName',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
];

const VOLUME_FIELD_PATHS = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];

const RESOURCE_FIELDS = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];
const HUGE_PAGES_PREFIXES = ['limits.hugepages-', 'requests.hugepages-'];

const SIZE_DIVISORS = ['1', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '1Mi', '1Gi', '1Ti', '1Pi', '1Ei'];
const DIVISORS: Record<string, { valid: string[]; message: string }> = {
  cpu: { valid: ['1m', '1'], message: "only divisor's values 1m and 1 are supported with the cpu resource" },
  memory: { valid: SIZE_DIVISORS, message: `only divisor's values ${SIZE_DIVISORS.join(', ')} are supported with the memory resource` },
  'ephemeral-storage': {
    valid: SIZE_DIVISORS,
    message: `only divisor's values ${SIZE_DIVISORS.join(', ')} are supported with the local ephemeral storage resource`,
  },
};

/** fieldpath.SplitMaybeSubscriptedPath: `metadata.labels['app']` → the path and the key. */
function splitSubscript(fieldPath: string): { path: string; key: string } | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const at = fieldPath.indexOf("['");
  if (at <= 0) return undefined;
  return { path: fieldPath.slice(0, at), key: fieldPath.slice(at + 2, -2) };
}

/** Why ConvertDownwardAPIFieldLabel refuses a version and a field path, if it does. */
function conversionError(apiVersion: string, fieldPath: string): string | undefined {
  if (apiVersion !== 'v1') return `unsupported pod version: ${apiVersion}`;
  const subscripted = splitSubscript(fieldPath);
  if (subscripted) return subscripted.path === 'metadata.annotations' || subscripted.path === 'metadata.labels' ? undefined : `field label does not support subscript: ${fieldPath}`;
  return CONVERTIBLE_FIELDS.has(fieldPath) || fieldPath === 'spec.host' ? undefined : `field label not supported: ${fieldPath}`;
}

/** validateObjectFieldSelector: a fieldRef whose field `allowed` lists (labels and annotations by key). */
export function validateFieldRef(ref: Json, allowed: string[], path: string): FieldError[] {
  const apiVersion = typeof ref.apiVersion === 'string' ? ref.apiVersion : '';
  const fieldPath = typeof ref.fieldPath === 'string' ? ref.fieldPath : '';
  if (!apiVersion) return [fieldErrors.required(`${path}.apiVersion`)];
  if (!fieldPath) return [fieldErrors.required(`${path}.fieldPath`)];
  const refused = conversionError(apiVersion, fieldPath);
  if (refused) return [fieldErrors.invalid(`${path}.fieldPath`, fieldPath, `error converting fieldPath: ${refused}`)];
  const subscripted = splitSubscript(fieldPath);
  if (subscripted) {
    const key = subscripted.path === 'metadata.annotations' ? subscripted.key.toLowerCase() : subscripted.key;
    return isQualifiedName(key).map((msg) => fieldErrors.invalid(path, subscripted.key, msg));
  }
  const internal = fieldPath === 'spec.host' ? 'spec.nodeName' : fieldPath;
  return allowed.includes(internal) ? [] : [fieldErrors.notSupported(`${path}.fieldPath`, internal, [...allowed].sort())];
}

/** validateContainerResourceFieldSelector: a known resource (a volume's also names its container) and a divisor that fits it. */
export function validateResourceFieldRef(ref: Json, path: string, volume: boolean): FieldError[] {
  const resource = typeof ref.resource === 'string' ? ref.resource : '';
  const errors: FieldError[] = [];
  if (volume && !ref.containerName) errors.push(fieldErrors.required(`${path}.containerName`));
  else if (!resource) errors.push(fieldErrors.required(`${path}.resource`));
  else if (!RESOURCE_FIELDS.includes(resource) && !HUGE_PAGES_PREFIXES.some((p) => resource.startsWith(p))) {
    errors.push(fieldErrors.notSupported(`${path}.resource`, resource, RESOURCE_FIELDS));
  }
  const divisor = ref.divisor === undefined ? '0' : String(ref.divisor);
  const rule = DIVISORS[resource.slice(resource.indexOf('.') + 1)];
  if (divisor !== '0' && rule && RESOURCE_FIELDS.includes(resource) && !rule.valid.includes(divisor)) {
    errors.push(fieldErrors.invalid(`${path}.divisor`, resource, rule.message));
  }
  return errors;
}

/** validateLocalNonReservedPath: relative, no `..` element, not starting with `..`. */
function localPathErrors(target: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (target.startsWith('/')) errors.push(fieldErrors.invalid(path, target, 'must be a relative path'));
  if (target.split('/').includes('..')) errors.push(fieldErrors.invalid(path, target, "must not contain '..'"));
  if (target.startsWith('..') && !target.startsWith('../')) errors.push(fieldErrors.invalid(path, target, "must not start with '..'"));
  return errors;
}

/**
 * validateDownwardAPIVolumeFile for every item of a downwardAPI volume or projection. Go passes
 * the source's path down without the item's index, so the errors name no item.
 */
function validateDownwardAPIItems(source: Json, path: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const item of plainObjects(source.items)) {
    const target = typeof item.path === 'string' ? item.path : '';
    if (!target) errors.push(fieldErrors.required(`${path}.path`));
    errors.push(...localPathErrors(target, `${path}.path`));
    if (isPlainObject(item.fieldRef)) {
      errors.push(...validateFieldRef(item.fieldRef, VOLUME_FIELD_PATHS, `${path}.fieldRef`));
      if (isPlainObject(item.resourceFieldRef)) errors.push(fieldErrors.invalid(path, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
    } else if (isPlainObject(item.resourceFieldRef)) {
      errors.push(...validateResourceFieldRef(item.resourceFieldRef, `${path}.resourceFieldRef`, true));
    } else errors.push(fieldErrors.required(path, 'one of fieldRef and resourceFieldRef is required'));
  }
  return errors;
}

/** The downward API files of a downwardAPI volume and of a projected volume's downwardAPI sources. */
export function validateDownwardAPIVolume(volume: Json, path: string): FieldError[] {
  const errors = isPlainObject(volume.downwardAPI) ? validateDownwardAPIItems(volume.downwardAPI, `${path}.downwardAPI`) : [];
  const sources = isPlainObject(volume.projected) ? plainObjects(volume.projected.sources) : [];
  sources.forEach((projection, i) => {
    if (isPlainObject(projection.downwardAPI)) {
      errors.push(...validateDownwardAPIItems(projection.downwardAPI, `${path}.projected.sources[${i}].downwardAPI`));
    }
  });
  return errors;
}
