// The generic registry: one per served resource, turning API verbs into compare-and-swap
// writes on the store, with the kind's strategy and the admission chain in between.

import {
  alreadyExists,
  badRequest,
  conflict,
  invalid,
  notFound,
  resourceExpired,
  StatusError,
  tooLargeResourceVersion,
  type FieldError,
} from '../../machinery/errors.ts';
import { deepClone, deepEqual, type KubeList, type KubeObject } from '../../machinery/object.ts';
import { updateManagedFields } from '../../machinery/patch/managed-fields.ts';
import type { PatchSchema } from '../../machinery/patch/schema.ts';
import { validateObjectMetaNames } from '../../machinery/validation/names.ts';
import { FutureRevisionError } from '../../storage/revisions.ts';
import { CompactedError, KeyExistsError, KeyNotFoundError, RevisionMismatchError, type Store, type StoredValue } from '../../storage/store.ts';
import type { MaybePromise } from '../../machinery/maybe-promise.ts';
import type { AdmissionChain, AdmissionOperation, AdmissionRequest } from '../admission/admission.ts';
import { groupVersion, type ResourceType } from '../resource.ts';
import { decodeAsTyped } from './typed-decoding.ts';
import { DecodedObjects } from './decoded-objects.ts';
import { decodeStoredValue, encodeForStore, formatTime, InvalidResourceVersion, parseResourceVersion } from './codec.ts';
import type { ListQuery, WriteContext } from './context.ts';
import { continueExpired, decodeContinue, encodeContinue } from './continue-token.ts';
import { collectionPrefix, objectKey } from './keys.ts';
import { bumpGeneration, carryMetaForUpdate, comparable, fillMetaForCreate, generateName } from './object-meta.ts';
import { buildSelection } from './selection.ts';
import { shapeUpdate, statusPart } from './status-split.ts';
import { watchCopy } from './watch-copy.ts';
import type { Strategy, StrategyServices } from './strategy.ts';

export interface RegistryDeps {
  store: Store;
  admission: AdmissionChain;
  services: StrategyServices;
  now(): Date;
}

export type UpdateFn = (current: KubeObject) => KubeObject | Promise<KubeObject>;

export interface GuaranteedUpdateOptions {
  /**
   * `mutate` only reads the object it is given and returns a new one: it is then given the current
   * object itself instead of a copy.
   */
  mutateReadsOnly?: boolean;
}

export interface ReadOptions {
  /**
   * The caller only reads what it gets (serializes it, hands it to watchers): it may be given the
   * objects the registry's watches share instead of copies of them.
   */
  shared?: boolean;
}

const MAX_CAS_RETRIES = 16;

/** The schema of a kind that declares none (one object, so what the field manager keeps per schema is found again). */
const NO_PATCH_SCHEMA: PatchSchema = Object.freeze({});

export class ResourceRegistry {
  /** What this registry's watches decoded, for reads of the same revision. */
  readonly decoded = new DecodedObjects();
  /** Watches open on this registry (watch.ts counts them): a write's copy for them is made only when there are some. */
  openWatches = 0;

  constructor(
    readonly rt: ResourceType,
    readonly strategy: Strategy,
    protected readonly deps: RegistryDeps,
  ) {}

  get groupResource() {
    return { group: this.rt.group, resource: this.rt.plural };
  }

  get store(): Store {
    return this.deps.store;
  }

  now(): Date {
    return this.deps.now();
  }

  strategyContext(now: Date = this.deps.now()) {
    return { now, services: this.deps.services };
  }

  key(namespace: string, name: string): string {
    return objectKey(this.rt, namespace, name);
  }

  async get(namespace: string, name: string, resourceVersion?: string, opts: ReadOptions = {}): Promise<KubeObject> {
    const revision = this.exactRevision(resourceVersion);
    try {
      const sv = await this.deps.store.get(this.key(namespace, name), revision ? { revision } : undefined);
      if (!sv) throw notFound(this.groupResource, name);
      return this.objectOf(sv, opts);
    } catch (err) {
      throw this.mapStoreError(err, name);
    }
  }

  async tryGet(namespace: string, name: string): Promise<KubeObject | undefined> {
    const sv = await this.deps.store.get(this.key(namespace, name));
    return sv ? this.objectOf(sv) : undefined;
  }

  async list(namespace: string, q: ListQuery = {}, opts: ReadOptions = {}): Promise<KubeList> {
    const selection = buildSelection(this.rt, this.strategy, q.labelSelector, q.fieldSelector);
    const prefix = collectionPrefix(this.rt, namespace);
    let revision = 0;
    let startKey: string | undefined;
    if (q.continue) {
      const token = decodeContinue(q.continue);
      revision = token.rv;
      startKey = token.start;
    } else if (q.resourceVersionMatch === 'Exact') {
      revision = this.exactRevision(q.resourceVersion);
    } else {
      this.exactRevision(q.resourceVersion);
    }
    const limit = q.limit && q.limit > 0 ? q.limit : 0;
    const items: KubeObject[] = [];
    let listRevision = 0;
    let nextKey: string | undefined;
    let remaining: number | undefined;
    try {
      for (;;) {
        const chunk = await this.deps.store.list(prefix, {
          revision: revision || undefined,
          startKey,
          limit: limit ? Math.max(limit - items.length, selection.empty ? 0 : 64) : undefined,
          ...(selection.needles.length ? { valueContains: selection.needles } : {}),
        });
        listRevision = chunk.revision;
        revision = chunk.revision;
        let consumed = 0;
        for (const sv of chunk.items) {
          consumed++;
          if (!selection.needles.every((n) => sv.value.includes(n))) continue;
          const obj = this.objectOf(sv, opts);
          if (selection.matches(obj)) items.push(obj);
          if (limit && items.length >= limit) break;
        }
        const cutInside = consumed < chunk.items.length;
        if (limit && items.length >= limit && (cutInside || chunk.more)) {
          const lastKey = chunk.items[consumed - 1]!.key;
          nextKey = lastKey + '\u0000';
          if (selection.empty) remaining = chunk.remaining + (chunk.items.length - consumed);
          break;
        }
        if (!chunk.more) break;
        startKey = chunk.items[chunk.items.length - 1]!.key + '\u0000';
      }
    } catch (err) {
      if (err instanceof CompactedError && q.continue) throw continueExpired();
      throw this.mapStoreError(err, '');
    }
    const metadata: KubeList['metadata'] = { resourceVersion: String(listRevision) };
    if (nextKey !== undefined) {
      metadata.continue = encodeContinue(listRevision, nextKey);
      if (remaining !== undefined) metadata.remainingItemCount = remaining;
    }
    return { apiVersion: groupVersion(this.rt), kind: this.rt.listKind, metadata, items };
  }

  async create(namespace: string, input: KubeObject, ctx: WriteContext): Promise<KubeObject> {
    const obj = deepClone(input);
    this.checkTypeMeta(obj);
    this.checkNamespace(obj, namespace);
    decodeAsTyped(this.rt, obj);
    const now = this.deps.now();
    fillMetaForCreate(obj, now, this.strategy);
    // A built-in kind's status is a Go struct, stored empty (`{}`) until its controller writes it;
    // a custom resource's is dropped.
    if (this.strategy.statusSubresource && !this.strategy.keepStatusOnCreate) {
      if (this.rt.strategicMergePatch) obj.status = {};
      else delete obj.status;
    }
    if (!obj.metadata.name && obj.metadata.generateName) obj.metadata.name = generateName(obj.metadata.generateName);
    // kube-apiserver's order: defaulting, the field manager, mutating admission, the strategy,
    // validation, validating admission. What admission and the strategy add belongs to no manager.
    this.strategy.applyDefaults?.(obj);
    this.setManagedFields(undefined, obj, ctx, now, '');
    const mutated = this.admit('mutate', 'CREATE', namespace, obj, undefined, ctx, '');
    if (mutated) await mutated;
    const sctx = { ...this.strategyContext(now), warn: (message: string) => ctx.warnings.push(message) };
    let stored = false;
    try {
      const prepared = this.strategy.prepareForCreate?.(obj, sctx);
      if (prepared) await prepared;
      this.validateOrThrow(obj, [...(this.strategy.validate?.(obj) ?? []), ...(this.strategy.validateCreate?.(obj) ?? [])]);
      ctx.warnings.push(...(this.strategy.warningsOnCreate?.(obj) ?? []));
      const validated = this.admit('validate', 'CREATE', namespace, obj, undefined, ctx, '');
      if (validated) await validated;
      if (ctx.dryRun) return this.withTypeMeta(obj);
      for (let attempt = 0; ; attempt++) {
        try {
          const key = this.key(namespace, obj.metadata.name!);
          const created = await this.storeWrite(key, obj, (text) => this.deps.store.create(key, text));
          stored = true;
          return created;
        } catch (err) {
          if (err instanceof KeyExistsError) {
            if (input.metadata.generateName && !input.metadata.name && attempt < 8) {
              obj.metadata.name = generateName(input.metadata.generateName);
              continue;
            }
            throw alreadyExists(this.groupResource, obj.metadata.name!);
          }
          throw this.mapStoreError(err, obj.metadata.name!);
        }
      }
    } finally {
      const finished = this.strategy.finishCreate?.(obj, stored, sctx);
      if (finished) await finished;
    }
  }

  /** PUT: replace the object (or only its status), refusing a stale resourceVersion. */
  async update(namespace: string, name: string, input: KubeObject, ctx: WriteContext, subresource = ''): Promise<KubeObject> {
    this.checkTypeMeta(input);
    this.checkNamespace(input, namespace);
    if (input.metadata.name && input.metadata.name !== name) {
      throw badRequest(`the name of the object (${input.metadata.name}) does not match the name on the URL (${name})`);
    }
    const requestedRv = input.metadata.resourceVersion ? parseResourceVersion(input.metadata.resourceVersion) : 0;
    return this.guaranteedUpdate(
      namespace,
      name,
      ctx,
      subresource,
      (current) => {
        if (requestedRv && String(requestedRv) !== current.metadata.resourceVersion) {
          throw conflict(this.groupResource, name);
        }
        const next = subresource === 'status' ? statusPart(input) : deepClone(input);
        next.metadata.name = name;
        if (this.rt.namespaced) next.metadata.namespace = namespace;
        return next;
      },
      { mutateReadsOnly: true },
    );
  }

  /**
   * Read–modify–write with compare-and-swap, retried on races. `mutate` returns the desired object;
   * the registry carries server-owned metadata, applies status-subresource rules, validates, admits,
   * and skips the write entirely when nothing changed.
   */
  async guaranteedUpdate(namespace: string, name: string, ctx: WriteContext, subresource: string, mutate: UpdateFn, opts: GuaranteedUpdateOptions = {}): Promise<KubeObject> {
    for (let attempt = 0; attempt < MAX_CAS_RETRIES; attempt++) {
      const sv = await this.deps.store.get(this.key(namespace, name));
      if (!sv) throw notFound(this.groupResource, name);
      // The object the watches already hold, when they do: this write only reads it (and copies what it keeps).
      const shared = this.decoded.sharedAt(sv.key, sv.modRevision);
      const current = shared ?? this.withTypeMeta(decodeStoredValue(sv));
      const desired = await mutate(opts.mutateReadsOnly ? current : deepClone(current));
      const next = shapeUpdate(desired, current, subresource, this.strategy);
      decodeAsTyped(this.rt, next);
      const now = this.deps.now();
      carryMetaForUpdate(next, current, this.strategy);
      this.applyDefaults(next, subresource);
      const sentFields = next.metadata.managedFields;
      this.setManagedFields(current, next, ctx, now, subresource);
      const mutated = this.admit('mutate', 'UPDATE', namespace, next, current, ctx, subresource);
      if (mutated) await mutated;
      const sctx = { ...this.strategyContext(now), warn: (message: string) => ctx.warnings.push(message) };
      // What the attempt ended as, for the strategy's finishUpdate (a deletion released everything already).
      let outcome: 'stored' | 'deleted' | undefined;
      try {
        const prepared =
          subresource === '' ? this.strategy.prepareForUpdate?.(next, current, sctx) : this.strategy.prepareForSubresourceUpdate?.(subresource, next, current, sctx);
        if (prepared) await prepared;
        bumpGeneration(next, current, this.strategy, subresource);
        const own = subresource ? this.strategy.validateSubresourceUpdate?.(subresource, next, current) : undefined;
        this.validateOrThrow(next, [
          ...(this.strategy.validate?.(next) ?? []),
          ...(own ?? this.strategy.validateUpdate?.(next, current) ?? []),
        ]);
        if (subresource === '') ctx.warnings.push(...(this.strategy.warningsOnUpdate?.(next, current) ?? []));
        const validated = this.admit('validate', 'UPDATE', namespace, next, current, ctx, subresource);
        if (validated) await validated;
        const fieldsUnchanged = sentFields === undefined || deepEqual(sentFields, current.metadata.managedFields);
        // A status write usually changes the status: comparing it first spares walking the rest.
        const statusMoved = subresource === 'status' && !deepEqual(next.status, current.status);
        if (fieldsUnchanged && !statusMoved && deepEqual(comparable(next), comparable(current))) return shared ? deepClone(current) : current;
        if (ctx.dryRun) return this.withTypeMeta({ ...next, metadata: { ...next.metadata, resourceVersion: current.metadata.resourceVersion } });
        if (this.finalizersEmptiedWhileTerminating(next)) {
          try {
            await this.deps.store.delete(this.key(namespace, name), sv.modRevision);
            outcome = 'deleted';
            await this.strategy.afterDelete?.(next, sctx);
            return next;
          } catch (err) {
            if (err instanceof RevisionMismatchError) continue;
            throw this.mapStoreError(err, name);
          }
        }
        try {
          const key = this.key(namespace, name);
          const updated = await this.storeWrite(key, next, (text) => this.deps.store.update(key, text, sv.modRevision), shared);
          outcome = 'stored';
          return updated;
        } catch (err) {
          if (err instanceof RevisionMismatchError) continue;
          if (err instanceof KeyNotFoundError) throw notFound(this.groupResource, name);
          throw this.mapStoreError(err, name);
        }
      } finally {
        if (subresource === '' && outcome !== 'deleted') {
          const finished = this.strategy.finishUpdate?.(next, current, outcome === 'stored', sctx);
          if (finished) await finished;
        }
      }
    }
    throw conflict(this.groupResource, name, 'the object has been modified too often; please retry');
  }

  /**
   * Stores `obj` (this call's own copy) under `key` through `write`, a create or an update of its
   * text, and answers the object as stored: `obj` itself when the store kept the text as given,
   * else the store's value (a view store maps what it is given). When watches will want it, a
   * JSON-exact copy of what a decode would give (type meta set, resourceVersion last, as
   * decodeStored puts it) is handed to them instead, as the caller keeps `obj` (watch-copy.ts).
   */
  private async storeWrite(key: string, obj: KubeObject, write: (text: string) => Promise<StoredValue>, previous?: KubeObject): Promise<KubeObject> {
    const encoded = encodeForStore(obj);
    if (this.openWatches > 0) this.decoded.expectWrite(key, encoded, this.withTypeMeta(watchCopy(obj, previous)));
    let sv: StoredValue;
    try {
      sv = await write(encoded);
    } catch (err) {
      this.decoded.abandonWrite(key, encoded);
      throw err;
    }
    if (sv.value !== encoded) return this.withTypeMeta(decodeStoredValue(sv));
    this.decoded.claimWrite(key, encoded, sv.modRevision);
    obj.metadata.resourceVersion = String(sv.modRevision);
    return this.withTypeMeta(obj);
  }

  private finalizersEmptiedWhileTerminating(obj: KubeObject): boolean {
    return (
      obj.metadata.deletionTimestamp !== undefined &&
      (obj.metadata.finalizers?.length ?? 0) === 0 &&
      !this.strategy.deletionBlocked?.(obj) &&
      !this.gracePending(obj)
    );
  }

  /** A graceful deletion (a pod on a node) still inside its grace period, waiting for whoever finishes it. */
  gracePending(obj: KubeObject): boolean {
    return (obj.metadata.deletionGracePeriodSeconds ?? 0) > 0 && (this.strategy.gracefulDeletionWaits?.(obj) ?? false);
  }

  /** The defaults a write's body gets as it decodes: the kind's, or its status' for a `/status` write. */
  private applyDefaults(obj: KubeObject, subresource: string): void {
    if (subresource === '') this.strategy.applyDefaults?.(obj);
    else if (subresource === 'status') this.strategy.applyStatusDefaults?.(obj);
  }

  /** Records who changed what; a server-side apply has already computed its own entries. */
  private setManagedFields(prev: KubeObject | undefined, next: KubeObject, ctx: WriteContext, now: Date, subresource: string): void {
    // A binding writes to storage past the field manager (BindingREST): pods carry no entry for it.
    if (ctx.applied || subresource === 'binding') return;
    const manager = ctx.fieldManager || 'unknown';
    const fields = updateManagedFields(prev, next, manager, 'Update', groupVersion(this.rt), formatTime(now), this.strategy.patchSchema ?? NO_PATCH_SCHEMA, subresource || undefined, {
      statusSubresource: this.strategy.statusSubresource,
    });
    if (fields.length) next.metadata.managedFields = fields;
    else delete next.metadata.managedFields;
  }

  /** The admission chain's phase on a write; a promise only when a plug-in has to wait for something. */
  admit(phase: 'mutate' | 'validate' | 'both', operation: AdmissionOperation, namespace: string, obj: KubeObject | undefined, old: KubeObject | undefined, ctx: WriteContext, subresource: string): MaybePromise<void> {
    const chain = this.deps.admission;
    const req: AdmissionRequest = {
      operation,
      resource: this.rt,
      subresource,
      namespace,
      name: obj?.metadata.name ?? old?.metadata.name ?? '',
      object: obj,
      oldObject: old,
      user: ctx.user,
      dryRun: ctx.dryRun,
      warnings: ctx.warnings,
      normalize: (patched) => {
        decodeAsTyped(this.rt, patched);
        this.applyDefaults(patched, subresource);
      },
    };
    return phase === 'mutate' ? chain.mutate(req) : phase === 'validate' ? chain.validate(req) : chain.admit(req);
  }

  validateOrThrow(obj: KubeObject, kindErrors: FieldError[]): void {
    const errors = [
      ...validateObjectMetaNames(obj.metadata, { namespaced: this.rt.namespaced, nameRule: this.strategy.nameRule ?? 'subdomain' }),
      ...kindErrors,
    ];
    if (errors.length) throw invalid({ group: this.rt.group, kind: this.rt.kind }, obj.metadata.name ?? obj.metadata.generateName ?? '', errors);
  }

  /** The caller's own copy of a stored object. */
  private objectOf(sv: StoredValue, opts: ReadOptions = {}): KubeObject {
    const known = opts.shared ? this.decoded.sharedAt(sv.key, sv.modRevision) : this.decoded.copyAt(sv.key, sv.modRevision);
    return known ?? this.withTypeMeta(decodeStoredValue(sv));
  }

  withTypeMeta(obj: KubeObject): KubeObject {
    obj.apiVersion = groupVersion(this.rt);
    obj.kind = this.rt.kind;
    return obj;
  }

  private checkTypeMeta(obj: KubeObject): void {
    const gv = groupVersion(this.rt);
    if (obj.kind && obj.kind !== this.rt.kind) {
      throw badRequest(`the kind of the object (${obj.kind}) does not match the expected kind (${this.rt.kind})`);
    }
    if (obj.apiVersion && obj.apiVersion !== gv) {
      throw badRequest(`the API version in the data (${obj.apiVersion}) does not match the expected API version (${gv})`);
    }
  }

  private checkNamespace(obj: KubeObject, namespace: string): void {
    // Written only when it changes: an in-process caller may hand over an informer's (shared) object.
    if (!this.rt.namespaced) {
      if (obj.metadata.namespace !== undefined) delete obj.metadata.namespace;
      return;
    }
    if (obj.metadata.namespace && obj.metadata.namespace !== namespace) {
      throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    if (obj.metadata.namespace !== namespace) obj.metadata.namespace = namespace;
  }

  exactRevision(resourceVersion: string | undefined): number {
    try {
      return parseResourceVersion(resourceVersion);
    } catch (err) {
      if (err instanceof InvalidResourceVersion) throw badRequest(`invalid resource version: ${err.value}`);
      throw err;
    }
  }

  mapStoreError(err: unknown, name: string): unknown {
    if (err instanceof StatusError) return err;
    if (err instanceof CompactedError) return resourceExpired(err.requested, err.compacted);
    if (err instanceof FutureRevisionError) return tooLargeResourceVersion(err.requested, err.current);
    if (err instanceof KeyNotFoundError) return notFound(this.groupResource, name);
    if (err instanceof KeyExistsError) return alreadyExists(this.groupResource, name);
    if (err instanceof RevisionMismatchError) return conflict(this.groupResource, name);
    return err;
  }
}
