// Defaults and validation of a PodSpec, shared by Pods and every pod template (Deployment, Job …).

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { isPlainObject } from '../../machinery/object.ts';
import { labelSelectorFromObject, matches } from '../../machinery/labels.ts';
import { goStringMap } from '../../machinery/validation/names.ts';
import { validateAppArmorAnnotations } from './apparmor.ts';
import { validateSecurityProfiles } from './security-profiles.ts';
import { defaultEnvSources, defaultVolumes, validateFileModes } from './volume-defaults.ts';
import { ENV_FIELD_PATHS, validateDownwardAPIVolume, validateFieldRef, validateResourceFieldRef } from './downward-api.ts';

/** Whether the template's labels satisfy the selector, matchExpressions included (one that cannot be parsed is not compared). */
function selectorMatches(selector: Record<string, unknown>, labels: Record<string, string>): boolean {
  try {
    return matches(labelSelectorFromObject(selector), labels);
  } catch {
    return true;
  }
}

type Json = Record<string, unknown>;

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function imagePullPolicyFor(image: string): string {
  const last = image.split('/').pop() ?? image;
  if (last.includes('@')) return 'IfNotPresent';
  const tag = last.includes(':') ? last.slice(last.lastIndexOf(':') + 1) : '';
  return tag === '' || tag === 'latest' ? 'Always' : 'IfNotPresent';
}

export function defaultContainer(c: Json): void {
  c.terminationMessagePath ??= '/dev/termination-log';
  c.terminationMessagePolicy ??= 'File';
  if (typeof c.image === 'string') c.imagePullPolicy ??= imagePullPolicyFor(c.image);
  c.resources ??= {};
  defaultEnvSources(c);
  if (Array.isArray(c.ports)) for (const p of c.ports) if (isPlainObject(p)) p.protocol ??= 'TCP';
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    const pr = c[probe];
    if (!isPlainObject(pr)) continue;
    pr.timeoutSeconds ??= 1;
    pr.periodSeconds ??= 10;
    pr.successThreshold ??= 1;
    pr.failureThreshold ??= 3;
  }
}

export function defaultPodSpec(spec: Json): void {
  spec.restartPolicy ??= 'Always';
  spec.terminationGracePeriodSeconds ??= 30;
  spec.dnsPolicy ??= 'ClusterFirst';
  spec.securityContext ??= {};
  spec.schedulerName ??= 'default-scheduler';
  if (spec.serviceAccountName === undefined && spec.serviceAccount !== undefined) spec.serviceAccountName = spec.serviceAccount;
  if (spec.serviceAccount === undefined && spec.serviceAccountName !== undefined) spec.serviceAccount = spec.serviceAccountName;
  for (const list of ['containers', 'initContainers']) {
    const cs = spec[list];
    if (Array.isArray(cs)) for (const c of cs) if (isPlainObject(c)) defaultContainer(c);
  }
  if (spec.enableServiceLinks === undefined) spec.enableServiceLinks = true;
  defaultVolumes(spec);
}

const ENV_SOURCES = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'];

/** ValidateEnv, with 1.33's relaxed names (any printable ASCII but '='). */
function validateEnv(env: unknown, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!Array.isArray(env)) return errors;
  env.forEach((e, i) => {
    if (!isPlainObject(e)) return;
    const p = `${path}[${i}]`;
    const name = typeof e.name === 'string' ? e.name : '';
    if (!name) errors.push(fieldErrors.required(`${p}.name`));
    else if (!/^[\x20-\x3c\x3e-\x7e]+$/.test(name)) errors.push(fieldErrors.invalid(`${p}.name`, name, "a valid environment variable name must consist only of printable ASCII characters other than '='"));
    if (!isPlainObject(e.valueFrom)) return;
    const from = e.valueFrom;
    if (isPlainObject(from.fieldRef)) errors.push(...validateFieldRef(from.fieldRef, ENV_FIELD_PATHS, `${p}.valueFrom.fieldRef`));
    if (isPlainObject(from.resourceFieldRef)) errors.push(...validateResourceFieldRef(from.resourceFieldRef, `${p}.valueFrom.resourceFieldRef`, false));
    const sources = ENV_SOURCES.filter((k) => from[k] != null).length;
    const value = typeof e.value === 'string' ? e.value : '';
    if (sources === 0) errors.push(fieldErrors.invalid(`${p}.valueFrom`, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
    else if (value !== '') errors.push(fieldErrors.invalid(`${p}.valueFrom`, '', 'may not be specified when `value` is not empty'));
    else if (sources > 1) errors.push(fieldErrors.invalid(`${p}.valueFrom`, '', 'may not have more than one field specified at a time'));
  });
  return errors;
}

export function validateContainers(list: unknown, path: string, required: boolean, names: Set<string>): FieldError[] {
  const errors: FieldError[] = [];
  if (list === undefined || (Array.isArray(list) && list.length === 0)) {
    if (required) errors.push(fieldErrors.required(path, ''));
    return errors;
  }
  if (!Array.isArray(list)) return [fieldErrors.invalid(path, list, 'must be a list of containers')];
  list.forEach((c, i) => {
    const p = `${path}[${i}]`;
    if (!isPlainObject(c)) {
      errors.push(fieldErrors.invalid(p, c, 'must be an object'));
      return;
    }
    const name = c.name;
    if (typeof name !== 'string' || name === '') errors.push(fieldErrors.required(`${p}.name`));
    else if (!DNS1123_LABEL.test(name) || name.length > 63) {
      errors.push(
        fieldErrors.invalid(
          `${p}.name`,
          name,
          "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        ),
      );
    } else if (names.has(name)) errors.push(fieldErrors.duplicate(`${p}.name`, name));
    else names.add(name);
    if (typeof c.image !== 'string' || c.image.trim() === '') errors.push(fieldErrors.required(`${p}.image`));
    errors.push(...validateEnv(c.env, `${p}.env`));
    if (Array.isArray(c.ports)) {
      c.ports.forEach((port, j) => {
        if (!isPlainObject(port)) return;
        const cp = port.containerPort;
        if (typeof cp !== 'number' || cp < 1 || cp > 65535) {
          errors.push(fieldErrors.invalid(`${p}.ports[${j}].containerPort`, cp ?? 0, 'must be between 1 and 65535, inclusive'));
        }
        if (port.protocol !== undefined && !['TCP', 'UDP', 'SCTP'].includes(String(port.protocol))) {
          errors.push(fieldErrors.notSupported(`${p}.ports[${j}].protocol`, port.protocol, ['SCTP', 'TCP', 'UDP']));
        }
      });
    }
  });
  return errors;
}

export function validatePodSpec(spec: unknown, path: string): FieldError[] {
  if (!isPlainObject(spec)) return [fieldErrors.required(path)];
  const names = new Set<string>();
  const errors = [
    ...validateContainers(spec.containers, `${path}.containers`, true, names),
    ...validateContainers(spec.initContainers, `${path}.initContainers`, false, names),
  ];
  const policy = spec.restartPolicy;
  if (policy !== undefined && !['Always', 'OnFailure', 'Never'].includes(String(policy))) {
    errors.push(fieldErrors.notSupported(`${path}.restartPolicy`, policy, ['Always', 'OnFailure', 'Never']));
  }
  errors.push(...validateSecurityProfiles(spec, path));
  // A negative terminationGracePeriodSeconds is accepted, warned about and treated as 1 (pod-warnings.ts).
  if (Array.isArray(spec.volumes)) {
    const seen = new Set<string>();
    spec.volumes.forEach((v, i) => {
      if (!isPlainObject(v)) return;
      if (typeof v.name !== 'string' || !v.name) errors.push(fieldErrors.required(`${path}.volumes[${i}].name`));
      else if (seen.has(v.name)) errors.push(fieldErrors.duplicate(`${path}.volumes[${i}].name`, v.name));
      else seen.add(v.name);
      errors.push(...validateFileModes(v, `${path}.volumes[${i}]`), ...validateDownwardAPIVolume(v, `${path}.volumes[${i}]`));
    });
  }
  return errors;
}

/** A workload's pod template: labels must satisfy the selector, the spec must be a valid PodSpec. */
export function validatePodTemplate(template: unknown, path: string, selector: unknown, restartPolicies?: string[]): FieldError[] {
  if (!isPlainObject(template)) return [fieldErrors.required(path)];
  const annotations = isPlainObject(template.metadata) ? (template.metadata.annotations as Record<string, string> | undefined) : undefined;
  const errors = [...validatePodSpec(template.spec, `${path}.spec`), ...validateAppArmorAnnotations(annotations, template.spec, `${path}.metadata.annotations`)];
  const labels = (isPlainObject(template.metadata) && isPlainObject(template.metadata.labels) ? template.metadata.labels : {}) as Record<string, string>;
  if (isPlainObject(selector) && !selectorMatches(selector, labels)) {
    errors.push(fieldErrors.invalidRendered(`${path}.metadata.labels`, goStringMap(labels), '`selector` does not match template `labels`'));
  }
  const policy = isPlainObject(template.spec) ? template.spec.restartPolicy : undefined;
  if (restartPolicies && policy !== undefined && !restartPolicies.includes(String(policy))) {
    errors.push(fieldErrors.notSupported(`${path}.spec.restartPolicy`, policy, restartPolicies));
  }
  return errors;
}

export function defaultPodTemplate(template: unknown): void {
  if (isPlainObject(template) && isPlainObject(template.spec)) defaultPodSpec(template.spec);
  if (isPlainObject(template)) template.metadata ??= {};
}
