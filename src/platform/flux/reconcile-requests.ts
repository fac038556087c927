// The annotations `flux reconcile` writes to ask for a reconcile now (requestedAt), a forced
// upgrade (forceAt) or a reset of the failure counters (resetAt), and when one is still to handle.

import type { KubeObject } from '../../machinery/object.ts';
import { RECONCILE_REQUESTED_AT } from './kinds.ts';

/**
 * ShouldHandleForceRequest / ShouldHandleResetRequest: the annotation's value when it equals the
 * reconcile request (`flux reconcile` sets both at once) and was not handled yet.
 */
export function unhandledRequest(hr: KubeObject, annotation: string, lastHandled: string | undefined): string | undefined {
  const value = hr.metadata.annotations?.[annotation];
  return value !== undefined && value === hr.metadata.annotations?.[RECONCILE_REQUESTED_AT] && value !== lastHandled ? value : undefined;
}
