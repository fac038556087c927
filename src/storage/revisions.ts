// Revision checks both backends share, with etcd's rules: reads at a revision below the
// compacted one fail (ErrCompacted), reads and compactions beyond the newest write fail
// (ErrFutureRev).

import { CompactedError } from './store.ts';

export class FutureRevisionError extends Error {
  constructor(
    readonly requested: number,
    readonly current: number,
  ) {
    super(`required revision ${requested} is a future revision (current revision ${current})`);
    this.name = 'FutureRevisionError';
  }
}

/** The revision a read at `requested` (0/absent: now) is served at, or the error etcd gives. */
export function readRevision(requested: number | undefined, current: number, compacted: number): number {
  if (!requested) return current;
  if (!Number.isInteger(requested) || requested < 0) throw new RangeError(`invalid revision ${requested}`);
  if (requested < compacted) throw new CompactedError(requested, compacted);
  if (requested > current) throw new FutureRevisionError(requested, current);
  return requested;
}

/** The first key a prefix listing reads: `startKey` when it lies inside the prefix range, else the prefix. */
export function listLowerBound(prefix: string, startKey: string | undefined): string {
  return startKey !== undefined && startKey > prefix ? startKey : prefix;
}
