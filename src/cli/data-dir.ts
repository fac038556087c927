// The data dir `cozylab up` keeps its store, keys and kubeconfig in, made with its parents.
// Node's recursive mkdir never returns when the kernel answers ENOENT for a parent that exists
// (a path under /proc), so the missing directories are made one at a time.

import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Makes `dir` and its missing parents; throws an Error saying why `dir` cannot be the data dir. */
export function ensureDataDir(dir: string): string {
  const path = resolve(dir);
  const missing: string[] = [];
  let at = path;
  for (;;) {
    const kind = kindOf(at);
    if (kind === 'directory') break;
    if (kind === 'other') throw unusable(path, `${at} exists and is not a directory`);
    missing.unshift(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code === 'EEXIST' && kindOf(d) === 'directory') continue; // made meanwhile by another process
      throw unusable(path, `cannot create ${d}: ${reason(e)}`);
    }
  }
  return path;
}

function kindOf(path: string): 'directory' | 'other' | 'absent' {
  try {
    return statSync(path).isDirectory() ? 'directory' : 'other';
  } catch {
    return 'absent';
  }
}

function reason(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOENT':
      return 'the file system does not allow it';
    default:
      return e.message;
  }
}

const unusable = (path: string, why: string): Error => new Error(`cannot use ${path} as the data dir (--data-dir): ${why}`);
