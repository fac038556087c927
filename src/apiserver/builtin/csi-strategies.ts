// storage.k8s.io/v1 CSINode, VolumeAttachment and CSIStorageCapacity: what the kubelet, the
// attach/detach controller and a CSI driver's sidecars record, validated as kube-apiserver's
// storage validation does.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { labelSelectorFromObject, type LabelSelectorObject } from '../../machinery/labels.ts';
import { deepEqual, isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { Quantity, QuantityParseError } from '../../machinery/quantity.ts';
import { goStringSlice, isDNS1123Subdomain, isQualifiedName, isValidPathSegmentName } from '../../machinery/validation/names.ts';
import type { Strategy } from '../registry/strategy.ts';

type Json = Record<string, unknown>;

const objectAt = (v: unknown): Json => (isPlainObject(v) ? (v as Json) : {});
const CSI_DRIVER_NAME = /^[a-zA-Z0-9][-a-zA-Z0-9_.]{0,61}[a-zA-Z-0-9]$/;
const CSI_NODE_ID_MAX = 192;
const ATTACH_ERROR_MESSAGE_MAX = 1024;

/** validateCSIDriverName: the name a CSI driver reports, used as CSINode driver and VolumeAttachment attacher. */
export function validateCSIDriverName(value: unknown, field: string): FieldError[] {
  if (typeof value !== 'string' || value === '') return [fieldErrors.required(field)];
  if (value.length > 63) return [fieldErrors.tooLong(field, value, 63)];
  if (!CSI_DRIVER_NAME.test(value)) {
    return [
      fieldErrors.invalid(
        field,
        value,
        `a valid CSI driver name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '${CSI_DRIVER_NAME.source}')`,
      ),
    ];
  }
  return [];
}

function driversOf(obj: KubeObject): Json[] {
  const drivers = objectAt(obj.spec).drivers;
  return Array.isArray(drivers) ? drivers.map(objectAt) : [];
}

function validateCSINodeDriver(driver: Json, field: string, seen: Set<string>): FieldError[] {
  const errors = validateCSIDriverName(driver.name, `${field}.name`);
  if (typeof driver.name === 'string' && driver.name !== '') {
    if (seen.has(driver.name)) errors.push(fieldErrors.duplicate(`${field}.name`, driver.name));
    seen.add(driver.name);
  }
  const nodeID = driver.nodeID;
  if (typeof nodeID !== 'string' || nodeID === '') errors.push(fieldErrors.required(`${field}.nodeID`));
  else if (nodeID.length > CSI_NODE_ID_MAX) errors.push(fieldErrors.invalid(`${field}.nodeID`, nodeID, `must be ${CSI_NODE_ID_MAX} characters or less`));
  const keys = Array.isArray(driver.topologyKeys) ? driver.topologyKeys : [];
  const keysSeen = new Set<unknown>();
  keys.forEach((key, i) => {
    const at = `${field}.topologyKeys[${i}]`;
    if (typeof key !== 'string' || key === '') errors.push(fieldErrors.required(at));
    else errors.push(...isQualifiedName(key).map((msg) => fieldErrors.invalid(at, key, msg)));
    if (keysSeen.has(key)) errors.push(fieldErrors.duplicate(at, key));
    keysSeen.add(key);
  });
  const count = objectAt(driver.allocatable).count;
  if (typeof count === 'number' && count < 0) errors.push(fieldErrors.invalid(`${field}.allocatable.count`, count, 'must be greater than or equal to 0'));
  return errors;
}

/** CSINode: one per node, named after it, the drivers registered there. */
export const csiNodeStrategy: Strategy = {
  statusSubresource: false,
  validate(obj) {
    if (!isPlainObject(obj.spec)) return [fieldErrors.required('spec')];
    const seen = new Set<string>();
    return driversOf(obj).flatMap((d, i) => validateCSINodeDriver(d, `spec.drivers[${i}]`, seen));
  },
  validateUpdate(next, prev) {
    const before = new Map(driversOf(prev).map((d) => [d.name, d]));
    const errors: FieldError[] = [];
    driversOf(next).forEach((d, i) => {
      const old = before.get(d.name);
      if (!old) return;
      for (const f of ['nodeID', 'topologyKeys', 'allocatable'] as const) {
        if (deepEqual(d[f] ?? null, old[f] ?? null)) continue;
        const at = `spec.drivers[${i}].${f}`;
        // A []string field prints as Go's %#v does: []string(nil), []string{"a"}.
        errors.push(f === 'topologyKeys' ? fieldErrors.invalidRendered(at, goStringSlice(Array.isArray(d.topologyKeys) ? (d.topologyKeys as string[]) : undefined), 'field is immutable') : fieldErrors.invalid(at, d[f] ?? null, 'field is immutable'));
      }
    });
    return errors;
  },
};

function validateAttachmentSource(source: unknown): FieldError[] {
  const s = objectAt(source);
  const byName = s.persistentVolumeName;
  const inline = s.inlineVolumeSpec;
  const given = [byName, inline].filter((v) => v !== undefined && v !== null).length;
  if (given === 0) return [fieldErrors.required('spec.source', 'must specify exactly one of inlineVolumeSpec and persistentVolumeName')];
  if (given > 1) return [fieldErrors.forbidden('spec.source', 'must specify exactly one of inlineVolumeSpec and persistentVolumeName')];
  if (byName !== undefined && byName !== null) {
    if (typeof byName !== 'string' || byName === '') return [fieldErrors.required('spec.source.persistentVolumeName', 'must specify non empty persistentVolumeName')];
    return isValidPathSegmentName(byName).map((msg) => fieldErrors.invalid('spec.source.persistentVolumeName', byName, msg));
  }
  return isPlainObject(inline) ? [] : [fieldErrors.invalid('spec.source.inlineVolumeSpec', inline, 'must be an object')];
}

function validateAttachmentError(value: unknown, field: string): FieldError[] {
  const message = objectAt(value).message;
  return typeof message === 'string' && message.length > ATTACH_ERROR_MESSAGE_MAX
    ? [fieldErrors.tooLong(`${field}.message`, message, ATTACH_ERROR_MESSAGE_MAX)]
    : [];
}

/** VolumeAttachment: a volume to attach to (or detach from) a node, and whether it is. */
export const volumeAttachmentStrategy: Strategy = {
  statusSubresource: true,
  validate(obj) {
    const spec = objectAt(obj.spec);
    const errors = validateCSIDriverName(spec.attacher, 'spec.attacher');
    const node = spec.nodeName;
    if (typeof node !== 'string' || node === '') errors.push(fieldErrors.required('spec.nodeName'));
    else errors.push(...isDNS1123Subdomain(node).map((msg) => fieldErrors.invalid('spec.nodeName', node, msg)));
    errors.push(...validateAttachmentSource(spec.source));
    const status = objectAt(obj.status);
    errors.push(...validateAttachmentError(status.attachError, 'status.attachError'), ...validateAttachmentError(status.detachError, 'status.detachError'));
    return errors;
  },
  validateUpdate(next, prev) {
    return deepEqual(next.spec, prev.spec) ? [] : [fieldErrors.invalid('spec', next.spec, 'field is immutable')];
  },
};

function validateQuantityField(value: unknown, field: string): FieldError[] {
  if (value === undefined || value === null) return [];
  try {
    const q = Quantity.parse(String(value));
    return q.nanos < 0n ? [fieldErrors.invalid(field, value, 'must be greater than or equal to 0')] : [];
  } catch (err) {
    if (err instanceof QuantityParseError) return [fieldErrors.invalid(field, value, err.message)];
    throw err;
  }
}

/** CSIStorageCapacity: what a driver reports it can still provision for a class in a topology segment. */
export const csiStorageCapacityStrategy: Strategy = {
  statusSubresource: false,
  noGeneration: true,
  validate(obj) {
    const errors: FieldError[] = [];
    const cls = obj.storageClassName;
    if (typeof cls !== 'string' || cls === '') errors.push(fieldErrors.required('storageClassName'));
    else errors.push(...isDNS1123Subdomain(cls).map((msg) => fieldErrors.invalid('storageClassName', cls, msg)));
    if (obj.nodeTopology !== undefined && obj.nodeTopology !== null) {
      try {
        labelSelectorFromObject(obj.nodeTopology as LabelSelectorObject);
      } catch (err) {
        errors.push(fieldErrors.invalid('nodeTopology', obj.nodeTopology, (err as Error).message));
      }
    }
    errors.push(...validateQuantityField(obj.capacity, 'capacity'), ...validateQuantityField(obj.maximumVolumeSize, 'maximumVolumeSize'));
    return errors;
  },
  validateUpdate(next, prev) {
    const errors: FieldError[] = [];
    for (const f of ['storageClassName', 'nodeTopology'] as const) {
      if (!deepEqual(next[f] ?? null, prev[f] ?? null)) errors.push(fieldErrors.invalid(f, next[f] ?? null, 'field is immutable'));
    }
    return errors;
  },
};
