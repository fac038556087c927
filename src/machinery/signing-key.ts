// The signature a private key makes, as Go picks it for the key: RSA signs with SHA-256, ECDSA with
// the digest of its curve's size. Certificates (x509.ts) name it by OID, JWTs by their `alg`.

import type { KeyObject } from 'node:crypto';

export interface KeySignature {
  /** Node's digest name. */
  digest: 'sha256' | 'sha384' | 'sha512';
  /** The JWS `alg` (RFC 7518). */
  jws: 'RS256' | 'ES256' | 'ES384' | 'ES512';
  /** The X.509 signature algorithm's OID. */
  x509Oid: string;
  /** Whether the X.509 AlgorithmIdentifier carries NULL parameters (RSA's do, ECDSA's are absent). */
  nullParameters: boolean;
}

const RSA: KeySignature = { digest: 'sha256', jws: 'RS256', x509Oid: '1.2.840.113549.1.1.11', nullParameters: true };

/** ECDSA by Node's curve name. */
const ECDSA: Record<string, KeySignature> = {
  prime256v1: { digest: 'sha256', jws: 'ES256', x509Oid: '1.2.840.10045.4.3.2', nullParameters: false },
  secp384r1: { digest: 'sha384', jws: 'ES384', x509Oid: '1.2.840.10045.4.3.3', nullParameters: false },
  secp521r1: { digest: 'sha512', jws: 'ES512', x509Oid: '1.2.840.10045.4.3.4', nullParameters: false },
};

/** How `key` signs; `what` names the key in the error for a key it cannot sign with. */
export function keySignature(key: KeyObject, what: string): KeySignature {
  if (key.asymmetricKeyType === 'rsa') return RSA;
  if (key.asymmetricKeyType === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    const signature = curve ? ECDSA[curve] : undefined;
    if (!signature) throw new Error(`${what}: unsupported ECDSA curve ${curve}`);
    return signature;
  }
  throw new Error(`${what}: unsupported key type ${key.asymmetricKeyType}`);
}
