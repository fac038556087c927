import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifest, renderManifest } from './release.ts';

const objects = [
  { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns' }, data: { 'multi.txt': 'line 1\nline 2\n', port: '8080' } },
  { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2, paused: false, template: { spec: { containers: [{ name: 'c', image: 'nginx', args: ['-v', '1'] }] } } } },
];

test('a manifest parses back to the objects it was rendered from', () => {
  const manifest = renderManifest('demo', objects);
  assert.match(manifest, /^---\n# Source: demo\/templates\/configmap-a\.yaml\n/);
  assert.deepEqual(parseManifest(manifest), objects);
});

test('a manifest written elsewhere (helm, another process) is parsed from its YAML', () => {
  const manifest = "---\n# Source: x/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata:\n  k: 'v'\n---\n# empty\n";
  assert.deepEqual(parseManifest(manifest), [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' }, data: { k: 'v' } }]);
});

test('each parse hands out its own objects: changing one changes no later parse', () => {
  const manifest = renderManifest('demo', objects);
  const first = parseManifest(manifest);
  first[0]!.metadata.name = 'changed';
  (first[1]!.spec as { replicas: number }).replicas = 9;
  assert.deepEqual(parseManifest(manifest), objects);
});

test('a manifest is read with the YAML 1.2 core schema: what YAML 1.1 would turn into booleans, dates or octals stays as written', () => {
  const manifest = "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: yes\n  b: 2024-01-01\n  c: 0755\n  d: ~\n  e: 0o17\n";
  assert.deepEqual(parseManifest(manifest), [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 'yes', b: '2024-01-01', c: 755, d: null, e: 15 } }]);
});

test('a manifest with a duplicate key (hand-written) is still read, the later value winning', () => {
  const manifest = '---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\ndata:\n  k: one\n  k: two\n';
  assert.deepEqual(parseManifest(manifest), [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'd' }, data: { k: 'two' } }]);
});
