// The sources compiled to JavaScript once, so a start does not run every module through tsx's
// loader (that alone took 0.8 s of each `cozylab up`; plain JavaScript loads in 0.1 s).
//
// Each build is a folder `dist/<digest of the files' names and mtimes>/` that mirrors the repository: src/**/*.js
// next to links to every other file of src/ (CRDs, manifests) and to package.json, so the modules
// find what they read by their own location as they do under tsx. A source change makes a new
// folder (older ones are removed); processes that start together build it once between them; and
// whoever cannot build it (no esbuild, read-only checkout) runs the sources through tsx instead.
//
// The command itself starts from one more form of the same build: `bundle/`, the program bundled
// into a few files, with the packages it uses. Loading ~460 modules one by one (resolve, read, link
// each) took 0.3 s of every start; the bundle loads in half that. Its packages (yaml, ajv,
// prom-client, protobufjs …) are bundled too: resolving and reading their CommonJS files one by one
// cost about 0.1 s more of a start to "listening" (medians of 20 warm starts, 0.85 s against 1.0 s).
// Only a native addon and the build tools stay outside. A module that reads
// files by its own location (import.meta.dirname / import.meta.url) is given its place in the
// mirror, so it finds the same files there.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** Every file under src/ that the program itself is made of (tests are not), with its mtime. */
function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!/\.test\.ts$/.test(entry.name)) files.push({ path, mtimeMs: statSync(path).mtimeMs });
    }
  };
  walk(join(root, 'src'));
  return files;
}

/** The folder of the build made from exactly these files as they are now (names and mtimes), by this builder. */
function buildDir(files) {
  const hash = createHash('sha256').update(String(statSync(join(root, 'package.json')).mtimeMs));
  hash.update(`\0${statSync(fileURLToPath(import.meta.url)).mtimeMs}`);
  for (const f of files) hash.update(`\0${relative(root, f.path)}\0${f.mtimeMs}`);
  return join(dist, hash.digest('hex').slice(0, 16));
}

// esbuild keeps the specifiers as written: "./x.ts" must name the compiled "./x.js".
const RELATIVE_TS_SPECIFIER = /((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.{1,2}\/[^"'\n]*?)\.ts\2/g;

/** The compiled module's text with its relative `.ts` imports naming the `.js` files. */
export function withJsSpecifiers(code) {
  return code.replace(RELATIVE_TS_SPECIFIER, '$1$2$3.js$2');
}

/** The same documents src/machinery/yaml-file.ts gives when it parses the YAML itself. */
function yamlDocumentsOf(parseAllDocuments) {
  return (text) => parseAllDocuments(text).map((doc) => doc.toJS()).filter((doc) => doc !== null && doc !== undefined);
}

async function build(files, target) {
  const { transform } = await import('esbuild');
  const yamlDocuments = yamlDocumentsOf((await import('yaml')).parseAllDocuments);
  const staging = `${target}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  await Promise.all(
    files.map(async ({ path }) => {
      const rel = relative(root, path);
      const out = join(staging, rel);
      mkdirSync(dirname(out), { recursive: true });
      if (!path.endsWith('.ts')) {
        symlinkSync(path, out);
        // What src/machinery/yaml-file.ts reads instead of parsing the YAML at every start.
        if (/\.ya?ml$/.test(path)) writeFileSync(`${out}.json`, JSON.stringify(yamlDocuments(readFileSync(path, 'utf8'))));
        return;
      }
      const { code } = await transform(readFileSync(path, 'utf8'), { loader: 'ts', format: 'esm', target: 'node20', sourcefile: path });
      writeFileSync(out.replace(/\.ts$/, '.js'), withJsSpecifiers(code));
    }),
  );
  symlinkSync(join(root, 'package.json'), join(staging, 'package.json'));
  await storeBuiltinSchemas(staging);
  try {
    await bundle(target, join(staging, 'bundle'));
  } catch {
    // No bundle: the command runs the compiled modules one by one.
    rmSync(join(staging, 'bundle'), { recursive: true, force: true });
  }
  try {
    renameSync(staging, target);
  } catch (err) {
    // Another process finished the same build first: use its folder.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(target)) throw err;
    return;
  }
  for (const old of readdirSync(dist)) if (join(dist, old) !== target && !old.endsWith('.tmp')) rmSync(join(dist, old), { recursive: true, force: true });
}

/**
 * What src/apiserver/openapi/builtin-schemas.ts reads instead of deriving the built-in kinds'
 * schemas from @kubernetes/client-node's models at every start; without it, it derives them.
 */
async function storeBuiltinSchemas(staging) {
  const dir = join(staging, 'src', 'apiserver', 'openapi');
  try {
    const { derivedBuiltinSchemasJson } = await import(pathToFileURL(join(dir, 'builtin-schemas.js')).href);
    writeFileSync(join(dir, 'builtin-schemas.json'), derivedBuiltinSchemasJson());
  } catch {
    rmSync(join(dir, 'builtin-schemas.json'), { force: true });
  }
}

// `import.meta.dirname` / `import.meta.url` of a module, as text to rewrite in its source.
const IMPORT_META_PLACE = /\bimport\.meta\.(dirname|filename|url)\b/g;

/**
 * The program bundled from src/cli/main.ts into `outdir` (its dynamic imports become chunks of
 * their own). Each module's import.meta place is that of its compiled file in `target`.
 */
async function bundle(target, outdir) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'src', 'cli', 'main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['better-sqlite3', 'esbuild', 'tsx'],
    // The bundled CommonJS packages `require` Node's own modules: an ES module has no `require` of its own.
    banner: { js: "import { createRequire as __cozylabCreateRequire } from 'node:module'; const require = __cozylabCreateRequire(import.meta.url);" },
    logLevel: 'silent',
    plugins: [
      {
        name: 'import-meta-place',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const text = readFileSync(args.path, 'utf8');
            const compiled = join(target, relative(root, args.path)).replace(/\.ts$/, '.js');
            const place = { dirname: dirname(compiled), filename: compiled, url: pathToFileURL(compiled).href };
            return { contents: text.replace(IMPORT_META_PLACE, (_, prop) => JSON.stringify(place[prop])), loader: 'ts' };
          });
        },
      },
    ],
  });
}

/**
 * The URL to import for the module at `src/<path>.ts`: its compiled form when that is (or can be
 * made) current, else undefined (run the source through tsx).
 */
export async function compiledModule(path) {
  if (process.env.COZYLAB_NO_COMPILE === '1') return undefined;
  try {
    const files = sourceFiles();
    const target = buildDir(files);
    if (!existsSync(target)) await build(files, target);
    return pathToFileURL(join(target, 'src', path.replace(/\.ts$/, '.js'))).href;
  } catch {
    return undefined;
  }
}

/**
 * The URL to import to run the command: the bundle of the current build, else what compiledModule
 * gives for src/cli/main.ts. COZYLAB_NO_BUNDLE=1 runs the modules one by one (CPU profiles then
 * name each function's own file).
 */
export async function compiledCommand() {
  const url = await compiledModule('cli/main.ts');
  if (!url || process.env.COZYLAB_NO_BUNDLE === '1') return url;
  try {
    const main = new URL('../../bundle/main.js', url);
    return existsSync(main) ? main.href : url;
  } catch {
    return url;
  }
}

// `node bin/compiled-sources.js` (npm's prepare step): build now.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!(await compiledModule('cli/main.ts'))) console.error('cozylab: could not compile the sources; they will run through tsx');
}
