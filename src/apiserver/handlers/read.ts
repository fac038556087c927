// get, list and watch on a served resource.

import { badRequest, type StatusError } from '../../machinery/errors.ts';
import type { KubeObject, WatchEvent } from '../../machinery/object.ts';
import type { ServedResource } from '../catalog.ts';
import type { ApiRequest, ApiResponse } from '../http-types.ts';
import type { ListQuery, WatchQuery } from '../registry/context.ts';
import { watchResource, type WatchSettings } from '../registry/watch.ts';
import { contentTypeFor, responseFormat, shapeObject, writeList, writeObject } from './output.ts';

export interface ReadRequest {
  served: ServedResource;
  namespace: string;
  name: string;
  subresource: string;
  query: URLSearchParams;
  accept: string | undefined;
}

function optionalInt(query: URLSearchParams, name: string): number | undefined {
  const v = query.get(name);
  if (v === null || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw badRequest(`${name}: Invalid value: "${v}": must be an integer`);
  return Number(v);
}

export function listQuery(query: URLSearchParams): ListQuery {
  const match = query.get('resourceVersionMatch') ?? undefined;
  if (match && !['Exact', 'NotOlderThan'].includes(match)) {
    throw badRequest(`resourceVersionMatch: Unsupported value: "${match}": supported values: "Exact", "NotOlderThan"`);
  }
  const q: ListQuery = {
    labelSelector: query.get('labelSelector') ?? undefined,
    fieldSelector: query.get('fieldSelector') ?? undefined,
    limit: optionalInt(query, 'limit'),
    continue: query.get('continue') || undefined,
    resourceVersion: query.get('resourceVersion') ?? undefined,
    resourceVersionMatch: match,
  };
  if (match && !q.resourceVersion) throw badRequest('resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided');
  if (q.continue && q.resourceVersion && q.resourceVersion !== '0') {
    throw badRequest('resourceVersion: Forbidden: specifying resource version is not allowed when using continue');
  }
  return q;
}

export async function handleGet(r: ReadRequest, res: ApiResponse): Promise<void> {
  const format = responseFormat(r.accept);
  const obj = await r.served.registry.get(r.namespace, r.name, undefined, { shared: true });
  writeObject(res, 200, r.served.type, obj, format, r.query, r.served.registry.now());
}

export async function handleList(r: ReadRequest, res: ApiResponse): Promise<void> {
  const format = responseFormat(r.accept);
  const list = await r.served.registry.list(r.namespace, listQuery(r.query), { shared: true });
  writeList(res, r.served.type, list, format, r.query, r.served.registry.now());
}

/** Streams newline-delimited watch events; headers go out at once so clients do not wait for a first event. */
export async function handleWatch(r: ReadRequest, req: ApiRequest, res: ApiResponse, settings: WatchSettings): Promise<void> {
  const format = responseFormat(r.accept);
  const q: WatchQuery = {
    ...listQuery(r.query),
    allowWatchBookmarks: r.query.get('allowWatchBookmarks') === 'true',
    sendInitialEvents: r.query.has('sendInitialEvents') ? r.query.get('sendInitialEvents') === 'true' : undefined,
    timeoutSeconds: optionalInt(r.query, 'timeoutSeconds'),
  };
  if (r.name) q.fieldSelector = [q.fieldSelector, `metadata.name=${r.name}`].filter(Boolean).join(',');
  q.limit = undefined;
  const rt = r.served.type;
  const now = () => r.served.registry.now();
  let headersSent = false;
  const start = () => {
    if (headersSent) return;
    headersSent = true;
    res.writeHead(200, { 'Content-Type': contentTypeFor(format), 'Cache-Control': 'no-cache, private' });
    (res as { flushHeaders?: () => void }).flushHeaders?.();
  };
  const write = (event: WatchEvent<unknown>) => {
    start();
    (res as { write(chunk: string): boolean }).write(JSON.stringify(event) + '\n');
  };
  start();
  let done = false;
  const watcher = await watchResource(
    r.served.registry,
    r.namespace,
    q,
    {
      send(event) {
        if (done) return;
        const object = event.type === 'BOOKMARK' ? event.object : shapeObject(rt, event.object as KubeObject, format, r.query, now());
        write({ type: event.type, object });
      },
      end(err?: StatusError) {
        if (done) return;
        if (err) write({ type: 'ERROR', object: err.toStatus() });
        done = true;
        res.end();
      },
    },
    settings,
  );
  const stop = () => {
    settings.open?.delete(close);
    if (done) return;
    done = true;
    watcher.stop();
  };
  const close = () => {
    stop();
    res.end();
  };
  settings.open?.add(close);
  req.on('close', stop);
  res.on('close', stop);
}
