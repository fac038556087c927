import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { newTestClient, newTestServer } from '../../controller/test-server.ts';
import { decodeRelease, encodeRelease, ReleaseStore } from './release-store.ts';
import type { HelmRelease } from './release.ts';

function record(version: number, status: HelmRelease['info']['status']): HelmRelease {
  return {
    name: 'web',
    namespace: 'default',
    version,
    info: { first_deployed: '2026-01-01T00:00:00Z', last_deployed: '2026-01-01T00:00:00Z', deleted: '', description: 'Install complete', status },
    chart: { metadata: { name: 'demo', version: '1.0.0', apiVersion: 'v2' }, lock: null, templates: [], values: {}, schema: null, files: [] },
    config: { a: version },
    manifest: '---\n# Source: demo/templates/x.yaml\n',
  };
}

test('a release is stored as Helm 3 does: base64 of base64(gzip(json)) in data.release', () => {
  const data = encodeRelease(record(1, 'deployed'));
  const helmBytes = Buffer.from(Buffer.from(data, 'base64').toString(), 'base64');
  assert.deepEqual([helmBytes[0], helmBytes[1]], [0x1f, 0x8b]);
  assert.equal(JSON.parse(gunzipSync(helmBytes).toString()).name, 'web');
  assert.deepEqual(decodeRelease(data), record(1, 'deployed'));
});

test('history keeps at most maxHistory records and never drops the deployed one', async () => {
  const server = await newTestServer();
  const store = new ReleaseStore(newTestClient(server), 'default');
  await store.create(record(1, 'deployed'));
  for (let v = 2; v <= 4; v++) await store.create(record(v, 'failed'));
  await store.prune('web', 2);
  assert.deepEqual((await store.history('web')).map((r) => [r.version, r.info.status]), [[1, 'deployed'], [4, 'failed']]);
  const secret = await newTestClient(server).get({ apiVersion: 'v1', kind: 'Secret', namespace: 'default', name: 'sh.helm.release.v1.web.v4' });
  assert.equal((secret as { type?: string }).type, 'helm.sh/release.v1');
  assert.equal(secret.metadata.labels?.status, 'failed');
});
