import { test } from 'node:test';
import assert from 'node:assert/strict';
import { podSpecWarnings, templateWarnings } from './pod-warnings.ts';
import type { KubeObject } from '../../machinery/object.ts';

test("a pod template's warnings name each path under the template, in kube-apiserver's order", () => {
  const spec = {
    nodeSelector: { 'failure-domain.beta.kubernetes.io/zone': 'a' },
    affinity: {
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'beta.kubernetes.io/os', operator: 'In', values: ['linux'] }] }] } },
      podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname' } }] },
    },
    volumes: [{ name: 'g', gitRepo: { repository: 'x' } }],
    imagePullSecrets: [{ name: 'a' }, { name: 'a' }, { name: '' }],
    containers: [
      {
        name: 'app',
        image: 'nginx',
        resources: { limits: { memory: '1500m' }, requests: { 'ephemeral-storage': '0.5' } },
        env: [{ name: 'X', value: '1' }, { name: 'X', value: '$(X)2' }, { name: 'X', value: '3' }],
        ports: [{ containerPort: 80, protocol: 'TCP', hostIP: '10.0.0.1' }],
      },
      { name: 'side', image: 'busybox', ports: [{ containerPort: 80, protocol: 'TCP', hostPort: 8080 }] },
    ],
  };
  const meta = { annotations: { 'scheduler.alpha.kubernetes.io/critical-pod': '', 'container.apparmor.security.beta.kubernetes.io/side': 'unconfined' } };
  assert.deepEqual(podSpecWarnings('spec.template', spec, meta), [
    'spec.template.spec.nodeSelector[failure-domain.beta.kubernetes.io/zone]: deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
    'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key: beta.kubernetes.io/os is deprecated since v1.14; use "kubernetes.io/os" instead',
    'spec.template.metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead',
    'spec.template.spec.volumes[0].gitRepo: deprecated in v1.11',
    'spec.template.spec.imagePullSecrets[1].name: duplicate name "a"',
    'spec.template.spec.imagePullSecrets[2].name: invalid empty name ""',
    'spec.template.spec.containers[0].resources.limits[memory]: fractional byte value "1500m" is invalid, must be an integer',
    'spec.template.spec.containers[0].resources.requests[ephemeral-storage]: fractional byte value "500m" is invalid, must be an integer',
    'spec.template.spec.containers[0].env[2]: hides previous definition of "X", which may be dropped when using apply',
    'spec.template.metadata.annotations[container.apparmor.security.beta.kubernetes.io/side]: deprecated since v1.30; use the "appArmorProfile" field instead',
    'spec.template.spec.containers[0].ports[0]: hostIP set without hostPort: {Name: HostPort:0 ContainerPort:80 Protocol:TCP HostIP:10.0.0.1}',
    'spec.template.spec.containers[1].ports[0]: overlapping port definition with spec.template.spec.containers[0].ports[0]',
    'spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector: a null labelSelector results in matching no pod',
  ]);
});

test("a Pod's own paths carry no prefix, and its AppArmor annotations are left to the create's sync", () => {
  const meta = { annotations: { 'container.apparmor.security.beta.kubernetes.io/app': 'unconfined' } };
  const spec = { terminationGracePeriodSeconds: -5, containers: [{ name: 'app', image: 'nginx', ports: [{ containerPort: 53, protocol: 'UDP' }, { containerPort: 53, protocol: 'UDP' }] }] };
  assert.deepEqual(podSpecWarnings('', spec, meta), [
    'spec.containers[0].ports[1]: duplicate port definition with spec.containers[0].ports[0]',
    'spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1',
  ]);
});

test('a template warns on create, and on an update only when it made a new generation', () => {
  const hooks = templateWarnings('spec.template', (o) => (o.spec as { template: unknown }).template);
  const obj = (generation: number): KubeObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', generation },
    spec: { template: { spec: { imagePullSecrets: [{ name: '' }], containers: [{ name: 'c', image: 'x' }] } } },
  });
  const warning = 'spec.template.spec.imagePullSecrets[0].name: invalid empty name ""';
  assert.deepEqual(hooks.warningsOnCreate!(obj(1)), [warning]);
  assert.deepEqual(hooks.warningsOnUpdate!(obj(1), obj(1)), []);
  assert.deepEqual(hooks.warningsOnUpdate!(obj(2), obj(1)), [warning]);
});
