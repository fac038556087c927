#!/usr/bin/env -S node --max-semi-space-size=32
// `cozylab`: runs the compiled sources (bin/compiled-sources.js: their bundle), or the TypeScript sources through
// tsx when they cannot be compiled, so `npm ci` is the whole build either way.
import { compiledCommand } from './compiled-sources.js';

const compiled = await compiledCommand();
if (compiled) {
  await import(compiled);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
