// The cluster's CA, serving certificate and admin credential, made at first start and kept in the data dir.

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

export interface ClusterCredentials {
  caCert: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
  adminToken: string;
  serviceAccountKey: string;
}

function rsaKey(): { forgeKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  // Node's native generator: forge's pure-JS RSA generation takes seconds.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem);
  const publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  return { forgeKey, publicKey, pem };
}

function serial(): string {
  return '01' + randomBytes(15).toString('hex');
}

function years(n: number): Date {
  const d = new Date();
  d.setFullYear(d.getFullYear() + n);
  return d;
}

export function makeCA(): { cert: string; key: string } {
  const key = rsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = key.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = years(10);
  const subject = [{ name: 'commonName', value: 'cozylab-ca' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key.forgeKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: key.pem };
}

function issue(ca: { cert: string; key: string }, subject: { cn: string; orgs?: string[] }, usage: 'server' | 'client', hosts: string[] = []): { cert: string; key: string } {
  const caCert = forge.pki.certificateFromPem(ca.cert);
  const caKey = forge.pki.privateKeyFromPem(ca.key);
  const key = rsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = key.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = years(5);
  cert.setSubject([{ name: 'commonName', value: subject.cn }, ...(subject.orgs ?? []).map((o) => ({ name: 'organizationName', value: o }))]);
  cert.setIssuer(caCert.subject.attributes);
  const altNames = hosts.map((h) => (/^[\d.]+$/.test(h) || h.includes(':') ? { type: 7, ip: h } : { type: 2, value: h }));
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: usage === 'server', clientAuth: usage === 'client' },
    ...(altNames.length ? [{ name: 'subjectAltName', altNames }] : []),
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: key.pem };
}

export function serverHosts(host: string): string[] {
  return [...new Set(['127.0.0.1', 'localhost', 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc', '10.96.0.1', host])];
}

/** Loads the data dir's credentials, creating them at first start (and a serving cert for a new host). */
export function loadOrCreateCredentials(dataDir: string, host: string): ClusterCredentials {
  const pki = join(dataDir, 'pki');
  mkdirSync(pki, { recursive: true, mode: 0o700 });
  const file = (name: string) => join(pki, name);
  if (!existsSync(file('ca.crt'))) {
    const ca = makeCA();
    writeFileSync(file('ca.crt'), ca.cert);
    writeFileSync(file('ca.key'), ca.key, { mode: 0o600 });
  }
  const ca = { cert: readFileSync(file('ca.crt'), 'utf8'), key: readFileSync(file('ca.key'), 'utf8') };
  const hostsFile = file('apiserver.hosts');
  const hosts = serverHosts(host).join(',');
  if (!existsSync(file('apiserver.crt')) || !existsSync(hostsFile) || readFileSync(hostsFile, 'utf8') !== hosts) {
    const server = issue(ca, { cn: 'kube-apiserver' }, 'server', serverHosts(host));
    writeFileSync(file('apiserver.crt'), server.cert);
    writeFileSync(file('apiserver.key'), server.key, { mode: 0o600 });
    writeFileSync(hostsFile, hosts);
  }
  if (!existsSync(file('sa.key'))) writeFileSync(file('sa.key'), rsaKey().pem, { mode: 0o600 });
  if (!existsSync(file('admin.token'))) writeFileSync(file('admin.token'), randomBytes(32).toString('base64url'), { mode: 0o600 });
  return {
    caCert: ca.cert,
    caKey: ca.key,
    serverCert: readFileSync(file('apiserver.crt'), 'utf8'),
    serverKey: readFileSync(file('apiserver.key'), 'utf8'),
    adminToken: readFileSync(file('admin.token'), 'utf8').trim(),
    serviceAccountKey: readFileSync(file('sa.key'), 'utf8'),
  };
}
