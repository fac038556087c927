// RBAC against a real `cozylab up` and real kubectl: a user with a client certificate and a
// ServiceAccount with a `kubectl create token` token, each bound to a default role in one namespace.

import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { issue } from '../../src/cli/pki.ts';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary, runKubectl } from '../support/kubectl.ts';

/** A client certificate for `cn` signed by the cluster CA: how a named user reaches kube-apiserver. */
function clientCertificate(dataDir: string, cn: string): Promise<{ cert: string; key: string }> {
  const ca = { cert: readFileSync(join(dataDir, 'pki', 'ca.crt'), 'utf8'), key: readFileSync(join(dataDir, 'pki', 'ca.key'), 'utf8') };
  return issue(ca, { cn }, 'client');
}

/** The admin kubeconfig with its user swapped for `user`. */
function kubeconfigFor(name: string, user: Record<string, string>): string {
  const config = parse(readFileSync(cluster.kubeconfig, 'utf8')) as { users: { name: string; user: unknown }[] };
  config.users = [{ name: 'admin', user }];
  const path = join(cluster.dataDir, `kubeconfig-${name}`);
  writeFileSync(path, stringify(config), { mode: 0o600 });
  return path;
}

const cluster = useCluster({}, () => {
  for (const args of [
    ['create', 'namespace', 'team'],
    ['create', 'namespace', 'other'],
    ['create', 'rolebinding', 'bob-view', '--clusterrole=view', '--user=bob', '-n', 'team'],
    ['create', 'serviceaccount', 'builder', '-n', 'team'],
    ['create', 'rolebinding', 'builder-edit', '--clusterrole=edit', '--serviceaccount=team:builder', '-n', 'team'],
  ]) {
    const r = cluster.kubectl(args);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  }
});

test('the default roles exist, labelled, with view aggregated from system:aggregate-to-view', () => {
  const r = cluster.kubectl(['get', 'clusterrole', 'view', '-o', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const view = JSON.parse(r.stdout) as { metadata: { labels: Record<string, string> }; rules: { resources?: string[]; verbs: string[] }[] };
  assert.equal(view.metadata.labels['kubernetes.io/bootstrapping'], 'rbac-defaults');
  assert.ok(view.rules.some((rule) => rule.resources?.includes('pods') && rule.verbs.includes('list')), r.stdout);
  const bindings = cluster.kubectl(['get', 'clusterrolebindings', '-o', 'name']);
  for (const name of ['cluster-admin', 'system:basic-user', 'system:discovery', 'system:public-info-viewer']) {
    assert.ok(bindings.stdout.includes(`clusterrolebinding.rbac.authorization.k8s.io/${name}\n`), bindings.stdout);
  }
});

test('GET /metrics: what kube-apiserver exposes, to those allowed the path (system:monitoring), forbidden to others', () => {
  assert.equal(cluster.kubectl(['create', 'configmap', 'metered', '-n', 'team', '--from-literal=a=1']).code, 0);
  const admin = cluster.kubectl(['get', '--raw', '/metrics']);
  assert.equal(admin.code, 0, admin.stderr);
  assert.match(admin.stdout, /^apiserver_request_total\{code="201",component="apiserver",dry_run="",group="",resource="configmaps",scope="namespace",subresource="",verb="POST",version="v1"\} [1-9]\d*$/m);
  // The controllers' own requests count too: the kubelets writing pod status.
  assert.match(admin.stdout, /^apiserver_request_total\{code="200",.*resource="pods",scope="resource",subresource="status",verb="PUT",version="v1"\} [1-9]\d*$/m);
  assert.match(admin.stdout, /^apiserver_request_duration_seconds_bucket\{.*resource="configmaps".*verb="POST".*le="\+Inf"\} [1-9]\d*$/m);
  assert.match(admin.stdout, /^apiserver_storage_objects\{resource="namespaces"\} \d+$/m);
  const monitoring = cluster.kubectl(['get', '--raw', '/metrics', '--as=vmagent', '--as-group=system:monitoring']);
  assert.equal(monitoring.code, 0, monitoring.stderr);
  const bob = cluster.kubectl(['get', '--raw', '/metrics', '--as=bob']);
  assert.notEqual(bob.code, 0);
  assert.match(bob.stderr, /Error from server \(Forbidden\): forbidden: User "bob" cannot get path "\/metrics"/);
});

test("the control plane's components hold the roles kube-apiserver bootstraps for them", () => {
  const can = (...args: string[]) => cluster.kubectl(['auth', 'can-i', ...args]).stdout.trim();
  // Prometheus scrapers are put in the system:monitoring group.
  assert.equal(can('get', '/metrics', '--as=vmagent', '--as-group=system:monitoring'), 'yes');
  assert.equal(can('get', '/readyz/etcd', '--as=vmagent', '--as-group=system:monitoring'), 'yes');
  assert.equal(can('list', 'secrets', '-A', '--as=vmagent', '--as-group=system:monitoring'), 'no');
  assert.equal(can('create', 'pods', '--subresource=binding', '-n', 'team', '--as=system:kube-scheduler'), 'yes');
  assert.equal(can('update', 'persistentvolumes', '--as=system:kube-scheduler'), 'yes');
  assert.equal(can('list', 'deployments.apps', '-A', '--as=system:kube-controller-manager'), 'yes');
  assert.equal(can('delete', 'deployments.apps', '-n', 'team', '--as=system:kube-controller-manager'), 'no');
  assert.equal(can('watch', 'endpointslices.discovery.k8s.io', '-A', '--as=system:kube-proxy'), 'yes');
  assert.equal(can('list', 'services', '-A', '--as=system:serviceaccount:kube-system:kube-dns'), 'yes');
  const roles = cluster.kubectl(['get', 'clusterroles', '-o', 'name']).stdout;
  for (const name of ['system:node', 'system:kube-scheduler', 'system:monitoring', 'system:certificates.k8s.io:kubelet-serving-approver', 'system:kubelet-api-admin']) {
    assert.ok(roles.includes(`clusterrole.rbac.authorization.k8s.io/${name}\n`), `${name} in:\n${roles}`);
  }
  // kube-controller-manager runs each controller as a kube-system ServiceAccount bound to its own role.
  assert.equal(can('update', 'deployments.apps', '--subresource=status', '-n', 'team', '--as=system:serviceaccount:kube-system:deployment-controller'), 'yes');
  assert.equal(can('get', 'secrets', '-n', 'team', '--as=system:serviceaccount:kube-system:deployment-controller'), 'no');
  assert.equal(cluster.kubectl(['get', 'clusterroles', '-o', 'name']).stdout.split('\n').filter((l) => l.includes('/system:controller:')).length, 38);
  assert.match(cluster.kubectl(['get', 'roles', '-n', 'kube-system']).stdout, /^extension-apiserver-authentication-reader\s/m);
  assert.equal(can('get', 'configmaps/extension-apiserver-authentication', '-n', 'kube-system', '--as=system:serviceaccount:cozy-system:cozystack-api'), 'no');
  const node = JSON.parse(cluster.kubectl(['get', 'clusterrolebinding', 'system:node', '-o', 'json']).stdout) as { subjects?: unknown };
  assert.equal(node.subjects, undefined, 'system:node is bound to no one: the Node authorizer serves kubelets');
});

for (const version of ['1.27', '1.33']) {
  describe(`kubectl ${version}`, { skip: kubectlBinary(version) ? false : `kubectl.${version} is not on this machine` }, () => {
    let bob: string;
    const asBob = (args: string[]) => runKubectl(kubectlBinary(version)!, bob, args);

    before(async () => {
      const { cert, key } = await clientCertificate(cluster.dataDir, 'bob');
      bob = kubeconfigFor(`bob-${version}`, {
        'client-certificate-data': Buffer.from(cert).toString('base64'),
        'client-key-data': Buffer.from(key).toString('base64'),
      });
    });

    test('a user bound to view lists pods in its namespace and is refused elsewhere with kube’s words', () => {
      const ok = asBob(['get', 'pods', '-n', 'team']);
      assert.equal(ok.code, 0, ok.stderr);
      assert.match(ok.stderr, /No resources found in team namespace/);
      const refused = asBob(['get', 'pods', '-n', 'other']);
      assert.equal(refused.code, 1);
      assert.equal(refused.stderr.trim(), 'Error from server (Forbidden): pods is forbidden: User "bob" cannot list resource "pods" in API group "" in the namespace "other"');
      const write = asBob(['create', 'configmap', 'c', '-n', 'team']);
      assert.equal(write.code, 1);
      assert.match(write.stderr, /configmaps is forbidden: User "bob" cannot create resource "configmaps" in API group "" in the namespace "team"/);
    });

    test('auth can-i answers yes and no from the bindings', () => {
      const yes = asBob(['auth', 'can-i', 'list', 'pods', '-n', 'team']);
      assert.equal(yes.code, 0, yes.stderr);
      assert.equal(yes.stdout.trim(), 'yes');
      for (const args of [['create', 'pods', '-n', 'team'], ['list', 'pods', '-n', 'other'], ['get', 'secrets', '-n', 'team']]) {
        const no = asBob(['auth', 'can-i', ...args]);
        assert.equal(no.code, 1, args.join(' '));
        assert.equal(no.stdout.trim(), 'no');
      }
      const logs = asBob(['auth', 'can-i', 'get', 'pods/log', '-n', 'team']);
      assert.equal(logs.stdout.trim(), 'yes');
      const list = asBob(['auth', 'can-i', '--list', '-n', 'team']);
      assert.equal(list.code, 0, list.stderr);
      assert.match(list.stdout, /^pods\s+\[\]\s+\[\]\s+\[get list watch\]$/m);
      assert.match(list.stdout, /selfsubjectaccessreviews\.authorization\.k8s\.io\s+\[\]\s+\[\]\s+\[create\]/);
      const admin = runKubectl(kubectlBinary(version)!, cluster.kubeconfig, ['auth', 'can-i', '*', '*', '--all-namespaces']);
      assert.equal(admin.stdout.trim(), 'yes');
    });
  });
}

describe('ServiceAccount tokens', () => {
  let builder: string;

  before(() => {
    const r = cluster.kubectl(['create', 'token', 'builder', '-n', 'team', '--duration=1h']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    builder = kubeconfigFor('builder', { token: r.stdout.trim() });
  });

  test('a TokenRequest token authenticates as the ServiceAccount, with what edit grants in its namespace', () => {
    const bin = kubectlBinary()!;
    const whoami = runKubectl(bin, builder, ['auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username} {.status.userInfo.groups}']);
    assert.equal(whoami.code, 0, whoami.stderr);
    assert.equal(whoami.stdout, 'system:serviceaccount:team:builder ["system:serviceaccounts","system:serviceaccounts:team","system:authenticated"]');
    const created = runKubectl(bin, builder, ['create', 'configmap', 'built', '-n', 'team', '--from-literal=a=b']);
    assert.equal(created.code, 0, created.stderr);
    const refused = runKubectl(bin, builder, ['get', 'configmaps', '-n', 'other']);
    assert.equal(
      refused.stderr.trim(),
      'Error from server (Forbidden): configmaps is forbidden: User "system:serviceaccount:team:builder" cannot list resource "configmaps" in API group "" in the namespace "other"',
    );
  });

  test('a token stops working when its ServiceAccount is deleted', () => {
    const sa = cluster.kubectl(['create', 'serviceaccount', 'short-lived', '-n', 'team']);
    assert.equal(sa.code, 0, sa.stderr);
    const token = cluster.kubectl(['create', 'token', 'short-lived', '-n', 'team']).stdout.trim();
    const config = kubeconfigFor('short-lived', { token });
    const bin = kubectlBinary()!;
    assert.equal(runKubectl(bin, config, ['auth', 'can-i', 'list', 'pods', '-n', 'team']).stdout.trim(), 'no');
    assert.equal(cluster.kubectl(['delete', 'serviceaccount', 'short-lived', '-n', 'team']).code, 0);
    const after = runKubectl(bin, config, ['auth', 'can-i', 'list', 'pods', '-n', 'team']);
    assert.notEqual(after.code, 0);
    assert.match(after.stderr, /Unauthorized|must be logged in/);
  });
});

describe('TokenReview', () => {
  const review = (token: string, audiences?: string[]) => JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token, ...(audiences ? { audiences } : {}) } });
  type Review = { status: { authenticated?: boolean; user: { username?: string; groups?: string[] }; audiences?: string[] } };

  test('tells another server who a token belongs to and for which audiences, as kube-apiserver does', () => {
    const token = cluster.kubectl(['create', 'token', 'builder', '-n', 'team', '--audience=vault']).stdout.trim();
    const r = cluster.kubectl(['create', '-f', '-', '-o', 'json'], { input: review(token, ['vault', 'nats']) });
    assert.equal(r.code, 0, r.stderr);
    const { status } = JSON.parse(r.stdout) as Review;
    assert.equal(status.authenticated, true);
    assert.equal(status.user.username, 'system:serviceaccount:team:builder');
    assert.deepEqual(status.user.groups, ['system:serviceaccounts', 'system:serviceaccounts:team', 'system:authenticated']);
    assert.deepEqual(status.audiences, ['vault']);
    for (const input of [review(token), review('not-a-token')]) {
      const refused = JSON.parse(cluster.kubectl(['create', '-f', '-', '-o', 'json'], { input }).stdout) as Review;
      assert.equal(refused.status.authenticated, undefined);
      assert.deepEqual(refused.status.user, {});
    }
    const empty = cluster.kubectl(['create', '-f', '-'], { input: review('') });
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /BadRequest.*token is required for TokenReview in authentication|token is required for TokenReview in authentication/);
  });

  test('a ServiceAccount may review tokens once bound to system:auth-delegator', () => {
    assert.equal(cluster.kubectl(['create', 'serviceaccount', 'proxy', '-n', 'team']).code, 0);
    const proxy = kubeconfigFor('proxy', { token: cluster.kubectl(['create', 'token', 'proxy', '-n', 'team']).stdout.trim() });
    const bin = kubectlBinary()!;
    const input = review(cluster.kubectl(['create', 'token', 'builder', '-n', 'team']).stdout.trim());
    const refused = runKubectl(bin, proxy, ['create', '-f', '-'], input);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /tokenreviews\.authentication\.k8s\.io is forbidden: User "system:serviceaccount:team:proxy" cannot create resource "tokenreviews" in API group "authentication\.k8s\.io" at the cluster scope/);
    assert.equal(cluster.kubectl(['create', 'clusterrolebinding', 'proxy-delegator', '--clusterrole=system:auth-delegator', '--serviceaccount=team:proxy']).code, 0);
    const allowed = runKubectl(bin, proxy, ['create', '-f', '-', '-o', 'jsonpath={.status.user.username}'], input);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(allowed.stdout, 'system:serviceaccount:team:builder');
  });
});

test('granting rules one does not hold is refused by escalation prevention', async () => {
  assert.equal(cluster.kubectl(['create', 'rolebinding', 'bob-admin', '--clusterrole=admin', '--user=bob', '-n', 'other']).code, 0);
  const { cert, key } = await clientCertificate(cluster.dataDir, 'bob');
  const bob = kubeconfigFor('bob-admin', { 'client-certificate-data': Buffer.from(cert).toString('base64'), 'client-key-data': Buffer.from(key).toString('base64') });
  const bin = kubectlBinary()!;
  const allowed = runKubectl(bin, bob, ['create', 'role', 'pod-reader', '--verb=get', '--resource=pods', '-n', 'other']);
  assert.equal(allowed.code, 0, allowed.stderr);
  const refused = runKubectl(bin, bob, ['create', 'role', 'node-reader', '--verb=get', '--verb=list', '--resource=nodes', '-n', 'other']);
  assert.equal(refused.code, 1);
  assert.match(
    refused.stderr,
    /roles\.rbac\.authorization\.k8s\.io "node-reader" is forbidden: user "bob" \(groups=\["system:authenticated"\]\) is attempting to grant RBAC permissions not currently held:\n\{APIGroups:\[""\], Resources:\["nodes"\], Verbs:\["get" "list"\]\}/,
  );
  const binding = runKubectl(bin, bob, ['create', 'rolebinding', 'eve-admin', '--clusterrole=cluster-admin', '--user=eve', '-n', 'other']);
  assert.equal(binding.code, 1);
  assert.match(binding.stderr, /rolebindings\.rbac\.authorization\.k8s\.io "eve-admin" is forbidden: user "bob" .* is attempting to grant RBAC permissions not currently held/);
});
