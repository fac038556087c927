import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

test('cozylab up on a data dir it cannot use exits 1 and says why, without starting', () => {
  const root = mkdtempSync(join(tmpdir(), 'cozylab-cli-datadir-'));
  try {
    const file = join(root, 'state');
    writeFileSync(file, '');
    const r = spawnSync(process.execPath, ['bin/cozylab.js', 'up', '--data-dir', file, '--port', '0', '--kubernetes-only'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stderr, `cozylab up: cannot use ${file} as the data dir (--data-dir): ${file} exists and is not a directory\n`);
    assert.doesNotMatch(r.stdout, /listening/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
