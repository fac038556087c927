// Turns a message decoded by protobufjs into the JSON a JSON client would have sent for the
// same Go object. gogo proto2 writes every non-pointer field, so a zero value on the wire
// usually means "unset": it is dropped unless the field carries (keep) (a Go pointer or a
// field without omitempty). Empty non-pointer messages are dropped the same way.
import type protobuf from 'protobufjs';

type Json = unknown;
type Message = Record<string, unknown>;

interface LongLike {
  toNumber(): number;
}

/** Raised for content that decodes as protobuf but is not a valid Kubernetes value. */
export class ProtobufContentError extends Error {}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null && 'toNumber' in value) return (value as LongLike).toNumber();
  return Number(value);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Go's time.Unix(seconds, nanos).UTC() formatted as RFC 3339, with `fractionDigits` of the second. */
export function formatTimestamp(seconds: number, nanos: number, fractionDigits: 0 | 6): string {
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) throw new ProtobufContentError(`time out of range: ${seconds}s`);
  const base =
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}` +
    `T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
  return fractionDigits === 0 ? `${base}Z` : `${base}.${pad(Math.floor(nanos / 1000), 6)}Z`;
}

/** Types whose JSON form is not an object; returns undefined for "not set". */
const SPECIAL: Record<string, (m: Message, keep: boolean) => Json> = {
  '.meta.v1.Time': (m) => timeValue(m, 0),
  '.meta.v1.MicroTime': (m) => timeValue(m, 6),
  '.meta.v1.FieldsV1': (m) => {
    const raw = m.Raw as Uint8Array | undefined;
    if (!raw || raw.length === 0) return undefined;
    try {
      return JSON.parse(Buffer.from(raw).toString('utf8'));
    } catch {
      throw new ProtobufContentError('fieldsV1 is not valid JSON');
    }
  },
  '.resource.Quantity': (m) => (typeof m.string === 'string' && m.string !== '' ? m.string : undefined),
  '.intstr.IntOrString': (m, keep) => {
    if (toNumber(m.type ?? 0) === 1) return typeof m.strVal === 'string' ? m.strVal : '';
    const n = toNumber(m.intVal ?? 0);
    return n === 0 && !keep ? undefined : n;
  },
  '.authentication.v1.ExtraValue': (m) => extraItems(m),
  '.authorization.v1.ExtraValue': (m) => extraItems(m),
  '.certificates.v1.ExtraValue': (m) => extraItems(m),
};

function timeValue(m: Message, fractionDigits: 0 | 6): Json {
  // An unset metav1.Time marshals to zero bytes, so nothing was decoded.
  if (!Object.hasOwn(m, 'seconds') && !Object.hasOwn(m, 'nanos')) return undefined;
  return formatTimestamp(toNumber(m.seconds ?? 0), toNumber(m.nanos ?? 0), fractionDigits);
}

function extraItems(m: Message): Json {
  return Array.isArray(m.items) ? [...(m.items as string[])] : [];
}

function scalarValue(field: protobuf.Field, value: unknown): Json {
  switch (field.type) {
    case 'bytes':
      return Buffer.from(value as Uint8Array).toString('base64');
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return toNumber(value);
    default:
      return value;
  }
}

function isZeroScalar(value: Json): boolean {
  return value === '' || value === 0 || value === false;
}

/** A single (non-repeated) value of `field`, or undefined for "not set". */
function singleValue(field: protobuf.Field, value: unknown, keep: boolean): Json {
  const type = field.resolvedType;
  if (type && 'fields' in type) {
    const messageType = type as protobuf.Type;
    const special = SPECIAL[messageType.fullName];
    if (special) return special(value as Message, keep);
    return messageToJson(messageType, value as Message);
  }
  return scalarValue(field, value);
}

/** Converts a decoded message to its Kubernetes JSON object. */
export function messageToJson(type: protobuf.Type, message: Message): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const field of type.fieldsArray) {
    const keep = field.options?.['(keep)'] === true;
    const value = message[field.name];
    if (field.map) {
      const entries = Object.entries((value ?? {}) as Message);
      if (entries.length === 0) continue;
      const obj: Record<string, Json> = {};
      for (const [k, v] of entries) {
        const converted = singleValue(field, v, true);
        obj[k] = converted === undefined ? null : converted;
      }
      out[field.name] = obj;
    } else if (field.repeated) {
      const items = (value ?? []) as unknown[];
      if (items.length === 0) continue;
      out[field.name] = items.map((item) => {
        const converted = singleValue(field, item, true);
        return converted === undefined ? null : converted;
      });
    } else {
      if (!Object.hasOwn(message, field.name)) continue;
      const converted = singleValue(field, value, keep);
      if (converted === undefined) continue;
      if (field.options?.['(inline)'] === true) {
        Object.assign(out, converted);
        continue;
      }
      const isMessage = typeof converted === 'object' && converted !== null && !Array.isArray(converted);
      if (!keep && isMessage && Object.keys(converted).length === 0) continue;
      if (!keep && isZeroScalar(converted)) continue;
      if (!keep && field.type === 'bytes' && converted === '') continue;
      out[field.name] = converted;
    }
  }
  return out;
}
