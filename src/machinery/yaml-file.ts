// The documents of a YAML file shipped with the sources (CRDs, manifests). The compiled build
// (bin/compiled-sources.js) writes each one's documents as JSON beside it, `<file>.json`, which
// reads in a fraction of the time the YAML parser takes; run from the sources, the YAML is parsed.

import { existsSync, readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

/** Every non-empty document of the file, as plain data. */
export function readYamlDocuments(path: string): unknown[] {
  const compiled = `${path}.json`;
  if (existsSync(compiled)) return JSON.parse(readFileSync(compiled, 'utf8')) as unknown[];
  return yamlDocuments(readFileSync(path, 'utf8'));
}

/** The text's non-empty documents as plain data (what the build stores as JSON). */
export function yamlDocuments(text: string): unknown[] {
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as unknown)
    .filter((doc) => doc !== null && doc !== undefined);
}
