// The Kubernetes docs' way to add a user: a CertificateSigningRequest, `kubectl certificate
// approve` (kubectl 1.27 JSON, 1.33 protobuf), the certificate the kube-apiserver-client signer
// issues with the cluster CA, and a kubeconfig with it that authenticates as the subject's CN.
// Requests come with RSA keys (openssl, as the docs make them) and ECDSA ones (cfssl's default).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { certificateRequest } from '../support/csr.ts';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary, runKubectl } from '../support/kubectl.ts';

const cluster = useCluster({ extraArgs: ['--kubernetes-only'] });

function ok(args: string[], opts: { version?: string; input?: string } = {}): string {
  const r = cluster.kubectl(args, opts);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const manifest = (name: string, csrPem: string, usages = ['client auth'], extra = '') => `apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata: {name: ${name}}
spec:
  request: ${Buffer.from(csrPem).toString('base64')}
  signerName: kubernetes.io/kube-apiserver-client
  usages: [${usages.map((u) => `"${u}"`).join(', ')}]
${extra}`;

async function eventually(what: string, check: () => boolean): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 20_000) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

for (const [version, keyType] of [['1.27', 'rsa'], ['1.33', 'ec']] as const) {
  test(`kubectl ${version}, ${keyType} key: approve → Issued, and the certificate authenticates as its CN; deny → Denied`, { skip: kubectlBinary(version) ? false : `kubectl ${version} not installed` }, async () => {
    const user = `alice-${version.replace('.', '')}`;
    const { keyPem, csrPem } = certificateRequest(user, ['devs'], keyType);
    ok(['apply', '-f', '-'], { input: manifest(user, csrPem, ['client auth'], '  expirationSeconds: 86400\n') });
    assert.match(ok(['get', 'csr', user], { version }), new RegExp(`^${user}\\s+\\d+s\\s+kubernetes.io/kube-apiserver-client\\s+admin\\s+24h\\s+Pending$`, 'm'));
    assert.equal(ok(['certificate', 'approve', user], { version }).trim(), `certificatesigningrequest.certificates.k8s.io/${user} approved`);
    await eventually('the certificate', () => /Approved,Issued/.test(cluster.kubectl(['get', 'csr', user]).stdout));
    const csr = JSON.parse(ok(['get', 'csr', user, '-o', 'json']));
    assert.deepEqual(csr.status.conditions.map((c: { type: string; reason: string }) => [c.type, c.reason]), [['Approved', 'KubectlApprove']]);
    const certPem = Buffer.from(csr.status.certificate, 'base64').toString('utf8');
    const cert = new X509Certificate(certPem);
    assert.equal(cert.subject, `O=devs\nCN=${user}`);
    assert.equal(cert.publicKey.asymmetricKeyType, keyType, 'the requested key is the one certified');
    assert.ok(cert.checkIssued(new X509Certificate(readFileSync(join(cluster.dataDir, 'pki', 'ca.crt')))));
    assert.deepEqual(cert.keyUsage, ['1.3.6.1.5.5.7.3.2']);
    const hours = (new Date(cert.validTo).getTime() - Date.now()) / 3_600_000;
    assert.ok(hours > 23.9 && hours <= 24, `valid for the 24 h asked (${hours.toFixed(2)} h left)`);

    const dir = cluster.dataDir;
    writeFileSync(join(dir, `${user}.crt`), certPem);
    writeFileSync(join(dir, `${user}.key`), keyPem);
    const kubeconfig = join(dir, `${user}.kubeconfig`);
    writeFileSync(kubeconfig, JSON.stringify({
      apiVersion: 'v1', kind: 'Config', 'current-context': user,
      clusters: [{ name: 'cozylab', cluster: { server: cluster.url, 'certificate-authority': join(dir, 'pki', 'ca.crt') } }],
      users: [{ name: user, user: { 'client-certificate': join(dir, `${user}.crt`), 'client-key': join(dir, `${user}.key`) } }],
      contexts: [{ name: user, context: { cluster: 'cozylab', user } }],
    }));
    const as = (args: string[]) => runKubectl(kubectlBinary(version)!, kubeconfig, args);
    const whoami = as(['auth', 'whoami']);
    assert.match(whoami.stdout, new RegExp(`Username\\s+${user}`));
    assert.match(whoami.stdout, /Groups\s+\[devs system:authenticated\]/);
    assert.match(as(['get', 'pods']).stderr, new RegExp(`pods is forbidden: User "${user}" cannot list resource "pods" in API group "" in the namespace "default"`));
    // A user who may not approve for the signer is refused by CertificateApproval.
    const other = certificateRequest(`${user}-friend`, [], keyType);
    ok(['apply', '-f', '-'], { input: manifest(`${user}-friend`, other.csrPem) });
    assert.match(as(['certificate', 'approve', `${user}-friend`]).stderr, /is forbidden/);

    assert.equal(ok(['certificate', 'deny', `${user}-friend`], { version }).trim(), `certificatesigningrequest.certificates.k8s.io/${user}-friend denied`);
    assert.match(ok(['get', 'csr', `${user}-friend`]), /\s+Denied$/m);
    const both = cluster.kubectl(['certificate', 'approve', `${user}-friend`], { version });
    assert.notEqual(both.code, 0, 'a denied request cannot be approved too');
  });
}

test('a request the signer cannot honour is Failed; a malformed one is refused with its field', async () => {
  const { csrPem } = certificateRequest('web', [], 'rsa');
  ok(['apply', '-f', '-'], { input: manifest('serving', csrPem, ['server auth']) });
  ok(['certificate', 'approve', 'serving']);
  await eventually('the Failed condition', () => /Approved,Failed/.test(cluster.kubectl(['get', 'csr', 'serving']).stdout));
  const failed = JSON.parse(ok(['get', 'csr', 'serving', '-o', 'json'])).status.conditions.find((c: { type: string }) => c.type === 'Failed');
  assert.deepEqual([failed.reason, failed.message], ['SignerValidationFailure', 'invalid usage for client certificate: server auth']);
  const bad = cluster.kubectl(['apply', '-f', '-'], { input: 'apiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata: {name: bad}\nspec:\n  request: aGVsbG8=\n  signerName: nope\n  usages: []\n  expirationSeconds: 60\n' });
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /\* spec\.request: Invalid value: \[\]byte\{…\}: PEM block type must be CERTIFICATE REQUEST/);
  assert.match(bad.stderr, /\* spec\.signerName: Invalid value: "nope": must be a fully qualified domain and path of the form 'example\.com\/signer-name'/);
  assert.match(bad.stderr, /\* spec\.usages: Required value/);
  assert.match(bad.stderr, /\* spec\.expirationSeconds: Invalid value: 60: may not specify a duration less than 600 seconds \(10 minutes\)/);
  // ParseCSR and CheckSignature: a request whose body is not one, or whose signature is not its key's.
  const body = (csrPem: string) => manifest('forged', csrPem);
  const garbage = cluster.kubectl(['create', '-f', '-'], { input: body('-----BEGIN CERTIFICATE REQUEST-----\naGVsbG8=\n-----END CERTIFICATE REQUEST-----\n') });
  assert.match(garbage.stderr, /is invalid: spec\.request: Invalid value: \[\]byte\{…\}: x509: malformed certificate request/);
  const forgedEc = cluster.kubectl(['create', '-f', '-'], { input: body(certificateRequest('mallory', [], 'ec', { tamper: true }).csrPem) });
  assert.match(forgedEc.stderr, /spec\.request: Invalid value: \[\]byte\{…\}: x509: ECDSA verification failure/);
  const forgedRsa = cluster.kubectl(['create', '-f', '-'], { input: body(certificateRequest('mallory', [], 'rsa', { tamper: true }).csrPem) });
  assert.match(forgedRsa.stderr, /spec\.request: Invalid value: \[\]byte\{…\}: crypto\/rsa: verification error/);
  assert.match(cluster.kubectl(['get', 'csr', 'forged']).stderr, /NotFound/);
});
