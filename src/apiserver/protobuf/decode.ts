// Decodes `application/vnd.kubernetes.protobuf` request bodies (kubectl 1.32+ typed clients)
// into the JSON object a JSON client would have sent.
import { badRequest } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { messageToJson } from './convert.ts';
import { envelopeType, messageTypeFor } from './kinds.ts';

/** The 4 bytes every Kubernetes protobuf body starts with: "k8s\0". */
export const KUBERNETES_PROTOBUF_MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

export const KUBERNETES_PROTOBUF_CONTENT_TYPE = 'application/vnd.kubernetes.protobuf';

export function isKubernetesProtobuf(body: Buffer): boolean {
  return body.length >= 4 && body.subarray(0, 4).equals(KUBERNETES_PROTOBUF_MAGIC);
}

interface Envelope {
  apiVersion: string;
  kind: string;
  raw: Uint8Array;
  contentEncoding: string;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function readEnvelope(body: Buffer): Envelope {
  if (!isKubernetesProtobuf(body)) {
    throw badRequest('unable to decode protobuf body: missing the "k8s\\x00" prefix');
  }
  let unknown: Record<string, unknown>;
  try {
    unknown = envelopeType().decode(body.subarray(4)) as unknown as Record<string, unknown>;
  } catch (err) {
    throw badRequest(`unable to decode protobuf body: invalid runtime.Unknown envelope: ${errorText(err)}`);
  }
  const typeMeta = (unknown.typeMeta ?? {}) as Record<string, unknown>;
  return {
    apiVersion: typeof typeMeta.apiVersion === 'string' ? typeMeta.apiVersion : '',
    kind: typeof typeMeta.kind === 'string' ? typeMeta.kind : '',
    raw: (unknown.raw as Uint8Array | undefined) ?? new Uint8Array(0),
    contentEncoding: typeof unknown.contentEncoding === 'string' ? unknown.contentEncoding : '',
  };
}

/**
 * Decodes a protobuf body into a Kubernetes object with `apiVersion` and `kind` from the
 * envelope. Kinds without ObjectMeta (DeleteOptions) come back without `metadata`.
 * Throws a 400 BadRequest StatusError for a malformed body or a kind with no definition.
 */
export function decodeKubernetesProtobuf(body: Buffer): KubeObject {
  const envelope = readEnvelope(body);
  if (envelope.kind === '') {
    throw badRequest('unable to decode protobuf body: Object \'Kind\' is missing in the runtime.Unknown envelope');
  }
  const what = `${envelope.apiVersion}, Kind=${envelope.kind}`;
  if (envelope.contentEncoding !== '') {
    throw badRequest(`unable to decode protobuf body for ${what}: unsupported content encoding "${envelope.contentEncoding}"`);
  }
  const type = messageTypeFor(envelope.apiVersion, envelope.kind);
  if (!type) throw badRequest(`unable to decode protobuf body for ${what}: no message definition`);
  let fields: Record<string, unknown>;
  try {
    const message = type.decode(envelope.raw) as unknown as Record<string, unknown>;
    fields = messageToJson(type, message);
  } catch (err) {
    // protobufjs throws RangeError/Error for truncated or mis-typed wire data, convert.ts
    // throws ProtobufContentError for values that decode but are not valid Kubernetes JSON.
    throw badRequest(`unable to decode protobuf body for ${what}: ${errorText(err)}`);
  }
  const object: Record<string, unknown> = { apiVersion: envelope.apiVersion, kind: envelope.kind };
  if (type.fields.metadata) object.metadata = fields.metadata ?? {};
  for (const [key, value] of Object.entries(fields)) if (key !== 'metadata') object[key] = value;
  return object as KubeObject;
}
