import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ROOT = new URL('..', import.meta.url).pathname;

test('cozylab --version (and -V) names its own version and the Kubernetes and Cozystack versions it serves', () => {
  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string };
  for (const flag of ['--version', '-V']) {
    const r = spawnSync(process.execPath, ['bin/cozylab.js', flag], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `cozylab ${version} (Kubernetes v1.33.0, Cozystack v1.6.2)\n`);
  }
});
