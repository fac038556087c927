import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChartRenderError } from '../../chart.ts';
import { mergeValues } from '../../lib/values.ts';
import { installerChart } from './index.ts';

const release = { name: 'cozystack', namespace: 'cozy-system', revision: 1, isInstall: true, isUpgrade: false, service: 'Helm' };
const render = (values: Record<string, unknown> = {}) => installerChart.render(mergeValues(installerChart.values, values), release);

test('cozy-installer renders the operator Deployment with the real flags, hostNetwork and KubePrism env', () => {
  const objects = render();
  assert.deepEqual(objects.map((o) => `${o.kind}/${o.metadata.name}`), ['ServiceAccount/cozystack', 'ClusterRoleBinding/cozystack', 'Deployment/cozystack-operator']);
  const crb = objects[1] as unknown as { roleRef: { name: string }; subjects: Array<{ name: string; namespace: string }> };
  assert.equal(crb.roleRef.name, 'cluster-admin');
  assert.deepEqual(crb.subjects, [{ kind: 'ServiceAccount', name: 'cozystack', namespace: 'cozy-system' }]);
  const pod = (objects[2]!.spec as { template: { spec: Record<string, unknown> } }).template.spec as { hostNetwork: boolean; serviceAccountName: string; containers: Array<{ args: string[]; env: Array<{ name: string; value: string }> }> };
  assert.equal(pod.hostNetwork, true);
  assert.equal(pod.serviceAccountName, 'cozystack');
  const args = pod.containers[0]!.args;
  for (const flag of ['--leader-elect=true', '--install-flux=true', '--install-crds=true', '--platform-source-name=cozystack-platform', '--platform-source-url=oci://ghcr.io/cozystack/cozystack/cozystack-packages']) assert.ok(args.includes(flag), flag);
  assert.ok(args.some((a) => /^--platform-source-ref=digest=sha256:[0-9a-f]{64}$/.test(a)));
  assert.deepEqual(pod.containers[0]!.env, [{ name: 'KUBERNETES_SERVICE_HOST', value: 'localhost' }, { name: 'KUBERNETES_SERVICE_PORT', value: '7445' }]);
});

test('bareNamespace renders cozy-system with the installer labels; helmrelease overrides become flags; bad variants fail', () => {
  const objects = render({ bareNamespace: true, cozystackOperator: { helmReleaseInterval: '30s', helmReleaseMaxHistory: 2 } });
  assert.deepEqual(objects[0]!.metadata.labels, { 'cozystack.io/system': 'true', 'platform.cozystack.io/no-delete': 'true', 'pod-security.kubernetes.io/enforce': 'privileged' });
  const args = ((objects.at(-1)!.spec as { template: { spec: { containers: Array<{ args: string[] }> } } }).template.spec.containers[0]!.args);
  assert.ok(args.includes('--helmrelease-interval=30s') && args.includes('--helmrelease-max-history=2'));
  assert.throws(() => render({ cozystackOperator: { variant: 'k3s' } }), (e) => e instanceof ChartRenderError && /Invalid cozystackOperator.variant "k3s": must be one of talos, generic, hosted/.test(e.message));
  assert.throws(() => render({ cozystackOperator: { variant: 'generic' } }), /cozystack.apiServerHost is required in generic mode/);
});
