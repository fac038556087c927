// The layers of ARCHITECTURE.md import only downward: machinery → storage → apiserver →
// controller → cluster → platform → cli. A violation fails the test run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const LAYERS = ['machinery', 'storage', 'apiserver', 'controller', 'cluster', 'platform', 'cli'];
const src = resolve(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function layerOf(file: string): number {
  return LAYERS.indexOf(relative(src, file).split('/')[0]!);
}

export function layerViolations(): string[] {
  const violations: string[] = [];
  for (const file of sourceFiles(src)) {
    const own = layerOf(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
      const target = resolve(dirname(file), m[1] ?? m[2]!);
      if (!target.startsWith(src)) continue;
      const theirs = layerOf(target);
      if (theirs > own) violations.push(`${relative(src, file)} imports ${relative(src, target)} (${LAYERS[own]} may not import ${LAYERS[theirs]})`);
    }
  }
  return violations;
}

test('every source file lives in a known layer', () => {
  const unknown = sourceFiles(src).filter((f) => layerOf(f) < 0).map((f) => relative(src, f));
  assert.deepEqual(unknown, []);
});

test('layers import only from layers below them', () => {
  assert.deepEqual(layerViolations(), []);
});
