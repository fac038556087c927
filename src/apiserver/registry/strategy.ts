// A strategy per kind, as kube-apiserver's generic registry has: what a create or update
// must set, clear or refuse. A new kind is a new strategy, not a new code path.

import type { FieldError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { PatchSchema } from '../../machinery/patch/schema.ts';

export interface StrategyContext {
  now: Date;
  /** Adds a warning to the write's answer (warning.AddWarning), when the write has one to give. */
  warn?(message: string): void;
  /** Allocators and lookups a strategy may need (ClusterIP allocation, namespace lookups). */
  services: StrategyServices;
}

export interface StrategyServices {
  allocateClusterIP(): Promise<string>;
  /** Takes a ClusterIP the Service asks for; what refuses it (in use, out of every range), or undefined when taken. */
  reserveClusterIP(ip: string): Promise<string | undefined>;
  releaseClusterIP(ip: string): Promise<void>;
  allocateNodePort(): Promise<number>;
  /** Takes a NodePort the Service asks for; what refuses it (in use, out of range), or undefined when taken. */
  reserveNodePort(port: number): Promise<string | undefined>;
  releaseNodePort(port: number): Promise<void>;
}

export interface Strategy {
  /** The kind keeps `status` apart: main-resource writes keep the stored status, `/status` writes change only it. */
  statusSubresource: boolean;
  /**
   * A `/status` write may change annotations too, where the kind's status strategy lets metadata
   * through: deploymentStatusStrategy resets only spec and labels (the deployment controller records
   * its revision annotation in the same UpdateStatus), serviceStatusStrategy only the spec.
   */
  statusUpdateKeepsAnnotations?: boolean;
  /** Create may set status too (nodes register with theirs); otherwise status starts empty. */
  keepStatusOnCreate?: boolean;
  /** The kind's defaulting (Go's SetDefaults_*), before mutating admission sees the object. */
  applyDefaults?(obj: KubeObject): void;
  /**
   * The defaulting a `/status` write's body gets, which reaches only its status (a custom
   * resource's pruning and structural defaults, a load-balancer address's ipMode).
   */
  applyStatusDefaults?(obj: KubeObject): void;
  /** Set defaults and clear what a client may not set on create (status of kinds with a status subresource …). */
  prepareForCreate?(obj: KubeObject, ctx: StrategyContext): Promise<void> | void;
  /**
   * Ends a create that ran prepareForCreate (also one that threw): `stored` is false when the object
   * was not stored (refused, failed, a dry run), and what prepareForCreate allocated is released,
   * as kube-apiserver reverts a Service's allocation transaction.
   */
  finishCreate?(obj: KubeObject, stored: boolean, ctx: StrategyContext): Promise<void> | void;
  /** Carry over what an update may not change, default the rest. */
  prepareForUpdate?(next: KubeObject, prev: KubeObject, ctx: StrategyContext): Promise<void> | void;
  /**
   * Ends an update attempt that ran prepareForUpdate: stored, `prev`'s allocations that `next` no
   * longer holds are released; not stored (refused, a conflict retried, a dry run, nothing changed),
   * what prepareForUpdate allocated for `next` is.
   */
  finishUpdate?(next: KubeObject, prev: KubeObject, stored: boolean, ctx: StrategyContext): Promise<void> | void;
  /** The same for a write to a subresource (`status`, `approval`). */
  prepareForSubresourceUpdate?(subresource: string, next: KubeObject, prev: KubeObject, ctx: StrategyContext): Promise<void> | void;
  /** What a write to a subresource other than status stores (the /approval of a CSR: only its conditions); undefined: not one of the kind's. */
  shapeSubresource?(subresource: string, desired: KubeObject, current: KubeObject): KubeObject | undefined;
  /** Kind-specific validation of a new object (metadata names are checked by the registry). */
  validate?(obj: KubeObject): FieldError[];
  /** Kind-specific validation of an update (immutable fields …). */
  validateUpdate?(next: KubeObject, prev: KubeObject): FieldError[];
  /** Warnings a valid create draws (WarningsOnCreate), sent before validating admission's. */
  warningsOnCreate?(obj: KubeObject): string[];
  /** Warnings a valid update of the main resource draws (WarningsOnUpdate). */
  warningsOnUpdate?(next: KubeObject, prev: KubeObject): string[];
  /** What only a create must satisfy, besides `validate`. */
  validateCreate?(obj: KubeObject): FieldError[];
  /** Validation of a write to a subresource in place of validateUpdate (pods' ephemeralcontainers); undefined: validateUpdate's. */
  validateSubresourceUpdate?(subresource: string, next: KubeObject, prev: KubeObject): FieldError[] | undefined;
  /** The kind keeps no metadata.generation (ConfigMap, Secret, Namespace …). */
  noGeneration?: boolean;
  /** Which part of the object counts as its spec for `generation` (default: everything but metadata and status). */
  specOf?(obj: KubeObject): unknown;
  /** Fields a field selector may name, with their values for this object. */
  selectableFields?(obj: KubeObject): Record<string, string>;
  /** Names follow this rule (default DNS-1123 subdomain). */
  nameRule?: 'subdomain' | 'label' | 'dns1035' | 'path-segment';
  /** List merge semantics for strategic merge patch and server-side apply. */
  patchSchema?: PatchSchema;
  /** Grace period applied when a delete gives none (pods: terminationGracePeriodSeconds). */
  defaultGracePeriodSeconds?(obj: KubeObject): number;
  /** Whether a graceful delete must wait (pods bound to a node wait for the kubelet). */
  gracefulDeletionWaits?(obj: KubeObject): boolean;
  /** Deletion also waits on something besides metadata.finalizers (a namespace's spec.finalizers). */
  deletionBlocked?(obj: KubeObject): boolean;
  /** Marks an object whose deletion is pending (a namespace turns Terminating). */
  prepareForDeletion?(obj: KubeObject): void;
  /** Called after the object is gone from the store (release allocations). */
  afterDelete?(obj: KubeObject, ctx: StrategyContext): Promise<void> | void;
}

export const defaultStrategy: Strategy = { statusSubresource: false };
