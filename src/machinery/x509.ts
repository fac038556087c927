// Certificate requests and the certificates a CA signs for them (node-forge for the ASN.1, Node's
// crypto for the RSA signature), as kube-controller-manager's CSR signer issues them.

import { createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import type forgeType from 'node-forge';

type Forge = typeof forgeType;

let forgeModule: Promise<Forge> | undefined;
/** node-forge is large: loaded when a request is first read, not at start. */
export function loadForge(): Promise<Forge> {
  forgeModule ??= import('node-forge').then((m) => ((m as { default?: Forge }).default ?? (m as unknown as Forge)));
  return forgeModule;
}

/** Signs a forge certificate with sha256WithRSAEncryption through Node's crypto. */
export function signNatively(cert: forgeType.pki.Certificate, key: KeyObject): void {
  let tbs = '';
  const md = { algorithm: 'sha256', update: (bytes: string) => void (tbs += bytes) };
  const signer = { sign: () => sign('sha256', Buffer.from(tbs, 'binary'), key).toString('binary') };
  cert.sign(signer as unknown as forgeType.pki.rsa.PrivateKey, md as unknown as forgeType.md.MessageDigest);
}

/** A random positive serial number, as Go's crypto/x509 users pick one. */
export function randomSerial(): string {
  return '01' + randomBytes(15).toString('hex');
}

export interface RequestSubject {
  commonName: string;
  organizations: string[];
}

/** certificates.ParseCSR: the PEM's request, checked for its block type and its structure. */
export async function parseCertificateRequest(pem: string): Promise<RequestSubject> {
  const forge = await loadForge();
  const block = /-----BEGIN ([A-Z ]+)-----/.exec(pem);
  if (!block) throw new Error('PEM block type must be CERTIFICATE REQUEST');
  if (block[1] !== 'CERTIFICATE REQUEST') throw new Error('PEM block type must be CERTIFICATE REQUEST');
  let csr: forgeType.pki.CertificateSigningRequest;
  try {
    csr = forge.pki.certificationRequestFromPem(pem);
  } catch (err) {
    throw new Error(`asn1: structure error: ${(err as Error).message}`);
  }
  const values = (name: string) => csr.subject.attributes.filter((a) => a.name === name).map((a) => String(a.value));
  return { commonName: values('commonName')[0] ?? '', organizations: values('organizationName') };
}

export type KeyUsage = 'digital signature' | 'key encipherment' | 'client auth' | 'server auth' | string;

/** A certificate for the request, signed by the CA, valid from `notBefore` to `notAfter`. */
export async function signCertificateRequest(args: { requestPem: string; caCertPem: string; caKeyPem: string; notBefore: Date; notAfter: Date; usages: KeyUsage[] }): Promise<string> {
  const forge = await loadForge();
  const csr = forge.pki.certificationRequestFromPem(args.requestPem);
  const ca = forge.pki.certificateFromPem(args.caCertPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = csr.publicKey as forgeType.pki.rsa.PublicKey;
  cert.serialNumber = randomSerial();
  cert.validity.notBefore = args.notBefore;
  cert.validity.notAfter = args.notAfter;
  cert.setSubject(csr.subject.attributes);
  cert.setIssuer(ca.subject.attributes);
  const has = (u: string) => args.usages.includes(u);
  // As Go's x509 writes them: no keyUsage extension when no key usage bit is asked for.
  const keyUsage = has('digital signature') || has('key encipherment') ? [{ name: 'keyUsage', digitalSignature: has('digital signature'), keyEncipherment: has('key encipherment'), critical: true }] : [];
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    ...keyUsage,
    { name: 'extKeyUsage', clientAuth: has('client auth'), serverAuth: has('server auth') },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  signNatively(cert, createPrivateKey(args.caKeyPem));
  return forge.pki.certificateToPem(cert);
}
