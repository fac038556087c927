import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { certificateRequest } from '../../test/support/csr.ts';
import { createCertificate, loadX509, parseCertificateRequest, signCertificateRequest } from './x509.ts';

/** A CA as a data dir holds it: ECDSA (new data dirs) or RSA (those made before). */
async function ca(keyType: 'rsa' | 'ec'): Promise<{ certPem: string; keyPem: string }> {
  const key = keyType === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const certPem = await createCertificate({
    subject: { commonName: 'test-ca', organizations: [] },
    publicKey: key,
    signingKey: key,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    ca: true,
    keyUsage: ['digital signature', 'cert sign', 'crl sign'],
  });
  return { certPem, keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

describe('x509', () => {
  for (const caType of ['rsa', 'ec'] as const) {
    for (const requestType of ['rsa', 'ec'] as const) {
      test(`a ${caType} CA signs a request with an ${requestType} key, as the CSR signer issues it`, async () => {
        const authority = await ca(caType);
        const { csrPem } = certificateRequest('jane', ['devs', 'ops'], requestType);
        const pem = await signCertificateRequest({
          requestPem: csrPem,
          caCertPem: authority.certPem,
          caKey: createPrivateKey(authority.keyPem),
          notBefore: new Date(Date.now() - 300_000),
          notAfter: new Date(Date.now() + 3_600_000),
          usages: ['digital signature', 'client auth'],
        });
        const cert = new X509Certificate(pem);
        const issuer = new X509Certificate(authority.certPem);
        assert.ok(cert.checkIssued(issuer), 'its authority key identifier and issuer name are the CA');
        assert.ok(cert.verify(issuer.publicKey));
        assert.equal(cert.subject, 'O=devs\nO=ops\nCN=jane');
        assert.equal(cert.publicKey.asymmetricKeyType, requestType);
        assert.deepEqual(cert.keyUsage, ['1.3.6.1.5.5.7.3.2']);
        assert.equal(cert.ca, false);
      });
    }
  }

  test('a request is read only when it parses and its key signed it, with Go’s words otherwise', async () => {
    await loadX509();
    assert.deepEqual(parseCertificateRequest(certificateRequest('jane', ['devs'], 'ec').csrPem).subject, { commonName: 'jane', organizations: ['devs'] });
    assert.throws(() => parseCertificateRequest('-----BEGIN CERTIFICATE-----\naGVsbG8=\n-----END CERTIFICATE-----\n'), /^Error: PEM block type must be CERTIFICATE REQUEST$/);
    assert.throws(() => parseCertificateRequest('-----BEGIN CERTIFICATE REQUEST-----\naGVsbG8=\n-----END CERTIFICATE REQUEST-----\n'), /^Error: x509: malformed certificate request$/);
    assert.throws(() => parseCertificateRequest(certificateRequest('jane', [], 'ec', { tamper: true }).csrPem), /^Error: x509: ECDSA verification failure$/);
    assert.throws(() => parseCertificateRequest(certificateRequest('jane', [], 'rsa', { tamper: true }).csrPem), /^Error: crypto\/rsa: verification error$/);
  });
});
