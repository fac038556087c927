// ResourceQuota, LimitRange and impersonation against a real `cozylab up` and real kubectl:
// quota refusals with kube-apiserver's words, defaults a LimitRange puts into pods, `kubectl
// describe quota` following pods as they come and go, and `--as` allowed for admins only.

import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary, runKubectl } from '../support/kubectl.ts';
import { RESTRICTED_WARNING } from '../support/pod-security.ts';

function ok(args: string[], input?: string): string {
  const r = cluster.kubectl(args, { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Polls until `check` holds; the cluster runs on the real clock, so pods take a moment to go. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`never happened: ${what}`);
}

/** `kubectl describe quota` rows as resource → [used, hard]. */
function describedQuota(namespace: string, name: string): Record<string, [string, string]> {
  const out = ok(['describe', 'quota', name, '-n', namespace]);
  const rows: Record<string, [string, string]> = {};
  const lines = out.split('\n');
  const start = lines.findIndex((l) => /^-+\s+-+\s+-+/.test(l));
  for (const line of lines.slice(start + 1)) {
    const [resource, used, hard] = line.trim().split(/\s+/);
    if (resource && used && hard) rows[resource] = [used, hard];
  }
  return rows;
}

const cluster = useCluster({}, () => {
  for (const ns of ['counted', 'compute', 'defaults', 'team']) ok(['create', 'namespace', ns]);
});

describe('ResourceQuota', () => {
  test('a third pod under `pods: 2` is refused with the exact message', () => {
    ok(['create', 'quota', 'pod-count', '--hard=pods=2', '-n', 'counted']);
    ok(['run', 'one', '--image=nginx', '-n', 'counted']);
    ok(['run', 'two', '--image=nginx', '-n', 'counted']);
    const third = cluster.kubectl(['run', 'three', '--image=nginx', '-n', 'counted']);
    assert.equal(third.code, 1);
    // PodSecurity (Talos: warn=restricted) runs before the quota, so its warning comes with the refusal.
    assert.deepEqual(third.stderr.trim().split('\n'), [
      `Warning: would violate PodSecurity "restricted:latest": ${RESTRICTED_WARNING('three')}`,
      'Error from server (Forbidden): pods "three" is forbidden: exceeded quota: pod-count, requested: pods=1, used: pods=2, limited: pods=2',
    ]);
  });

  test('describe quota shows Used and Hard as pods come and go', async () => {
    ok(['create', 'quota', 'usage', '--hard=pods=5,count/pods=5,requests.cpu=2,requests.memory=1Gi', '-n', 'compute']);
    await eventually(() => describedQuota('compute', 'usage').pods?.[0] === '0', 'the controller counted the empty namespace');
    assert.deepEqual(describedQuota('compute', 'usage'), {
      'count/pods': ['0', '5'],
      pods: ['0', '5'],
      'requests.cpu': ['0', '2'],
      'requests.memory': ['0', '1Gi'],
    });
    for (const name of ['a', 'b']) {
      ok(['run', name, '--image=nginx', '-n', 'compute', '--overrides', JSON.stringify({ spec: { containers: [{ name, image: 'nginx', resources: { requests: { cpu: '500m', memory: '256Mi' } } }] } })]);
    }
    await eventually(() => describedQuota('compute', 'usage').pods?.[0] === '2', 'both pods counted');
    assert.deepEqual(describedQuota('compute', 'usage'), {
      'count/pods': ['2', '5'],
      pods: ['2', '5'],
      'requests.cpu': ['1', '2'],
      'requests.memory': ['512Mi', '1Gi'],
    });
    ok(['delete', 'pod', 'a', '-n', 'compute', '--wait=true']);
    await eventually(() => describedQuota('compute', 'usage').pods?.[0] === '1', 'the deleted pod released its quota');
    assert.deepEqual(describedQuota('compute', 'usage'), {
      'count/pods': ['1', '5'],
      pods: ['1', '5'],
      'requests.cpu': ['500m', '2'],
      'requests.memory': ['256Mi', '1Gi'],
    });
    const listed = ok(['get', 'quota', 'usage', '-n', 'compute', '-o', 'jsonpath={.status.used}']);
    assert.deepEqual(JSON.parse(listed), { 'count/pods': '1', pods: '1', 'requests.cpu': '500m', 'requests.memory': '256Mi' });
  });

  test('count/<resource>.<group> counts custom resources, created and deleted', async () => {
    ok(['apply', '-f', '-'], stringify({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'gadgets.example.com' },
      spec: {
        group: 'example.com',
        scope: 'Namespaced',
        names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    }));
    ok(['wait', '--for=condition=Established', 'crd/gadgets.example.com']);
    ok(['create', 'quota', 'gadgets', '--hard=count/gadgets.example.com=1', '-n', 'counted']);
    const gadget = (name: string) => stringify({ apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name, namespace: 'counted' } });
    await eventually(() => describedQuota('counted', 'gadgets')['count/gadgets.example.com']?.[0] === '0', 'gadgets counted');
    ok(['create', '-f', '-'], gadget('first'));
    const second = cluster.kubectl(['create', '-f', '-'], { input: gadget('second') });
    assert.equal(second.code, 1);
    assert.match(second.stderr, /gadgets\.example\.com "second" is forbidden: exceeded quota: gadgets, requested: count\/gadgets\.example\.com=1, used: count\/gadgets\.example\.com=1, limited: count\/gadgets\.example\.com=1/);
    ok(['delete', 'gadget', 'first', '-n', 'counted']);
    await eventually(() => describedQuota('counted', 'gadgets')['count/gadgets.example.com']?.[0] === '0', 'the deleted gadget released its quota');
    ok(['create', '-f', '-'], gadget('second'));
  });

  test('a compute quota refuses a pod without requests with the must-specify message', () => {
    const bare = cluster.kubectl(['run', 'bare', '--image=nginx', '-n', 'compute']);
    assert.equal(bare.code, 1);
    assert.deepEqual(bare.stderr.trim().split('\n'), [
      `Warning: would violate PodSecurity "restricted:latest": ${RESTRICTED_WARNING('bare')}`,
      'Error from server (Forbidden): pods "bare" is forbidden: failed quota: usage: must specify requests.cpu for: bare; requests.memory for: bare',
    ]);
  });
});

describe('LimitRange', () => {
  before(() => {
    ok(['apply', '-n', 'defaults', '-f', '-'], stringify({
      apiVersion: 'v1',
      kind: 'LimitRange',
      metadata: { name: 'container-defaults' },
      spec: { limits: [{ type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m', memory: '128Mi' }, max: { cpu: '2' } }] },
    }));
  });

  test('defaults requests and limits into a created pod, and says so in an annotation', () => {
    ok(['run', 'web', '--image=nginx', '-n', 'defaults']);
    const resources = ok(['get', 'pod', 'web', '-n', 'defaults', '-o', 'jsonpath={.spec.containers[0].resources.requests.cpu} {.spec.containers[0].resources.requests.memory} {.spec.containers[0].resources.limits.cpu} {.spec.containers[0].resources.limits.memory}']);
    assert.equal(resources, '100m 128Mi 500m 256Mi');
    const note = ok(['get', 'pod', 'web', '-n', 'defaults', '-o', 'jsonpath={.metadata.annotations.kubernetes\\.io/limit-ranger}']);
    assert.equal(note, 'LimitRanger plugin set: cpu, memory request for container web; cpu, memory limit for container web');
  });

  test('a limit above the max is refused with the upstream message', () => {
    const big = cluster.kubectl(['run', 'big', '--image=nginx', '-n', 'defaults', '--overrides', JSON.stringify({ spec: { containers: [{ name: 'big', image: 'nginx', resources: { limits: { cpu: '4' } } }] } })]);
    assert.equal(big.code, 1);
    assert.equal(big.stderr.trim(), 'Error from server (Forbidden): pods "big" is forbidden: maximum cpu usage per Container is 2, but limit is 4');
  });
});

describe('impersonation', () => {
  let builder: string;

  before(() => {
    ok(['create', 'rolebinding', 'bob-view', '--clusterrole=view', '--user=bob', '-n', 'team']);
    ok(['create', 'serviceaccount', 'builder', '-n', 'team']);
    ok(['create', 'rolebinding', 'builder-edit', '--clusterrole=edit', '--serviceaccount=team:builder', '-n', 'team']);
    const token = ok(['create', 'token', 'builder', '-n', 'team']).trim();
    const config = parse(readFileSync(cluster.kubeconfig, 'utf8')) as { users: { name: string; user: unknown }[] };
    config.users = [{ name: 'admin', user: { token } }];
    builder = join(cluster.dataDir, 'kubeconfig-builder');
    writeFileSync(builder, stringify(config), { mode: 0o600 });
  });

  for (const version of ['1.27', '1.33']) {
    test(`kubectl ${version}: an admin's --as answers as the impersonated user`, { skip: kubectlBinary(version) ? false : `kubectl.${version} is not on this machine` }, () => {
      const as = (args: string[]) => runKubectl(kubectlBinary(version)!, cluster.kubeconfig, args);
      assert.equal(as(['auth', 'can-i', 'list', 'pods', '-n', 'team', '--as', 'bob']).stdout.trim(), 'yes');
      const no = as(['auth', 'can-i', 'list', 'pods', '-n', 'default', '--as', 'bob']);
      assert.equal(no.code, 1);
      assert.equal(no.stdout.trim(), 'no');
      assert.equal(as(['auth', 'can-i', 'create', 'configmaps', '-n', 'team', '--as', 'system:serviceaccount:team:builder']).stdout.trim(), 'yes');
      assert.equal(as(['auth', 'can-i', 'list', 'pods', '-n', 'team', '--as', 'carol', '--as-group', 'system:masters']).stdout.trim(), 'yes');
    });
  }

  test('kubectl get --as a service account is allowed and refused as that account', () => {
    const listed = cluster.kubectl(['get', 'pods', '-n', 'team', '--as', 'system:serviceaccount:team:builder']);
    assert.equal(listed.code, 0, listed.stderr);
    const refused = cluster.kubectl(['get', 'pods', '-n', 'default', '--as', 'system:serviceaccount:team:builder']);
    assert.equal(refused.code, 1);
    assert.equal(
      refused.stderr.trim(),
      'Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:team:builder" cannot list resource "pods" in API group "" in the namespace "default"',
    );
    const whoami = cluster.kubectl(['auth', 'whoami', '--as', 'system:serviceaccount:team:builder', '-o', 'jsonpath={.status.userInfo.groups}']);
    assert.equal(whoami.stdout, '["system:serviceaccounts","system:serviceaccounts:team","system:authenticated"]');
  });

  test('a user who may not impersonate is refused with kube-apiserver\'s message', () => {
    const bin = kubectlBinary()!;
    const refused = runKubectl(bin, builder, ['get', 'pods', '-n', 'team', '--as', 'bob']);
    assert.equal(refused.code, 1);
    assert.equal(
      refused.stderr.trim(),
      'Error from server (Forbidden): users "bob" is forbidden: User "system:serviceaccount:team:builder" cannot impersonate resource "users" in API group "" at the cluster scope',
    );
    const plain = runKubectl(bin, builder, ['get', 'pods', '-n', 'team']);
    assert.equal(plain.code, 0, plain.stderr);
  });
});
