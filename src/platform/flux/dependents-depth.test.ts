import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DependentsDepth } from './dependents-depth.ts';

// crds ← operator ← app; crds ← leaf; nothing waits on app or leaf.
const dependents: Record<string, string[]> = { 'ns/crds': ['ns/operator', 'ns/leaf'], 'ns/operator': ['ns/app'] };

test('a release is as deep as the longest chain of releases waiting on it', () => {
  const depths = new DependentsDepth((key) => dependents[key] ?? []);
  assert.deepEqual(['ns/crds', 'ns/operator', 'ns/leaf', 'ns/app'].map((k) => depths.of(k)), [2, 1, 0, 0]);
});

test('a dependency cycle ends the count instead of looping: each release of the cycle counts once', () => {
  const depths = new DependentsDepth((key) => ({ 'ns/a': ['ns/b'], 'ns/b': ['ns/a'] })[key] ?? []);
  assert.equal(depths.of('ns/a'), 2);
});

test('after invalidate, a changed graph is read again', () => {
  const graph: Record<string, string[]> = { 'ns/a': [] };
  const depths = new DependentsDepth((key) => graph[key] ?? []);
  assert.equal(depths.of('ns/a'), 0);
  graph['ns/a'] = ['ns/b'];
  assert.equal(depths.of('ns/a'), 0);
  depths.invalidate();
  assert.equal(depths.of('ns/a'), 1);
});
