// KubeClient over an ApiServer in the same process: calls go straight to the registries and the
// exported write handlers, so admission, validation and answers are exactly those of the HTTP API.

import type { ApiServer } from '../apiserver/api-server.ts';
import { INTERNAL_USER, type UserInfo } from '../apiserver/auth/user.ts';
import type { ServedResource } from '../apiserver/catalog.ts';
import { handleBinding, handleFinalize, handleScale } from '../apiserver/handlers/subresources.ts';
import { handleDeleteCollection, handlePatch, type WriteRequest } from '../apiserver/handlers/write.ts';
import type { ApiRequest, ApiResponse } from '../apiserver/http-types.ts';
import { parseRequestInfo, type ResourceRequestInfo } from '../apiserver/request-info.ts';
import { requestLabels, type RequestLabels } from '../apiserver/metrics.ts';
import type { WriteContext } from '../apiserver/registry/context.ts';
import { deletedStatus, deleteObject } from '../apiserver/registry/delete.ts';
import { watchResource } from '../apiserver/registry/watch.ts';
import { conflict, methodNotSupported, pathNotFound, toStatusError, type Status } from '../machinery/errors.ts';
import { parseApiVersion, type KubeList, type KubeObject } from '../machinery/object.ts';
import {
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
import { statusErrorFrom } from './http-client.ts';

export interface InProcessClientOptions {
  /** Who the client acts as (admission sees this user); default INTERNAL_USER. */
  user?: UserInfo;
  /** fieldManager for writes that name none. */
  fieldManager?: string;
  bookmarkIntervalMs?: number;
}

/** Collects what a handler writes, the way the HTTP response would carry it. */
class CapturedResponse {
  code = 0;
  text = '';
  headersSent = false;
  writeHead(code: number): this {
    this.code = code;
    this.headersSent = true;
    return this;
  }
  setHeader(): this {
    return this;
  }
  end(text?: string): this {
    this.text = text ?? '';
    return this;
  }
  body(): unknown {
    return this.text ? JSON.parse(this.text) : undefined;
  }
}

/** A subresource the kind's strategy shapes (pods' ephemeralcontainers, a CSR's approval): written as the object, as status is. */
function objectLike(s: ServedResource, subresource: string): boolean {
  return s.registry.strategy.shapeSubresource !== undefined && s.type.subresources.includes(subresource);
}

/** What a call is, as the server's request metrics label it. */
interface CallKind {
  verb: 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';
  subresource?: string;
  dryRun?: boolean;
  apply?: boolean;
}

export class InProcessClient implements KubeClient {
  private readonly user: UserInfo;

  constructor(
    private readonly server: ApiServer,
    private readonly opts: InProcessClientOptions = {},
  ) {
    this.user = opts.user ?? INTERNAL_USER;
  }

  async resolve(gvk: GroupVersionKind): Promise<ResourceInfo> {
    const t = this.served(gvk).type;
    return { group: t.group, version: t.version, kind: t.kind, plural: t.plural, namespaced: t.namespaced };
  }

  get<T extends KubeObject>(ref: ObjectRef): Promise<T> {
    return this.call(ref, { verb: 'get' }, async (s, ns) => (await s.registry.get(ns, ref.name)) as T, () => this.aggregatedRead(ref, ref.namespace, ref.name) as Promise<T>);
  }

  getSubresource<T>(ref: ObjectRef, subresource: string): Promise<T> {
    return this.call(ref, { verb: 'get', subresource }, async (s, ns) => {
      this.checkSubresource(s, subresource);
      if (subresource === 'status') return (await s.registry.get(ns, ref.name)) as T;
      if (subresource === 'scale') {
        const r = { served: s, namespace: ns, name: ref.name, subresource, query: new URLSearchParams(), accept: undefined };
        return (await this.capture((res) => handleScale(r, 'GET', res))) as T;
      }
      throw methodNotSupported({ group: s.type.group, resource: `${s.type.plural}/${subresource}` }, 'get');
    });
  }

  list<T extends KubeObject>(gvk: GroupVersionKind, opts: ListOptions = {}): Promise<KubeList<T>> {
    return this.call(
      { ...gvk, namespace: opts.namespace },
      { verb: 'list' },
      async (s, ns) => {
        const { namespace: _, ...q } = opts;
        return (await s.registry.list(ns, q)) as KubeList<T>;
      },
      () => this.aggregatedRead(gvk, opts.namespace, undefined, opts) as Promise<KubeList<T>>,
    );
  }

  watch<T extends KubeObject>(gvk: GroupVersionKind, opts: WatchOptions, handler: WatchHandler<T>): Promise<WatchHandle> {
    return this.call({ ...gvk, namespace: opts.namespace }, { verb: 'watch' }, async (s, ns) => {
      let finished!: () => void;
      const done = new Promise<void>((resolve) => (finished = resolve));
      let ended = false;
      const { namespace: _, ...q } = opts;
      const watcher = await watchResource(
        s.registry,
        ns,
        q,
        {
          send: (event) => {
            if (!ended && event.type !== 'ERROR') handler({ type: event.type, object: event.object as T });
          },
          end: (err) => {
            if (ended) return;
            ended = true;
            if (err) handler({ type: 'ERROR', error: err });
            finished();
          },
        },
        { bookmarkIntervalMs: this.opts.bookmarkIntervalMs ?? 15_000 },
      );
      // Open until it ends: counted as a long-running request meanwhile.
      void done.then(this.server.metrics.watchStarted(this.labels(s, { namespace: ns }, { verb: 'watch' })));
      return {
        stop: () => {
          watcher.stop();
          if (!ended) {
            ended = true;
            finished();
          }
        },
        done,
      };
    });
  }

  create<T extends KubeObject>(obj: T, opts: WriteOptions = {}): Promise<T> {
    return this.call(this.refFor(obj), { verb: 'create', dryRun: opts.dryRun }, async (s, ns) => (await s.registry.create(ns, obj, this.context(opts))) as T);
  }

  update<T extends KubeObject>(obj: T, opts: WriteOptions = {}): Promise<T> {
    return this.updateSubresource(obj, '', opts);
  }

  updateStatus<T extends KubeObject>(obj: T, opts: WriteOptions = {}): Promise<T> {
    return this.updateSubresource(obj, 'status', opts);
  }

  updateSubresource<T extends KubeObject>(obj: T, subresource: string, opts: WriteOptions = {}): Promise<T> {
    const ref = this.refFor(obj);
    return this.call(ref, { verb: 'update', subresource, dryRun: opts.dryRun }, async (s, ns) => {
      const ctx = this.context(opts);
      if (subresource === '' || subresource === 'status' || objectLike(s, subresource)) {
        this.checkSubresource(s, subresource);
        const updated = await s.registry.update(ns, ref.name, obj, ctx, subresource);
        const sentUid = obj.metadata.uid;
        if (sentUid && sentUid !== updated.metadata.uid) {
          throw conflict(s.registry.groupResource, ref.name, `Precondition failed: UID in precondition: ${sentUid}, UID in object meta: ${updated.metadata.uid}`);
        }
        return updated as T;
      }
      const w = this.writeRequest(s, ns, ref.name, subresource, obj, 'application/json', ctx);
      if (subresource === 'finalize') return (await this.capture((res) => handleFinalize(w, res))) as T;
      if (subresource === 'scale') return (await this.capture((res) => handleScale(w, 'PUT', res))) as T;
      throw methodNotSupported({ group: s.type.group, resource: `${s.type.plural}/${subresource}` }, 'update');
    });
  }

  patch<T extends KubeObject>(ref: ObjectRef, patchType: PatchType, body: unknown, opts: PatchOptions = {}): Promise<T> {
    return this.call(ref, { verb: 'patch', subresource: opts.subresource, dryRun: opts.dryRun, apply: patchType === 'apply' }, async (s, ns) => {
      const sub = opts.subresource ?? '';
      const w = this.writeRequest(s, ns, ref.name, sub, body, PATCH_CONTENT_TYPES[patchType], this.context(opts));
      if (opts.force) w.query.set('force', 'true');
      if (sub === 'scale') return (await this.capture((res) => handleScale(w, 'PATCH', res))) as T;
      if (sub !== '' && sub !== 'status' && !objectLike(s, sub)) throw methodNotSupported({ group: s.type.group, resource: `${s.type.plural}/${sub}` }, 'patch');
      return (await this.capture((res) => handlePatch(w, res))) as T;
    });
  }

  delete(ref: ObjectRef, opts: DeleteOptions = {}): Promise<KubeObject | Status> {
    return this.call(ref, { verb: 'delete', dryRun: opts.dryRun }, async (s, ns) => {
      const { dryRun, ...options } = opts;
      const result = await deleteObject(s.registry, ns, ref.name, options, this.context({ dryRun }));
      if (result.deleted && s.type.kind !== 'Pod') return deletedStatus(s.registry, result.object);
      return result.object;
    });
  }

  deleteCollection(gvk: GroupVersionKind, opts: DeleteCollectionOptions = {}): Promise<KubeList> {
    return this.call({ ...gvk, namespace: opts.namespace }, { verb: 'deletecollection', dryRun: opts.dryRun }, async (s, ns) => {
      const { namespace: _, labelSelector, fieldSelector, dryRun, ...options } = opts;
      const w = this.writeRequest(s, ns, '', '', options, 'application/json', this.context({ dryRun }));
      if (labelSelector) w.query.set('labelSelector', labelSelector);
      if (fieldSelector) w.query.set('fieldSelector', fieldSelector);
      return (await this.capture((res) => handleDeleteCollection(w, res))) as KubeList;
    });
  }

  createSubresource(ref: ObjectRef, subresource: string, body: unknown, opts: WriteOptions = {}): Promise<unknown> {
    return this.call(ref, { verb: 'create', subresource, dryRun: opts.dryRun }, async (s, ns) => {
      this.checkSubresource(s, subresource);
      const w = this.writeRequest(s, ns, ref.name, subresource, body, 'application/json', this.context(opts));
      if (subresource === 'binding') return this.capture((res) => handleBinding(w, res));
      throw methodNotSupported({ group: s.type.group, resource: `${s.type.plural}/${subresource}` }, 'create');
    });
  }

  private served(gvk: GroupVersionKind): ServedResource {
    const served = this.find(gvk);
    if (!served) throw pathNotFound();
    return served;
  }

  private find(gvk: GroupVersionKind): ServedResource | undefined {
    const { group, version } = parseApiVersion(gvk.apiVersion);
    return this.server.catalog.byGroupVersionKind(group, version, gvk.kind);
  }

  /** A get or list handed to the aggregated API's program, as kube-apiserver proxies it; its answer parsed back. */
  private async aggregatedRead(gvk: GroupVersionKind, namespace: string | undefined, name?: string, opts: ListOptions = {}): Promise<unknown> {
    const { group, version } = parseApiVersion(gvk.apiVersion);
    const aggregated = this.server.catalog.aggregatedFor(group, version)!;
    // An unavailable APIService lists no resources: its handler answers 503 before it reads the path.
    const rt = aggregated.resources().find((t) => t.kind === gvk.kind) ?? { plural: `${gvk.kind.toLowerCase()}s`, namespaced: namespace !== undefined };
    const query = new URLSearchParams();
    if (opts.labelSelector) query.set('labelSelector', opts.labelSelector);
    if (opts.fieldSelector) query.set('fieldSelector', opts.fieldSelector);
    const path = `/apis/${group}/${version}${rt.namespaced && namespace ? `/namespaces/${namespace}` : ''}/${rt.plural}${name ? `/${name}` : ''}`;
    const req = { method: 'GET', url: `${path}?${query}`, headers: { accept: 'application/json' } } as unknown as ApiRequest;
    const res = new CapturedResponse();
    const serve = async (s: ServedResource) => {
      const ns = s.type.namespaced ? namespace ?? '' : '';
      const answer = name ? await s.registry.get(ns, name) : await s.registry.list(ns, { labelSelector: opts.labelSelector, fieldSelector: opts.fieldSelector });
      res.writeHead(200).end(JSON.stringify(answer));
    };
    const info = parseRequestInfo('GET', path, query) as ResourceRequestInfo;
    await aggregated.handler({ req, res: res as unknown as ApiResponse, info, query, user: this.user, warnings: [], serve });
    if (res.code >= 400) throw statusErrorFrom(res.code, res.text);
    return res.body();
  }

  private refFor(obj: KubeObject): ObjectRef {
    return { apiVersion: obj.apiVersion, kind: obj.kind, namespace: obj.metadata?.namespace, name: obj.metadata?.name ?? '' };
  }

  /**
   * Resolves the kind and scope, runs the call, and turns any failure into the StatusError HTTP would
   * answer; the call counts in the server's request metrics as `request` says. A read of a kind no
   * registry here serves goes to `aggregated`, when given and another component serves the
   * group-version (metrics.k8s.io behind metrics-server).
   */
  private async call<R>(
    ref: GroupVersionKind & { namespace?: string; name?: string },
    request: CallKind,
    fn: (s: ServedResource, namespace: string) => Promise<R>,
    aggregated?: () => Promise<R>,
  ): Promise<R> {
    const started = performance.now();
    let served: ServedResource | undefined;
    let code = request.verb === 'create' ? 201 : 200;
    try {
      served = this.find(ref);
      if (!served) {
        const { group, version } = parseApiVersion(ref.apiVersion);
        if (aggregated && this.server.catalog.aggregatedFor(group, version)) return await aggregated();
        throw pathNotFound();
      }
      return await fn(served, served.type.namespaced ? ref.namespace ?? '' : '');
    } catch (err) {
      const e = toStatusError(err);
      code = e.code;
      throw e;
    } finally {
      if (served && request.verb !== 'watch') this.server.metrics.observe(this.labels(served, ref, request), code, (performance.now() - started) / 1000);
    }
  }

  private labels(s: ServedResource, ref: { namespace?: string; name?: string }, request: CallKind): RequestLabels {
    // A create is a POST to the collection; a create of a subresource (binding) names its object.
    const name = request.verb === 'create' && !request.subresource ? '' : ref.name ?? '';
    return requestLabels(request.verb, s.type, request.subresource ?? '', name, s.type.namespaced ? ref.namespace ?? '' : '', request.dryRun ? 'All' : '', request.apply);
  }

  private checkSubresource(s: ServedResource, sub: string): void {
    if (sub && !s.type.subresources.includes(sub)) throw pathNotFound();
  }

  private context(opts: WriteOptions): WriteContext {
    return { user: this.user, dryRun: opts.dryRun === true, fieldManager: opts.fieldManager ?? this.opts.fieldManager, warnings: [] };
  }

  private writeRequest(s: ServedResource, namespace: string, name: string, subresource: string, body: unknown, contentType: string, ctx: WriteContext): WriteRequest {
    const query = new URLSearchParams();
    if (ctx.fieldManager) query.set('fieldManager', ctx.fieldManager);
    if (ctx.dryRun) query.set('dryRun', 'All');
    return { served: s, namespace, name, subresource, query, accept: undefined, contentType, body: Buffer.from(JSON.stringify(body)), ctx };
  }

  private async capture(run: (res: ApiResponse) => Promise<void>): Promise<unknown> {
    const res = new CapturedResponse();
    await run(res as unknown as ApiResponse);
    return res.body();
  }
}
