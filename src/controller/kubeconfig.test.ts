import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadKubeconfig, parseKubeconfig } from './kubeconfig.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

test('the current context gives server, CA data and token', () => {
  const text = stringify({
    'current-context': 'a',
    clusters: [{ name: 'c', cluster: { server: 'https://127.0.0.1:6443/', 'certificate-authority-data': b64('CA PEM') } }],
    users: [{ name: 'u', user: { token: 'secret' } }],
    contexts: [{ name: 'a', context: { cluster: 'c', user: 'u', namespace: 'ns1' } }],
  });
  assert.deepEqual(parseKubeconfig(text), {
    server: 'https://127.0.0.1:6443',
    ca: 'CA PEM',
    insecureSkipTLSVerify: false,
    token: 'secret',
    cert: undefined,
    key: undefined,
    namespace: 'ns1',
  });
});

test('a named context with client certificate files relative to the kubeconfig', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kc-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'client.crt'), 'CERT');
  writeFileSync(join(dir, 'client.key'), 'KEY');
  writeFileSync(
    join(dir, 'config'),
    stringify({
      'current-context': 'other',
      clusters: [{ name: 'c', cluster: { server: 'https://h', 'insecure-skip-tls-verify': true } }],
      users: [{ name: 'u', user: { 'client-certificate': 'client.crt', 'client-key': 'client.key' } }],
      contexts: [{ name: 'mine', context: { cluster: 'c', user: 'u' } }],
    }),
  );
  const conn = loadKubeconfig(join(dir, 'config'), 'mine');
  assert.equal(conn.cert, 'CERT');
  assert.equal(conn.key, 'KEY');
  assert.equal(conn.insecureSkipTLSVerify, true);
  assert.equal(conn.namespace, 'default');
  assert.throws(() => loadKubeconfig(join(dir, 'config')), /context "other" not found/);
});
