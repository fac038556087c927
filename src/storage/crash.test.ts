import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteStore } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'cozylab-crash-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const writer = fileURLToPath(new URL('./crash-writer.ts', import.meta.url));

interface Ack {
  revision: number;
  key: string;
}

/** Runs the writer until it acknowledged at least `minAcks` writes, then SIGKILLs it. */
function writeUntilKilled(path: string, tag: string, minAcks: number): Promise<Ack[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writer, path, tag], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!killed && out.split('\n').length > minAcks) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited on its own (code ${code}): ${err}`));
      // Only complete lines were acknowledged; a torn last line is not.
      const lines = out.split('\n').slice(0, -1);
      resolve(lines.map((line) => {
        const [revision, key] = line.split(' ');
        return { revision: Number(revision), key: key! };
      }));
    });
  });
}

test('every acknowledged write survives SIGKILL, and revisions continue above the last one', { timeout: 60_000 }, async () => {
  const path = join(dir, 'crash.db');
  let lastRevision = 0;
  for (const tag of ['first', 'second']) {
    const acks = await writeUntilKilled(path, tag, 300);
    assert.ok(acks.length >= 300);
    assert.equal(new Set(acks.map((a) => a.revision)).size, acks.length, 'each write has its own revision');
    assert.ok(acks.every((a) => a.revision > lastRevision), 'revisions continue across restarts');
    const store = SqliteStore.open(path);
    try {
      for (const ack of acks) {
        const found = await store.get(ack.key);
        assert.equal(found?.modRevision, ack.revision, `${ack.key} is durable at revision ${ack.revision}`);
      }
      const maxAcked = Math.max(...acks.map((a) => a.revision));
      assert.ok((await store.currentRevision()) >= maxAcked);
      const next = await store.create(`/crash/${tag}/after`, 'v');
      assert.ok(next.modRevision > maxAcked);
      lastRevision = next.modRevision;
    } finally {
      await store.close();
    }
  }
});
