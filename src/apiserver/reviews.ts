// Create-only review resources: SelfSubjectReview (`kubectl auth whoami`). Access reviews come
// with the RBAC authorizer.

import { badRequest } from '../machinery/errors.ts';
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
