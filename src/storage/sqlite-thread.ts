// Starting one of the SQLite store's threads (its writer, its checkpointer) from the module that
// runs it: the compiled module beside this one, or (running from the TypeScript sources) that
// module through tsx, which a thread does not inherit.

import { Worker } from 'node:worker_threads';

export function startStoreThread(module: 'sqlite-writer' | 'sqlite-checkpointer', path: string): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${module}.js`, import.meta.url), { workerData: { path } });
  const source = new URL(`./${module}.ts`, import.meta.url).href;
  const program = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(program, { eval: true, workerData: { path } });
}
