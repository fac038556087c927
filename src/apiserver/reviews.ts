// Create-only review resources: SelfSubjectReview (`kubectl auth whoami`), TokenReview (another
// server asking who a bearer token belongs to: Vault, kube-rbac-proxy, aggregated API servers) and
// the access reviews behind `kubectl auth can-i`, answered by whatever authorizer the server runs.

import { badRequest } from '../machinery/errors.ts';
import { isPlainObject } from '../machinery/object.ts';
import type { Authenticator } from './auth/authenticator.ts';
import type { Authorizer } from './authz/authorizer.ts';
import { readBody, decodeBody, OBJECT_BODY_TYPES } from './body.ts';
import type { ResourceCatalog } from './catalog.ts';
import type { SpecialHandler } from './pipeline.ts';
import type { ResourceType } from './resource.ts';
import { writeBody } from './respond.ts';
import { formatTime } from './registry/codec.ts';

function reviewType(group: string, version: string, kind: string, plural: string): ResourceType {
  return {
    group,
    version,
    kind,
    listKind: `${kind}List`,
    plural,
    singular: kind.toLowerCase(),
    namespaced: false,
    shortNames: [],
    categories: [],
    verbs: ['create'],
    subresources: [],
    strategicMergePatch: true,
  };
}

export function registerSelfSubjectReview(catalog: ResourceCatalog, special: Map<string, SpecialHandler>, now: () => Date): void {
  for (const version of ['v1', 'v1beta1', 'v1alpha1']) {
    catalog.addVirtual(reviewType('authentication.k8s.io', version, 'SelfSubjectReview', 'selfsubjectreviews'));
    special.set(`authentication.k8s.io/${version}/selfsubjectreviews`, async ({ req, res, user, info }) => {
      if (info.verb !== 'create') throw badRequest('only create is supported on selfsubjectreviews');
      decodeBody(await readBody(req), req.headers['content-type'], OBJECT_BODY_TYPES);
      writeBody(res, 201, {
        kind: 'SelfSubjectReview',
        apiVersion: `authentication.k8s.io/${version}`,
        metadata: { creationTimestamp: formatTime(now()) },
        status: { userInfo: { username: user.username, ...(user.uid ? { uid: user.uid } : {}), groups: user.groups, ...(user.extra ? { extra: user.extra } : {}) } },
      });
    });
  }
}

type Json = Record<string, unknown>;

export function registerTokenReview(catalog: ResourceCatalog, special: Map<string, SpecialHandler>, authenticator: Authenticator): void {
  catalog.addVirtual(reviewType('authentication.k8s.io', 'v1', 'TokenReview', 'tokenreviews'));
  special.set('authentication.k8s.io/v1/tokenreviews', async ({ req, res, info }) => {
    if (info.verb !== 'create') throw badRequest('only create is supported on tokenreviews');
    const decoded = decodeBody(await readBody(req), req.headers['content-type'], OBJECT_BODY_TYPES);
    const review = (isPlainObject(decoded.value) ? decoded.value : {}) as Json;
    const spec = (isPlainObject(review.spec) ? review.spec : {}) as Json;
    const token = typeof spec.token === 'string' ? spec.token : '';
    if (!token) throw badRequest('token is required for TokenReview in authentication');
    const audiences = Array.isArray(spec.audiences) ? spec.audiences.filter((a): a is string => typeof a === 'string') : [];
    const result = await authenticator.reviewToken(token, audiences);
    // As kube-apiserver marshals it: `authenticated` only when true, `user` always.
    const status: Json = result
      ? {
          authenticated: true,
          user: { username: result.user.username, ...(result.user.uid ? { uid: result.user.uid } : {}), groups: result.user.groups, ...(result.user.extra ? { extra: result.user.extra } : {}) },
          audiences: result.audiences,
        }
      : { user: {} };
    writeBody(res, 201, { kind: 'TokenReview', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: null }, spec, status });
  });
}

export function registerAccessReviews(catalog: ResourceCatalog, special: Map<string, SpecialHandler>, authorizer: () => Authorizer): void {
  const kinds: [string, string, boolean][] = [
    ['SelfSubjectAccessReview', 'selfsubjectaccessreviews', false],
    ['SelfSubjectRulesReview', 'selfsubjectrulesreviews', false],
    ['SubjectAccessReview', 'subjectaccessreviews', false],
    ['LocalSubjectAccessReview', 'localsubjectaccessreviews', true],
  ];
  for (const [kind, plural, namespaced] of kinds) {
    catalog.addVirtual({ ...reviewType('authorization.k8s.io', 'v1', kind, plural), namespaced });
    special.set(`authorization.k8s.io/v1/${plural}`, async ({ req, res, user, info }) => {
      if (info.verb !== 'create') throw badRequest(`only create is supported on ${plural}`);
      const decoded = decodeBody(await readBody(req), req.headers['content-type'], OBJECT_BODY_TYPES);
      const review = (isPlainObject(decoded.value) ? decoded.value : {}) as Json;
      const spec = (isPlainObject(review.spec) ? review.spec : {}) as Json;
      let status: Json;
      if (kind === 'SelfSubjectRulesReview') {
        status = { ...(await authorizer().rulesFor(user, String(spec.namespace ?? ''))) };
      } else {
        const subject =
          kind.startsWith('Self')
            ? user
            : { username: String(spec.user ?? ''), groups: Array.isArray(spec.groups) ? (spec.groups as string[]) : [], uid: spec.uid as string | undefined };
        const ra = (isPlainObject(spec.resourceAttributes) ? spec.resourceAttributes : undefined) as Json | undefined;
        const nra = (isPlainObject(spec.nonResourceAttributes) ? spec.nonResourceAttributes : undefined) as Json | undefined;
        if (!ra && !nra) throw badRequest('spec: Invalid value: exactly one of nonResourceAttributes or resourceAttributes must be specified');
        const decision = await authorizer().authorize(
          ra
            ? { user: subject, verb: String(ra.verb ?? ''), namespace: String(ra.namespace ?? info.namespace ?? ''), group: String(ra.group ?? ''), version: String(ra.version ?? ''), resource: String(ra.resource ?? ''), subresource: String(ra.subresource ?? ''), name: String(ra.name ?? '') }
            : { user: subject, verb: String(nra!.verb ?? ''), path: String(nra!.path ?? '') },
        );
        status = decision.allowed ? { allowed: true, reason: decision.reason || undefined } : { allowed: false, reason: decision.reason || undefined };
      }
      writeBody(res, 201, { kind, apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null }, spec, status });
    });
  }
}
