// create, update, patch, delete and deletecollection on a served resource.

import { badRequest, conflict, fieldErrors, invalid, methodNotSupported, StatusError, unsupportedMediaType } from '../../machinery/errors.ts';
import { deepClone, isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { applyJsonPatch } from '../../machinery/patch/json-patch.ts';
import { applyMergePatch } from '../../machinery/patch/merge-patch.ts';
import { applyStrategicMergePatch } from '../../machinery/patch/strategic-merge.ts';
import { serverSideApply } from '../../machinery/patch/managed-fields.ts';
import { KUBECTL_MANAGER, lastAppliedTakeover, recordLastApplied } from '../../machinery/patch/last-applied.ts';
import { decodeBody, OBJECT_BODY_TYPES, requireObjectBody } from '../body.ts';
import type { ServedResource } from '../catalog.ts';
import { checkFields, parseFieldValidation } from '../field-validation.ts';
import type { ApiResponse } from '../http-types.ts';
import { formatTime } from '../registry/codec.ts';
import type { DeleteOptions, WriteContext } from '../registry/context.ts';
import { deletedStatus, deleteObject } from '../registry/delete.ts';
import { groupVersion } from '../resource.ts';
import { writeBody } from '../respond.ts';
import { listQuery } from './read.ts';
import { responseFormat, writeObject } from './output.ts';

export interface WriteRequest {
  served: ServedResource;
  namespace: string;
  name: string;
  subresource: string;
  query: URLSearchParams;
  accept: string | undefined;
  contentType: string | undefined;
  body: Buffer;
  ctx: WriteContext;
}

const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

function dryRun(query: URLSearchParams): boolean {
  const values = query.getAll('dryRun');
  for (const v of values) if (v !== 'All') throw badRequest(`unsupported dry run option: ${v}`);
  return values.length > 0;
}

/** Without `fieldManager`, the manager is the user agent's program name, as kube-apiserver derives it. */
export function writeContext(query: URLSearchParams, base: Omit<WriteContext, 'dryRun' | 'fieldManager'>, userAgent?: string): WriteContext {
  const fromAgent = userAgent ? userAgent.split('/')[0]!.slice(0, 128) : undefined;
  const fieldManager = query.get('fieldManager') ?? (fromAgent || undefined);
  if (fieldManager !== undefined && (fieldManager.length > 128 || /[^\x20-\x7e]/.test(fieldManager))) {
    throw badRequest('fieldManager: Invalid value: must be no more than 128 printable characters');
  }
  return { ...base, dryRun: dryRun(query), fieldManager };
}

function objectFromBody(r: WriteRequest): KubeObject {
  const decoded = decodeBody(r.body, r.contentType, OBJECT_BODY_TYPES);
  requireObjectBody(decoded.value);
  const mode = parseFieldValidation(r.query.get('fieldValidation'));
  const checked = checkFields(r.served.type, decoded.value, decoded.text, mode, r.ctx.warnings, 'object');
  const obj = checked as KubeObject;
  obj.metadata = (obj.metadata ?? {}) as KubeObject['metadata'];
  return obj;
}

export async function handleCreate(r: WriteRequest, res: ApiResponse): Promise<void> {
  if (r.name && r.subresource === '') throw methodNotSupported(r.served.registry.groupResource, 'create');
  const obj = objectFromBody(r);
  const created = await r.served.registry.create(r.namespace, obj, r.ctx);
  writeObject(res, 201, r.served.type, created, responseFormat(r.accept), r.query, r.served.registry.now());
}

export async function handleUpdate(r: WriteRequest, res: ApiResponse): Promise<void> {
  const obj = objectFromBody(r);
  const prevUid = obj.metadata.uid;
  const updated = await r.served.registry.update(r.namespace, r.name, obj, r.ctx, r.subresource);
  if (prevUid && prevUid !== updated.metadata.uid) {
    throw conflict(r.served.registry.groupResource, r.name, `Precondition failed: UID in precondition: ${prevUid}, UID in object meta: ${updated.metadata.uid}`);
  }
  writeObject(res, 200, r.served.type, updated, responseFormat(r.accept), r.query, r.served.registry.now());
}

function applyPatchBody(r: WriteRequest, mediaType: string, patch: unknown, current: KubeObject): KubeObject {
  const { type } = r.served;
  switch (mediaType) {
    case 'application/json-patch+json':
      return applyJsonPatch(current, patch) as KubeObject;
    case 'application/merge-patch+json':
      return applyMergePatch(current, patch) as KubeObject;
    case 'application/strategic-merge-patch+json':
      return applyStrategicMergePatch(current, patch, r.served.registry.strategy.patchSchema ?? {}) as KubeObject;
    default:
      throw unsupportedMediaType(PATCH_TYPES.filter((t) => type.strategicMergePatch || !t.includes('strategic')));
  }
}

export async function handlePatch(r: WriteRequest, res: ApiResponse): Promise<void> {
  const { type, registry } = r.served;
  const accepted = PATCH_TYPES.filter((t) => type.strategicMergePatch || !t.includes('strategic'));
  const decoded = decodeBody(r.body, r.contentType, accepted);
  const mode = parseFieldValidation(r.query.get('fieldValidation'));
  const format = responseFormat(r.accept);
  if (decoded.mediaType === 'application/apply-patch+yaml') {
    await handleApply(r, decoded.value, decoded.text, mode, res);
    return;
  }
  const patch = decoded.value;
  const rvPrecondition = isPlainObject(patch) && isPlainObject(patch.metadata) ? patch.metadata.resourceVersion : undefined;
  const updated = await registry.guaranteedUpdate(r.namespace, r.name, r.ctx, r.subresource, (current) => {
    if (typeof rvPrecondition === 'string' && rvPrecondition !== current.metadata.resourceVersion) throw conflict(registry.groupResource, r.name);
    const patched = applyPatchBody(r, decoded.mediaType, patch, current);
    if (!isPlainObject(patched) || !isPlainObject(patched.metadata)) throw badRequest('the patch produced an object without metadata');
    if (patched.metadata.name !== current.metadata.name) {
      throw invalid({ group: type.group, kind: type.kind }, r.name, [fieldErrors.invalid('metadata.name', patched.metadata.name, 'field is immutable')]);
    }
    if (type.namespaced && patched.metadata.namespace !== current.metadata.namespace) {
      throw invalid({ group: type.group, kind: type.kind }, r.name, [fieldErrors.invalid('metadata.namespace', patched.metadata.namespace, 'field is immutable')]);
    }
    return checkFields(type, patched, undefined, mode, r.ctx.warnings) as KubeObject;
  });
  writeObject(res, 200, type, updated, format, r.query, registry.now());
}

async function handleApply(r: WriteRequest, applied: unknown, text: string | undefined, mode: ReturnType<typeof parseFieldValidation>, res: ApiResponse): Promise<void> {
  const { type, registry } = r.served;
  const manager = r.query.has('fieldManager') ? r.ctx.fieldManager : undefined;
  if (!manager) throw badRequest('PATCH requests with apply patch type require fieldManager query parameter');
  requireObjectBody(applied);
  const force = r.query.get('force') === 'true';
  const config = checkFields(type, applied, text, mode, r.ctx.warnings) as KubeObject;
  config.metadata ??= {};
  if (config.metadata.name && config.metadata.name !== r.name) {
    throw badRequest(`the name of the object (${config.metadata.name}) does not match the name on the URL (${r.name})`);
  }
  const gv = groupVersion(type);
  if (config.apiVersion !== gv || config.kind !== type.kind) {
    throw badRequest(`apiVersion and kind of the applied configuration must be ${gv}, ${type.kind}`);
  }
  const schema = registry.strategy.patchSchema ?? {};
  const now = formatTime(registry.now());
  const byKubectl = manager === KUBECTL_MANAGER;
  const applyOpts = (live?: KubeObject) => ({
    statusSubresource: registry.strategy.statusSubresource,
    subresource: r.subresource || undefined,
    takeover: byKubectl ? () => lastAppliedTakeover(live, gv, schema) : undefined,
  });
  const existing = await registry.tryGet(r.namespace, r.name);
  const format = responseFormat(r.accept);
  if (!existing) {
    const { object, managedFields } = applyOrConflict(r, () => serverSideApply(undefined, config, manager, gv, now, force, schema, applyOpts()));
    object.metadata.name = r.name;
    object.metadata.managedFields = managedFields;
    try {
      const created = await registry.create(r.namespace, object, { ...r.ctx, fieldManager: manager, applied: true });
      writeObject(res, 201, type, created, format, r.query, registry.now());
      return;
    } catch (err) {
      // Another writer created it since we looked: apply onto theirs, as kube-apiserver retries.
      if (!(err instanceof StatusError && err.reason === 'AlreadyExists')) throw err;
    }
  }
  const ctx = { ...r.ctx, fieldManager: manager, applied: true };
  const updated = await registry.guaranteedUpdate(r.namespace, r.name, ctx, r.subresource, (current) => {
    const { object, managedFields } = applyOrConflict(r, () => serverSideApply(current, config, manager, gv, now, force, schema, applyOpts(current)));
    object.metadata.managedFields = managedFields;
    if (byKubectl) recordLastApplied(object, config);
    return object;
  });
  writeObject(res, 200, type, updated, format, r.query, registry.now());
}

function applyOrConflict<T>(r: WriteRequest, apply: () => T): T {
  try {
    return apply();
  } catch (err) {
    if (err instanceof StatusError && err.reason === 'Conflict' && !err.details?.name) {
      throw new StatusError(409, 'Conflict', err.message, { ...err.details, name: r.name, group: r.served.type.group, kind: r.served.type.plural });
    }
    throw err;
  }
}

export function parseDeleteOptions(body: Buffer, contentType: string | undefined, query: URLSearchParams): DeleteOptions {
  let opts: DeleteOptions = {};
  if (body.length > 0) {
    const decoded = decodeBody(body, contentType, OBJECT_BODY_TYPES);
    if (!isPlainObject(decoded.value)) throw badRequest('DeleteOptions must be an object');
    opts = decoded.value as DeleteOptions;
  }
  return checkedDeleteOptions(opts, query);
}

/** DeleteOptions as a delete (or an eviction's `deleteOptions`) gives them, with the query's overrides, validated. */
export function checkedDeleteOptions(opts: DeleteOptions, query: URLSearchParams = new URLSearchParams()): DeleteOptions {
  const grace = query.get('gracePeriodSeconds');
  if (grace !== null) opts.gracePeriodSeconds = Number(grace);
  const policy = query.get('propagationPolicy');
  if (policy) opts.propagationPolicy = policy as DeleteOptions['propagationPolicy'];
  if (opts.propagationPolicy && !['Foreground', 'Background', 'Orphan'].includes(opts.propagationPolicy)) {
    throw badRequest(`propagationPolicy: Unsupported value: "${opts.propagationPolicy}": supported values: "Foreground", "Background", "Orphan"`);
  }
  if (opts.gracePeriodSeconds !== undefined && (!Number.isInteger(opts.gracePeriodSeconds) || opts.gracePeriodSeconds < 0)) {
    throw badRequest(`gracePeriodSeconds: Invalid value: ${opts.gracePeriodSeconds}: must be greater than or equal to 0`);
  }
  return opts;
}

export async function handleDelete(r: WriteRequest, res: ApiResponse): Promise<void> {
  const { registry, type } = r.served;
  if (r.subresource) throw methodNotSupported(registry.groupResource, 'delete');
  const opts = parseDeleteOptions(r.body, r.contentType, r.query);
  const result = await deleteObject(registry, r.namespace, r.name, opts, r.ctx);
  const format = responseFormat(r.accept);
  if (result.deleted && format.kind !== 'table') writeBody(res, 200, type.kind === 'Pod' ? result.object : deletedStatus(registry, result.object));
  else writeObject(res, 200, type, result.object, format, r.query, registry.now());
}

export async function handleDeleteCollection(r: WriteRequest, res: ApiResponse): Promise<void> {
  const { registry, type } = r.served;
  const opts = parseDeleteOptions(r.body, r.contentType, r.query);
  const list = await registry.list(r.namespace, listQuery(r.query));
  const items: KubeObject[] = [];
  for (const item of list.items) {
    try {
      const result = await deleteObject(registry, item.metadata.namespace ?? '', item.metadata.name!, opts, r.ctx);
      items.push(result.object);
    } catch (err) {
      if (!(err instanceof StatusError && err.code === 404)) throw err;
    }
  }
  writeBody(res, 200, { apiVersion: groupVersion(type), kind: type.listKind, metadata: { resourceVersion: list.metadata.resourceVersion }, items: items.map(deepClone) });
}

