import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { compiledCommand, compiledModule, withJsSpecifiers } from '../bin/compiled-sources.js';
import { readYamlDocuments, yamlDocuments } from '../src/machinery/yaml-file.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

test('relative .ts specifiers of every import form name the compiled .js files; packages and strings are left alone', () => {
  const code = [
    'import { a } from "./a.ts";',
    "import b from '../dir/b.ts';",
    'import "./side-effect.ts";',
    'export * from "./c.ts";',
    'export { d } from "../../d.ts";',
    'const e = await import("./e.ts");',
    'import yaml from "yaml";',
    'const name = "./not-an-import.ts";',
  ].join('\n');
  assert.equal(
    withJsSpecifiers(code),
    [
      'import { a } from "./a.js";',
      "import b from '../dir/b.js';",
      'import "./side-effect.js";',
      'export * from "./c.js";',
      'export { d } from "../../d.js";',
      'const e = await import("./e.js");',
      'import yaml from "yaml";',
      'const name = "./not-an-import.ts";',
    ].join('\n'),
  );
});

test('cozylab runs its compiled sources, which a source change rebuilds', async () => {
  const url = await compiledModule('cli/main.ts');
  assert.ok(url, 'the sources compile');
  const main = fileURLToPath(url);
  assert.ok(existsSync(main));
  assert.doesNotMatch(readFileSync(main, 'utf8'), /from ["']\.{1,2}\/[^"']*\.ts["']/);
  // The compiled modules find the files they read by their own location (CRDs, manifests, package.json).
  const help = spawnSync(process.execPath, ['bin/cozylab.js', 'up', '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /--data-dir/);
  // The command itself starts from the build's bundle, which places each module where its compiled file is.
  const command = await compiledCommand();
  assert.equal(command, new URL('../../bundle/main.js', url).href);
  const bundled = readFileSync(fileURLToPath(command!), 'utf8');
  assert.doesNotMatch(bundled, /import\.meta\.dirname/);
  // Its packages are in it too: the bundle imports only Node's modules, the native addon and the build tools.
  const bundleDir = fileURLToPath(new URL('.', command!));
  const imported = new Set<string>();
  for (const file of readdirSync(bundleDir)) {
    for (const m of readFileSync(join(bundleDir, file), 'utf8').matchAll(/^import\s[^'"]*from\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/gm)) imported.add(m[1] ?? m[2]!);
  }
  const packages = [...imported].filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
  assert.deepEqual(packages.filter((p) => !['better-sqlite3', 'esbuild', 'tsx/esm/api'].includes(p)), [], `packages left outside the bundle: ${packages.join(', ')}`);
  assert.ok(packages.includes('better-sqlite3'), packages.join());

  // Each YAML file has its documents beside it as JSON, the same the YAML parser gives.
  const buildRoot = fileURLToPath(new URL('..', new URL(url)));
  const yamlFiles = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.ya?ml$/.test(f));
  assert.ok(yamlFiles.length >= 9, yamlFiles.join());
  for (const f of yamlFiles) {
    const compiled = JSON.parse(readFileSync(join(buildRoot, f + '.json'), 'utf8'));
    assert.deepEqual(compiled, yamlDocuments(readFileSync(join(ROOT, 'src', f), 'utf8')), f);
    assert.deepEqual(readYamlDocuments(join(buildRoot, f)), compiled);
  }

  // The built-in kinds' schemas are stored by the build, the same the sources derive from the models.
  const { derivedBuiltinSchemasJson } = await import('../src/apiserver/openapi/builtin-schemas.ts');
  assert.deepEqual(JSON.parse(readFileSync(join(buildRoot, 'apiserver', 'openapi', 'builtin-schemas.json'), 'utf8')), JSON.parse(derivedBuiltinSchemasJson()));

  const source = fileURLToPath(new URL('../src/machinery/object.ts', import.meta.url));
  const { atime, mtime } = statSync(source);
  try {
    utimesSync(source, atime, new Date(mtime.getTime() + 1000));
    const rebuilt = await compiledModule('cli/main.ts');
    assert.ok(rebuilt && rebuilt !== url, 'a changed source gives a new build');
    const compiled = await import(new URL('../machinery/object.js', rebuilt).href);
    const original = await import('../src/machinery/object.ts');
    assert.deepEqual(Object.keys(compiled).sort(), Object.keys(original).sort());
  } finally {
    utimesSync(source, atime, mtime);
  }
});
