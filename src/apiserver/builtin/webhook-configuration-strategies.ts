// admissionregistration.k8s.io/v1 MutatingWebhookConfiguration and ValidatingWebhookConfiguration:
// SetDefaults_*Webhook and pkg/apis/admissionregistration/validation as a user meets them when
// writing one (names, review versions, side effects, rules, client config, timeouts).

import { compileCel } from '../../machinery/cel.ts';
import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { goStringSlice, isDNS1123Subdomain } from '../../machinery/validation/names.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { Strategy } from '../registry/strategy.ts';

type Json = Record<string, any>;

const OPERATIONS = ['*', 'CREATE', 'UPDATE', 'DELETE', 'CONNECT'];
const SCOPES = ['*', 'Cluster', 'Namespaced'];
const REVIEW_VERSIONS = ['v1', 'v1beta1'];
const SIDE_EFFECTS = ['None', 'NoneOnDryRun'];

function webhooksOf(obj: KubeObject): Json[] {
  return Array.isArray(obj.webhooks) ? (obj.webhooks as Json[]) : [];
}

function defaultWebhook(w: Json, mutating: boolean): void {
  w.failurePolicy ??= 'Fail';
  w.matchPolicy ??= 'Equivalent';
  w.namespaceSelector ??= {};
  w.objectSelector ??= {};
  w.timeoutSeconds ??= 10;
  if (mutating) w.reinvocationPolicy ??= 'Never';
  if (w.clientConfig?.service) w.clientConfig.service.port ??= 443;
  for (const r of (w.rules ?? []) as Json[]) r.scope ??= '*';
}

function validateRule(r: Json, at: string): FieldError[] {
  const errors: FieldError[] = [];
  const ops = r.operations as unknown;
  if (!Array.isArray(ops) || ops.length === 0) errors.push(fieldErrors.required(`${at}.operations`));
  else {
    if (ops.length > 1 && ops.includes('*')) errors.push(fieldErrors.invalidRendered(`${at}.operations`, goStringSlice(ops), "if '*' is present, must not specify other operations"));
    ops.forEach((op, j) => !OPERATIONS.includes(op) && errors.push(fieldErrors.notSupported(`${at}.operations[${j}]`, op, OPERATIONS.slice(1).concat('*'))));
  }
  for (const field of ['apiGroups', 'apiVersions']) {
    if (!Array.isArray(r[field]) || r[field].length === 0) errors.push(fieldErrors.required(`${at}.${field}`));
  }
  const resources = r.resources as unknown;
  if (!Array.isArray(resources) || resources.length === 0) errors.push(fieldErrors.required(`${at}.resources`));
  else resources.forEach((res: string, j) => {
    if (typeof res !== 'string' || res === '') errors.push(fieldErrors.required(`${at}.resources[${j}]`));
    else if (res.split('/').length > 2) errors.push(fieldErrors.invalid(`${at}.resources[${j}]`, res, 'must be in the form of resource/subresource'));
  });
  if (r.scope !== undefined && !SCOPES.includes(r.scope)) errors.push(fieldErrors.notSupported(`${at}.scope`, r.scope, SCOPES));
  return errors;
}

/** webhook.ValidateWebhookURL: an https URL with a host and no user, query or fragment. */
function validateUrl(raw: unknown, at: string): FieldError[] {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    return [fieldErrors.invalid(at, raw, 'host must be specified')];
  }
  const errors: FieldError[] = [];
  if (url.protocol !== 'https:') errors.push(fieldErrors.invalid(at, raw, "'https' is the only allowed URL scheme"));
  if (!url.hostname) errors.push(fieldErrors.invalid(at, raw, 'host must be specified'));
  if (url.username || url.password) errors.push(fieldErrors.invalid(at, raw, 'user information is not permitted in the URL'));
  if (url.hash) errors.push(fieldErrors.invalid(at, raw, 'fragments are not permitted in the URL'));
  if (url.search) errors.push(fieldErrors.invalid(at, raw, 'query parameters are not permitted in the URL'));
  return errors;
}

function validateService(s: Json, at: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!s.name) errors.push(fieldErrors.required(`${at}.name`, 'service name is required'));
  if (!s.namespace) errors.push(fieldErrors.required(`${at}.namespace`, 'service namespace is required'));
  const port = s.port ?? 443;
  if (!Number.isInteger(port) || port < 1 || port > 65535) errors.push(fieldErrors.invalid(`${at}.port`, port, 'port is not valid: must be between 1 and 65535, inclusive'));
  if (s.path !== undefined && (typeof s.path !== 'string' || !s.path.startsWith('/'))) errors.push(fieldErrors.invalid(`${at}.path`, s.path, "must start with a '/'"));
  return errors;
}

function validateWebhook(w: Json, at: string, mutating: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const name = typeof w.name === 'string' ? w.name : '';
  if (!name) errors.push(fieldErrors.required(`${at}.name`));
  else {
    const problems = isDNS1123Subdomain(name);
    if (problems.length) errors.push(...problems.map((p) => fieldErrors.invalid(`${at}.name`, name, p)));
    else if (name.split('.').length < 3) errors.push(fieldErrors.invalid(`${at}.name`, name, 'should be a domain with at least three segments separated by dots'));
  }
  const versions = w.admissionReviewVersions as unknown;
  if (!Array.isArray(versions) || versions.length === 0) errors.push(fieldErrors.required(`${at}.admissionReviewVersions`, `must specify one of ${REVIEW_VERSIONS.join(', ')}`));
  else if (!versions.some((v) => REVIEW_VERSIONS.includes(v))) errors.push(fieldErrors.invalidRendered(`${at}.admissionReviewVersions`, goStringSlice(versions), `must include at least one of ${REVIEW_VERSIONS.join(', ')}`));
  if (w.sideEffects === undefined) errors.push(fieldErrors.required(`${at}.sideEffects`, `must specify one of ${SIDE_EFFECTS.join(', ')}`));
  else if (!SIDE_EFFECTS.includes(w.sideEffects)) errors.push(fieldErrors.notSupported(`${at}.sideEffects`, w.sideEffects, SIDE_EFFECTS));
  if (!['Fail', 'Ignore'].includes(w.failurePolicy)) errors.push(fieldErrors.notSupported(`${at}.failurePolicy`, w.failurePolicy, ['Fail', 'Ignore']));
  if (!['Equivalent', 'Exact'].includes(w.matchPolicy)) errors.push(fieldErrors.notSupported(`${at}.matchPolicy`, w.matchPolicy, ['Equivalent', 'Exact']));
  if (mutating && !['Never', 'IfNeeded'].includes(w.reinvocationPolicy)) errors.push(fieldErrors.notSupported(`${at}.reinvocationPolicy`, w.reinvocationPolicy, ['IfNeeded', 'Never']));
  if (!Number.isInteger(w.timeoutSeconds) || w.timeoutSeconds < 1 || w.timeoutSeconds > 30) errors.push(fieldErrors.invalid(`${at}.timeoutSeconds`, w.timeoutSeconds, 'the timeout value must be between 1 and 30 seconds'));
  ((w.rules ?? []) as Json[]).forEach((r, i) => errors.push(...validateRule(r, `${at}.rules[${i}]`)));
  const cc = (w.clientConfig ?? {}) as Json;
  if ((cc.url !== undefined) === (cc.service !== undefined)) errors.push(fieldErrors.required(`${at}.clientConfig`, 'exactly one of url or service is required'));
  else if (cc.url !== undefined) errors.push(...validateUrl(cc.url, `${at}.clientConfig.url`));
  else errors.push(...validateService(cc.service as Json, `${at}.clientConfig.service`));
  if (cc.caBundle !== undefined && (typeof cc.caBundle !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(cc.caBundle))) {
    errors.push(fieldErrors.invalid(`${at}.clientConfig.caBundle`, cc.caBundle, 'must be base64-encoded PEM'));
  }
  const conditionNames = new Set<string>();
  ((w.matchConditions ?? []) as Json[]).forEach((c, i) => {
    if (!c.name) errors.push(fieldErrors.required(`${at}.matchConditions[${i}].name`));
    else if (conditionNames.has(c.name)) errors.push(fieldErrors.duplicate(`${at}.matchConditions[${i}].name`, c.name));
    else conditionNames.add(c.name);
    if (!c.expression) errors.push(fieldErrors.required(`${at}.matchConditions[${i}].expression`));
  });
  return errors;
}

function webhookConfigurationStrategy(mutating: boolean): Strategy {
  return {
    statusSubresource: false,
    applyDefaults(obj) {
      for (const w of webhooksOf(obj)) defaultWebhook(w, mutating);
    },
    validate(obj) {
      const errors: FieldError[] = [];
      const seen = new Set<string>();
      webhooksOf(obj).forEach((w, i) => {
        const at = `webhooks[${i}]`;
        errors.push(...validateWebhook(w, at, mutating));
        if (typeof w.name === 'string' && w.name) {
          if (seen.has(w.name)) errors.push(fieldErrors.duplicate(`${at}.name`, w.name));
          seen.add(w.name);
        }
        ((w.matchConditions ?? []) as Json[]).forEach((c, j) => {
          const error = typeof c.expression === 'string' && c.expression ? compileCel(c.expression).error : undefined;
          if (error) errors.push(fieldErrors.invalid(`${at}.matchConditions[${j}].expression`, c.expression, `compilation failed: ${error}`));
        });
      });
      return errors;
    },
    // The configuration has no spec: every change of its webhooks is a new generation.
    specOf: (obj) => obj.webhooks,
  };
}

export const mutatingWebhookConfigurationStrategy = webhookConfigurationStrategy(true);
export const validatingWebhookConfigurationStrategy = webhookConfigurationStrategy(false);
