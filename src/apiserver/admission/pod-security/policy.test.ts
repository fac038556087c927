import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate, forbiddenDetail, forbiddenReasons, podView, policyOf, TALOS_DEFAULTS, UNRESTRICTED, type LevelVersion } from './policy.ts';

const restricted: LevelVersion = { level: 'restricted', version: 'latest' };
const baseline: LevelVersion = { level: 'baseline', version: 'latest' };

const pod = (spec: Record<string, unknown>, annotations: Record<string, string> = {}) => podView({ annotations }, spec);
const detail = (lv: LevelVersion, spec: Record<string, unknown>, annotations?: Record<string, string>) => forbiddenDetail(evaluate(lv, pod(spec, annotations)));

test('a plain container fails restricted on the four counts kubectl users see, in upstream order', () => {
  assert.equal(
    detail(restricted, { containers: [{ name: 'nginx', image: 'nginx' }] }),
    'allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), ' +
      'unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), ' +
      'runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), ' +
      'seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
  );
  assert.equal(detail(baseline, { containers: [{ name: 'nginx', image: 'nginx' }] }), '');
});

test('a pod written to the restricted standard passes it', () => {
  const spec = {
    securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
    containers: [{ name: 'app', image: 'x', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] } } }],
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'd' } }, { name: 'cfg', configMap: { name: 'c' } }],
  };
  assert.deepEqual(evaluate(restricted, pod(spec)), []);
});

test('baseline names host namespaces, privileged containers, capabilities, hostPath and host ports', () => {
  const spec = {
    hostNetwork: true,
    hostPID: true,
    initContainers: [{ name: 'init', securityContext: { privileged: true } }],
    containers: [
      { name: 'a', securityContext: { privileged: true, capabilities: { add: ['NET_ADMIN', 'CHOWN', 'SYS_ADMIN'] } }, ports: [{ containerPort: 80, hostPort: 8080 }] },
      { name: 'b', ports: [{ containerPort: 443, hostPort: 10000 }] },
    ],
    volumes: [{ name: 'root', hostPath: { path: '/' } }],
  };
  assert.equal(
    detail(baseline, spec),
    'non-default capabilities (container "a" must not include "NET_ADMIN", "SYS_ADMIN" in securityContext.capabilities.add), ' +
      'host namespaces (hostNetwork=true, hostPID=true), hostPath volumes (volume "root"), ' +
      'hostPort (containers "a", "b" use hostPorts 10000, 8080), ' +
      'privileged (containers "init", "a" must not set securityContext.privileged=true)',
  );
});

test('restricted replaces the baseline checks it overrides: volume types, capabilities, seccomp', () => {
  const spec = {
    securityContext: { runAsNonRoot: true, seccompProfile: { type: 'Unconfined' }, runAsUser: 0 },
    containers: [{ name: 'c', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'], add: ['NET_RAW'] } } }],
    volumes: [{ name: 'h', hostPath: { path: '/x' } }, { name: 'n', nfs: { server: 's', path: '/' } }],
  };
  assert.equal(
    detail(restricted, spec),
    'unrestricted capabilities (container "c" must not include "NET_RAW" in securityContext.capabilities.add), ' +
      'restricted volume types (volumes "h", "n" use restricted volume types "hostPath", "nfs"), ' +
      'runAsUser=0 (pod must not set runAsUser=0), ' +
      'seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")',
  );
});

test('sysctls follow the policy version: tcp_rmem is safe from v1.32 only', () => {
  const spec = { securityContext: { sysctls: [{ name: 'net.ipv4.tcp_rmem', value: '1' }, { name: 'kernel.msgmax', value: '1' }] }, containers: [{ name: 'c' }] };
  assert.equal(detail(baseline, spec), 'forbidden sysctls (kernel.msgmax)');
  assert.equal(detail({ level: 'baseline', version: 'v1.31' }, spec), 'forbidden sysctls (net.ipv4.tcp_rmem, kernel.msgmax)');
});

test('AppArmor: an unconfined profile in a field or the beta annotation', () => {
  const spec = { containers: [{ name: 'c', securityContext: { appArmorProfile: { type: 'Unconfined' } } }] };
  assert.equal(detail(baseline, spec), 'forbidden AppArmor profile (container "c" must not set AppArmor profile type to "Unconfined")');
  assert.equal(
    detail(baseline, { containers: [{ name: 'c' }] }, { 'container.apparmor.security.beta.kubernetes.io/c': 'unconfined' }),
    'forbidden AppArmor profile (annotation must not set AppArmor profile type to "container.apparmor.security.beta.kubernetes.io/c="unconfined"")',
  );
});

test('runAsNonRoot=false set explicitly is named before the missing ones', () => {
  const spec = { containers: [{ name: 'a', securityContext: { runAsNonRoot: false } }, { name: 'b' }] };
  assert.equal(forbiddenReasons(evaluate(restricted, pod(spec))), 'allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile');
  assert.match(detail(restricted, spec), /runAsNonRoot != true \(container "a" must not set securityContext.runAsNonRoot=false\)/);
});

test('namespace labels choose the levels; bad values are errors and fall back as upstream evaluates them', () => {
  const { policy, errors } = policyOf({ 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/enforce-version': 'v1.27' }, UNRESTRICTED.defaults);
  assert.deepEqual(errors, []);
  assert.deepEqual(policy.enforce, { level: 'restricted', version: 'v1.27' });
  // An enforce level stricter than the warn default warns too.
  assert.deepEqual(policy.warn, { level: 'restricted', version: 'v1.27' });
  assert.deepEqual(policy.audit, { level: 'privileged', version: 'latest' });

  const bad = policyOf({ 'pod-security.kubernetes.io/enforce': 'strict', 'pod-security.kubernetes.io/warn-version': 'v2.0' }, TALOS_DEFAULTS.defaults);
  assert.deepEqual(
    bad.errors.map((e) => `${e.field}: ${e.message}`),
    [
      'metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted',
      'metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "v2.0": must be "latest" or "v1.x"',
    ],
  );
  assert.deepEqual(bad.policy.enforce, { level: 'restricted', version: 'latest' });
  assert.deepEqual(policyOf({}, TALOS_DEFAULTS.defaults).policy.enforce, { level: 'baseline', version: 'latest' });
});

test('windows pods are spared the Linux-only restricted checks from v1.25', () => {
  const spec = { os: { name: 'windows' }, securityContext: { runAsNonRoot: true }, containers: [{ name: 'w' }] };
  assert.equal(detail(restricted, spec), '');
  assert.match(detail({ level: 'restricted', version: 'v1.24' }, spec), /^allowPrivilegeEscalation != false/);
});
