// The etcd module's TLS (templates/etcd-cluster.yaml): a self-signed issuer, two CAs and their
// issuers, and the server, peer and client certificates the EtcdCluster references by Secret.

import type { KubeObject } from '../../../../machinery/object.ts';

const CA_USAGES = ['signing', 'key encipherment', 'cert sign'];

function certificate(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name }, spec };
}

function issuer(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: 'cert-manager.io/v1', kind: 'Issuer', metadata: { name }, spec };
}

export function etcdCertificates(namespace: string, release: string): KubeObject[] {
  const subject = { organizations: [namespace], organizationalUnits: [release] };
  const ca = (name: string, secretName: string): KubeObject => certificate(name, {
    isCA: true, usages: CA_USAGES, commonName: name, duration: '87600h', subject, secretName,
    privateKey: { rotationPolicy: 'Never', algorithm: 'RSA', size: 4096 },
    issuerRef: { name: 'etcd-selfsigning-issuer', kind: 'Issuer', group: 'cert-manager.io' },
  });
  const dnsNames = ['etcd', `etcd.${namespace}.svc`, `*.etcd.${namespace}.svc`, `*.etcd-headless.${namespace}.svc`, 'localhost'];
  const leaf = (name: string, commonName: string, secretName: string, usages: string[], issuerName: string, serving: boolean): KubeObject => certificate(name, {
    commonName, secretName, subject,
    ...(serving ? { isCA: false } : {}),
    usages,
    ...(serving ? { dnsNames, ipAddresses: ['127.0.0.1'] } : {}),
    privateKey: { rotationPolicy: 'Always', algorithm: 'RSA', size: 4096 },
    issuerRef: { name: issuerName, kind: 'Issuer' },
  });
  return [
    issuer('etcd-selfsigning-issuer', { selfSigned: {} }),
    ca('etcd-peer-ca', 'etcd-peer-ca-tls'),
    ca('etcd-ca', 'etcd-ca-tls'),
    issuer('etcd-peer-issuer', { ca: { secretName: 'etcd-peer-ca-tls' } }),
    issuer('etcd-issuer', { ca: { secretName: 'etcd-ca-tls' } }),
    leaf('etcd-server', 'etcd-server', 'etcd-server-tls', ['client auth', 'server auth', 'signing', 'key encipherment'], 'etcd-issuer', true),
    leaf('etcd-peer', 'etcd-peer', 'etcd-peer-tls', ['server auth', 'client auth', 'signing', 'key encipherment'], 'etcd-peer-issuer', true),
    leaf('etcd-client', 'root', 'etcd-client-tls', ['signing', 'key encipherment', 'client auth'], 'etcd-issuer', false),
  ];
}
