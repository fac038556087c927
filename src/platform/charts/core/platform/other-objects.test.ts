import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KubeObject } from '../../../../machinery/object.ts';
import { VAP_API_VERSION } from './lookup.ts';
import { PLATFORM_SOURCE, renderVariant } from './test-render.ts';

const versionCM = (version: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cozystack-version', namespace: 'cozy-system' }, data: { version } });
const find = (objects: KubeObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);

describe('platform chart: version record, migrations, guardrail, scheduling, registries', () => {
  it('a fresh install records the target migration version in cozystack-version and runs no hook', () => {
    const objects = renderVariant('isp-full');
    const cm = find(objects, 'ConfigMap', 'cozystack-version')!;
    assert.deepEqual(cm.data, { version: '54' });
    assert.equal(cm.metadata.annotations?.['helm.sh/resource-policy'], 'keep');
    assert.equal(cm.metadata.labels?.['platform.cozystack.io/no-delete'], 'true');
    assert.equal(find(objects, 'Job', 'cozystack-migration-hook'), undefined);
  });

  it('an older recorded version gets the migration hook Job with its RBAC, and no new version ConfigMap', () => {
    const objects = renderVariant('isp-full', {}, [PLATFORM_SOURCE, versionCM('41')]);
    assert.equal(find(objects, 'ConfigMap', 'cozystack-version'), undefined);
    const job = find(objects, 'Job', 'cozystack-migration-hook')!;
    assert.equal(job.metadata.annotations?.['helm.sh/hook'], 'pre-upgrade,pre-install');
    const env = (job.spec as { template: { spec: { containers: { env: { name: string; value: string }[] }[] } } }).template.spec.containers[0]!.env;
    assert.deepEqual(Object.fromEntries(env.map((e) => [e.name, e.value])), { NAMESPACE: 'cozy-system', CURRENT_VERSION: '41', TARGET_VERSION: '54', ETCD_ADOPT_SKIP_BACKUP: '0' });
    assert.ok(find(objects, 'ClusterRoleBinding', 'cozystack-migration-hook'));
    assert.ok(find(objects, 'ServiceAccount', 'cozystack-migration-hook'));
  });

  it('no hook when up to date, or when migrations are off (default variant)', () => {
    assert.equal(find(renderVariant('isp-full', {}, [PLATFORM_SOURCE, versionCM('54')]), 'Job', 'cozystack-migration-hook'), undefined);
    assert.equal(find(renderVariant('default', {}, [PLATFORM_SOURCE, versionCM('41')]), 'Job', 'cozystack-migration-hook'), undefined);
  });

  it('etcdAdoptSkipBackup takes the hatch only for an affirmative spelling', () => {
    const skip = (v: unknown) => {
      const job = find(renderVariant('isp-full', { migrations: { etcdAdoptSkipBackup: v } }, [PLATFORM_SOURCE, versionCM('49')]), 'Job', 'cozystack-migration-hook')!;
      const env = (job.spec as { template: { spec: { containers: { env: { name: string; value: string }[] }[] } } }).template.spec.containers[0]!.env;
      return env.find((e) => e.name === 'ETCD_ADOPT_SKIP_BACKUP')!.value;
    };
    assert.deepEqual([skip(true), skip('true'), skip(1), skip('yes'), skip(false), skip('ture')], ['1', '1', '1', '1', '0', '0']);
  });

  it('the no-delete guardrail is rendered only where ValidatingAdmissionPolicy is served', () => {
    assert.equal(find(renderVariant('isp-full'), 'ValidatingAdmissionPolicy', 'cozystack-no-delete-guardrail'), undefined);
    const objects = renderVariant('isp-full', {}, [PLATFORM_SOURCE], [VAP_API_VERSION]);
    assert.ok(find(objects, 'ValidatingAdmissionPolicy', 'cozystack-no-delete-guardrail'));
    const binding = find(objects, 'ValidatingAdmissionPolicyBinding', 'cozystack-no-delete-guardrail')!;
    assert.deepEqual((binding.spec as { matchResources: unknown }).matchResources, { objectSelector: { matchLabels: { 'platform.cozystack.io/no-delete': 'true' } } });
  });

  it('scheduling constraints become the cozystack-scheduling ConfigMap, only when set', () => {
    assert.equal(find(renderVariant('isp-full'), 'ConfigMap', 'cozystack-scheduling'), undefined);
    const constraints = [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' }];
    const cm = find(renderVariant('isp-full', { scheduling: { globalAppTopologySpreadConstraints: constraints } }), 'ConfigMap', 'cozystack-scheduling')!;
    assert.match((cm.data as Record<string, string>).globalAppTopologySpreadConstraints!, /- maxSkew: 1\n\s+topologyKey: topology.kubernetes.io\/zone/);
  });

  it('registry mirrors become containerd hosts.toml files in patch-containerd', () => {
    const objects = renderVariant('isp-full', {
      registries: {
        mirrors: { 'docker.io': { endpoints: ['http://10.0.0.1:8082'] }, 'ghcr.io': { endpoints: ['https://mirror.example.org'] } },
        config: { 'https://mirror.example.org': { tls: { insecureSkipVerify: false }, auth: { username: 'u', password: 'p' } } },
      },
    });
    const secret = find(objects, 'Secret', 'patch-containerd')!;
    const data = secret.stringData as Record<string, string>;
    assert.equal(data['docker.io.toml'], 'server = "https://docker.io"\n[host."http://10.0.0.1:8082"]\n  capabilities = ["pull", "resolve"]\n  skip_verify = true\n');
    assert.equal(
      data['ghcr.io.toml'],
      'server = "https://ghcr.io"\n[host."https://mirror.example.org"]\n  capabilities = ["pull", "resolve"]\n  [host."https://mirror.example.org".auth]\n    username = "u"\n    password = "p"\n',
    );
    assert.equal(find(renderVariant('isp-full'), 'Secret', 'patch-containerd'), undefined);
  });
});
