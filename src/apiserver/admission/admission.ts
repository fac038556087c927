// The admission chain: every mutating plug-in, then every validating one, as kube-apiserver runs them.

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

export interface AdmissionPlugin {
  name: string;
  mutate?(req: AdmissionRequest): Promise<void> | void;
  validate?(req: AdmissionRequest): Promise<void> | void;
}

export class AdmissionChain {
  private readonly plugins: AdmissionPlugin[] = [];

  register(plugin: AdmissionPlugin): void {
    this.plugins.push(plugin);
  }

  /** Mutating admission: runs before the kind's strategy prepares and validates the object. */
  async mutate(req: AdmissionRequest): Promise<void> {
    for (const p of this.plugins) if (p.mutate) await p.mutate(req);
  }

  /** Validating admission: runs on the object as it will be stored, after the strategy's validation. */
  async validate(req: AdmissionRequest): Promise<void> {
    for (const p of this.plugins) if (p.validate) await p.validate(req);
  }

  async admit(req: AdmissionRequest): Promise<void> {
    await this.mutate(req);
    await this.validate(req);
  }
}
