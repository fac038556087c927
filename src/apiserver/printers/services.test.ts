import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { endpointSlicePrinter, endpointsPrinter, ingressClassPrinter, ingressPrinter, networkPolicyPrinter, servicePrinter } from './services.ts';
import type { KubeObject } from '../../machinery/object.ts';

const now = new Date('2024-05-01T12:00:00Z');
const meta = { name: 'web', namespace: 'default', creationTimestamp: '2024-05-01T11:00:00Z' };
const svc = (spec: Record<string, unknown>, status: Record<string, unknown> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Service', metadata: meta, spec, status });

describe('service printer', () => {
  test('NodePort service', () => {
    const s = svc({
      type: 'NodePort',
      clusterIP: '10.96.12.7',
      clusterIPs: ['10.96.12.7'],
      selector: { app: 'web', tier: 'fe' },
      ports: [
        { port: 80, targetPort: 8080, protocol: 'TCP' },
        { port: 443, nodePort: 30443, protocol: 'TCP' },
      ],
    });
    assert.deepEqual(servicePrinter.columns.map((c) => c.name), ['Name', 'Type', 'Cluster-IP', 'External-IP', 'Port(s)', 'Age', 'Selector']);
    assert.deepEqual(servicePrinter.cells(s, now), ['web', 'NodePort', '10.96.12.7', '<none>', '80/TCP,443:30443/TCP', '60m', 'app=web,tier=fe']);
  });
  test('headless ClusterIP without selector or ports', () => {
    const s = svc({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'] });
    assert.deepEqual(servicePrinter.cells(s, now), ['web', 'ClusterIP', 'None', '<none>', '<none>', '60m', '<none>']);
  });
  test('LoadBalancer pending and assigned', () => {
    const pending = svc({ type: 'LoadBalancer', clusterIPs: ['10.96.0.9'], ports: [{ port: 53, nodePort: 31053, protocol: 'UDP' }] });
    assert.deepEqual(servicePrinter.cells(pending, now).slice(3, 5), ['<pending>', '53:31053/UDP']);
    const assigned = svc(
      { type: 'LoadBalancer', clusterIPs: ['10.96.0.9'], externalIPs: ['192.0.2.10'] },
      { loadBalancer: { ingress: [{ ip: '198.51.100.7' }, { hostname: 'lb.example.com' }, { ip: '198.51.100.7' }] } },
    );
    assert.equal(servicePrinter.cells(assigned, now)[3], '198.51.100.7,lb.example.com,192.0.2.10');
  });
  test('ExternalName', () => {
    const s = svc({ type: 'ExternalName', externalName: 'db.example.com' });
    assert.deepEqual(servicePrinter.cells(s, now).slice(1, 4), ['ExternalName', '<none>', 'db.example.com']);
  });
});

describe('endpoints', () => {
  test('addresses with ports, three shown then "more"', () => {
    const ep: KubeObject = {
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: meta,
      subsets: [
        { addresses: [{ ip: '10.1.0.20' }, { ip: '10.1.0.21' }], ports: [{ name: 'dns', port: 53, protocol: 'UDP' }, { name: 'dns-tcp', port: 53 }, { name: 'metrics', port: 9153 }] },
      ],
    };
    assert.deepEqual(endpointsPrinter.cells(ep, now), ['web', '10.1.0.20:53,10.1.0.21:53,10.1.0.20:53 + 3 more...', '60m']);
  });
  test('no subsets and IPv6', () => {
    assert.equal(endpointsPrinter.cells({ apiVersion: 'v1', kind: 'Endpoints', metadata: meta }, now)[1], '<none>');
    const v6: KubeObject = { apiVersion: 'v1', kind: 'Endpoints', metadata: meta, subsets: [{ addresses: [{ ip: 'fd00::1' }], ports: [{ port: 80 }] }] };
    assert.equal(endpointsPrinter.cells(v6, now)[1], '[fd00::1]:80');
  });
  test('endpoint slice', () => {
    const slice: KubeObject = {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: meta,
      addressType: 'IPv4',
      ports: [{ name: 'http', port: 80 }, { name: 'named' }],
      endpoints: [{ addresses: ['10.1.0.5'] }, { addresses: ['10.1.0.6'] }],
    };
    assert.deepEqual(endpointSlicePrinter.cells(slice, now), ['web', 'IPv4', '80,named', '10.1.0.5,10.1.0.6', '60m']);
    const empty: KubeObject = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: meta, addressType: 'IPv4', endpoints: [] };
    assert.deepEqual(endpointSlicePrinter.cells(empty, now).slice(2, 4), ['<unset>', '<unset>']);
  });
});

describe('ingress, ingress class, network policy', () => {
  test('ingress with TLS and address', () => {
    const ing: KubeObject = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: meta,
      spec: { ingressClassName: 'nginx', rules: [{ host: 'a.example.com' }, { host: 'b.example.com' }], tls: [{ hosts: ['a.example.com'] }] },
      status: { loadBalancer: { ingress: [{ ip: '192.0.2.1' }] } },
    };
    assert.deepEqual(ingressPrinter.cells(ing, now), ['web', 'nginx', 'a.example.com,b.example.com', '192.0.2.1', '80, 443', '60m']);
  });
  test('ingress without class or hosts', () => {
    const ing: KubeObject = { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: meta, spec: { defaultBackend: {} } };
    assert.deepEqual(ingressPrinter.cells(ing, now), ['web', '<none>', '*', '', '80', '60m']);
  });
  test('ingress class parameters', () => {
    const ic: KubeObject = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'IngressClass',
      metadata: meta,
      spec: { controller: 'k8s.io/ingress-nginx', parameters: { apiGroup: 'k8s.example.com', kind: 'IngressParameters', name: 'external-lb' } },
    };
    assert.deepEqual(ingressClassPrinter.cells(ic, now), ['web', 'k8s.io/ingress-nginx', 'IngressParameters.k8s.example.com/external-lb', '60m']);
  });
  test('network policy pod selector', () => {
    const np = (podSelector: unknown): KubeObject => ({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: meta, spec: { podSelector } });
    assert.equal(networkPolicyPrinter.cells(np({ matchLabels: { app: 'web' } }), now)[1], 'app=web');
    assert.equal(networkPolicyPrinter.cells(np({}), now)[1], '<none>');
  });
});
