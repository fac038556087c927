import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDataDir } from './data-dir.ts';

test('ensureDataDir makes the data dir with its missing parents, and accepts one that exists', () => {
  const root = mkdtempSync(join(tmpdir(), 'cozylab-datadir-'));
  try {
    const dir = join(root, 'a', 'b', 'c');
    assert.equal(ensureDataDir(dir), dir);
    assert.ok(statSync(dir).isDirectory());
    assert.equal(ensureDataDir(dir), dir);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('ensureDataDir refuses a file in the way, naming it', () => {
  const root = mkdtempSync(join(tmpdir(), 'cozylab-datadir-'));
  try {
    writeFileSync(join(root, 'file'), '');
    assert.throws(() => ensureDataDir(join(root, 'file')), { message: `cannot use ${join(root, 'file')} as the data dir (--data-dir): ${join(root, 'file')} exists and is not a directory` });
    assert.throws(() => ensureDataDir(join(root, 'file', 'below')), { message: new RegExp(`${join(root, 'file')} exists and is not a directory$`) });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// Node's recursive mkdir loops forever there; the data dir's is one call per directory.
test('ensureDataDir refuses a directory the kernel will not make (under /proc) instead of hanging', { skip: !existsSync('/proc/self') && 'no /proc here' }, () => {
  assert.throws(() => ensureDataDir('/proc/cozylab-nope/x'), { message: 'cannot use /proc/cozylab-nope/x as the data dir (--data-dir): cannot create /proc/cozylab-nope: the file system does not allow it' });
});
