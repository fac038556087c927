// Reading request bodies: the 3 MiB limit, and decoding JSON, YAML or Kubernetes protobuf.

import { parseDocument } from 'yaml';
import { badRequest, MAX_REQUEST_BODY_BYTES, requestTooLarge, unsupportedMediaType } from '../machinery/errors.ts';
import { isPlainObject } from '../machinery/object.ts';
import type { ApiRequest } from './http-types.ts';
import { parseMediaType } from './negotiation.ts';
import { decodeKubernetesProtobuf, isKubernetesProtobuf } from './protobuf/decode.ts';

export async function readBody(req: ApiRequest, limit = MAX_REQUEST_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    throw requestTooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw requestTooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export interface DecodedBody {
  value: unknown;
  /** The text the value came from, for duplicate-field checks (JSON and YAML only). */
  text?: string;
  mediaType: string;
}

const JSON_TYPES = new Set(['application/json', 'application/merge-patch+json', 'application/json-patch+json', 'application/strategic-merge-patch+json']);
const YAML_TYPES = new Set(['application/yaml', 'application/apply-patch+yaml']);
const PROTOBUF = 'application/vnd.kubernetes.protobuf';

export const OBJECT_BODY_TYPES = ['application/json', 'application/yaml', PROTOBUF];

export function decodeBody(raw: Buffer, contentType: string | undefined, accepted: string[]): DecodedBody {
  const mediaType = parseMediaType(contentType || 'application/json').type;
  if (!accepted.includes(mediaType)) throw unsupportedMediaType(accepted);
  if (mediaType === PROTOBUF) {
    if (!isKubernetesProtobuf(raw)) throw badRequest('provided protobuf body does not start with the expected "k8s\\x00" prefix');
    return { value: decodeKubernetesProtobuf(raw), mediaType };
  }
  const text = raw.toString('utf8');
  if (JSON_TYPES.has(mediaType)) {
    try {
      return { value: JSON.parse(text), text, mediaType };
    } catch (err) {
      throw badRequest(`json: cannot decode request body: ${(err as Error).message}`);
    }
  }
  if (YAML_TYPES.has(mediaType)) {
    // JSON is YAML: as apimachinery's yaml.ToJSON, a body that is JSON skips the (far slower) YAML parser.
    if (/^\s*\{/.test(text)) {
      try {
        return { value: JSON.parse(text), text, mediaType };
      } catch {
        // Not JSON after all (YAML flow mapping): the YAML parser decides.
      }
    }
    const doc = parseDocument(text, { uniqueKeys: false });
    if (doc.errors.length) throw badRequest(`error converting YAML to JSON: yaml: ${doc.errors[0]!.message.split('\n')[0]}`);
    return { value: doc.toJS(), text, mediaType };
  }
  throw unsupportedMediaType(accepted);
}

export function requireObjectBody(value: unknown): asserts value is Record<string, unknown> & { metadata?: Record<string, unknown> } {
  if (!isPlainObject(value)) throw badRequest('the body of the request must be a JSON object');
  if (value.metadata !== undefined && !isPlainObject(value.metadata)) throw badRequest('metadata must be an object');
}
