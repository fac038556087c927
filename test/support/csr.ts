// PKCS#10 certificate requests as `openssl req -new` makes them, for an RSA or an ECDSA P-256 key
// (the Kubernetes docs use openssl with RSA, cfssl asks with ECDSA): what a user sends in a
// CertificateSigningRequest's spec.request.

import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, AttributeTypeAndValue, AttributeValue, Name, RelativeDistinguishedName, SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { toPem } from '../../src/machinery/x509.ts';

/** A new key and a request for CN=user, O=groups signed with it; `tamper` flips a bit of the signed part after signing. */
export function certificateRequest(user: string, groups: string[], keyType: 'rsa' | 'ec', opts: { tamper?: boolean } = {}): { keyPem: string; csrPem: string } {
  const { privateKey } = keyType === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rdn = (type: string, value: string) => new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: value }) })]);
  const subject = new Name([...groups.map((g) => rdn('2.5.4.10', g)), rdn('2.5.4.3', user)]);
  const spki = AsnConvert.parse(createPublicKey(privateKey).export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo);
  const info = new CertificationRequestInfo({ version: 0, subject, subjectPKInfo: spki, attributes: new Attributes() });
  const signed = Buffer.from(AsnConvert.serialize(info));
  const signature = sign('sha256', signed, privateKey);
  const algorithm = keyType === 'rsa' ? new AlgorithmIdentifier({ algorithm: '1.2.840.113549.1.1.11', parameters: null }) : new AlgorithmIdentifier({ algorithm: '1.2.840.10045.4.3.2' });
  if (opts.tamper) info.subject = new Name([rdn('2.5.4.3', `${user}-admin`)]);
  const request = new CertificationRequest({ certificationRequestInfo: info, signatureAlgorithm: algorithm, signature: new Uint8Array(signature).buffer });
  const keyPem = keyType === 'rsa' ? privateKey.export({ type: 'pkcs1', format: 'pem' }).toString() : privateKey.export({ type: 'sec1', format: 'pem' }).toString();
  return { keyPem, csrPem: toPem('CERTIFICATE REQUEST', AsnConvert.serialize(request)) };
}
