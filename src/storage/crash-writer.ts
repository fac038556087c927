// Child process for crash.test.ts: opens a SqliteStore and creates keys forever, a few in
// flight at once, printing "<revision> <key>" for each write once it is acknowledged.
// Usage: node --import tsx src/storage/crash-writer.ts <db-file> <key-tag> [concurrency]

import { SqliteStore } from './sqlite.ts';

const [path, tag = 'run', concurrencyArg = '8'] = process.argv.slice(2);
if (!path) {
  process.stderr.write('usage: crash-writer.ts <db-file> <key-tag> [concurrency]\n');
  process.exit(2);
}

const store = SqliteStore.open(path);
let next = 0;

async function writeForever(): Promise<never> {
  for (;;) {
    const key = `/crash/${tag}/${next++}`;
    const written = await store.create(key, JSON.stringify({ key, padding: 'x'.repeat(200) }));
    // Synchronous on pipes (Linux), so a printed line means the ack left this process.
    process.stdout.write(`${written.modRevision} ${written.key}\n`);
  }
}

await Promise.all(Array.from({ length: Number(concurrencyArg) }, writeForever));
