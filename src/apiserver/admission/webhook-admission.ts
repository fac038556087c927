// The MutatingAdmissionWebhook and ValidatingAdmissionWebhook plug-ins (k8s.io/apiserver
// plugin/webhook): every webhook of every configuration (in name order) whose rules, namespace and
// object selectors and match conditions cover a write is sent an AdmissionReview. Mutating webhooks
// run one after another and may answer a JSONPatch (applied, then the kind's defaults again; an
// `IfNeeded` webhook is called once more when a later one changed the object); validating webhooks
// run together. A refusal is the webhook's own Status; a webhook that cannot be called fails the
// write (500) or is skipped, as its failurePolicy says.

import { randomUUID } from 'node:crypto';
import fastJsonPatch, { type Operation } from 'fast-json-patch';
import { compileCel, celValue, evaluateCel } from '../../machinery/cel.ts';
import { internalError, webhookDenied } from '../../machinery/errors.ts';
import { andThen, type MaybePromise } from '../../machinery/maybe-promise.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import type { AdmissionPlugin, AdmissionRequest } from './admission.ts';
import { requestOf, ruleMatches, selectorsMatch } from './admission-matching.ts';
import { postReview, resolveTarget, WebhookCallError, type ServiceLookup } from './webhook-call.ts';
import { WatchedObjects } from './watched-objects.ts';

type Json = Record<string, any>;

export interface WebhookSources extends ServiceLookup {
  configurations(): ResourceRegistry;
  namespaces(): ResourceRegistry;
}

/** Kinds no webhook sees (IsExemptAdmissionConfigurationResource): a bad webhook could not otherwise be removed. */
const EXEMPT = new Set(['mutatingwebhookconfigurations', 'validatingwebhookconfigurations', 'validatingadmissionpolicies', 'validatingadmissionpolicybindings', 'mutatingadmissionpolicies', 'mutatingadmissionpolicybindings']);

/** No webhook concerns the write (shared: nobody changes it). */
const NO_HOOKS: Hook[] = [];

const OPTIONS_KIND = { CREATE: 'CreateOptions', UPDATE: 'UpdateOptions', DELETE: 'DeleteOptions', CONNECT: '' } as const;

interface Hook {
  webhook: Json;
  configuration: string;
}

/** A webhook whose call failed while its failurePolicy is Fail: the write fails with the call's error. */
function callFailure(name: string, why: string): Error {
  return internalError(`failed calling webhook "${name}": ${why}`);
}

function exempt(req: AdmissionRequest): boolean {
  return req.resource.group === 'admissionregistration.k8s.io' && EXEMPT.has(req.resource.plural);
}

function reviewVersion(webhook: Json): string | undefined {
  const versions = (webhook.admissionReviewVersions ?? []) as string[];
  return versions.find((v) => v === 'v1' || v === 'v1beta1');
}

function reviewOf(req: AdmissionRequest, uid: string, version: string): Json {
  const kind = OPTIONS_KIND[req.operation];
  const options = kind ? { apiVersion: 'meta.k8s.io/v1', kind, ...(req.dryRun ? { dryRun: ['All'] } : {}) } : null;
  return {
    apiVersion: `admission.k8s.io/${version}`,
    kind: 'AdmissionReview',
    request: {
      uid,
      ...requestOf(req),
      requestSubResource: req.subresource,
      object: req.operation === 'DELETE' ? null : (req.object ?? null),
      oldObject: req.oldObject ?? null,
      options,
    },
  };
}

/** VerifyAdmissionResponse: the reply is an AdmissionReview answering this request. */
function responseOf(reply: Json, uid: string, version: string, mutating: boolean): Json {
  const expected = `admission.k8s.io/${version}`;
  if (reply.apiVersion !== expected || reply.kind !== 'AdmissionReview') {
    throw new WebhookCallError(`received invalid webhook response: expected webhook response of ${expected}, Kind=AdmissionReview, got ${reply.apiVersion ?? ''}, Kind=${reply.kind ?? ''}`);
  }
  const response = reply.response as Json | undefined;
  if (!response) throw new WebhookCallError('received invalid webhook response: webhook response was absent');
  if (response.uid !== uid) throw new WebhookCallError(`received invalid webhook response: expected response.uid="${uid}", got "${response.uid ?? ''}"`);
  if (response.patch !== undefined && response.patch !== null && response.patch !== '') {
    if (!mutating) throw new WebhookCallError('received invalid webhook response: validating webhooks may not return patches');
    if (response.patchType === undefined) throw new WebhookCallError('received invalid webhook response: webhook returned response.patch but not response.patchType');
    if (response.patchType !== 'JSONPatch') throw new WebhookCallError(`received invalid webhook response: webhook returned invalid response.patchType of "${response.patchType}"`);
  }
  return response;
}

export class WebhookDispatcher {
  private readonly configurations: WatchedObjects;
  /** The webhooks of the configurations list last seen (the list is a new array after any change). */
  private flattened?: { from: KubeObject[]; hooks: Hook[] };

  constructor(
    private readonly sources: WebhookSources,
    private readonly mutating: boolean,
  ) {
    this.configurations = new WatchedObjects(sources.configurations);
  }

  /** The webhooks of every configuration, configurations in name order; [] costs no await once watched. */
  private hooks(): Hook[] | Promise<Hook[]> {
    const listed = this.configurations.all();
    return Array.isArray(listed) ? this.flatten(listed) : listed.then((configs) => this.flatten(configs));
  }

  private flatten(configs: KubeObject[]): Hook[] {
    if (this.flattened?.from !== configs) {
      const hooks = configs.flatMap((c) => ((c.webhooks ?? []) as Json[]).map((webhook) => ({ webhook, configuration: c.metadata.name! })));
      this.flattened = { from: configs, hooks };
    }
    return this.flattened.hooks;
  }

  /**
   * The webhooks that concern this write, in calling order; NO_HOOKS at once when no webhook's rules
   * cover it (every write asks, and most clusters have few webhooks or none: that answer allocates nothing).
   */
  matching(req: AdmissionRequest): MaybePromise<Hook[]> {
    if (exempt(req)) return NO_HOOKS;
    const hooks = this.hooks();
    return Array.isArray(hooks) ? this.ruledIn(req, hooks) : hooks.then((h) => this.ruledIn(req, h));
  }

  private ruledIn(req: AdmissionRequest, hooks: Hook[]): MaybePromise<Hook[]> {
    if (hooks.length === 0) return NO_HOOKS;
    const ruledIn = hooks.filter((hook) => ((hook.webhook.rules ?? []) as Json[]).some((r) => ruleMatches(r, req)));
    return ruledIn.length === 0 ? NO_HOOKS : this.selected(req, ruledIn);
  }

  /** Of the webhooks whose rules cover the write, those its selectors and match conditions pick. */
  private async selected(req: AdmissionRequest, hooks: Hook[]): Promise<Hook[]> {
    let nsObject: Promise<KubeObject | undefined> | undefined;
    const namespaceObject = () => (nsObject ??= req.namespace ? this.sources.namespaces().tryGet('', req.namespace) : Promise.resolve(undefined));
    const out: Hook[] = [];
    for (const hook of hooks) {
      const w = hook.webhook;
      if (!(await selectorsMatch(w, req, namespaceObject))) continue;
      if (!this.conditionsMatch(w, req)) continue;
      out.push(hook);
    }
    return out;
  }

  /** matchConditions: every one true; an error that cannot be evaluated fails the write unless the webhook is Ignore. */
  private conditionsMatch(w: Json, req: AdmissionRequest): boolean {
    const conditions = (w.matchConditions ?? []) as Json[];
    if (conditions.length === 0) return true;
    const activation = { object: celValue(req.operation === 'DELETE' ? null : (req.object ?? null)), oldObject: celValue(req.oldObject ?? null), request: celValue(requestOf(req)) };
    for (const c of conditions) {
      const { program, error } = compileCel(String(c.expression));
      let result: unknown;
      try {
        if (!program) throw new Error(`compilation failed: ${error}`);
        result = evaluateCel(program, activation);
      } catch (err) {
        if (w.failurePolicy === 'Ignore') return false;
        throw callFailure(w.name, `failed to evaluate match condition "${c.name}": ${(err as Error).message.split('\n')[0]}`);
      }
      if (result !== true) return false;
    }
    return true;
  }

  /**
   * Calls one webhook. Answers its response, or undefined when the call failed and the webhook
   * is Ignore; throws the refusal, or the call's failure when it is Fail.
   */
  async call(w: Json, req: AdmissionRequest): Promise<Json | undefined> {
    const version = reviewVersion(w) ?? 'v1';
    const timeout = Number(w.timeoutSeconds ?? 10);
    const uid = randomUUID();
    let response: Json;
    try {
      const target = await resolveTarget(w.clientConfig ?? {}, timeout, this.sources);
      const reply = await postReview(target, reviewOf(req, uid, version), w.clientConfig?.caBundle, timeout);
      response = responseOf(reply, uid, version, this.mutating);
    } catch (err) {
      if (!(err instanceof WebhookCallError)) throw err;
      if (w.failurePolicy === 'Ignore') return undefined;
      throw callFailure(w.name, `failed to call webhook: ${err.message}`);
    }
    for (const warning of (response.warnings ?? []) as unknown[]) if (typeof warning === 'string' && warning) req.warnings.push(warning);
    if (response.allowed !== true) throw webhookDenied(w.name, (response.status ?? {}) as Json);
    return response;
  }
}

/** Applies a webhook's JSONPatch to the object in place; true when it changed anything. */
function applyPatch(w: Json, response: Json, req: AdmissionRequest): boolean {
  if (!response.patch || !req.object) return false;
  let ops: Operation[];
  try {
    ops = JSON.parse(Buffer.from(String(response.patch), 'base64').toString('utf8')) as Operation[];
    if (!Array.isArray(ops)) throw new Error('the patch is not a JSON array of operations');
  } catch (err) {
    throw internalError(`admission webhook "${w.name}" returned an undecodable patch: ${(err as Error).message}`);
  }
  if (ops.length === 0) return false;
  const before = JSON.stringify(req.object);
  let patched: KubeObject;
  try {
    patched = fastJsonPatch.applyPatch(JSON.parse(before), ops, true, true).newDocument as KubeObject;
  } catch (err) {
    throw internalError((err as Error).message.split('\n')[0]!);
  }
  req.normalize?.(patched);
  if (JSON.stringify(patched) === before) return false;
  const target = req.object as Record<string, unknown>;
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, patched);
  return true;
}

/** Calls the webhooks that concern the write, if any (none: answered at once, allocating nothing). */
function callMatching(dispatcher: WebhookDispatcher, req: AdmissionRequest, call: (hooks: Hook[], req: AdmissionRequest) => Promise<void>): MaybePromise<void> {
  const matching = dispatcher.matching(req);
  if (matching === NO_HOOKS) return undefined;
  return andThen(matching, (hooks) => (hooks.length === 0 ? undefined : call(hooks, req)));
}

export function mutatingAdmissionWebhook(sources: WebhookSources): AdmissionPlugin {
  const dispatcher = new WebhookDispatcher(sources, true);
  return {
    name: 'MutatingAdmissionWebhook',
    mutate(req) {
      return callMatching(dispatcher, req, callMutating);
    },
  };

  async function callMutating(hooks: Hook[], req: AdmissionRequest): Promise<void> {
    // Which webhook changed the object last (its index), to know whom to call again.
    let lastChange = -1;
    for (let i = 0; i < hooks.length; i++) {
      const w = hooks[i]!.webhook;
      const response = await dispatcher.call(w, req);
      if (response && applyPatch(w, response, req)) lastChange = i;
    }
    // Reinvocation: an IfNeeded webhook sees the object again if a later webhook changed it.
    for (let i = 0; i < hooks.length; i++) {
      const w = hooks[i]!.webhook;
      if (w.reinvocationPolicy !== 'IfNeeded' || lastChange <= i) continue;
      const response = await dispatcher.call(w, req);
      if (response) applyPatch(w, response, req);
    }
  }
}

export function validatingAdmissionWebhook(sources: WebhookSources): AdmissionPlugin {
  const dispatcher = new WebhookDispatcher(sources, false);
  return {
    name: 'ValidatingAdmissionWebhook',
    validate(req) {
      return callMatching(dispatcher, req, callValidating);
    },
  };

  /** Every validating webhook at once; the first refusal (in calling order) is the answer. */
  async function callValidating(hooks: Hook[], req: AdmissionRequest): Promise<void> {
    const outcomes = await Promise.allSettled(hooks.map((h) => dispatcher.call(h.webhook, req)));
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
