// Tenants (spec 02, T-1 … T-24) on a real `cozylab up` with the platform, driven by real kubectl:
// nested namespaces, domains, services inherited from the nearest ancestor, modules following the
// switches, quotas with the allocation ratio and the hierarchical refusal, the RBAC matrix with
// tenant token kubeconfigs, `cozylab kubeconfig`, and deleting a subtree.

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCluster, type TestCluster } from '../support/cluster.ts';
import { waitFor } from '../support/wait.ts';
import { kubectlBinary, runKubectl } from '../support/kubectl.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

interface Obj {
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  status?: { conditions?: Array<{ type: string; status: string }> };
}

describe('tenants', { timeout: 600_000 }, () => {
  let c: TestCluster;

  const get = (args: string[]): Obj | undefined => {
    const r = c.kubectl([...args, '-o', 'json']);
    return r.code === 0 ? (JSON.parse(r.stdout) as Obj) : undefined;
  };
  const list = (args: string[]): Obj[] => {
    const r = c.kubectl([...args, '-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    return (JSON.parse(r.stdout) as { items: Obj[] }).items;
  };
  const apply = (yaml: string) => c.kubectl(['apply', '-f', '-'], { input: yaml });
  const tenantYaml = (name: string, namespace: string, spec: Record<string, unknown> = {}) =>
    JSON.stringify({ apiVersion: 'apps.cozystack.io/v1alpha1', kind: 'Tenant', metadata: { name, namespace }, spec });
  const ready = (o: Obj | undefined) => o?.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True');
  const createTenant = async (name: string, namespace: string, spec: Record<string, unknown> = {}) => {
    const r = apply(tenantYaml(name, namespace, spec));
    assert.equal(r.code, 0, r.stderr);
    await waitFor(() => ready(get(['get', 'tenant', name, '-n', namespace])), `Tenant ${namespace}/${name} Ready`, 120_000);
  };
  const nsLabels = (ns: string) => get(['get', 'namespace', ns])?.metadata.labels ?? {};
  const tenantKubeconfig = (tenant: string): string => {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'cozylab.js'), 'kubeconfig', '--tenant', tenant, '--data-dir', c.dataDir], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const path = join(c.dataDir, `${tenant}.kubeconfig`);
    writeFileSync(path, r.stdout);
    return path;
  };
  const as = (kubeconfig: string, args: string[]) => runKubectl(kubectlBinary()!, kubeconfig, args);

  before(async () => {
    c = await startCluster({ platform: true });
    await waitFor(() => /Cozystack is ready/.test(c.output()), 'the platform to be ready', 300_000);
    // The tree: root → alpha (etcd, quota) → beta (monitoring) → gamma; root → delta.
    await createTenant('alpha', 'tenant-root', { etcd: true, resourceQuotas: { cpu: '16', memory: '32Gi' } });
    await createTenant('beta', 'tenant-alpha', { monitoring: true, host: 'beta.example.net' });
    await createTenant('gamma', 'tenant-alpha-beta');
    await createTenant('delta', 'tenant-root');
  });

  after(async () => {
    await c?.stop();
    c?.cleanup();
  });

  test('namespaces join the chain without the root, and kubectl lists each tenant in its parent', () => {
    for (const ns of ['tenant-alpha', 'tenant-alpha-beta', 'tenant-alpha-beta-gamma', 'tenant-delta']) assert.ok(get(['get', 'namespace', ns]), ns);
    assert.equal(get(['get', 'namespace', 'tenant-root-alpha']), undefined);
    assert.deepEqual(list(['get', 'tenants', '-n', 'tenant-alpha']).map((t) => t.metadata.name), ['beta']);
    const owner = (get(['get', 'namespace', 'tenant-alpha-beta'])!.metadata as { ownerReferences?: Array<{ kind: string; name: string }> }).ownerReferences;
    assert.deepEqual(owner?.map((o) => `${o.kind}/${o.name}`), ['Namespace/tenant-alpha']);
    assert.deepEqual(Object.keys(nsLabels('tenant-alpha-beta-gamma')).filter((k) => k.startsWith('tenant.cozystack.io/')).sort(),
      ['tenant.cozystack.io/tenant-alpha', 'tenant.cozystack.io/tenant-alpha-beta', 'tenant.cozystack.io/tenant-alpha-beta-gamma', 'tenant.cozystack.io/tenant-root']);
  });

  test('a hyphen in the name is refused with the way to do it instead', () => {
    const r = apply(tenantYaml('acme-dev', 'tenant-root'));
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /The Tenant "acme-dev" is invalid: metadata\.name: Invalid value: "acme-dev": tenant names must start with a lowercase letter and contain only lowercase letters and digits; dashes are not allowed/);
    assert.match(r.stderr, /create tenant "dev" inside tenant "acme" instead/);
  });

  test('domains: <name>.<parent domain>, spec.host overrides and is the base below', () => {
    assert.equal(nsLabels('tenant-alpha')['namespace.cozystack.io/host'], 'alpha.example.org');
    assert.equal(nsLabels('tenant-alpha-beta')['namespace.cozystack.io/host'], 'beta.example.net');
    assert.equal(nsLabels('tenant-alpha-beta-gamma')['namespace.cozystack.io/host'], 'gamma.beta.example.net');
  });

  test('a switched-off service comes from the nearest ancestor that has it on', () => {
    const gamma = nsLabels('tenant-alpha-beta-gamma');
    assert.equal(gamma['namespace.cozystack.io/etcd'], 'tenant-alpha');
    assert.equal(gamma['namespace.cozystack.io/monitoring'], 'tenant-alpha-beta');
    assert.equal(gamma['namespace.cozystack.io/ingress'], 'tenant-root');
    assert.equal(nsLabels('tenant-delta')['namespace.cozystack.io/etcd'], 'tenant-root');
  });

  test('modules appear and disappear as the switches change', async () => {
    const modules = (ns: string) => list(['get', 'hr', '-n', ns, '-l', 'internal.cozystack.io/tenantmodule=true']).map((h) => h.metadata.name).sort();
    assert.deepEqual(modules('tenant-delta'), ['info']);
    assert.equal(c.kubectl(['patch', 'tenant', 'delta', '-n', 'tenant-root', '--type=merge', '-p', '{"spec":{"ingress":true}}']).code, 0);
    await waitFor(() => modules('tenant-delta').includes('ingress') || undefined, 'the ingress module');
    await waitFor(() => nsLabels('tenant-delta')['namespace.cozystack.io/ingress'] === 'tenant-delta' || undefined, 'the ingress label');
    assert.ok(get(['get', 'ingresses.apps.cozystack.io', 'ingress', '-n', 'tenant-delta']), 'the module is an Ingress app');
    assert.equal(c.kubectl(['patch', 'tenant', 'delta', '-n', 'tenant-root', '--type=merge', '-p', '{"spec":{"ingress":false}}']).code, 0);
    await waitFor(() => !modules('tenant-delta').includes('ingress') || undefined, 'the ingress module to go');
    await waitFor(() => nsLabels('tenant-delta')['namespace.cozystack.io/ingress'] === 'tenant-root' || undefined, 'the ingress label back to the root');
  });

  test('quota: limits as given, requests divided by the allocation ratio; a child may not exceed what is left', () => {
    const quota = get(['get', 'resourcequota', 'tenant-quota', '-n', 'tenant-alpha']) as Obj & { spec: { hard: Record<string, string> } };
    assert.equal(quota.spec.hard['limits.cpu'], '16');
    assert.match(quota.spec.hard['requests.cpu']!, /^(1\.6|1600m)$/, 'cpu request = 16 ÷ cpuAllocationRatio 10');
    assert.equal(quota.spec.hard['limits.memory'], '32Gi');
    assert.ok(get(['get', 'limitrange', 'tenant-range-limits', '-n', 'tenant-alpha']));
    const r = apply(tenantYaml('big', 'tenant-alpha', { resourceQuotas: { cpu: '20' } }));
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /The Tenant "big" is invalid: spec\.resourceQuotas\[cpu\]: Forbidden: requested 20 exceeds the parent tenant's remaining "cpu" quota of \S+ \(parent allows 16, 0 already allocated to sibling tenants, \S+ currently in use by the parent pool\)/);
    assert.equal(get(['get', 'hr', 'tenant-big', '-n', 'tenant-alpha']), undefined);
  });

  test('isolated is answered with its removal; an allocation ratio on a tenant with where it lives', () => {
    const iso = apply(tenantYaml('iso', 'tenant-root', { isolated: true }));
    assert.match(iso.stderr, /isolated flag was removed in Cozystack v1\.0.*isolation is always on/);
    assert.equal(c.kubectl(['delete', 'tenant', 'iso', '-n', 'tenant-root', '--timeout=120s']).code, 0);
    const ratio = apply(tenantYaml('ratio', 'tenant-root', { cpuAllocationRatio: 4 }));
    assert.notEqual(ratio.code, 0);
    assert.match(ratio.stderr, /spec\.cpuAllocationRatio: Forbidden: cpuAllocationRatio is a platform-wide setting.*spec\.components\.platform\.values\.resources\.cpuAllocationRatio/);
  });

  test('a tenant kubeconfig is the docs recipe\'s file, and its token works in the tenant and below only', () => {
    const alpha = tenantKubeconfig('alpha');
    // The shell recipe of operations/faq/generate-kubeconfig gives the same file.
    const server = c.kubectl(['config', 'view', '--minify', '-o', 'jsonpath={.clusters[0].cluster.server}']).stdout;
    const template = `\napiVersion: v1\nkind: Config\nclusters:\n- name: tenant-alpha\n  cluster:\n    server: ${server}\n    certificate-authority-data: {{ index .data "ca.crt" }}\ncontexts:\n- name: tenant-alpha\n  context:\n    cluster: tenant-alpha\n    namespace: {{ index .data "namespace" | base64decode }}\n    user: tenant-alpha\ncurrent-context: tenant-alpha\nusers:\n- name: tenant-alpha\n  user:\n    token: {{ index .data "token" | base64decode }}\n`;
    const recipe = c.kubectl(['get', 'secret', 'tenant-alpha', '-n', 'tenant-alpha', '-o', `go-template=${template}`]);
    assert.equal(recipe.code, 0, recipe.stderr);
    assert.equal(spawnSync('cat', [alpha], { encoding: 'utf8' }).stdout, recipe.stdout);

    const can = (kc: string, args: string[]) => as(kc, ['auth', 'can-i', ...args]).stdout.trim();
    assert.equal(can(alpha, ['create', 'etcds.apps.cozystack.io', '-n', 'tenant-alpha']), 'yes');
    assert.equal(can(alpha, ['create', 'tenants.apps.cozystack.io', '-n', 'tenant-alpha-beta']), 'yes', 'a grant reaches descendants');
    assert.equal(can(alpha, ['list', 'pods', '-n', 'tenant-alpha-beta-gamma']), 'yes');
    assert.equal(can(alpha, ['list', 'pods', '-n', 'tenant-delta']), 'no', 'not a sibling');
    assert.equal(can(alpha, ['list', 'pods', '-n', 'tenant-root']), 'no', 'not the parent');
    const beta = tenantKubeconfig('tenant-alpha-beta');
    assert.equal(can(beta, ['list', 'tenants.apps.cozystack.io', '-n', 'tenant-alpha-beta']), 'yes');
    assert.equal(can(beta, ['list', 'tenants.apps.cozystack.io', '-n', 'tenant-alpha']), 'no');
    const denied = as(alpha, ['get', 'pods', '-n', 'tenant-delta']);
    assert.notEqual(denied.code, 0);
    assert.match(denied.stderr, /Error from server \(Forbidden\): pods is forbidden: User "system:serviceaccount:tenant-alpha:tenant-alpha" cannot list resource "pods" in API group "" in the namespace "tenant-delta"/);
    const own = as(alpha, ['get', 'tenants']);
    assert.equal(own.code, 0, own.stderr);
    assert.match(own.stdout, /beta/);
  });

  test('the root tenant cannot be deleted', () => {
    const r = c.kubectl(['delete', 'hr', 'tenant-root', '-n', 'tenant-root', '--wait=false']);
    assert.notEqual(r.code, 0);
    // The platform's ValidatingAdmissionPolicy names no reason: Invalid, printed by kubectl with its one cause.
    assert.match(r.stderr, /The helmreleases "tenant-root" is invalid: : ValidatingAdmissionPolicy 'cozystack-no-delete-guardrail' with binding 'cozystack-no-delete-guardrail' denied request: Deletion blocked: object carries platform\.cozystack\.io\/no-delete=true/);
    assert.notEqual(c.kubectl(['delete', 'namespace', 'tenant-root', '--wait=false']).code, 0);
    assert.ok(get(['get', 'namespace', 'tenant-root']));
  });

  test('deleting a tenant removes its subtree, its modules and namespaces; nothing remains', async () => {
    assert.equal(c.kubectl(['delete', 'tenant', 'alpha', '-n', 'tenant-root']).code, 0);
    const gone = () => {
      const namespaces = list(['get', 'namespaces']).map((n) => n.metadata.name).filter((n) => n.startsWith('tenant-alpha'));
      const releases = list(['get', 'hr', '-A']).filter((h) => h.metadata.namespace!.startsWith('tenant-alpha') || h.metadata.name === 'tenant-alpha');
      const policies = list(['get', 'ciliumclusterwidenetworkpolicies']).filter((p) => p.metadata.name.startsWith('tenant-alpha'));
      const bindings = list(['get', 'rolebindings', '-n', 'cozy-public']).filter((b) => b.metadata.name.includes('tenant-alpha'));
      return namespaces.length + releases.length + policies.length + bindings.length === 0;
    };
    await waitFor(() => gone() || undefined, 'tenant-alpha and its descendants to be gone', 120_000);
    assert.deepEqual(list(['get', 'tenants', '-A']).map((t) => t.metadata.name).sort(), ['delta', 'root']);
  });
});
