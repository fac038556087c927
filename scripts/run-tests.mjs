#!/usr/bin/env node
// The one test command: type check, then every *.test.ts under src/ and test/ with node's test runner.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compiledModule } from '../bin/compiled-sources.js';

const root = new URL('..', import.meta.url).pathname;

function findTests(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...findTests(path));
    else if (entry.endsWith('.test.ts')) out.push(relative(root, path));
  }
  return out;
}

const filter = process.argv.slice(2);
if (filter.length === 0) {
  const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('type check failed');
    process.exit(tsc.status ?? 1);
  }
}
// Built once here, so the servers the end-to-end tests start do not each build it.
await compiledModule('cli/main.ts');
const files = [...findTests(join(root, 'src')), ...findTests(join(root, 'test'))]
  .filter((f) => filter.length === 0 || filter.some((p) => f.includes(p)))
  .sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  // Watch objects are shared by every watch of a resource; frozen here, a receiver that writes to
  // one fails its test (client-go's KUBE_CACHE_MUTATION_DETECTOR, for the same reason).
  { cwd: root, stdio: 'inherit', env: { COZYLAB_FREEZE_WATCH_OBJECTS: '1', ...process.env } },
);
process.exit(result.status ?? 1);
