// The authorization seam every request and every access review goes through.

import type { UserInfo } from '../auth/user.ts';

export interface Attributes {
  user: UserInfo;
  verb: string;
  /** Resource requests. */
  namespace?: string;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  name?: string;
  /** Non-resource requests (`/healthz`, `/metrics`). */
  path?: string;
}

export interface Decision {
  allowed: boolean;
  reason: string;
}

export interface RulesSummary {
  resourceRules: { verbs: string[]; apiGroups: string[]; resources: string[]; resourceNames?: string[] }[];
  nonResourceRules: { verbs: string[]; nonResourceURLs: string[] }[];
  incomplete: boolean;
}

export interface Authorizer {
  authorize(attrs: Attributes): Promise<Decision>;
  rulesFor(user: UserInfo, namespace: string): Promise<RulesSummary>;
}

/** Until RBAC is enforced every authenticated user may do everything; reviews say so truthfully. */
export const allowAllAuthorizer: Authorizer = {
  async authorize() {
    return { allowed: true, reason: '' };
  },
  async rulesFor() {
    return {
      resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
      incomplete: false,
    };
  },
};
