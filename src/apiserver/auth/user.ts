// Who is making a request, as Kubernetes' user.Info has it.

export interface UserInfo {
  username: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

export const SYSTEM_MASTERS = 'system:masters';
export const AUTHENTICATED = 'system:authenticated';

/** The identity in-process controllers act as when they do not name one. */
export const INTERNAL_USER: UserInfo = { username: 'system:apiserver', groups: [SYSTEM_MASTERS, AUTHENTICATED] };
