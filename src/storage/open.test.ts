import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, openStoreStarting } from './open.ts';

const dir = mkdtempSync(join(tmpdir(), 'cozylab-open-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('openStore opens the memory backend', async () => {
  const store = await openStore({ backend: 'memory' });
  assert.equal(store.backend, 'memory');
  await store.close();
});

test('openStore opens sqlite at a path, creating the parent folder, and reopens it with its data', async () => {
  const path = join(dir, 'nested', 'deeper', 'state.db');
  const store = await openStore({ backend: 'sqlite', path });
  assert.equal(store.backend, 'sqlite');
  await store.create('/k', 'v');
  await store.close();
  assert.ok(existsSync(path));
  const again = await openStore({ backend: 'sqlite', path });
  assert.equal((await again.get('/k'))?.value, 'v');
  await again.close();
});

test('openStore rejects sqlite without a path and unknown backends', async () => {
  await assert.rejects(openStore({ backend: 'sqlite' }), /needs a database file path/);
  await assert.rejects(openStore({ backend: 'etcd' as 'memory' }), /unknown storage backend "etcd"/);
});

test('openStoreStarting answers a sqlite store that takes writes while its writer thread starts', async () => {
  const path = join(dir, 'starting', 'state.db');
  const { store, ready } = await openStoreStarting({ backend: 'sqlite', path });
  // Written and read back without waiting for the thread.
  const written = await store.create('/early', 'v');
  assert.equal((await store.get('/early'))?.modRevision, written.modRevision);
  await ready;
  await store.create('/later', 'w');
  await store.close();
  const again = await openStore({ backend: 'sqlite', path });
  assert.deepEqual([(await again.get('/early'))?.value, (await again.get('/later'))?.value], ['v', 'w']);
  await again.close();
});
