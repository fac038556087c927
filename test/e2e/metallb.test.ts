// MetalLB (N-8 … N-10) as the install guide's networking step uses it: the admin applies the pool
// and the L2Advertisement of the guide, switches ingress on in tenant-root, and
// root-ingress-controller gets 192.168.100.200, announced from one node. Then what MetalLB does
// with requested addresses, named pools, sharing and a full pool. Real kubectl throughout.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startCluster, type TestCluster } from '../support/cluster.ts';
import { waitFor } from '../support/wait.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

const POOL = `apiVersion: metallb.io/v1beta1
kind: IPAddressPool
metadata:
  name: cozystack
  namespace: cozy-metallb
spec:
  addresses:
    # used to expose services outside the cluster
    - 192.168.100.200-192.168.100.250
  autoAssign: true
  avoidBuggyIPs: false
`;

const L2 = `apiVersion: metallb.io/v1beta1
kind: L2Advertisement
metadata:
  name: cozystack
  namespace: cozy-metallb
spec:
  ipAddressPools:
    - cozystack
`;

describe('MetalLB', { timeout: 600_000 }, () => {
  let c: TestCluster;
  const ok = (args: string[], input?: string) => {
    const r = c.kubectl(args, { input });
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  const json = (args: string[]) => JSON.parse(ok([...args, '-o', 'json']));
  const externalIP = (ns: string, name: string) => json(['get', 'svc', name, '-n', ns]).status?.loadBalancer?.ingress?.[0]?.ip as string | undefined;
  const events = (ns: string, name: string) => ok(['get', 'events', '-n', ns, '--field-selector', `involvedObject.name=${name}`]);

  before(async () => {
    c = await startCluster({ platform: true, extraArgs: ['--node-monitor-grace-period', '4s'] });
    await waitFor(() => /Cozystack is ready/.test(c.output()), 'the platform to be ready', 300_000);
  });
  after(async () => {
    await c?.stop();
    c?.cleanup();
  });

  test("the install guide's pool and L2Advertisement give root-ingress-controller its external address", async () => {
    ok(['patch', '-n', 'tenant-root', 'tenants.apps.cozystack.io', 'root', '--type=merge', '-p', '{"spec":{"ingress": true}}']);
    await waitFor(() => c.kubectl(['get', 'svc', 'root-ingress-controller', '-n', 'tenant-root']).code === 0, 'Service root-ingress-controller');
    // Without a pool nobody hands out addresses: the service waits.
    assert.match(ok(['get', 'svc', 'root-ingress-controller', '-n', 'tenant-root']), /root-ingress-controller\s+LoadBalancer\s+\S+\s+<pending>\s+80:\d+\/TCP,443:\d+\/TCP/);

    assert.match(ok(['apply', '-f', '-'], POOL), /ipaddresspool.metallb.io\/cozystack created/);
    assert.match(ok(['apply', '-f', '-'], L2), /l2advertisement.metallb.io\/cozystack created/);
    await waitFor(() => externalIP('tenant-root', 'root-ingress-controller'), 'an external address');
    assert.match(ok(['get', 'svc', 'root-ingress-controller', '-n', 'tenant-root']), /root-ingress-controller\s+LoadBalancer\s+\S+\s+192\.168\.100\.200\s+80:\d+\/TCP,443:\d+\/TCP/);

    const svc = json(['get', 'svc', 'root-ingress-controller', '-n', 'tenant-root']);
    assert.deepEqual(svc.status.loadBalancer.ingress, [{ ip: '192.168.100.200', ipMode: 'VIP' }]);
    assert.equal(svc.metadata.annotations['metallb.io/ip-allocated-from-pool'], 'cozystack');
    const fields = json(['get', 'svc', 'root-ingress-controller', '-n', 'tenant-root', '--show-managed-fields']).metadata.managedFields;
    assert.ok(fields.some((f: { manager: string; subresource?: string }) => f.manager === 'controller' && f.subresource === 'status'));

    const described = await waitFor(() => {
      const out = ok(['describe', 'svc', 'root-ingress-controller', '-n', 'tenant-root']);
      return /nodeAssigned/.test(out) && out;
    }, 'the speaker to announce it');
    assert.match(described, /LoadBalancer Ingress:\s+192\.168\.100\.200 \(VIP\)/);
    assert.match(described, /Normal\s+IPAllocated\s+\S+\s+metallb-controller\s+Assigned IP \["192\.168\.100\.200"\]/);
    const node = /Normal\s+nodeAssigned\s+\S+\s+metallb-speaker\s+announcing from node "(node\d)" with protocol "layer2"/.exec(described)?.[1];
    assert.ok(node, described);
    assert.match(ok(['get', 'servicel2statuses', '-n', 'cozy-metallb']), new RegExp(`l2-\\w+\\s+${node}\\s+root-ingress-controller\\s+tenant-root`));

    const pool = await waitFor(() => {
      const p = json(['get', 'ipaddresspool', 'cozystack', '-n', 'cozy-metallb']);
      return p.status?.assignedIPv4 === 1 && p;
    }, 'the pool status to count the address');
    assert.deepEqual(pool.status, { assignedIPv4: 1, assignedIPv6: 0, availableIPv4: 50, availableIPv6: 0 });

    // The controller and each node's speaker report the configuration they read as valid.
    const states = await waitFor(() => {
      const out = ok(['get', 'configurationstates', '-n', 'cozy-metallb']);
      return (out.match(/Valid/g) ?? []).length === 4 && out;
    }, 'the ConfigurationStates');
    for (const name of ['controller', 'speaker-node1', 'speaker-node2', 'speaker-node3']) assert.match(states, new RegExp(`^${name}\\s+Valid\\s`, 'm'));
  });

  test('an L2Advertisement that names interfaces: the announcing speaker lists them in its ServiceL2Status', async () => {
    ok(['patch', 'l2advertisement', 'cozystack', '-n', 'cozy-metallb', '--type=merge', '-p', '{"spec":{"interfaces":["eth1","eth0"]}}']);
    const status = await waitFor(() => {
      const items = json(['get', 'servicel2statuses', '-n', 'cozy-metallb', '-l', 'metallb.io/service-name=root-ingress-controller']).items as Array<{ status: { interfaces?: Array<{ name: string }> } }>;
      return items.length === 1 && items[0]!.status.interfaces && items[0]!.status;
    }, 'the interfaces in the ServiceL2Status');
    assert.deepEqual(status.interfaces, [{ name: 'eth0' }, { name: 'eth1' }]);
    ok(['patch', 'l2advertisement', 'cozystack', '-n', 'cozy-metallb', '--type=json', '-p', '[{"op":"remove","path":"/spec/interfaces"}]']);
    await waitFor(() => (json(['get', 'servicel2statuses', '-n', 'cozy-metallb', '-l', 'metallb.io/service-name=root-ingress-controller']).items as Array<{ status: { interfaces?: unknown } }>)[0]?.status.interfaces === undefined, 'every interface again');
  });

  test("the exposed services' Ingresses carry the ingress controller's address, and the guide's exposedServices patch keeps only the dashboard's", async () => {
    // The platform's default publishing.exposedServices: api, dashboard, vm-exportproxy, cdi-uploadproxy on class tenant-root.
    const table = await waitFor(() => {
      const out = ok(['get', 'ingress', '-A']);
      return (out.match(/192\.168\.100\.200/g) ?? []).length === 4 && out;
    }, "ingress-nginx to publish its address on the exposed services' Ingresses");
    assert.match(table, /^cozy-dashboard\s+dashboard-web-ingress\s+tenant-root\s+dashboard\.example\.org\s+192\.168\.100\.200\s+80, 443\s/m);
    assert.match(table, /^default\s+kubernetes\s+tenant-root\s+api\.example\.org\s+192\.168\.100\.200\s+80\s/m);
    assert.match(table, /^cozy-kubevirt\s+vm-exportproxy\s+tenant-root\s+vm-exportproxy\.example\.org\s+192\.168\.100\.200\s/m);
    assert.match(table, /^cozy-kubevirt-cdi\s+cdi-uploadproxy\s+tenant-root\s+cdi-uploadproxy\.example\.org\s+192\.168\.100\.200\s/m);

    ok(['patch', 'packages.cozystack.io', 'cozystack.cozystack-platform', '--type=json', '-p', '[{"op": "add", "path": "/spec/components/platform/values/publishing/exposedServices", "value": ["dashboard"]}]']);
    await waitFor(() => ok(['get', 'ingress', '-A', '-o', 'name']).trim() === 'ingress.networking.k8s.io/dashboard-web-ingress', 'only the dashboard Ingress to stay');
    // Every release upgrades — cozystack-basics too, though the Tenant patch above rewrote the HelmRelease it owns.
    const releases = await waitFor(() => {
      const hrs = json(['get', 'hr', '-A']).items as Array<{ metadata: { name: string }; status?: { conditions?: Array<{ type: string; status: string; message: string }> } }>;
      const notReady = hrs.filter((h) => !h.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
      return notReady.length === 0 && hrs;
    }, 'every HelmRelease Ready after the Package patch');
    assert.ok(releases.length > 90);
  });

  test("MetalLB's webhook denies a pool that does not parse, overlaps another, or lies outside its namespace", () => {
    const apply = (yaml: string) => c.kubectl(['apply', '-f', '-'], { input: yaml });
    const overlap = apply(`apiVersion: metallb.io/v1beta1
kind: IPAddressPool
metadata: {name: a-overlap, namespace: cozy-metallb}
spec: {addresses: [192.168.100.248/29]}
`);
    assert.equal(overlap.code, 1);
    assert.match(overlap.stderr, /Error from server \(Forbidden\): error when creating "STDIN": admission webhook "ipaddresspoolvalidationwebhook\.metallb\.io" denied the request: CIDR "192\.168\.100\.248\/29" in pool "a-overlap" overlaps with already defined CIDR "192\.168\.100\.248\/31"/);
    const unparsable = apply(`apiVersion: metallb.io/v1beta1
kind: IPAddressPool
metadata: {name: typo, namespace: cozy-metallb}
spec: {addresses: [192.168.101.250-192.168.101.200]}
`);
    assert.match(unparsable.stderr, /denied the request: parsing address pool typo: invalid CIDR "192\.168\.101\.250-192\.168\.101\.200" in pool "typo": invalid IP range "192\.168\.101\.250-192\.168\.101\.200": start IP "192\.168\.101\.250" is after the end IP "192\.168\.101\.200"/);
    const elsewhere = apply(`apiVersion: metallb.io/v1beta1
kind: IPAddressPool
metadata: {name: mine, namespace: default}
spec: {addresses: [10.50.0.0/24]}
`);
    assert.match(elsewhere.stderr, /denied the request: resource must be created in cozy-metallb namespace/);
    // The pool's schema is the real CRD's: a misspelt field is refused, and kubectl explain describes the fields.
    const misspelt = apply(`apiVersion: metallb.io/v1beta1
kind: IPAddressPool
metadata: {name: misspelt, namespace: cozy-metallb}
spec: {adresses: [10.60.0.0/24]}
`);
    assert.match(misspelt.stderr, /strict decoding error: unknown field "spec\.adresses"/);
    assert.match(ok(['explain', 'ipaddresspool.spec.avoidBuggyIPs']), /AvoidBuggyIPs prevents addresses ending with \.0 and \.255/);
    assert.doesNotMatch(ok(['get', 'ipaddresspools', '-A']), /a-overlap|typo|mine|misspelt/);
  });

  test('requested addresses, named pools, sharing, a full pool and a type change', async () => {
    ok(['create', 'namespace', 'lb']);
    ok(['apply', '-f', '-'], `apiVersion: metallb.io/v1beta1
kind: IPAddressPool
metadata: {name: small, namespace: cozy-metallb}
spec: {addresses: [10.20.0.7/32], autoAssign: false}
`);
    ok(['apply', '-f', '-'], `apiVersion: v1
kind: Service
metadata: {name: asks, namespace: lb, annotations: {metallb.io/loadBalancerIPs: 192.168.100.240}}
spec: {type: LoadBalancer, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: outside, namespace: lb, annotations: {metallb.io/loadBalancerIPs: 10.0.0.5}}
spec: {type: LoadBalancer, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: shares, namespace: lb, annotations: {metallb.io/allow-shared-ip: web, metallb.io/loadBalancerIPs: 192.168.100.240}}
spec: {type: LoadBalancer, ports: [{port: 443}]}
---
apiVersion: v1
kind: Service
metadata: {name: small-1, namespace: lb, annotations: {metallb.io/address-pool: small}}
spec: {type: LoadBalancer, ports: [{port: 80}]}
`);
    assert.equal(await waitFor(() => externalIP('lb', 'asks'), 'the requested address'), '192.168.100.240');
    assert.equal(await waitFor(() => externalIP('lb', 'small-1'), 'the small pool address'), '10.20.0.7');
    await waitFor(() => /AllocationFailed/.test(events('lb', 'outside')), 'the refusal of an address outside every pool');
    assert.match(events('lb', 'outside'), /Warning\s+AllocationFailed\s+service\/outside\s+Failed to allocate IP for "lb\/outside": \["10\.0\.0\.5"\] is not allowed in config/);
    await waitFor(() => /AllocationFailed/.test(events('lb', 'shares')), 'the refusal to share with a service that does not share');
    assert.match(events('lb', 'shares'), /Failed to allocate IP for "lb\/shares": can't change sharing key for "lb\/shares", address also in use by lb\/asks/);
    assert.equal(externalIP('lb', 'shares'), undefined);

    // The pool's one address is taken: the next service asking for it waits …
    ok(['apply', '-f', '-'], `apiVersion: v1
kind: Service
metadata: {name: small-2, namespace: lb, annotations: {metallb.io/address-pool: small}}
spec: {type: LoadBalancer, ports: [{port: 80}]}
`);
    await waitFor(() => /AllocationFailed/.test(events('lb', 'small-2')), 'the full pool');
    assert.match(events('lb', 'small-2'), /Failed to allocate IP for "lb\/small-2": no available IPs in pool small/);
    // … until the holder gives it back by ceasing to be a LoadBalancer.
    ok(['patch', 'svc', 'small-1', '-n', 'lb', '-p', '{"spec":{"type":"ClusterIP"}}']);
    assert.equal(await waitFor(() => externalIP('lb', 'small-2'), 'the freed address'), '10.20.0.7');
    const cleared = json(['get', 'svc', 'small-1', '-n', 'lb']);
    assert.deepEqual(cleared.status, { loadBalancer: {} });
    assert.equal(cleared.metadata.annotations['metallb.io/ip-allocated-from-pool'], undefined);

    // Deleting the holder of the requested address lets the sharing service have it.
    ok(['delete', 'svc', 'asks', '-n', 'lb']);
    assert.equal(await waitFor(() => externalIP('lb', 'shares'), 'the address once free'), '192.168.100.240');
  });

  test("a Service's load-balancer status is validated as kube-apiserver validates it", () => {
    ok(['create', 'service', 'clusterip', 'plain', '-n', 'lb', '--tcp=80:80']);
    ok(['create', 'service', 'loadbalancer', 'manual', '-n', 'lb', '--tcp=80:80']);
    const bad = c.kubectl(['patch', 'svc', 'manual', '-n', 'lb', '--subresource=status', '--type=merge', '-p', '{"status":{"loadBalancer":{"ingress":[{"ip":"not-an-ip"},{"hostname":"10.1.2.3","ipMode":"Proxy"}]}}}']);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /The Service "manual" is invalid/);
    assert.match(bad.stderr, /status\.loadBalancer\.ingress\[0\]\.ip: Invalid value: "not-an-ip": must be a valid IP address, \(e\.g\. 10\.9\.8\.7 or 2001:db8::ffff\)/);
    assert.match(bad.stderr, /status\.loadBalancer\.ingress\[1\]\.ipMode: Forbidden: may not be specified when `ip` is not set/);
    assert.match(bad.stderr, /status\.loadBalancer\.ingress\[1\]\.hostname: Invalid value: "10\.1\.2\.3": must be a DNS name, not an IP address/);
    const notLB = c.kubectl(['patch', 'svc', 'plain', '-n', 'lb', '--subresource=status', '--type=merge', '-p', '{"status":{"loadBalancer":{"ingress":[{"ip":"10.1.2.3"}]}}}']);
    assert.match(notLB.stderr, /status\.loadBalancer\.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'/);
  });

  test('when the announcing node fails, a speaker on another node takes the address over', async () => {
    const announcer = () => json(['get', 'servicel2statuses', '-n', 'cozy-metallb', '-l', 'metallb.io/service-name=root-ingress-controller']).items.map((i: { status: { node: string } }) => i.status.node);
    const [before] = announcer();
    assert.ok(before);
    const cli = (args: string[]) => spawnSync(process.execPath, [join(ROOT, 'bin', 'cozylab.js'), ...args, '--data-dir', c.dataDir], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(cli(['node', 'fail', before]).status, 0);
    try {
      const after = await waitFor(() => { const nodes = announcer(); return nodes.length === 1 && nodes[0] !== before && nodes[0]; }, 'another node to announce');
      assert.match(events('tenant-root', 'root-ingress-controller'), new RegExp(`nodeAssigned\\s+service/root-ingress-controller\\s+announcing from node "${after}" with protocol "layer2"`));
      assert.equal(externalIP('tenant-root', 'root-ingress-controller'), '192.168.100.200');
    } finally {
      cli(['node', 'recover', before]);
    }
  });
});
