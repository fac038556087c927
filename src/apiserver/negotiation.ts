// Reading Accept and Content-Type as kube-apiserver does: media types with parameters
// (`application/json;as=Table;v=v1;g=meta.k8s.io`), first acceptable one wins.

export interface MediaType {
  type: string;
  params: Record<string, string>;
}

export function parseMediaType(text: string): MediaType {
  const [type, ...rest] = text.split(';');
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    params[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim().replace(/^"|"$/g, '');
  }
  return { type: (type ?? '').trim().toLowerCase(), params };
}

export function parseAccept(header: string | undefined): MediaType[] {
  if (!header) return [{ type: '*/*', params: {} }];
  return header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseMediaType);
}

export type ResponseFormat =
  | { kind: 'json' }
  | { kind: 'yaml' }
  | { kind: 'table'; version: 'v1' | 'v1beta1' }
  | { kind: 'partialMetadata'; list: boolean }
  | { kind: 'discovery'; version: 'v2' | 'v2beta1' };

const JSONISH = new Set(['application/json', '*/*', 'application/*']);

/** The format to answer an object or list request in; undefined when nothing acceptable was offered. */
export function negotiateObjectFormat(accept: string | undefined): ResponseFormat | undefined {
  for (const m of parseAccept(accept)) {
    if (m.type === 'application/json' && m.params.as === 'Table' && m.params.g === 'meta.k8s.io') {
      if (m.params.v === 'v1' || m.params.v === 'v1beta1') return { kind: 'table', version: m.params.v };
      continue;
    }
    if (m.type === 'application/json' && (m.params.as === 'PartialObjectMetadata' || m.params.as === 'PartialObjectMetadataList')) {
      if (m.params.g === 'meta.k8s.io') return { kind: 'partialMetadata', list: m.params.as.endsWith('List') };
      continue;
    }
    if (m.params.as) continue;
    if (JSONISH.has(m.type)) return { kind: 'json' };
    if (m.type === 'application/yaml') return { kind: 'yaml' };
  }
  return undefined;
}

/** Discovery: aggregated (v2 / v2beta1) when asked for, else the legacy JSON shapes. */
export function negotiateDiscoveryFormat(accept: string | undefined): ResponseFormat | undefined {
  for (const m of parseAccept(accept)) {
    if (m.type === 'application/json' && m.params.g === 'apidiscovery.k8s.io' && m.params.as === 'APIGroupDiscoveryList') {
      if (m.params.v === 'v2' || m.params.v === 'v2beta1') return { kind: 'discovery', version: m.params.v };
      continue;
    }
    if (m.params.as) continue;
    if (JSONISH.has(m.type) || m.type === 'application/vnd.kubernetes.protobuf') return { kind: 'json' };
    if (m.type === 'application/yaml') return { kind: 'yaml' };
  }
  return undefined;
}

export function acceptsProtobufOnly(accept: string | undefined): boolean {
  const types = parseAccept(accept);
  return types.length > 0 && types.every((m) => m.type === 'application/vnd.kubernetes.protobuf');
}
