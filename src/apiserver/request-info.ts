// What a request asks for, read off its path and method, as kube-apiserver's RequestInfo.

export interface ResourceRequestInfo {
  isResourceRequest: true;
  /** `api` (core) or `apis`. */
  prefix: 'api' | 'apis';
  group: string;
  version: string;
  namespace: string;
  resource: string;
  name: string;
  subresource: string;
  /** Path parts after the subresource (proxy paths). */
  rest: string[];
  verb: string;
}

export interface NonResourceRequestInfo {
  isResourceRequest: false;
  path: string;
  verb: string;
}

export type RequestInfo = ResourceRequestInfo | NonResourceRequestInfo;

const METHOD_VERBS: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'patch',
  DELETE: 'delete',
  GET: 'get',
  HEAD: 'get',
};

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

export function parseRequestInfo(method: string, pathname: string, query: URLSearchParams): RequestInfo {
  const baseVerb = METHOD_VERBS[method] ?? method.toLowerCase();
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const prefix = parts[0];
  const nonResource: NonResourceRequestInfo = { isResourceRequest: false, path: pathname, verb: baseVerb };
  if (prefix !== 'api' && prefix !== 'apis') return nonResource;
  let rest: string[];
  let group = '';
  let version: string;
  if (prefix === 'api') {
    if (parts.length < 3) return nonResource;
    version = parts[1]!;
    rest = parts.slice(2);
  } else {
    if (parts.length < 4) return nonResource;
    group = parts[1]!;
    version = parts[2]!;
    rest = parts.slice(3);
  }
  let namespace = '';
  // /api/v1/namespaces/{name}[/status|/finalize] is the namespace object itself, not a scope.
  const namespaceItself = rest[0] === 'namespaces' && (rest.length <= 2 || (rest.length === 3 && NAMESPACE_SUBRESOURCES.has(rest[2]!)));
  if (rest[0] === 'namespaces' && rest.length >= 2) namespace = rest[1]!;
  if (rest[0] === 'namespaces' && !namespaceItself) rest = rest.slice(2);
  const resource = rest[0] ?? '';
  const name = rest[1] ?? '';
  const subresource = rest[2] ?? '';
  let verb = baseVerb;
  const watch = query.get('watch');
  if (baseVerb === 'get' && !name) verb = watch === 'true' || watch === '1' ? 'watch' : 'list';
  else if (baseVerb === 'get' && (watch === 'true' || watch === '1')) verb = 'watch';
  if (baseVerb === 'delete' && !name) verb = 'deletecollection';
  return {
    isResourceRequest: true,
    prefix,
    group,
    version,
    namespace: resource === 'namespaces' ? '' : namespace,
    resource,
    name,
    subresource,
    rest: rest.slice(3),
    verb,
  };
}
