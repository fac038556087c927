import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { keySignature } from './signing-key.ts';

test('keySignature picks the digest Go picks for the key: SHA-256 for RSA, the curve size for ECDSA', () => {
  const ec = (namedCurve: string) => generateKeyPairSync('ec', { namedCurve }).privateKey;
  assert.deepEqual([ec('P-256'), ec('P-384'), ec('P-521')].map((k) => keySignature(k, 'key').jws), ['ES256', 'ES384', 'ES512']);
  assert.equal(keySignature(ec('P-384'), 'key').x509Oid, '1.2.840.10045.4.3.3');
  const rsa = keySignature(generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey, 'key');
  assert.deepEqual([rsa.jws, rsa.digest, rsa.nullParameters], ['RS256', 'sha256', true]);
  assert.throws(() => keySignature(ec('secp256k1'), 'service account signing key'), /service account signing key: unsupported ECDSA curve secp256k1/);
  assert.throws(() => keySignature(generateKeyPairSync('ed25519').privateKey, 'x509: signing key'), /unsupported key type ed25519/);
});
