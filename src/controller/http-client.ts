// KubeClient over HTTPS to any Kubernetes API server: kinds resolved through discovery,
// keep-alive connections, watches read as newline-delimited JSON events.

import { Agent, request, type RequestOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { pathNotFound, StatusError, type Status, type StatusReason } from '../machinery/errors.ts';
import { parseApiVersion, type KubeList, type KubeObject } from '../machinery/object.ts';
import {
  isStatus,
  PATCH_CONTENT_TYPES,
  type DeleteCollectionOptions,
  type DeleteOptions,
  type GroupVersionKind,
  type KubeClient,
  type ListOptions,
  type ObjectRef,
  type PatchOptions,
  type PatchType,
  type ResourceInfo,
  type WatchHandle,
  type WatchHandler,
  type WatchOptions,
  type WriteOptions,
} from './client.ts';
import { loadKubeconfig, type ClusterConnection } from './kubeconfig.ts';

const REASONS: Record<number, StatusReason> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

/** The StatusError a response carries: its Status body, or one made from the code as client-go does. */
export function statusErrorFrom(code: number, text: string): StatusError {
  try {
    const body = JSON.parse(text) as unknown;
    if (isStatus(body) && body.reason) return new StatusError(body.code || code, body.reason as StatusReason, body.message ?? '', body.details);
  } catch {
    // not JSON: fall through
  }
  return new StatusError(code, REASONS[code] ?? 'InternalError', text.trim() || `the server responded with status ${code}`);
}

type Query = Record<string, string | number | boolean | undefined>;

interface Response {
  code: number;
  text: string;
}

export class HttpClient implements KubeClient {
  private readonly agent: Agent;
  private readonly url: URL;
  private readonly discovery = new Map<string, Promise<ResourceInfo[]>>();

  constructor(private readonly conn: ClusterConnection) {
    this.url = new URL(conn.server);
    this.agent = new Agent({
      keepAlive: true,
      ca: conn.ca,
      cert: conn.cert,
      key: conn.key,
      rejectUnauthorized: !conn.insecureSkipTLSVerify,
    });
  }

  static fromKubeconfig(path: string, context?: string): HttpClient {
    return new HttpClient(loadKubeconfig(path, context));
  }

  /** Closes idle keep-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  async resolve(gvk: GroupVersionKind): Promise<ResourceInfo> {
    const found = (await this.resources(gvk.apiVersion)).find((r) => r.kind === gvk.kind);
    if (found) return found;
    this.discovery.delete(gvk.apiVersion);
    const fresh = (await this.resources(gvk.apiVersion)).find((r) => r.kind === gvk.kind);
    if (!fresh) throw pathNotFound();
    return fresh;
  }

  async get<T extends KubeObject>(ref: ObjectRef): Promise<T> {
    return (await this.json('GET', await this.path(ref, ref.namespace, ref.name))) as T;
  }

  async getSubresource<T>(ref: ObjectRef, subresource: string): Promise<T> {
    return (await this.json('GET', await this.path(ref, ref.namespace, ref.name, subresource))) as T;
  }

  async list<T extends KubeObject>(gvk: GroupVersionKind, opts: ListOptions = {}): Promise<KubeList<T>> {
    const { namespace, ...q } = opts;
    return (await this.json('GET', await this.path(gvk, namespace), q)) as KubeList<T>;
  }

  async watch<T extends KubeObject>(gvk: GroupVersionKind, opts: WatchOptions, handler: WatchHandler<T>): Promise<WatchHandle> {
    const { namespace, ...q } = opts;
    const path = await this.path(gvk, namespace);
    const req = request(this.options('GET', path, { ...q, watch: true }));
    req.end();
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      req.once('response', resolve);
      req.once('error', reject);
    });
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    if (res.statusCode !== 200) {
      const text = await readAll(res);
      const err = statusErrorFrom(res.statusCode ?? 500, text);
      if (err.code !== 410) throw err;
      handler({ type: 'ERROR', error: err });
      return { stop() {}, done: Promise.resolve() };
    }
    let buffered = '';
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      finished();
    };
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffered += chunk;
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl).trim();
        buffered = buffered.slice(nl + 1);
        if (!line || ended) continue;
        const event = JSON.parse(line) as { type: string; object: unknown };
        if (event.type === 'ERROR') {
          const status = event.object as Status;
          handler({ type: 'ERROR', error: statusErrorFrom(status.code ?? 500, JSON.stringify(status)) });
        } else {
          handler({ type: event.type as 'ADDED', object: event.object as T });
        }
      }
    });
    res.on('end', end);
    res.on('close', end);
    res.on('error', end);
    req.on('error', end);
    return {
      stop: () => {
        end();
        req.destroy();
      },
      done,
    };
  }

  async create<T extends KubeObject>(obj: T, opts: WriteOptions = {}): Promise<T> {
    return (await this.json('POST', await this.path(obj, obj.metadata.namespace), writeQuery(opts), obj)) as T;
  }

  update<T extends KubeObject>(obj: T, opts: WriteOptions = {}): Promise<T> {
    return this.updateSubresource(obj, '', opts);
  }

  updateStatus<T extends KubeObject>(obj: T, opts: WriteOptions = {}): Promise<T> {
    return this.updateSubresource(obj, 'status', opts);
  }

  async updateSubresource<T extends KubeObject>(obj: T, subresource: string, opts: WriteOptions = {}): Promise<T> {
    const path = await this.path(obj, obj.metadata.namespace, obj.metadata.name, subresource);
    return (await this.json('PUT', path, writeQuery(opts), obj)) as T;
  }

  async patch<T extends KubeObject>(ref: ObjectRef, patchType: PatchType, body: unknown, opts: PatchOptions = {}): Promise<T> {
    const path = await this.path(ref, ref.namespace, ref.name, opts.subresource);
    return (await this.json('PATCH', path, { ...writeQuery(opts), force: opts.force || undefined }, body, PATCH_CONTENT_TYPES[patchType])) as T;
  }

  async delete(ref: ObjectRef, opts: DeleteOptions = {}): Promise<KubeObject | Status> {
    const { dryRun, ...options } = opts;
    const path = await this.path(ref, ref.namespace, ref.name);
    return (await this.json('DELETE', path, writeQuery({ dryRun }), { apiVersion: 'v1', kind: 'DeleteOptions', ...options })) as KubeObject | Status;
  }

  async deleteCollection(gvk: GroupVersionKind, opts: DeleteCollectionOptions = {}): Promise<KubeList> {
    const { namespace, labelSelector, fieldSelector, dryRun, ...options } = opts;
    const path = await this.path(gvk, namespace);
    return (await this.json('DELETE', path, { ...writeQuery({ dryRun }), labelSelector, fieldSelector }, { apiVersion: 'v1', kind: 'DeleteOptions', ...options })) as KubeList;
  }

  async createSubresource(ref: ObjectRef, subresource: string, body: unknown, opts: WriteOptions = {}): Promise<unknown> {
    return this.json('POST', await this.path(ref, ref.namespace, ref.name, subresource), writeQuery(opts), body);
  }

  private resources(apiVersion: string): Promise<ResourceInfo[]> {
    let cached = this.discovery.get(apiVersion);
    if (!cached) {
      const { group, version } = parseApiVersion(apiVersion);
      cached = this.json('GET', group ? `/apis/${group}/${version}` : `/api/${version}`).then((body) => {
        const list = body as { resources?: Array<{ name: string; kind: string; namespaced: boolean }> };
        return (list.resources ?? [])
          .filter((r) => !r.name.includes('/'))
          .map((r) => ({ group, version, kind: r.kind, plural: r.name, namespaced: r.namespaced }));
      });
      cached.catch(() => this.discovery.delete(apiVersion));
      this.discovery.set(apiVersion, cached);
    }
    return cached;
  }

  private async path(gvk: GroupVersionKind, namespace?: string, name?: string, subresource?: string): Promise<string> {
    const r = await this.resolve(gvk);
    let p = r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
    if (r.namespaced && namespace) p += `/namespaces/${encodeURIComponent(namespace)}`;
    p += `/${r.plural}`;
    if (name !== undefined) p += `/${encodeURIComponent(name)}`;
    if (subresource) p += `/${subresource}`;
    return p;
  }

  private options(method: string, path: string, query: Query = {}, contentType?: string, payload?: string): RequestOptions {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') search.set(k, String(v));
    const qs = search.toString();
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'cozylab-controller' };
    if (contentType) headers['Content-Type'] = contentType;
    if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
    if (this.conn.token) headers.Authorization = `Bearer ${this.conn.token}`;
    return {
      method,
      hostname: this.url.hostname.replace(/^\[|\]$/g, ''),
      port: this.url.port || 443,
      path: `${this.url.pathname.replace(/\/$/, '')}${path}${qs ? `?${qs}` : ''}`,
      headers,
      agent: this.agent,
    };
  }

  private async json(method: string, path: string, query: Query = {}, body?: unknown, contentType = 'application/json'): Promise<unknown> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const res = await new Promise<Response>((resolve, reject) => {
      const req = request(this.options(method, path, query, payload === undefined ? undefined : contentType, payload), (r) => {
        readAll(r).then((text) => resolve({ code: r.statusCode ?? 500, text }), reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
    if (res.code < 200 || res.code > 299) throw statusErrorFrom(res.code, res.text);
    return res.text ? JSON.parse(res.text) : undefined;
  }
}

function writeQuery(opts: WriteOptions): Query {
  return { fieldManager: opts.fieldManager, dryRun: opts.dryRun ? 'All' : undefined };
}

function readAll(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
  });
}
