// Per-kind validation of apps.cozystack.io objects beyond their openAPISchema: a kind registers
// hooks here (the Tenant's hierarchical quota, removed fields …) and cozystack-api runs them on
// every create and update, after name and schema checks, before the HelmRelease is written.

import type { FieldError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { KubeClient } from '../../controller/client.ts';
import { validateTenant } from './tenant-validation.ts';

/** One field problem: becomes a cause of the 422 Invalid answer (`spec.x: Forbidden: …`). */
export type FieldCause = FieldError;

/** What a hook sees of the application kind it validates. */
export interface AppKindInfo {
  kind: string;
  plural: string;
  /** The HelmRelease name prefix (`tenant-`, or empty for tenant modules). */
  prefix: string;
  /** The ApplicationDefinition's name (`tenant`, `vm-disk` …). */
  definition: string;
}

export interface AppValidationContext {
  operation: 'CREATE' | 'UPDATE';
  /** The namespace the app is written in (`tenant-root` …). */
  namespace: string;
  /** The app as it is before an update (spec defaulted as read). */
  oldApp?: KubeObject;
  app: AppKindInfo;
  /** Read access to the cluster (as cozystack-api itself, not the caller). */
  client: KubeClient;
  dryRun: boolean;
}

export interface AppValidationResult {
  causes: FieldCause[];
  /** `Warning:` header texts for the client. */
  warnings: string[];
}

/** `app` is the object as it would be stored: metadata plus `spec` with schema defaults filled in. */
export type AppValidator = (app: KubeObject, ctx: AppValidationContext) => AppValidationResult | Promise<AppValidationResult>;

export class AppValidatorRegistry {
  private readonly byKind = new Map<string, AppValidator[]>();

  /** Adds a hook for a kind (`Tenant`); returns a function that removes it again. */
  register(kind: string, validator: AppValidator): () => void {
    const list = this.byKind.get(kind) ?? [];
    list.push(validator);
    this.byKind.set(kind, list);
    return () => {
      const current = this.byKind.get(kind) ?? [];
      this.byKind.set(kind, current.filter((v) => v !== validator));
    };
  }

  validatorsFor(kind: string): readonly AppValidator[] {
    return this.byKind.get(kind) ?? [];
  }

  /** Runs every hook of the app's kind; their causes and warnings, concatenated. */
  async run(app: KubeObject, ctx: AppValidationContext): Promise<AppValidationResult> {
    const result: AppValidationResult = { causes: [], warnings: [] };
    for (const validate of this.validatorsFor(ctx.app.kind)) {
      const r = await validate(app, ctx);
      result.causes.push(...r.causes);
      result.warnings.push(...r.warnings);
    }
    return result;
  }
}

/** The hooks cozystack-api runs; kinds register into it when their module loads. */
export const appValidators = new AppValidatorRegistry();
appValidators.register('Tenant', validateTenant);
