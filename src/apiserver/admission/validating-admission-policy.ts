// The ValidatingAdmissionPolicy plug-in (k8s.io/apiserver plugin/policy/validating): every binding
// whose policy matches the request (its match constraints, then the binding's own match
// resources, then the policy's match conditions) evaluates the policy's CEL validations against
// `object`, `oldObject`, `request`, `params`, `namespaceObject` and `variables`. A failed
// validation is acted on as the binding says: Deny refuses the request (reason Invalid unless the
// validation names one), Warn returns a warning, Audit only records.

import { compileCel, celValue, evaluateCel } from '../../machinery/cel.ts';
import { StatusError, type StatusReason } from '../../machinery/errors.ts';
import { andThen, type MaybePromise } from '../../machinery/maybe-promise.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { AdmissionPlugin, AdmissionRequest } from './admission.ts';
import { WatchedObjects } from './watched-objects.ts';
import { requestOf, ruleMatches, selectorsMatch, selects } from './admission-matching.ts';

type Json = Record<string, any>;

export interface PolicySources {
  policies(): ResourceRegistry;
  bindings(): ResourceRegistry;
  namespaces(): ResourceRegistry;
  /** The registry serving a param kind (`apiVersion`, `kind`), if any. */
  paramRegistry(apiVersion: string, kind: string): ResourceRegistry | undefined;
}

const REASON_CODES: Record<string, number> = { Unauthorized: 401, Forbidden: 403, Invalid: 422, RequestEntityTooLarge: 413 };

/** matchConstraints or matchResources, first part: its rules, less the excluded ones (decided without a read). */
function rulesMatch(m: Json | undefined, req: AdmissionRequest): boolean {
  if (!m) return true;
  if (Array.isArray(m.resourceRules) && m.resourceRules.length && !m.resourceRules.some((r: Json) => ruleMatches(r, req))) return false;
  return !(Array.isArray(m.excludeResourceRules) && m.excludeResourceRules.some((r: Json) => ruleMatches(r, req)));
}

class PolicyFailure extends Error {}

/** Runs one expression; a compile or runtime error is the policy's failure. */
function run(expression: string, activation: Record<string, unknown>): unknown {
  const { program, error } = compileCel(expression);
  if (!program) throw new PolicyFailure(`compilation failed: ${error}`);
  try {
    return evaluateCel(program, activation);
  } catch (err) {
    throw new PolicyFailure(`expression '${expression}' resulted in error: ${(err as Error).message.split('\n')[0]}`);
  }
}

export function validatingAdmissionPolicy(sources: PolicySources): AdmissionPlugin {
  const policies = new WatchedObjects(sources.policies);
  const bindingObjects = new WatchedObjects(sources.bindings);

  /** The bindings, with their policies, whose rules cover the request: decided from the watches, without a read. */
  function ruledIn(req: AdmissionRequest): MaybePromise<Candidate[]> {
    const bindings = bindingObjects.all();
    const known = policies.all();
    if (!Array.isArray(bindings) || !Array.isArray(known)) return Promise.all([bindings, known]).then(() => ruledIn(req));
    const out: Candidate[] = [];
    for (const binding of bindings) {
      const b = (binding.spec ?? {}) as Json;
      const policy = policies.get(String(b.policyName ?? ''));
      if (!policy) continue;
      const p = (policy.spec ?? {}) as Json;
      if (rulesMatch(p.matchConstraints, req) && rulesMatch(b.matchResources, req)) out.push({ binding, policy });
    }
    return out;
  }

  async function evaluate(req: AdmissionRequest, candidates: Candidate[]): Promise<void> {
    let nsObject: Promise<KubeObject | undefined> | undefined;
    const namespaceObject = () => (nsObject ??= req.namespace ? sources.namespaces().tryGet('', req.namespace) : Promise.resolve(undefined));
    for (const { binding, policy } of candidates) {
      const b = (binding.spec ?? {}) as Json;
      const p = (policy.spec ?? {}) as Json;
      if (!(await selectorsMatch(p.matchConstraints, req, namespaceObject)) || !(await selectorsMatch(b.matchResources, req, namespaceObject))) continue;
      const names = { policy: policy.metadata.name!, binding: binding.metadata.name! };
      const fail = (message: string, reason?: string) => deny(req, names, message, reason);
      try {
        for (const params of await paramsFor(p, b, req, sources)) {
          await evaluatePolicy(p, b, req, params, await namespaceObject(), names, fail);
        }
      } catch (err) {
        if (!(err instanceof PolicyFailure)) throw err;
        if ((p.failurePolicy ?? 'Fail') === 'Fail') fail(err.message);
      }
    }
  }

  return {
    name: 'ValidatingAdmissionPolicy',
    validate(req) {
      return andThen(ruledIn(req), (candidates) => (candidates.length === 0 ? undefined : evaluate(req, candidates)));
    },
  };
}

interface Candidate {
  binding: KubeObject;
  policy: KubeObject;
}

/** The objects the binding's paramRef names (one by name, several by selector); [null] for a policy without params. */
async function paramsFor(p: Json, b: Json, req: AdmissionRequest, sources: PolicySources): Promise<Array<KubeObject | null>> {
  if (!p.paramKind) return [null];
  const ref = (b.paramRef ?? {}) as Json;
  const registry = sources.paramRegistry(String(p.paramKind.apiVersion ?? ''), String(p.paramKind.kind ?? ''));
  let found: KubeObject[] = [];
  if (registry) {
    const namespace = registry.rt.namespaced ? String(ref.namespace ?? req.namespace ?? '') : '';
    if (ref.name) {
      const one = await registry.tryGet(namespace, String(ref.name));
      found = one ? [one] : [];
    } else if (ref.selector) {
      found = (await registry.list(namespace, {})).items.filter((o) => selects(ref.selector, o.metadata.labels));
    }
  }
  if (found.length) return found;
  if (ref.parameterNotFoundAction === 'Allow') return [];
  throw new PolicyFailure('failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction');
}

async function evaluatePolicy(
  p: Json,
  b: Json,
  req: AdmissionRequest,
  params: KubeObject | null,
  namespaceObject: KubeObject | undefined,
  names: { policy: string; binding: string },
  fail: (message: string, reason?: string) => void,
): Promise<void> {
  const activation: Record<string, unknown> = {
    object: celValue(req.operation === 'DELETE' ? null : (req.object ?? null)),
    oldObject: celValue(req.oldObject ?? null),
    request: celValue(requestOf(req)),
    params: celValue(params),
    namespaceObject: celValue(namespaceObject ?? null),
  };
  const variables: Record<string, unknown> = {};
  activation.variables = variables;
  for (const v of (p.variables ?? []) as Json[]) variables[v.name] = run(String(v.expression), activation);
  for (const c of (p.matchConditions ?? []) as Json[]) {
    if (run(String(c.expression), activation) !== true) return;
  }
  const actions = (b.validationActions ?? []) as string[];
  for (const v of (p.validations ?? []) as Json[]) {
    if (run(String(v.expression), activation) === true) continue;
    let message = typeof v.message === 'string' && v.message ? v.message : `failed expression: ${String(v.expression).trim()}`;
    if (v.messageExpression) {
      const m = run(String(v.messageExpression), activation);
      if (typeof m === 'string' && m.trim() && !m.includes('\n')) message = m;
    }
    if (actions.includes('Warn')) req.warnings.push(`Validation failed for ValidatingAdmissionPolicy '${names.policy}' with binding '${names.binding}': ${message}`);
    if (actions.includes('Deny')) fail(message, v.reason);
  }
}

function deny(req: AdmissionRequest, names: { policy: string; binding: string }, message: string, reason?: string): never {
  const full = `ValidatingAdmissionPolicy '${names.policy}' with binding '${names.binding}' denied request: ${message}`;
  const r = (reason && REASON_CODES[reason] ? reason : 'Invalid') as StatusReason;
  const gr = req.resource.group ? `${req.resource.plural}.${req.resource.group}` : req.resource.plural;
  const subject = req.name ? `${gr} "${req.name}"` : gr;
  throw new StatusError(REASON_CODES[r]!, r, `${subject} is forbidden: ${full}`, {
    ...(req.name ? { name: req.name } : {}),
    group: req.resource.group,
    kind: req.resource.plural,
    causes: [{ message: full }],
  });
}
