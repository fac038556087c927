// Shaping answers for what the client accepts: the object or list, a Table, or partial metadata.

import { notAcceptable } from '../../machinery/errors.ts';
import type { KubeList, KubeObject } from '../../machinery/object.ts';
import { buildTable, defaultPrinter } from '../../machinery/table-build.ts';
import type { ApiResponse } from '../http-types.ts';
import { negotiateObjectFormat, type ResponseFormat } from '../negotiation.ts';
import type { ResourceType } from '../resource.ts';
import { writeBody } from '../respond.ts';

export function responseFormat(accept: string | undefined): ResponseFormat {
  const format = negotiateObjectFormat(accept);
  if (!format) throw notAcceptable(`only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf`);
  return format;
}

type IncludeObject = 'None' | 'Metadata' | 'Object';

function includeObject(query: URLSearchParams): IncludeObject {
  const v = query.get('includeObject');
  return v === 'None' || v === 'Object' ? v : 'Metadata';
}

export function partialMetadata(obj: KubeObject) {
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

export function tableOf(rt: ResourceType, objects: KubeObject[], query: URLSearchParams, now: Date, listMeta: KubeList['metadata'] = {}) {
  return buildTable(rt.printer ?? defaultPrinter, objects, {
    now,
    includeObject: includeObject(query),
    resourceVersion: listMeta.resourceVersion,
    continue: listMeta.continue,
    remainingItemCount: listMeta.remainingItemCount,
  });
}

/** Shapes one object for the negotiated format (also used per watch event). */
export function shapeObject(rt: ResourceType, obj: KubeObject, format: ResponseFormat, query: URLSearchParams, now: Date): unknown {
  if (format.kind === 'table') return tableOf(rt, [obj], query, now, {});
  if (format.kind === 'partialMetadata') return partialMetadata(obj);
  return obj;
}

export function writeObject(res: ApiResponse, code: number, rt: ResourceType, obj: KubeObject, format: ResponseFormat, query: URLSearchParams, now: Date): void {
  const body = shapeObject(rt, obj, format, query, now);
  writeBody(res, code, body, format.kind === 'yaml' ? 'yaml' : 'json', contentTypeFor(format));
}

export function writeList(res: ApiResponse, rt: ResourceType, list: KubeList, format: ResponseFormat, query: URLSearchParams, now: Date): void {
  let body: unknown = list;
  if (format.kind === 'table') body = tableOf(rt, list.items, query, now, list.metadata);
  else if (format.kind === 'partialMetadata') {
    body = { kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1', metadata: list.metadata, items: list.items.map(partialMetadata) };
  }
  writeBody(res, 200, body, format.kind === 'yaml' ? 'yaml' : 'json', contentTypeFor(format));
}

export function contentTypeFor(format: ResponseFormat): string {
  if (format.kind === 'table') return `application/json;as=Table;v=${format.version};g=meta.k8s.io`;
  if (format.kind === 'yaml') return 'application/yaml';
  return 'application/json';
}
