// Pod Security admission as a Talos cluster's kube-apiserver applies it, driven by real kubectl:
// baseline enforced and restricted warned by default, kube-system exempt, namespace labels that
// change the levels (validated, and warning about the pods already there).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { kubectlBinary } from '../support/kubectl.ts';
import { RESTRICTED_WARNING } from '../support/pod-security.ts';

const RESTRICTED_NGINX = RESTRICTED_WARNING('nginx');

function ok(args: string[], input?: string): { stdout: string; stderr: string } {
  const r = cluster.kubectl(args, { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r;
}

async function eventually<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`never happened: ${what}`);
}

const cluster = useCluster({}, () => {
  for (const ns of ['team', 'locked']) ok(['create', 'namespace', ns]);
});

describe('the Talos defaults: baseline enforced, restricted warned, kube-system exempt', () => {
  test('a Deployment of a plain image is created with the restricted warning kubectl prints', () => {
    const r = ok(['create', 'deployment', 'web', '--image=nginx', '-n', 'team']);
    assert.equal(r.stdout.trim(), 'deployment.apps/web created');
    assert.equal(r.stderr.trim(), `Warning: would violate PodSecurity "restricted:latest": ${RESTRICTED_NGINX}`);
  });

  test('a CronJob is warned about through its job template, and a scale is not', () => {
    const r = ok(['create', 'cronjob', 'tick', '--image=busybox', '--schedule=*/5 * * * *', '-n', 'team']);
    assert.equal(r.stderr.trim(), `Warning: would violate PodSecurity "restricted:latest": ${RESTRICTED_WARNING('tick')}`);
    const scaled = ok(['scale', 'deployment', 'web', '--replicas=2', '-n', 'team']);
    assert.equal(scaled.stderr, '', 'the scale subresource is not a template write');
  });

  for (const version of ['1.27', '1.33']) {
    test(`a privileged or host-network pod is refused with the baseline violation (kubectl ${version})`, { skip: kubectlBinary(version) ? false : `kubectl.${version} is not on this machine` }, () => {
      const priv = cluster.kubectl(['run', `priv-${version.replace('.', '')}`, '--image=busybox', '--privileged', '-n', 'team'], { version });
      assert.equal(priv.code, 1);
      const name = `priv-${version.replace('.', '')}`;
      assert.equal(priv.stderr.trim(), `Error from server (Forbidden): pods "${name}" is forbidden: violates PodSecurity "baseline:latest": privileged (container "${name}" must not set securityContext.privileged=true)`);
      const host = cluster.kubectl(['run', 'host', '--image=busybox', '-n', 'team', '--overrides={"spec":{"hostNetwork":true,"hostPID":true}}'], { version });
      assert.equal(host.code, 1);
      assert.equal(host.stderr.trim(), 'Error from server (Forbidden): pods "host" is forbidden: violates PodSecurity "baseline:latest": host namespaces (hostNetwork=true, hostPID=true)');
      assert.equal(cluster.kubectl(['get', 'pod', name, '-n', 'team']).code, 1, 'nothing was stored');
    });
  }

  test('kube-system is exempt: the same privileged pod is created there, without a warning', () => {
    const r = ok(['run', 'priv', '--image=busybox', '--privileged', '-n', 'kube-system']);
    assert.equal(r.stderr, '');
  });
});

describe('namespace labels', () => {
  test('a stricter enforce label warns about the pods already there, then refuses new ones', async () => {
    ok(['create', 'deployment', 'app', '--image=nginx', '-n', 'locked']);
    const pod = await eventually(() => ok(['get', 'pods', '-n', 'locked', '-o', 'name']).stdout.trim().replace('pod/', '') || undefined, 'the Deployment has its pod');
    const r = ok(['label', 'namespace', 'locked', 'pod-security.kubernetes.io/enforce=restricted']);
    assert.equal(r.stdout.trim(), 'namespace/locked labeled');
    assert.deepEqual(r.stderr.trim().split('\n'), [
      'Warning: existing pods in namespace "locked" violate the new PodSecurity enforce level "restricted:latest"',
      `Warning: ${pod}: allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile`,
    ]);
    // The pod that runs stays; the ReplicaSet's next pod is refused, as its events say.
    ok(['scale', 'deployment', 'app', '--replicas=2', '-n', 'locked']);
    const message = await eventually(() => {
      const events = JSON.parse(ok(['get', 'events', '-n', 'locked', '--field-selector', 'reason=FailedCreate', '-o', 'json']).stdout) as { items: Array<{ message: string }> };
      return events.items[0]?.message;
    }, 'a FailedCreate event');
    assert.match(message, new RegExp(`^Error creating: pods "app-[a-z0-9]+-[a-z0-9]{5}" is forbidden: violates PodSecurity "restricted:latest": ${RESTRICTED_NGINX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    ok(['get', 'pod', pod, '-n', 'locked']);
  });

  test('a pod written to the restricted standard is admitted without a warning', () => {
    const manifest = JSON.stringify({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'hardened', namespace: 'locked' },
      spec: {
        securityContext: { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } },
        containers: [{ name: 'app', image: 'nginx', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
      },
    });
    const r = ok(['apply', '-f', '-'], manifest);
    assert.equal(r.stdout.trim(), 'pod/hardened created');
    assert.equal(r.stderr, '');
  });

  test('a label value that is no level or version is refused, on update and on create, and nothing is stored', () => {
    const r = cluster.kubectl(['label', 'namespace', 'team', 'pod-security.kubernetes.io/enforce=strict']);
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim(), 'The Namespace "team" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted');
    assert.equal(ok(['get', 'namespace', 'team', '-o', 'jsonpath={.metadata.labels.pod-security\\.kubernetes\\.io/enforce}']).stdout, '');
    const created = cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'badly-labelled', labels: { 'pod-security.kubernetes.io/warn-version': 'v1.x' } } }) });
    assert.equal(created.code, 1);
    assert.equal(created.stderr.trim(), 'The Namespace "badly-labelled" is invalid: metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "v1.x": must be "latest" or "v1.x"');
    assert.equal(cluster.kubectl(['get', 'namespace', 'badly-labelled']).code, 1, 'nothing was stored');
  });

  test('labelling kube-system warns that its exemption makes the policy moot', () => {
    const r = ok(['label', 'namespace', 'kube-system', 'pod-security.kubernetes.io/enforce=restricted']);
    assert.equal(r.stderr.trim(), 'Warning: namespace "kube-system" is exempt from Pod Security, and the policy (enforce=restricted:latest) will be ignored');
  });

  test('enforce=privileged lets a privileged pod in', () => {
    ok(['label', 'namespace', 'team', 'pod-security.kubernetes.io/enforce=privileged', 'pod-security.kubernetes.io/warn=privileged']);
    const r = ok(['run', 'allowed', '--image=busybox', '--privileged', '-n', 'team']);
    assert.equal(r.stderr, '');
  });
});
