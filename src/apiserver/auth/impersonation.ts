// Impersonation (`kubectl --as`, `--as-group`, `--as-uid`): the Impersonate-* headers turn the
// authenticated requester into another identity, each part allowed only when the requester may
// `impersonate` it (users, groups, serviceaccounts, uids, userextras/<key>), as kube-apiserver's
// WithImpersonation filter does.

import { forbidden, internalError } from '../../machinery/errors.ts';
import type { Attributes, Authorizer } from '../authz/authorizer.ts';
import type { ApiRequest } from '../http-types.ts';
import { AUTHENTICATED, type UserInfo } from './user.ts';

const USER_HEADER = 'impersonate-user';
const GROUP_HEADER = 'impersonate-group';
const UID_HEADER = 'impersonate-uid';
const EXTRA_PREFIX = 'impersonate-extra-';

const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';
const ANONYMOUS = 'system:anonymous';
const UNAUTHENTICATED = 'system:unauthenticated';
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** What one Impersonate-* value asks for, and the attributes the requester needs to be allowed it. */
interface ImpersonationRequest {
  kind: 'User' | 'ServiceAccount' | 'Group' | 'UserExtra' | 'UID';
  name: string;
  namespace?: string;
  extraKey?: string;
}

/** Header values in the order sent, repeated headers kept apart (Node joins them in `headers`). */
function headerValues(req: ApiRequest): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const raw = req.rawHeaders ?? [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!name.startsWith('impersonate-')) continue;
    out.set(name, [...(out.get(name) ?? []), raw[i + 1]!]);
  }
  return out;
}

/** `system:serviceaccount:<ns>:<name>` split, or undefined when the name is not a service account's. */
function serviceAccountOf(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(SERVICE_ACCOUNT_PREFIX)) return undefined;
  const parts = username.slice(SERVICE_ACCOUNT_PREFIX.length).split(':');
  if (parts.length !== 2 || !DNS_LABEL.test(parts[0]!) || !DNS_SUBDOMAIN.test(parts[1]!)) return undefined;
  return { namespace: parts[0]!, name: parts[1]! };
}

function describeRequest(r: ImpersonationRequest): string {
  return r.kind === 'UserExtra' ? `${r.kind} ${r.extraKey}=${JSON.stringify(r.name)}` : `${r.kind} ${JSON.stringify(r.name)}`;
}

function parseRequests(headers: Map<string, string[]>): ImpersonationRequest[] {
  const requests: ImpersonationRequest[] = [];
  const user = headers.get(USER_HEADER)?.[0] ?? '';
  if (user) {
    const sa = serviceAccountOf(user);
    requests.push(sa ? { kind: 'ServiceAccount', ...sa } : { kind: 'User', name: user });
  }
  for (const group of headers.get(GROUP_HEADER) ?? []) requests.push({ kind: 'Group', name: group });
  for (const [header, values] of headers) {
    if (!header.startsWith(EXTRA_PREFIX)) continue;
    const extraKey = decodeURIComponent(header.slice(EXTRA_PREFIX.length));
    for (const value of values) requests.push({ kind: 'UserExtra', name: value, extraKey });
  }
  const uid = headers.get(UID_HEADER)?.[0] ?? '';
  if (uid) requests.push({ kind: 'UID', name: uid });
  if (requests.length > 0 && !user) {
    throw internalError(new Error(`requested [${requests.map(describeRequest).join(' ')}] without impersonating a user`));
  }
  return requests;
}

function attributesFor(requester: UserInfo, r: ImpersonationRequest): Attributes {
  const base = { user: requester, verb: 'impersonate', name: r.name };
  switch (r.kind) {
    case 'User':
      return { ...base, group: '', resource: 'users' };
    case 'ServiceAccount':
      return { ...base, group: '', resource: 'serviceaccounts', namespace: r.namespace };
    case 'Group':
      return { ...base, group: '', resource: 'groups' };
    case 'UserExtra':
      return { ...base, group: 'authentication.k8s.io', version: 'v1', resource: 'userextras', subresource: r.extraKey };
    case 'UID':
      return { ...base, group: 'authentication.k8s.io', version: 'v1', resource: 'uids' };
  }
}

function refusal(attrs: Attributes, reason: string) {
  const resource = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource!;
  const scope = attrs.namespace ? `in the namespace "${attrs.namespace}"` : 'at the cluster scope';
  const why = `User "${attrs.user.username}" cannot impersonate resource "${resource}" in API group "${attrs.group}" ${scope}${reason ? `: ${reason}` : ''}`;
  return forbidden({ group: attrs.group!, resource: attrs.resource! }, attrs.name ?? '', why);
}

/** The identity the request acts as: the requester, or whom it may and does impersonate. */
export async function impersonatedUser(req: ApiRequest, requester: UserInfo, authorizer: Authorizer): Promise<UserInfo> {
  const requests = parseRequests(headerValues(req));
  if (requests.length === 0) return requester;
  const groupsSpecified = requests.some((r) => r.kind === 'Group');
  let username = '';
  let uid: string | undefined;
  let groups: string[] = [];
  const extra: Record<string, string[]> = {};
  for (const r of requests) {
    const attrs = attributesFor(requester, r);
    const decision = await authorizer.authorize(attrs);
    if (!decision.allowed) throw refusal(attrs, decision.reason);
    if (r.kind === 'User') username = r.name;
    if (r.kind === 'ServiceAccount') {
      username = `${SERVICE_ACCOUNT_PREFIX}${r.namespace}:${r.name}`;
      if (!groupsSpecified) groups = ['system:serviceaccounts', `system:serviceaccounts:${r.namespace}`];
    }
    if (r.kind === 'Group') groups.push(r.name);
    if (r.kind === 'UserExtra') extra[r.extraKey!] = [...(extra[r.extraKey!] ?? []), r.name];
    if (r.kind === 'UID') uid = r.name;
  }
  if (username !== ANONYMOUS) {
    if (!groups.includes(AUTHENTICATED) && !groups.includes(UNAUTHENTICATED)) groups.push(AUTHENTICATED);
  } else if (!groups.includes(UNAUTHENTICATED)) {
    groups.push(UNAUTHENTICATED);
  }
  return { username, groups, ...(uid ? { uid } : {}), ...(Object.keys(extra).length ? { extra } : {}) };
}
