// The request pipeline, in one place: context → health → authentication → discovery and
// OpenAPI → resource lookup → verb dispatch → answer; every failure becomes a Status.

import { forbidden, forbiddenPath, methodNotSupported, pathNotFound, unauthorized } from '../machinery/errors.ts';
import type { Authorizer } from './authz/authorizer.ts';
import type { Authenticator } from './auth/authenticator.ts';
import { impersonatedUser } from './auth/impersonation.ts';
import type { UserInfo } from './auth/user.ts';
import { readBody } from './body.ts';
import type { ResourceCatalog, ServedResource } from './catalog.ts';
import { aggregatedContentType, type DiscoveryDoc, type DiscoveryPublisher } from './discovery.ts';
import { handleGet, handleList, handleWatch } from './handlers/read.ts';
import { serveHealth, type HealthEndpoint, type ServerHealth } from './health.ts';
import { handleBinding, handleFinalize, handleScale, unsupportedSubresource } from './handlers/subresources.ts';
import { handleCreate, handleDelete, handleDeleteCollection, handlePatch, handleUpdate, writeContext, type WriteRequest } from './handlers/write.ts';
import type { ApiRequest, ApiResponse } from './http-types.ts';
import { negotiateDiscoveryFormat } from './negotiation.ts';
import type { OpenAPIV3Publisher } from './openapi/v3.ts';
import { openAPIV2Response } from './openapi/v2.ts';
import { parseRequestInfo, type ResourceRequestInfo } from './request-info.ts';
import { METRICS_CONTENT_TYPE, requestLabels, type ApiServerMetrics } from './metrics.ts';
import { setWarnings, writeBody, writeStatusError, writeText } from './respond.ts';
import type { WatchSettings } from './registry/watch.ts';

export interface PipelineDeps {
  catalog: ResourceCatalog;
  discovery: DiscoveryPublisher;
  openapi: OpenAPIV3Publisher;
  authenticator: Authenticator;
  version: Record<string, string>;
  watch: WatchSettings;
  /** Extra handlers for virtual resources (reviews, tokens, logs) keyed by `group/version/resource[/sub]`. */
  special: Map<string, SpecialHandler>;
  authorizer(): Authorizer;
  health: ServerHealth;
  /** Non-resource GET paths answered with a JSON document (service-account issuer discovery). */
  documents: Map<string, () => unknown>;
  metrics: ApiServerMetrics;
}

export type SpecialHandler = (ctx: SpecialContext) => Promise<void>;

export interface SpecialContext {
  req: ApiRequest;
  res: ApiResponse;
  info: ResourceRequestInfo;
  query: URLSearchParams;
  user: UserInfo;
  served?: ServedResource;
  warnings: string[];
}

const HEALTH_ENDPOINTS = new Set<HealthEndpoint>(['healthz', 'livez', 'readyz']);

export function createPipeline(deps: PipelineDeps) {
  return async function handle(req: ApiRequest, res: ApiResponse): Promise<void> {
    const warnings: string[] = [];
    try {
      const url = new URL(req.url ?? '/', 'https://cozylab.local');
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const method = req.method ?? 'GET';

      const [, first, ...rest] = path.split('/');
      if (HEALTH_ENDPOINTS.has(first as HealthEndpoint)) return await serveHealth(deps.health, first as HealthEndpoint, rest.join('/'), url.searchParams, res);
      if (path === '/version') return writeBody(res, 200, deps.version);

      const authenticated = await deps.authenticator.authenticate(req);
      if (!authenticated) throw unauthorized();
      const user = await impersonatedUser(req, authenticated, deps.authorizer());

      const info = parseRequestInfo(method, path, url.searchParams);
      if (info.isResourceRequest) instrument(deps.metrics, info, req, res, url.searchParams);
      await authorize(deps.authorizer(), user, info);
      if (method === 'GET' && path === '/metrics') return writeText(res, 200, await deps.metrics.text(), METRICS_CONTENT_TYPE);
      if (method === 'GET' && serveDiscoveryOrOpenAPI(deps, req, res, path, url.searchParams)) return;
      const document = method === 'GET' ? deps.documents.get(path) : undefined;
      if (document) return writeBody(res, 200, document());
      if (!info.isResourceRequest) throw pathNotFound();
      const special = deps.special.get(`${info.group}/${info.version}/${info.resource}${info.subresource ? '/' + info.subresource : ''}`);
      const served = deps.catalog.get(info.group, info.version, info.resource);
      if (special) {
        await special({ req, res, info, query: url.searchParams, user, served, warnings });
        return;
      }
      if (!served) {
        const aggregated = deps.catalog.aggregatedFor(info.group, info.version);
        if (aggregated) {
          const serve = (s: ServedResource, body?: Buffer) => dispatch(deps, s, info, req, res, url.searchParams, user, warnings, body);
          return await aggregated.handler({ req, res, info, query: url.searchParams, user, warnings, serve });
        }
        throw pathNotFound();
      }
      await dispatch(deps, served, info, req, res, url.searchParams, user, warnings);
    } catch (err) {
      setWarnings(res, warnings);
      writeStatusError(res, err);
    }
  };
}

/** Counts the request in the metrics once it is answered; a watch counts as long-running while open. */
function instrument(metrics: ApiServerMetrics, info: ResourceRequestInfo, req: ApiRequest, res: ApiResponse, query: URLSearchParams): void {
  const apply = info.verb === 'patch' && (req.headers['content-type'] ?? '').startsWith('application/apply-patch');
  const rt = { group: info.group, version: info.version, plural: info.resource };
  const labels = requestLabels(info.verb, rt, info.subresource, info.name, info.namespace, query.getAll('dryRun').join(','), apply);
  const started = performance.now();
  const done = info.verb === 'watch' ? metrics.watchStarted(labels) : metrics.started(info.verb);
  res.once('close', () => {
    done();
    metrics.observe(labels, res.statusCode, (performance.now() - started) / 1000);
  });
}

async function authorize(authorizer: Authorizer, user: UserInfo, info: ReturnType<typeof parseRequestInfo>): Promise<void> {
  if (!info.isResourceRequest) {
    const d = await authorizer.authorize({ user, verb: info.verb, path: info.path });
    if (!d.allowed) throw forbiddenPath(`User "${user.username}" cannot ${info.verb} path "${info.path}"`);
    return;
  }
  const d = await authorizer.authorize({
    user,
    verb: info.verb,
    namespace: info.namespace,
    group: info.group,
    version: info.version,
    resource: info.resource,
    subresource: info.subresource,
    name: info.name,
  });
  if (d.allowed) return;
  const resource = info.subresource ? `${info.resource}/${info.subresource}` : info.resource;
  const scope = info.namespace ? `in the namespace "${info.namespace}"` : 'at the cluster scope';
  const why = `User "${user.username}" cannot ${info.verb} resource "${resource}" in API group "${info.group}" ${scope}${d.reason ? `: ${d.reason}` : ''}`;
  throw forbidden({ group: info.group, resource }, info.name, why);
}

async function dispatch(
  deps: PipelineDeps,
  served: ServedResource,
  info: ResourceRequestInfo,
  req: ApiRequest,
  res: ApiResponse,
  query: URLSearchParams,
  user: UserInfo,
  warnings: string[],
  /** The body, when an aggregated backend has already read it. */
  preread?: Buffer,
): Promise<void> {
  const { type } = served;
  if (!type.namespaced && info.namespace && info.resource !== 'namespaces') throw pathNotFound();
  const sub = info.subresource;
  if (sub && !type.subresources.includes(sub)) throw pathNotFound();
  const read = { served, namespace: type.namespaced ? info.namespace : '', name: info.name, subresource: sub, query, accept: req.headers.accept };

  // A subresource the kind's strategy shapes (a CSR's approval) reads and writes as status does.
  const objectLike = sub === '' || sub === 'status' || (served.registry.strategy.shapeSubresource !== undefined && type.subresources.includes(sub));
  if (info.verb === 'get' && objectLike) return handleGet(read, res);
  if (info.verb === 'list') return handleList(read, res);
  if (info.verb === 'watch') return handleWatch(read, req, res, deps.watch);
  if (sub === 'scale' && req.method === 'GET') return handleScale(read, 'GET', res);

  const body = preread ?? (await readBody(req));
  const ctx = writeContext(query, { user, warnings }, req.headers['user-agent']);
  const w: WriteRequest = { ...read, contentType: req.headers['content-type'], body, ctx };
  const respondWithWarnings = async (fn: () => Promise<void>) => {
    const original = res.writeHead.bind(res) as (...args: unknown[]) => unknown;
    (res as { writeHead: (...args: unknown[]) => unknown }).writeHead = (...args: unknown[]) => {
      setWarnings(res, warnings);
      return original(...args);
    };
    await fn();
  };
  await respondWithWarnings(async () => {
    if (sub === 'scale') return handleScale(w, req.method ?? 'PUT', res);
    if (sub === 'binding' && info.verb === 'create') return handleBinding(w, res);
    if (sub === 'finalize' && info.verb === 'update') return handleFinalize(w, res);
    if (sub !== '' && sub !== 'status' && (!objectLike || (info.verb !== 'update' && info.verb !== 'patch'))) unsupportedSubresource(w, info.verb);
    switch (info.verb) {
      case 'create':
        return handleCreate(w, res);
      case 'update':
        return handleUpdate(w, res);
      case 'patch':
        return handlePatch(w, res);
      case 'delete':
        return handleDelete(w, res);
      case 'deletecollection':
        return handleDeleteCollection(w, res);
      default:
        throw methodNotSupported(served.registry.groupResource, info.verb);
    }
  });
}

function sendDiscovery(req: ApiRequest, res: ApiResponse, d: DiscoveryDoc, contentType: string): void {
  const headers = { 'Content-Type': contentType, ETag: d.etag, Vary: 'Accept', 'Cache-Control': 'no-cache, private' };
  if (req.headers['if-none-match'] === d.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(d.body) });
  res.end(d.body);
}

/** Answers discovery and OpenAPI paths; false when the path is neither. */
function serveDiscoveryOrOpenAPI(deps: PipelineDeps, req: ApiRequest, res: ApiResponse, path: string, query: URLSearchParams): boolean {
  const parts = path.split('/').filter(Boolean);
  const accept = req.headers.accept;
  if (path === '/api' || path === '/apis') {
    const format = negotiateDiscoveryFormat(accept);
    if (format?.kind === 'discovery') {
      sendDiscovery(req, res, deps.discovery.aggregated(path === '/api' ? 'api' : 'apis', format.version), aggregatedContentType(format.version));
    } else {
      sendDiscovery(req, res, path === '/api' ? deps.discovery.legacyApiVersions() : deps.discovery.legacyGroupList(), 'application/json');
    }
    return true;
  }
  if (parts[0] === 'api' && parts.length === 2) {
    const d = deps.discovery.legacyResourceList('', parts[1]!);
    if (!d) throw pathNotFound();
    sendDiscovery(req, res, d, 'application/json');
    return true;
  }
  if (parts[0] === 'apis' && (parts.length === 2 || parts.length === 3)) {
    const d = parts.length === 2 ? deps.discovery.legacyGroup(parts[1]!) : deps.discovery.legacyResourceList(parts[1]!, parts[2]!);
    if (!d) throw pathNotFound();
    sendDiscovery(req, res, d, 'application/json');
    return true;
  }
  if (path === '/openapi/v2') {
    const v2 = openAPIV2Response();
    res.writeHead(200, { 'Content-Type': v2.contentType, 'Content-Length': v2.body.length });
    res.end(v2.body);
    return true;
  }
  if (path === '/openapi/v3') {
    const root = deps.openapi.root();
    sendDiscovery(req, res, { body: root.body, etag: root.etag }, 'application/json');
    return true;
  }
  if (parts[0] === 'openapi' && parts[1] === 'v3' && parts.length > 2) {
    const doc = deps.openapi.document(parts.slice(2).join('/'));
    if (!doc) throw pathNotFound();
    const immutable = query.get('hash') === doc.hash;
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(doc.body),
      ETag: `"${doc.hash}"`,
      'Cache-Control': immutable ? 'public, immutable' : 'no-cache, private',
      ...(immutable ? { Expires: new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString() } : {}),
    });
    res.end(doc.body);
    return true;
  }
  return false;
}
