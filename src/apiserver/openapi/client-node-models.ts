// Reads the generated models of the installed @kubernetes/client-node package: each model's
// attribute map (name, JSON name, type, format) from its .js file, and the descriptions and
// required-ness of its fields from the JSDoc of its .d.ts file.

import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface ModelAttribute {
  /** The JSON field name (`x-kubernetes-list-type`, `$ref`, `default`). */
  jsonName: string;
  /** The TypeScript type: `string`, `number`, `Date`, `Array<V1Container>`, `{ [key: string]: string; }`, a model name. */
  type: string;
  format: string;
  description?: string;
  required: boolean;
}

export interface Model {
  name: string;
  description?: string;
  attributes: ModelAttribute[];
}

let modelsDir: string | undefined;

function directory(): string {
  if (!modelsDir) {
    const pkg = createRequire(import.meta.url).resolve('@kubernetes/client-node/package.json');
    modelsDir = join(dirname(pkg), 'dist', 'gen', 'models');
  }
  return modelsDir;
}

/** JSDoc text as the generator wrote it: ` * `-prefixed lines, with `\"`, `\'` and `\\` escaped. */
function docText(comment: string): string {
  return comment
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, ''))
    .join('\n')
    .trim()
    .replace(/\\(.)/g, '$1');
}

const ATTRIBUTE_MAP = /\.attributeTypeMap = (\[[\s\S]*?\n\]);/;
const CLASS_DOC = /\/\*\*\n((?:(?!\*\/)[\s\S])*?)\*\/\s*\nexport declare class/;
const FIELD = /(?:\/\*\*\n((?:(?!\*\/)[\s\S])*?)\*\/\s*\n)?\s*'([^']+)'(\?)?:/g;

export function modelExists(name: string): boolean {
  return /^[A-Za-z0-9]+$/.test(name) && existsSync(join(directory(), `${name}.js`));
}

/** The model named `name` (`V1Pod`), or undefined when the package has none. */
export function readModel(name: string): Model | undefined {
  if (!modelExists(name)) return undefined;
  const js = readFileSync(join(directory(), `${name}.js`), 'utf8');
  const dts = readFileSync(join(directory(), `${name}.d.ts`), 'utf8');
  const map = ATTRIBUTE_MAP.exec(js);
  const raw = map ? (JSON.parse(map[1]!) as Array<{ name: string; baseName: string; type: string; format: string }>) : [];
  const docs = new Map<string, { description?: string; required: boolean }>();
  for (const m of dts.matchAll(FIELD)) {
    docs.set(m[2]!, { description: m[1] ? docText(m[1]) : undefined, required: m[3] !== '?' });
  }
  const classDoc = CLASS_DOC.exec(dts);
  return {
    name,
    description: classDoc ? docText(classDoc[1]!) : undefined,
    attributes: raw.map((a) => {
      const doc = docs.get(a.name);
      return { jsonName: a.baseName, type: a.type, format: a.format, description: doc?.description, required: doc?.required ?? false };
    }),
  };
}
