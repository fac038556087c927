import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issue, loadOrCreateCredentials, makeCA } from './pki.ts';

describe('cluster credentials', () => {
  test('a CA and a serving certificate it signed, for every name of the API server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cozylab-pki-'));
    try {
      const creds = await loadOrCreateCredentials(dir, '192.0.2.7');
      const ca = new X509Certificate(creds.caCert);
      const server = new X509Certificate(creds.serverCert);
      assert.equal(ca.subject, 'CN=cozylab-ca');
      assert.ok(ca.ca);
      assert.ok(ca.verify(ca.publicKey));
      assert.ok(server.checkIssued(ca));
      assert.ok(server.verify(ca.publicKey));
      assert.ok(!server.ca);
      assert.equal(server.subject, 'CN=kube-apiserver');
      for (const name of ['IP Address:127.0.0.1', 'IP Address:192.0.2.7', 'IP Address:10.96.0.1', 'DNS:localhost', 'DNS:kubernetes.default.svc']) assert.ok(server.subjectAltName!.includes(name), name);
      assert.ok(server.checkPrivateKey(createPrivateKey(creds.serverKey)));
      assert.ok(ca.checkPrivateKey(createPrivateKey(creds.caKey)));
      // ECDSA P-256 keys in SEC1 PEM, as Talos makes them; the ServiceAccount key signs ES256 tokens.
      for (const pem of [creds.caKey, creds.serverKey, creds.serviceAccountKey]) {
        assert.match(pem, /^-----BEGIN EC PRIVATE KEY-----/);
        assert.equal(createPrivateKey(pem).asymmetricKeyDetails?.namedCurve, 'prime256v1');
      }
      assert.equal(ca.publicKey.asymmetricKeyType, 'ec');
      assert.ok(creds.adminToken.length >= 40);
      assert.equal(statSync(join(dir, 'pki', 'ca.key')).mode & 0o777, 0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a restart keeps every credential; a new host gets a new serving certificate from the same CA', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cozylab-pki-'));
    try {
      const first = await loadOrCreateCredentials(dir, '127.0.0.1');
      const again = await loadOrCreateCredentials(dir, '127.0.0.1');
      assert.deepEqual(again, first);
      const moved = await loadOrCreateCredentials(dir, '192.0.2.9');
      assert.equal(moved.caCert, first.caCert);
      assert.equal(moved.serviceAccountKey, first.serviceAccountKey);
      assert.equal(moved.adminToken, first.adminToken);
      assert.notEqual(moved.serverCert, first.serverCert);
      assert.ok(new X509Certificate(moved.serverCert).subjectAltName!.includes('IP Address:192.0.2.9'));
      assert.equal(readFileSync(join(dir, 'pki', 'apiserver.hosts'), 'utf8').split(',').at(-1), '192.0.2.9');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a client certificate carries its user and groups', async () => {
    const ca = await makeCA();
    const client = await issue(ca, { cn: 'jane', orgs: ['devs', 'ops'] }, 'client');
    const cert = new X509Certificate(client.cert);
    assert.ok(cert.verify(createPublicKey(ca.key)));
    // pkix.Name's order: organizations, then the common name.
    assert.equal(cert.subject, 'O=devs\nO=ops\nCN=jane');
    assert.deepEqual(cert.keyUsage, ['1.3.6.1.5.5.7.3.2']);
  });
});
