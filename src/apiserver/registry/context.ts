// What every registry call carries: who asks, whether to persist, and what to tell the client.

import type { UserInfo } from '../auth/user.ts';

export interface WriteContext {
  user: UserInfo;
  dryRun: boolean;
  fieldManager?: string;
  /** The write is a server-side apply whose managedFields are already computed. */
  applied?: boolean;
  /** Collected `Warning:` header texts. */
  warnings: string[];
}

export interface ListQuery {
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: string;
}

export interface WatchQuery extends ListQuery {
  allowWatchBookmarks?: boolean;
  sendInitialEvents?: boolean;
  timeoutSeconds?: number;
}

export interface DeleteOptions {
  propagationPolicy?: 'Foreground' | 'Background' | 'Orphan';
  gracePeriodSeconds?: number;
  orphanDependents?: boolean;
  preconditions?: { uid?: string; resourceVersion?: string };
}
