// Strategies of core/v1 kinds other than Pod and Service.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import type { Strategy } from '../registry/strategy.ts';

const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;

function validateDataKeys(obj: KubeObject, fields: string[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of fields) {
    const data = obj[field];
    if (data === undefined || data === null) continue;
    if (!isPlainObject(data)) {
      errors.push(fieldErrors.invalid(field, data, 'must be a map of strings'));
      continue;
    }
    for (const key of Object.keys(data)) {
      if (!CONFIG_KEY.test(key) || key.length > 253) {
        errors.push(fieldErrors.invalid(`${field}[${key}]`, key, "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"));
      }
    }
  }
  return errors;
}

/** What a ConfigMap's values, or a Secret's decoded data, may total (core.MaxSecretSize). */
export const MAX_DATA_BYTES = 1024 * 1024;

/** Bytes a base64 text decodes to, counted without decoding it. */
const decodedLength = (text: string): number => Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

/** Bytes the values of `data` hold: a string as UTF-8, or what its base64 decodes to. */
function dataBytes(data: unknown, encoding: 'utf8' | 'base64'): number {
  if (!isPlainObject(data)) return 0;
  let total = 0;
  for (const v of Object.values(data)) if (typeof v === 'string') total += encoding === 'utf8' ? Buffer.byteLength(v, 'utf8') : decodedLength(v);
  return total;
}

function validateConfigMap(obj: KubeObject): FieldError[] {
  const errors = validateDataKeys(obj, ['data', 'binaryData']);
  // Go names the root path of NewPath("") "[]", so the field reads "[]".
  if (dataBytes(obj.data, 'utf8') + dataBytes(obj.binaryData, 'base64') > MAX_DATA_BYTES) errors.push(fieldErrors.tooLong('[]', undefined, MAX_DATA_BYTES));
  return errors;
}

function immutableData(next: KubeObject, prev: KubeObject, fields: string[]): FieldError[] {
  if (prev.immutable !== true) return [];
  const errors: FieldError[] = [];
  if (next.immutable !== true) errors.push(fieldErrors.forbidden('immutable', 'field is immutable when `immutable` is set'));
  for (const f of fields) {
    if (JSON.stringify(next[f] ?? null) !== JSON.stringify(prev[f] ?? null)) errors.push(fieldErrors.forbidden(f, 'field is immutable when `immutable` is set'));
  }
  return errors;
}

export const namespaceStrategy: Strategy = {
  statusSubresource: true,
  nameRule: 'label',
  // SetDefaults_Namespace: the name label is a default, which the creator owns; the finalizer and phase are the strategy's.
  applyDefaults(obj) {
    obj.metadata.labels = { ...obj.metadata.labels, 'kubernetes.io/metadata.name': obj.metadata.name ?? '' };
  },
  prepareForCreate(obj) {
    obj.spec = { finalizers: ['kubernetes'], ...(isPlainObject(obj.spec) ? obj.spec : {}) };
    obj.status = { phase: 'Active' };
  },
  prepareForUpdate(next, prev) {
    next.spec = prev.spec;
  },
  noGeneration: true,
  deletionBlocked(obj) {
    const spec = obj.spec as { finalizers?: string[] } | undefined;
    return (spec?.finalizers?.length ?? 0) > 0;
  },
  prepareForDeletion(obj) {
    obj.status = { ...(obj.status as object), phase: 'Terminating' };
  },
  selectableFields: (obj) => ({ 'status.phase': String((obj.status as { phase?: string } | undefined)?.phase ?? '') }),
};

export const configMapStrategy: Strategy = {
  statusSubresource: false,
  validate: validateConfigMap,
  validateUpdate: (next, prev) => immutableData(next, prev, ['data', 'binaryData']),
  noGeneration: true,
};

export const secretStrategy: Strategy = {
  statusSubresource: false,
  // stringData is folded into data as v1 converts, and the type defaults (SetDefaults_Secret), before the field manager.
  applyDefaults(obj) {
    mergeStringData(obj);
    obj.type ??= 'Opaque';
  },
  validate(obj) {
    const errors = validateDataKeys(obj, ['data']);
    const data = isPlainObject(obj.data) ? obj.data : {};
    for (const [k, v] of Object.entries(data)) {
      if (typeof v !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(v)) {
        errors.push(fieldErrors.invalid(`data[${k}]`, v, 'illegal base64 data'));
      }
    }
    if (dataBytes(data, 'base64') > MAX_DATA_BYTES) errors.push(fieldErrors.tooLong('data', undefined, MAX_DATA_BYTES));
    if (obj.type === 'kubernetes.io/tls') {
      for (const key of ['tls.crt', 'tls.key']) if (!(key in data)) errors.push(fieldErrors.required(`data[${key}]`));
    }
    if (obj.type === 'kubernetes.io/dockerconfigjson' && !('.dockerconfigjson' in data)) errors.push(fieldErrors.required('data[.dockerconfigjson]'));
    if (obj.type === 'kubernetes.io/service-account-token') {
      const name = obj.metadata.annotations?.['kubernetes.io/service-account.name'];
      if (!name) errors.push(fieldErrors.required('metadata.annotations[kubernetes.io/service-account.name]'));
    }
    return errors;
  },
  validateUpdate(next, prev) {
    const errors = immutableData(next, prev, ['data']);
    if (next.type !== prev.type) errors.push(fieldErrors.invalid('type', next.type, 'field is immutable'));
    return errors;
  },
  noGeneration: true,
  selectableFields: (obj) => ({ type: String(obj.type ?? '') }),
};

/** `stringData` is write-only: merged into `data` as base64, never stored. */
function mergeStringData(obj: KubeObject): void {
  if (!isPlainObject(obj.stringData)) {
    delete obj.stringData;
    return;
  }
  const data = isPlainObject(obj.data) ? { ...obj.data } : {};
  for (const [k, v] of Object.entries(obj.stringData)) data[k] = Buffer.from(String(v), 'utf8').toString('base64');
  obj.data = data;
  delete obj.stringData;
}

export const serviceAccountStrategy: Strategy = { statusSubresource: false, noGeneration: true };

const EVENT_TYPES = ['Normal', 'Warning'];

export const coreEventStrategy: Strategy = {
  statusSubresource: false,
  noGeneration: true,
  validate(obj) {
    const errors: FieldError[] = [];
    const involved = obj.involvedObject as Record<string, unknown> | undefined;
    if (!isPlainObject(involved)) errors.push(fieldErrors.required('involvedObject'));
    if (obj.type !== undefined && obj.type !== '' && !EVENT_TYPES.includes(String(obj.type))) {
      errors.push(fieldErrors.notSupported('type', obj.type, EVENT_TYPES));
    }
    return errors;
  },
  selectableFields(obj) {
    const io = (obj.involvedObject ?? {}) as Record<string, unknown>;
    const source = (obj.source ?? {}) as Record<string, unknown>;
    return {
      'involvedObject.kind': String(io.kind ?? ''),
      'involvedObject.namespace': String(io.namespace ?? ''),
      'involvedObject.name': String(io.name ?? ''),
      'involvedObject.uid': String(io.uid ?? ''),
      'involvedObject.apiVersion': String(io.apiVersion ?? ''),
      'involvedObject.resourceVersion': String(io.resourceVersion ?? ''),
      'involvedObject.fieldPath': String(io.fieldPath ?? ''),
      reason: String(obj.reason ?? ''),
      reportingComponent: String(obj.reportingComponent ?? ''),
      source: String(source.component ?? ''),
      type: String(obj.type ?? ''),
    };
  },
};

export const eventsV1Strategy: Strategy = {
  statusSubresource: false,
  noGeneration: true,
  selectableFields(obj) {
    const r = (obj.regarding ?? {}) as Record<string, unknown>;
    return {
      'regarding.kind': String(r.kind ?? ''),
      'regarding.namespace': String(r.namespace ?? ''),
      'regarding.name': String(r.name ?? ''),
      'regarding.uid': String(r.uid ?? ''),
      reason: String(obj.reason ?? ''),
      reportingController: String(obj.reportingController ?? ''),
      type: String(obj.type ?? ''),
    };
  },
};

export const nodeStrategy: Strategy = {
  statusSubresource: true,
  keepStatusOnCreate: true,
  selectableFields: (obj) => ({ 'spec.unschedulable': String((obj.spec as { unschedulable?: boolean } | undefined)?.unschedulable ?? false) }),
};

const ACCESS_MODES = ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'];

function validateAccessModes(modes: unknown, path: string): FieldError[] {
  if (!Array.isArray(modes) || modes.length === 0) return [fieldErrors.required(path, 'at least 1 access mode is required')];
  return modes.filter((m) => !ACCESS_MODES.includes(String(m))).map((m) => fieldErrors.notSupported(path, m, ACCESS_MODES));
}

export const pvcStrategy: Strategy = {
  statusSubresource: true,
  applyDefaults(obj) {
    const spec = (obj.spec ?? {}) as Record<string, unknown>;
    spec.volumeMode ??= 'Filesystem';
    obj.spec = spec;
  },
  prepareForCreate(obj) {
    obj.status = { phase: 'Pending' };
  },
  validate(obj) {
    const spec = obj.spec as Record<string, unknown> | undefined;
    if (!isPlainObject(spec)) return [fieldErrors.required('spec')];
    const errors = validateAccessModes(spec.accessModes, 'spec.accessModes');
    const storage = (spec.resources as { requests?: Record<string, unknown> } | undefined)?.requests?.storage;
    if (storage === undefined) errors.push(fieldErrors.required('spec.resources[storage]'));
    return errors;
  },
  validateUpdate(next, prev) {
    const n = { ...(next.spec as object), resources: undefined, volumeName: undefined };
    const p = { ...(prev.spec as object), resources: undefined, volumeName: undefined };
    if (JSON.stringify(n) !== JSON.stringify(p) && (prev.spec as { volumeName?: string }).volumeName) {
      return [fieldErrors.forbidden('spec', 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims')];
    }
    return [];
  },
};

export const pvStrategy: Strategy = {
  statusSubresource: true,
  applyDefaults(obj) {
    const spec = (obj.spec ?? {}) as Record<string, unknown>;
    spec.persistentVolumeReclaimPolicy ??= 'Retain';
    spec.volumeMode ??= 'Filesystem';
    obj.spec = spec;
  },
  prepareForCreate(obj) {
    obj.status = { phase: 'Pending' };
  },
  validate(obj) {
    const spec = obj.spec as Record<string, unknown> | undefined;
    if (!isPlainObject(spec)) return [fieldErrors.required('spec')];
    const errors = validateAccessModes(spec.accessModes, 'spec.accessModes');
    if ((spec.capacity as Record<string, unknown> | undefined)?.storage === undefined) errors.push(fieldErrors.required('spec.capacity'));
    return errors;
  },
};

export const resourceQuotaStrategy: Strategy = { statusSubresource: true };
export const limitRangeStrategy: Strategy = { statusSubresource: false };
export const endpointsStrategy: Strategy = { statusSubresource: false, noGeneration: true };
export const plainStrategy: Strategy = { statusSubresource: false };
export const withStatusStrategy: Strategy = { statusSubresource: true };
