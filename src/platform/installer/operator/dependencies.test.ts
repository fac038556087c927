import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PACKAGE_GVK, PACKAGESOURCE_GVK, type Package, type PackageSource } from '../types.ts';
import { dependentsIndex, type PackageLookup } from './dependencies.ts';

const pkg = (name: string, spec: Package['spec'] = {}): Package => ({ ...PACKAGE_GVK, metadata: { name }, spec });
const source = (name: string, variants: Array<{ name: string; dependsOn?: string[] }>): PackageSource => ({ ...PACKAGESOURCE_GVK, metadata: { name }, spec: { variants } });

test('dependentsIndex names, for every Package, those whose active dependencies include it: variant, ignoreDependencies, missing sources and self-references', () => {
  const packages = [
    pkg('root'),
    pkg('a'),
    pkg('b', { variant: 'big' }),
    pkg('c', { ignoreDependencies: ['root'] }),
    pkg('d'),
    pkg('no-source'),
    pkg('self'),
    pkg('twice'),
  ];
  const sources = new Map(
    [
      source('root', [{ name: 'default' }]),
      source('a', [{ name: 'default', dependsOn: ['root'] }]),
      source('b', [{ name: 'default', dependsOn: ['root'] }, { name: 'big', dependsOn: ['a', 'root'] }]),
      source('c', [{ name: 'default', dependsOn: ['root', 'a'] }]),
      source('d', [{ name: 'other', dependsOn: ['root'] }]),
      source('self', [{ name: 'default', dependsOn: ['self', 'a'] }]),
      source('twice', [{ name: 'default', dependsOn: ['b', 'b'] }]),
    ].map((s) => [s.metadata.name!, s]),
  );
  const lookup: PackageLookup = { pkg: (n) => packages.find((p) => p.metadata.name === n), source: (n) => sources.get(n) };
  const index = dependentsIndex(packages, lookup);
  assert.deepEqual(index.get('root'), ['a', 'b']);
  assert.deepEqual(index.get('a'), ['b', 'c', 'self']);
  assert.deepEqual(index.get('b'), ['twice']);
  for (const name of ['c', 'd', 'no-source', 'self', 'twice', 'unknown']) assert.deepEqual(index.get(name) ?? [], [], name);
});
