// X.509 certificates and certificate requests, as Go's crypto/x509 writes and reads them: the
// layout through @peculiar's ASN.1 schemas, keys and signatures through Node's crypto, so RSA and
// ECDSA keys both work (Talos makes the cluster's keys ECDSA P-256; cfssl asks with ECDSA too).

import { createHash, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { keySignature } from './signing-key.ts';

type Asn1 = {
  schema: typeof import('@peculiar/asn1-schema');
  x509: typeof import('@peculiar/asn1-x509');
  csr: typeof import('@peculiar/asn1-csr');
};

let loading: Promise<Asn1> | undefined;
let loaded: Asn1 | undefined;

/** The ASN.1 schemas are large: loaded when a certificate or request is first handled, not at start. */
export function loadX509(): Promise<void> {
  loading ??= Promise.all([import('@peculiar/asn1-schema'), import('@peculiar/asn1-x509'), import('@peculiar/asn1-csr')]).then(([schema, x509, csr]) => {
    loaded = { schema: exportsOf(schema, 'AsnConvert'), x509: exportsOf(x509, 'Certificate'), csr: exportsOf(csr, 'CertificationRequest') };
    return loaded;
  });
  return loading.then(() => undefined);
}

/** A CommonJS package's exports, whether the loader named them (Node does) or gave them as the default (a bundle does). */
function exportsOf<T extends object>(m: T, probe: string): T {
  return probe in m ? m : (m as { default: T }).default;
}

function asn1(): Asn1 {
  if (!loaded) throw new Error('x509: loadX509() must finish first');
  return loaded;
}

const OID = {
  commonName: '2.5.4.3',
  organizationName: '2.5.4.10',
};

type KeyType = 'rsa' | 'ec' | 'ed25519';

/** The request key types Go's x509 verifies, by Node's name: Go's names for them and its words when a signature fails. */
const KEY_TYPES: Record<KeyType, { goName: string; goType: string; verificationFailure: string }> = {
  rsa: { goName: 'RSA', goType: '*rsa.PublicKey', verificationFailure: 'crypto/rsa: verification error' },
  ec: { goName: 'ECDSA', goType: '*ecdsa.PublicKey', verificationFailure: 'x509: ECDSA verification failure' },
  ed25519: { goName: 'Ed25519', goType: 'ed25519.PublicKey', verificationFailure: 'x509: Ed25519 verification failure' },
};

/** The signature algorithms Go's x509 verifies, by OID: Node's digest name and the key type. */
const SIGNATURE_ALGORITHMS: Record<string, { digest: string | null; key: KeyType }> = {
  '1.2.840.113549.1.1.5': { digest: 'sha1', key: 'rsa' },
  '1.2.840.113549.1.1.11': { digest: 'sha256', key: 'rsa' },
  '1.2.840.113549.1.1.12': { digest: 'sha384', key: 'rsa' },
  '1.2.840.113549.1.1.13': { digest: 'sha512', key: 'rsa' },
  '1.2.840.10045.4.3.2': { digest: 'sha256', key: 'ec' },
  '1.2.840.10045.4.3.3': { digest: 'sha384', key: 'ec' },
  '1.2.840.10045.4.3.4': { digest: 'sha512', key: 'ec' },
  '1.3.101.112': { digest: null, key: 'ed25519' },
};

/** A random positive serial number, as Go's crypto/x509 users pick one. */
export function randomSerial(): string {
  return '01' + randomBytes(15).toString('hex');
}

export interface Subject {
  commonName: string;
  organizations: string[];
}

const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

function nameOf(subject: Subject) {
  const { x509 } = asn1();
  // Go's pkix.Name order: organizations before the common name; PrintableString where it can.
  const rdn = (type: string, text: string) =>
    new x509.RelativeDistinguishedName([new x509.AttributeTypeAndValue({ type, value: new x509.AttributeValue(PRINTABLE.test(text) ? { printableString: text } : { utf8String: text }) })]);
  return new x509.Name([...subject.organizations.map((o) => rdn(OID.organizationName, o)), rdn(OID.commonName, subject.commonName)]);
}

function subjectOf(name: InstanceType<Asn1['x509']['Name']>): Subject {
  const values = (type: string) => Array.from(name).flatMap((rdn) => Array.from(rdn).filter((atv) => atv.type === type).map((atv) => atv.value.toString()));
  return { commonName: values(OID.commonName)[0] ?? '', organizations: values(OID.organizationName) };
}

/** The first PEM block of `text`: its label and DER bytes. */
function pemBlock(text: string): { label: string; der: Buffer } | undefined {
  const m = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/.exec(text);
  return m ? { label: m[1]!, der: Buffer.from(m[2]!.replace(/\s+/g, ''), 'base64') } : undefined;
}

function der(pem: string, label: string): Buffer {
  const block = pemBlock(pem);
  if (block?.label !== label) throw new Error(`no ${label} PEM block`);
  return block.der;
}

function arrayBuffer(b: Buffer): ArrayBuffer {
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

/** DER bytes as a PEM block of `label`. */
export function toPem(label: string, bytes: ArrayBuffer | Buffer): string {
  const b64 = Buffer.from(bytes as ArrayBuffer).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

/** How the signing key signs a certificate: the algorithm identifier and Node's digest. */
function signatureAlgorithm(key: KeyObject): { id: InstanceType<Asn1['x509']['AlgorithmIdentifier']>; digest: string } {
  const { x509 } = asn1();
  const signature = keySignature(key, 'x509: signing key');
  return { id: new x509.AlgorithmIdentifier({ algorithm: signature.x509Oid, ...(signature.nullParameters ? { parameters: null } : {}) }), digest: signature.digest };
}

/** Go's subject key identifier: SHA-1 of the public key's bits. */
function keyIdentifier(spki: InstanceType<Asn1['x509']['SubjectPublicKeyInfo']>): Buffer {
  return createHash('sha1').update(Buffer.from(spki.subjectPublicKey)).digest();
}

export type ExtendedUsage = 'server auth' | 'client auth';

export interface CertificateTemplate {
  subject: Subject;
  /** The certified key (a private key stands for its public half), or a request's SubjectPublicKeyInfo in DER. */
  publicKey: KeyObject | Buffer;
  /** The issuing CA; absent: self-signed by `signingKey`. */
  issuerCertPem?: string;
  signingKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  ca?: boolean;
  basicConstraintsCritical?: boolean;
  keyUsage: Array<'digital signature' | 'key encipherment' | 'cert sign' | 'crl sign'>;
  extendedUsages?: ExtendedUsage[];
  /** DNS names and IP addresses. */
  hosts?: string[];
}

const KEY_USAGE_BITS = { 'digital signature': 1, 'key encipherment': 4, 'cert sign': 32, 'crl sign': 64 } as const;
const EXTENDED_USAGE_OIDS: Record<ExtendedUsage, string> = { 'server auth': '1.3.6.1.5.5.7.3.1', 'client auth': '1.3.6.1.5.5.7.3.2' };

/** A certificate as PEM. */
export async function createCertificate(t: CertificateTemplate): Promise<string> {
  await loadX509();
  const { schema, x509 } = asn1();
  const spkiDer = Buffer.isBuffer(t.publicKey) ? t.publicKey : createPublicKey(t.publicKey).export({ type: 'spki', format: 'der' });
  const spki = schema.AsnConvert.parse(spkiDer, x509.SubjectPublicKeyInfo);
  const issuer = t.issuerCertPem ? schema.AsnConvert.parse(der(t.issuerCertPem, 'CERTIFICATE'), x509.Certificate).tbsCertificate : undefined;
  const ext = (extnID: string, critical: boolean, value: unknown) => new x509.Extension({ extnID, critical, extnValue: new schema.OctetString(schema.AsnConvert.serialize(value)) });
  const extensions = [];
  if (t.keyUsage.length) extensions.push(ext(x509.id_ce_keyUsage, true, new x509.KeyUsage(t.keyUsage.reduce((bits, u) => bits | KEY_USAGE_BITS[u], 0))));
  if (t.extendedUsages?.length) extensions.push(ext(x509.id_ce_extKeyUsage, false, new x509.ExtendedKeyUsage(t.extendedUsages.map((u) => EXTENDED_USAGE_OIDS[u]))));
  extensions.push(ext(x509.id_ce_basicConstraints, t.basicConstraintsCritical ?? true, new x509.BasicConstraints({ cA: t.ca ?? false })));
  if (t.ca) extensions.push(ext(x509.id_ce_subjectKeyIdentifier, false, new x509.SubjectKeyIdentifier(keyIdentifier(spki))));
  if (issuer) extensions.push(ext(x509.id_ce_authorityKeyIdentifier, false, new x509.AuthorityKeyIdentifier({ keyIdentifier: new x509.KeyIdentifier(issuerKeyId(issuer)) })));
  if (t.hosts?.length) {
    const names = t.hosts.map((h) => new x509.GeneralName(isIP(h) ? { iPAddress: h } : { dNSName: h }));
    extensions.push(ext(x509.id_ce_subjectAltName, false, new x509.SubjectAlternativeName(names)));
  }
  const algorithm = signatureAlgorithm(t.signingKey);
  const tbs = new x509.TBSCertificate({
    version: x509.Version.v3,
    serialNumber: arrayBuffer(Buffer.from(randomSerial(), 'hex')),
    signature: algorithm.id,
    issuer: issuer?.subject ?? nameOf(t.subject),
    validity: new x509.Validity({ notBefore: t.notBefore, notAfter: t.notAfter }),
    subject: nameOf(t.subject),
    subjectPublicKeyInfo: spki,
    extensions: new x509.Extensions(extensions),
  });
  const tbsDer = Buffer.from(schema.AsnConvert.serialize(tbs));
  const signature = sign(algorithm.digest, tbsDer, t.signingKey);
  const cert = new x509.Certificate({ tbsCertificate: tbs, signatureAlgorithm: algorithm.id, signatureValue: arrayBuffer(signature) });
  return toPem('CERTIFICATE', schema.AsnConvert.serialize(cert));
}

/** The issuer's subject key identifier, or Go's computation of one when its certificate has none. */
function issuerKeyId(issuer: InstanceType<Asn1['x509']['TBSCertificate']>): Buffer {
  const { schema, x509 } = asn1();
  const ski = issuer.extensions?.find((e) => e.extnID === x509.id_ce_subjectKeyIdentifier);
  if (ski) return Buffer.from(schema.AsnConvert.parse(ski.extnValue, x509.SubjectKeyIdentifier).buffer);
  return keyIdentifier(issuer.subjectPublicKeyInfo);
}

export interface CertificateRequest {
  subject: Subject;
  /** The requested key's SubjectPublicKeyInfo, DER. */
  publicKey: Buffer;
}

/**
 * certificates.ParseCSR and CheckSignature, as the CSR API validates spec.request: the PEM block,
 * the structure, and the requester's signature with the key it certifies. Throws Go's messages.
 * Synchronous: the caller has awaited loadX509().
 */
export function parseCertificateRequest(text: string): CertificateRequest {
  const { schema, x509, csr } = asn1();
  const block = pemBlock(text);
  if (block?.label !== 'CERTIFICATE REQUEST') throw new Error('PEM block type must be CERTIFICATE REQUEST');
  let request: InstanceType<Asn1['csr']['CertificationRequest']>;
  let spkiDer: Buffer;
  let key: KeyObject;
  try {
    request = schema.AsnConvert.parse(block.der, csr.CertificationRequest);
    spkiDer = Buffer.from(schema.AsnConvert.serialize(request.certificationRequestInfo.subjectPKInfo));
    key = createPublicKey({ key: spkiDer, format: 'der', type: 'spki' });
  } catch {
    throw new Error('x509: malformed certificate request');
  }
  const algorithm = SIGNATURE_ALGORITHMS[request.signatureAlgorithm.algorithm];
  if (!algorithm) throw new Error('x509: cannot verify signature: algorithm unimplemented');
  const keyType = key.asymmetricKeyType as KeyType | undefined;
  if (keyType !== algorithm.key) {
    const have = keyType && keyType in KEY_TYPES ? KEY_TYPES[keyType].goType : String(keyType);
    throw new Error(`x509: signature algorithm specifies an ${KEY_TYPES[algorithm.key].goName} public key, but have public key of type ${have}`);
  }
  const signed = Buffer.from(request.certificationRequestInfoRaw ?? schema.AsnConvert.serialize(request.certificationRequestInfo));
  let good = false;
  try {
    good = verify(algorithm.digest, signed, key, Buffer.from(request.signature));
  } catch {
    good = false;
  }
  if (!good) throw new Error(KEY_TYPES[keyType].verificationFailure);
  return { subject: subjectOf(request.certificationRequestInfo.subject), publicKey: spkiDer };
}

export type KeyUsage = 'digital signature' | 'key encipherment' | 'client auth' | 'server auth' | string;

/** A certificate for the request, signed by the CA, valid from `notBefore` to `notAfter`, as kube-controller-manager's signer issues it. */
export async function signCertificateRequest(args: { requestPem: string; caCertPem: string; caKey: KeyObject; notBefore: Date; notAfter: Date; usages: KeyUsage[] }): Promise<string> {
  await loadX509();
  const request = parseCertificateRequest(args.requestPem);
  const has = (u: string) => args.usages.includes(u);
  return createCertificate({
    subject: request.subject,
    publicKey: request.publicKey,
    issuerCertPem: args.caCertPem,
    signingKey: args.caKey,
    notBefore: args.notBefore,
    notAfter: args.notAfter,
    // As Go's x509 writes them: no keyUsage extension when no key usage bit is asked for.
    keyUsage: (['digital signature', 'key encipherment'] as const).filter(has),
    extendedUsages: (['client auth', 'server auth'] as const).filter(has),
  });
}
