import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../machinery/object.ts';
import { controllerFlags, serviceAddresses } from './status.ts';

const svc = (spec: Record<string, unknown>, status: Record<string, unknown> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'n' }, spec, status });

test("statusAddressFromService: a LoadBalancer's addresses and external IPs, a ClusterIP Service's cluster IP only", () => {
  assert.deepEqual(serviceAddresses(svc({ type: 'LoadBalancer', clusterIP: '10.96.0.5', externalIPs: ['1.2.3.4', '192.168.100.200'] }, { loadBalancer: { ingress: [{ ip: '192.168.100.200', ipMode: 'VIP' }] } })), [{ ip: '1.2.3.4' }, { ip: '192.168.100.200' }]);
  assert.deepEqual(serviceAddresses(svc({ type: 'LoadBalancer', clusterIP: '10.96.0.5' }, { loadBalancer: {} })), []);
  assert.deepEqual(serviceAddresses(svc({ type: 'ClusterIP', clusterIP: '10.96.0.5', externalIPs: ['192.168.100.11'] })), [{ ip: '10.96.0.5' }]);
  assert.deepEqual(serviceAddresses(svc({ type: 'NodePort', clusterIP: '10.96.0.5', externalIPs: ['192.168.100.12', '192.168.100.11'] })), [{ ip: '192.168.100.11' }, { ip: '192.168.100.12' }]);
  assert.deepEqual(serviceAddresses(svc({ type: 'ExternalName', externalName: 'lb.example.org' })), [{ hostname: 'lb.example.org' }]);
});

test('an ingress-nginx controller is known by its arguments, its publish Service in its own namespace', () => {
  const deployment = (args: string[]): KubeObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'c', namespace: 'tenant-root' }, spec: { template: { spec: { containers: [{ name: 'controller', args }] } } } });
  assert.deepEqual(controllerFlags(deployment(['/nginx-ingress-controller', '--publish-service=$(POD_NAMESPACE)/root-ingress-controller', '--controller-class=k8s.io/ingress-nginx-tenant-root', '--ingress-class=tenant-root'])), {
    publishService: 'tenant-root/root-ingress-controller', controllerClass: 'k8s.io/ingress-nginx-tenant-root', ingressClass: 'tenant-root',
  });
  assert.equal(controllerFlags(deployment(['/manager', '--leader-elect'])), undefined);
});
