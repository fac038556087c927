// The admission chain: every mutating plug-in, then every validating one, as kube-apiserver runs them.

import { isPromise, type MaybePromise } from '../../machinery/maybe-promise.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { UserInfo } from '../auth/user.ts';
import type { ResourceType } from '../resource.ts';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface AdmissionRequest {
  operation: AdmissionOperation;
  resource: ResourceType;
  subresource: string;
  namespace: string;
  name: string;
  /** The object as it will be stored (mutable for mutating plug-ins). */
  object?: KubeObject;
  oldObject?: KubeObject;
  user: UserInfo;
  dryRun: boolean;
  /** Warnings to return to the client (`Warning:` headers). */
  warnings: string[];
  /** Decodes an object a webhook patched as the kind's own would be: quantities canonical, defaults applied. */
  normalize?(obj: KubeObject): void;
}

/**
 * A plug-in answers synchronously when it has nothing to wait for (most writes concern most
 * plug-ins not at all), and with a promise when it has to read or call something.
 */
export interface AdmissionPlugin {
  name: string;
  mutate?(req: AdmissionRequest): MaybePromise<void>;
  validate?(req: AdmissionRequest): MaybePromise<void>;
}

type Hook = (req: AdmissionRequest) => MaybePromise<void>;

/** Runs `hooks[from…]` in order, synchronously until one has to wait. */
function runFrom(hooks: Hook[], from: number, req: AdmissionRequest): MaybePromise<void> {
  for (let i = from; i < hooks.length; i++) {
    const pending = hooks[i]!(req);
    if (isPromise(pending)) return pending.then(() => runFrom(hooks, i + 1, req));
  }
}

export class AdmissionChain {
  private readonly mutating: Hook[] = [];
  private readonly validating: Hook[] = [];
  private readonly disabled = new Set<string>();

  /** --disable-admission-plugins: the named plug-ins, registered later, do not run. */
  disable(names: readonly string[]): void {
    for (const name of names) this.disabled.add(name);
  }

  register(plugin: AdmissionPlugin): void {
    if (this.disabled.has(plugin.name)) return;
    if (plugin.mutate) this.mutating.push(plugin.mutate.bind(plugin));
    if (plugin.validate) this.validating.push(plugin.validate.bind(plugin));
  }

  /** Mutating admission: runs before the kind's strategy prepares and validates the object. */
  mutate(req: AdmissionRequest): MaybePromise<void> {
    return runFrom(this.mutating, 0, req);
  }

  /** Validating admission: runs on the object as it will be stored, after the strategy's validation. */
  validate(req: AdmissionRequest): MaybePromise<void> {
    return runFrom(this.validating, 0, req);
  }

  admit(req: AdmissionRequest): MaybePromise<void> {
    const mutated = this.mutate(req);
    return isPromise(mutated) ? mutated.then(() => this.validate(req)) : this.validate(req);
  }
}
