import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../machinery/object.ts';
import { certificateSigningRequestPrinter, csrCondition } from './certificates.ts';

test('the CONDITION column: Denied over Approved over Pending, then Failed and Issued', () => {
  assert.equal(csrCondition(undefined), 'Pending');
  assert.equal(csrCondition({ conditions: [{ type: 'Approved' }], certificate: 'LS0t' }), 'Approved,Issued');
  assert.equal(csrCondition({ conditions: [{ type: 'Approved' }, { type: 'Failed' }] }), 'Approved,Failed');
  assert.equal(csrCondition({ conditions: [{ type: 'Denied' }] }), 'Denied');
});

test('a CSR row: signer, requestor and the requested duration as kubectl prints durations', () => {
  const csr = { apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'alice', creationTimestamp: '2024-05-01T11:59:00Z' }, spec: { signerName: 'kubernetes.io/kube-apiserver-client', username: 'admin', expirationSeconds: 86400 } } as KubeObject;
  assert.deepEqual(certificateSigningRequestPrinter.cells(csr, new Date('2024-05-01T12:00:00Z')), ['alice', '60s', 'kubernetes.io/kube-apiserver-client', 'admin', '24h', 'Pending']);
  assert.deepEqual(certificateSigningRequestPrinter.columns.map((c) => c.name), ['Name', 'Age', 'SignerName', 'Requestor', 'RequestedDuration', 'Condition']);
});
