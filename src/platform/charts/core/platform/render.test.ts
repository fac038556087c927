import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPackageSourceData } from './sources.ts';
import { findPackage, packageNames, packagesOf, PLATFORM_SOURCE, renderVariant } from './test-render.ts';

const COMMON = [
  'kubeovn-webhook', 'kubeovn-plunger', 'cozy-proxy', 'multus', 'metallb', 'reloader',
  'linstor-scheduler', 'snapshot-controller', 'securitygroup-controller',
];
const BODY = [
  'cozystack-engine', 'gateway-api-crds', 'cert-manager', 'flux-plunger', 'flux-shard-operator',
  'victoria-metrics-operator', 'tenant-application', 'ingress-application', 'gateway-application',
  'seaweedfs-application', 'info-application', 'monitoring-application', 'etcd-application',
  'cozystack-basics', 'backupstrategy-controller', 'backup-controller', 'velero',
  'vertical-pod-autoscaler', 'metrics-server', 'monitoring-agents', 'goldpinger',
  'prometheus-operator-crds', 'grafana-operator', 'etcd-operator', 'postgres-operator', 'objectstorage-controller',
  'bucket-application',
];
const IAAS = [
  'kubevirt', 'kubevirt-cdi', 'kamaji', 'capi-operator', 'capi-provider-bootstrap-kubeadm', 'capi-provider-core',
  'capi-provider-cp-kamaji', 'capi-provider-infra-kubevirt', 'kubernetes-application',
  'virtualprivatecloud-application', 'vm-disk-application', 'vm-instance-application',
];
const PAAS = [
  'mariadb-operator', 'kafka-operator', 'clickhouse-operator', 'foundationdb-operator', 'rabbitmq-operator',
  'redis-operator', 'mongodb-operator', 'opensearch-operator', 'clickhouse-application', 'foundationdb-application',
  'harbor-application', 'kafka-application', 'mariadb-application', 'mongodb-application', 'nats-application',
  'openbao-application', 'opensearch-application', 'postgres-application', 'qdrant-application',
  'rabbitmq-application', 'redis-application',
];
const NAAS = ['http-cache-application', 'tcp-balancer-application', 'vpn-application'];
const full = (names: string[]) => names.map((n) => `cozystack.${n}`);
const sorted = (names: string[]) => [...names].sort();

describe('platform chart: what each variant renders', () => {
  it('default: the PackageSources, the packages source and cozystack-values, but no Package', () => {
    const objects = renderVariant('default');
    assert.deepEqual(packageNames(objects), []);
    assert.equal(objects.filter((o) => o.kind === 'PackageSource').length, 98);
    const repo = objects.find((o) => o.kind === 'OCIRepository')!;
    assert.equal(repo.metadata.name, 'cozystack-packages');
    assert.equal(repo.metadata.namespace, 'cozy-system');
    assert.deepEqual(repo.spec, PLATFORM_SOURCE.spec);
    assert.equal(repo.metadata.labels?.['platform.cozystack.io/no-delete'], 'true');
    assert.ok(objects.some((o) => o.kind === 'Secret' && o.metadata.name === 'cozystack-values'));
  });

  it('default: enabledPackages alone adds nothing, since the optional packages live in the system bundle (as in 1.6.2)', () => {
    assert.deepEqual(packageNames(renderVariant('default', { bundles: { enabledPackages: ['cozystack.nfs-driver'] } })), []);
    const withSystem = renderVariant('default', { bundles: { system: { enabled: true }, enabledPackages: ['cozystack.nfs-driver'] } });
    assert.ok(packageNames(withSystem).includes('cozystack.nfs-driver'));
  });

  it('isp-full: the whole system, IaaS, PaaS and NaaS list of 1.6.2, each once', () => {
    const names = packageNames(renderVariant('isp-full'));
    assert.equal(new Set(names).size, names.length);
    const expected = full(['networking', ...COMMON, 'linstor', 'cozystack-scheduler', ...BODY, ...IAAS, ...PAAS, ...NAAS]);
    assert.deepEqual(sorted(names), sorted(expected));
  });

  it('isp-full: variants of the packages that are not default', () => {
    const objects = renderVariant('isp-full');
    const variants = Object.fromEntries(packagesOf(objects).map((p) => [p.metadata.name, (p.spec as { variant: string }).variant]));
    assert.equal(variants['cozystack.networking'], 'kubeovn-cilium');
    assert.equal(variants['cozystack.cozystack-scheduler'], 'linstor');
    assert.equal(variants['cozystack.cozystack-engine'], 'default');
    assert.equal(variants['cozystack.monitoring-application'], 'default');
    for (const app of ['kubernetes-application', 'virtualprivatecloud-application', 'vm-disk-application', 'vm-instance-application']) {
      assert.equal(variants[`cozystack.${app}`], 'kubevirt');
    }
    const nonDefault = Object.entries(variants).filter(([, v]) => v !== 'default').map(([n]) => n);
    assert.equal(nonDefault.length, 6);
  });

  it('every Package is annotated helm.sh/resource-policy: keep and names a PackageSource that has its variant', () => {
    const everything = renderVariant('isp-full', {
      authentication: { oidc: { enabled: true } },
      publishing: { proxyProtocol: true },
      bundles: {
        enabledPackages: [
          'cozystack.nfs-driver', 'cozystack.telepresence', 'cozystack.external-dns', 'cozystack.external-dns-application',
          'cozystack.kuberture', 'cozystack.external-secrets-operator', 'cozystack.linstor-gui', 'cozystack.bootbox',
          'cozystack.hetzner-robotlb', 'cozystack.vm-default-images', 'cozystack.gpu-operator', 'cozystack.hami',
        ],
      },
    });
    for (const variant of ['isp-full-generic', 'isp-hosted']) everything.push(...renderVariant(variant));
    for (const p of packagesOf(everything)) {
      assert.equal(p.metadata.annotations?.['helm.sh/resource-policy'], 'keep', p.metadata.name);
      const source = findPackageSourceData(p.metadata.name!);
      assert.ok(source, `PackageSource ${p.metadata.name} exists`);
      const variant = (p.spec as { variant: string }).variant;
      assert.ok(source.variants.some((v) => v.name === variant), `${p.metadata.name} has variant ${variant}`);
    }
  });

  it('isp-full-generic: the generic networking and linstor, and backupstrategy-controller', () => {
    const objects = renderVariant('isp-full-generic');
    const names = packageNames(objects);
    const expected = full(['networking', ...COMMON, 'linstor', 'cozystack-scheduler', ...BODY, ...IAAS, ...PAAS, ...NAAS]);
    assert.deepEqual(sorted(names), sorted(expected));
    assert.ok(names.includes('cozystack.backupstrategy-controller'));
    assert.equal(findPackage(objects, 'cozystack.networking')!.spec.variant, 'kubeovn-cilium-generic');
    assert.deepEqual(findPackage(objects, 'cozystack.linstor')!.spec.components, { linstor: { values: { talos: { enabled: false } } } });
    assert.deepEqual(findPackage(objects, 'cozystack.cozystack-engine')!.spec.components, {
      'cozystack-api': { values: { cozystackAPI: { nodeSelector: { 'node-role.kubernetes.io/control-plane': 'true' } } } },
    });
  });

  it('isp-hosted: the hosted branch — noop networking, default scheduler, no data plane, no IaaS', () => {
    const objects = renderVariant('isp-hosted');
    const names = packageNames(objects);
    assert.deepEqual(sorted(names), sorted(full(['networking', 'cozystack-scheduler', ...BODY, ...PAAS, ...NAAS])));
    assert.equal(findPackage(objects, 'cozystack.networking')!.spec.variant, 'noop');
    assert.equal(findPackage(objects, 'cozystack.networking')!.spec.components, undefined);
    assert.equal(findPackage(objects, 'cozystack.cozystack-scheduler')!.spec.variant, 'default');
    for (const absent of ['cozystack.linstor', 'cozystack.kubeovn-webhook', 'cozystack.securitygroup-controller', 'cozystack.kubevirt']) {
      assert.ok(!names.includes(absent), `${absent} is not rendered`);
    }
  });

  it('bundle-name in cozystack-values follows the variant', () => {
    for (const variant of ['isp-full', 'isp-full-generic', 'isp-hosted']) {
      const secret = renderVariant(variant).find((o) => o.metadata.name === 'cozystack-values')!;
      const text = (secret.stringData as Record<string, string>)['values.yaml']!;
      assert.match(text, new RegExp(`bundle-name: ${variant}\\n`));
    }
  });
});
