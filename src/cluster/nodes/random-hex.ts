// Random bytes as hex for the IDs the simulated runtime hands out (a container's, each start).

import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let at = 0;

/**
 * `bytes` random bytes as hex, cut from a pool refilled 4 KiB at a time: a randomBytes call for
 * each container was a getrandom(2) each, 1 % of the main thread in a 10k-pod start.
 */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString('hex');
  if (at + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    at = 0;
  }
  at += bytes;
  return pool.toString('hex', at - bytes, at);
}
