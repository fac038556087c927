// The pod-template-hash of apps/v1: a 32-bit FNV-1a over the template (and the collision count),
// its decimal digits spelled with the alphabet of generated names, as ComputeHash does upstream.

import { isPlainObject } from '../../machinery/object.ts';

export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';

/** rand.SafeEncodeString's alphabet: no vowels, no 0/1/3, so hashes never spell words. */
const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

export function fnv32a(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (const b of bytes) {
    hash ^= b;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** JSON with keys sorted at every level, so equal templates hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function safeEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += SAFE_ALPHABET[text.charCodeAt(i) % SAFE_ALPHABET.length];
  return out;
}

/**
 * The template as a Go controller holds it in its typed PodTemplateSpec: `creationTimestamp: null`
 * (what Go clients such as `kubectl rollout undo` send for the zero time) is the same as none.
 */
function typedTemplate(template: unknown): unknown {
  if (!isPlainObject(template) || !isPlainObject(template.metadata) || template.metadata.creationTimestamp !== null) return template;
  const { creationTimestamp: _zero, ...metadata } = template.metadata;
  return { ...template, metadata };
}

/** controller.ComputeHash: the hash of a pod template, perturbed by the collision count when there is one. */
export function computeHash(template: unknown, collisionCount?: number): string {
  const encoder = new TextEncoder();
  let hash = fnv32a(encoder.encode(canonicalJson(typedTemplate(template))));
  if (collisionCount !== undefined && collisionCount !== null) {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, collisionCount >>> 0, true);
    hash = fnv32a(bytes, hash);
  }
  return safeEncode(String(hash));
}

/** The template with the pod-template-hash label taken out, for EqualIgnoreHash comparisons. */
export function withoutHashLabel(raw: unknown): unknown {
  const template = typedTemplate(raw);
  if (!isPlainObject(template) || !isPlainObject(template.metadata) || !isPlainObject(template.metadata.labels)) return template;
  const labels = { ...template.metadata.labels };
  delete labels[POD_TEMPLATE_HASH_LABEL];
  const metadata: Record<string, unknown> = { ...template.metadata, labels };
  if (Object.keys(labels).length === 0) delete metadata.labels;
  return { ...template, metadata };
}
