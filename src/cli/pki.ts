// The cluster's CA, serving certificate and admin credential, made at first start and kept in the data dir.
//
// New keys are ECDSA P-256 (SEC1 PEM), as Talos makes a cluster's Kubernetes CA and ServiceAccount
// key: a key takes Node a fraction of a millisecond, where an RSA 2048 one took a tenth of a second.
// A data dir made with RSA keys keeps them. A restart finds everything in the data dir and loads no
// certificate code.

import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCertificate } from '../machinery/x509.ts';
import { ensureDataDir } from './data-dir.ts';

export interface ClusterCredentials {
  caCert: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
  adminToken: string;
  serviceAccountKey: string;
}

/** A new ECDSA P-256 private key, as SEC1 PEM (`openssl ecparam -genkey`). */
export function newPrivateKey(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'sec1', format: 'pem' }).toString();
}

function years(n: number): Date {
  const d = new Date();
  d.setFullYear(d.getFullYear() + n);
  return d;
}

export async function makeCA(): Promise<{ cert: string; key: string }> {
  const key = newPrivateKey();
  const signingKey = createPrivateKey(key);
  const cert = await createCertificate({
    subject: { commonName: 'cozylab-ca', organizations: [] },
    publicKey: signingKey,
    signingKey,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: years(10),
    ca: true,
    keyUsage: ['digital signature', 'cert sign', 'crl sign'],
  });
  return { cert, key };
}

export async function issue(
  ca: { cert: string; key: string },
  subject: { cn: string; orgs?: string[] },
  usage: 'server' | 'client',
  hosts: string[] = [],
): Promise<{ cert: string; key: string }> {
  const key = newPrivateKey();
  const cert = await createCertificate({
    subject: { commonName: subject.cn, organizations: subject.orgs ?? [] },
    publicKey: createPrivateKey(key),
    issuerCertPem: ca.cert,
    signingKey: createPrivateKey(ca.key),
    notBefore: new Date(Date.now() - 60_000),
    notAfter: years(5),
    basicConstraintsCritical: false,
    keyUsage: ['digital signature', 'key encipherment'],
    extendedUsages: [usage === 'server' ? 'server auth' : 'client auth'],
    hosts,
  });
  return { cert, key };
}

export function serverHosts(host: string): string[] {
  return [...new Set(['127.0.0.1', 'localhost', 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc', '10.96.0.1', host])];
}

/**
 * Loads the data dir's credentials, creating them at first start (and a serving cert for a new
 * host).
 */
export async function loadOrCreateCredentials(dataDir: string, host: string): Promise<ClusterCredentials> {
  const pki = join(ensureDataDir(dataDir), 'pki');
  if (!existsSync(pki)) mkdirSync(pki, { mode: 0o700 });
  const file = (name: string) => join(pki, name);
  const hostsFile = file('apiserver.hosts');
  const hosts = serverHosts(host).join(',');
  const needCA = !existsSync(file('ca.crt'));
  const needServer = needCA || !existsSync(file('apiserver.crt')) || !existsSync(hostsFile) || readFileSync(hostsFile, 'utf8') !== hosts;
  if (needCA) {
    const ca = await makeCA();
    writeFileSync(file('ca.crt'), ca.cert);
    writeFileSync(file('ca.key'), ca.key, { mode: 0o600 });
  }
  const ca = { cert: readFileSync(file('ca.crt'), 'utf8'), key: readFileSync(file('ca.key'), 'utf8') };
  if (needServer) {
    const server = await issue(ca, { cn: 'kube-apiserver' }, 'server', serverHosts(host));
    writeFileSync(file('apiserver.crt'), server.cert);
    writeFileSync(file('apiserver.key'), server.key, { mode: 0o600 });
    writeFileSync(hostsFile, hosts);
  }
  if (!existsSync(file('sa.key'))) writeFileSync(file('sa.key'), newPrivateKey(), { mode: 0o600 });
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
