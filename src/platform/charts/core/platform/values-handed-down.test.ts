import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KubeObject } from '../../../../machinery/object.ts';
import { GPU_PASSTHROUGH_PCI_DEFAULTS, GPU_VGPU_MEDIATED_DEFAULTS } from './gpu-defaults.ts';
import { findPackage, packageNames, PLATFORM_SOURCE, renderVariant } from './test-render.ts';

const CIDRS = { podCIDR: '10.20.0.0/16', podGateway: '10.20.0.1', serviceCIDR: '10.30.0.0/16', joinCIDR: '100.70.0.0/16' };
const componentValues = (objects: KubeObject[], pkg: string, component: string) => findPackage(objects, pkg)?.spec.components?.[component]?.values;

describe('platform chart: values handed down to Packages', () => {
  it('isp-full: networking CIDRs become kube-ovn ipv4 values; cilium uses KubePrism on localhost:7445', () => {
    const objects = renderVariant('isp-full', { networking: CIDRS });
    assert.deepEqual(componentValues(objects, 'cozystack.networking', 'kubeovn'), {
      'kube-ovn': { ipv4: { POD_CIDR: '10.20.0.0/16', POD_GATEWAY: '10.20.0.1', SVC_CIDR: '10.30.0.0/16', JOIN_CIDR: '100.70.0.0/16' } },
    });
    assert.deepEqual(componentValues(objects, 'cozystack.networking', 'cilium'), {
      cilium: { k8sServiceHost: 'localhost', k8sServicePort: '7445', cgroup: { autoMount: { enabled: false } } },
    });
  });

  it('MASTER_NODES is passed only when set', () => {
    const objects = renderVariant('isp-full', { networking: { kubeovn: { MASTER_NODES: '10.0.0.1,10.0.0.2' } } });
    const kubeovn = componentValues(objects, 'cozystack.networking', 'kubeovn') as { 'kube-ovn': Record<string, unknown> };
    assert.equal(kubeovn['kube-ovn'].MASTER_NODES, '10.0.0.1,10.0.0.2');
    const plain = componentValues(renderVariant('isp-full'), 'cozystack.networking', 'kubeovn') as { 'kube-ovn': Record<string, unknown> };
    assert.ok(!('MASTER_NODES' in plain['kube-ovn']));
  });

  it('isp-full-generic: cilium reaches the API server at the host and port of apiServerEndpoint', () => {
    const withPort = renderVariant('isp-full-generic', { publishing: { apiServerEndpoint: 'https://api.example.org:443' } });
    assert.deepEqual(componentValues(withPort, 'cozystack.networking', 'cilium'), {
      cilium: { k8sServiceHost: 'api.example.org', k8sServicePort: '443', cgroup: { autoMount: { enabled: true } } },
    });
    const noPort = renderVariant('isp-full-generic', { publishing: { apiServerEndpoint: 'https://10.0.0.10' } });
    const cilium = componentValues(noPort, 'cozystack.networking', 'cilium') as { cilium: Record<string, unknown> };
    assert.equal(cilium.cilium.k8sServiceHost, '10.0.0.10');
    assert.equal(cilium.cilium.k8sServicePort, '6443');
    const kubeovn = componentValues(noPort, 'cozystack.networking', 'kubeovn') as { 'kube-ovn': Record<string, unknown> };
    assert.equal(kubeovn['kube-ovn'].MASTER_NODES_LABEL, 'node-role.kubernetes.io/control-plane=true');
  });

  it('isp-full-generic: the pre-1.0 cozystack ConfigMap wins over the values for endpoint and CIDRs', () => {
    const legacy: KubeObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'cozystack', namespace: 'cozy-system' },
      data: { 'api-server-endpoint': 'https://legacy.example.org:6443', 'ipv4-pod-cidr': '10.99.0.0/16' },
    };
    const objects = renderVariant('isp-full-generic', { publishing: { apiServerEndpoint: 'https://api.example.org' } }, [PLATFORM_SOURCE, legacy]);
    const cilium = componentValues(objects, 'cozystack.networking', 'cilium') as { cilium: Record<string, unknown> };
    assert.equal(cilium.cilium.k8sServiceHost, 'legacy.example.org');
    const kubeovn = componentValues(objects, 'cozystack.networking', 'kubeovn') as { 'kube-ovn': { ipv4: Record<string, unknown> } };
    assert.equal(kubeovn['kube-ovn'].ipv4.POD_CIDR, '10.99.0.0/16');
    assert.equal(kubeovn['kube-ovn'].ipv4.SVC_CIDR, '10.96.0.0/16');
  });

  it('OIDC on: engine and monitoring take the oidc variant, keycloak comes in, tenants learn it', () => {
    const objects = renderVariant('isp-full', { authentication: { oidc: { enabled: true } } });
    assert.equal(findPackage(objects, 'cozystack.cozystack-engine')!.spec.variant, 'oidc');
    assert.equal(findPackage(objects, 'cozystack.monitoring-application')!.spec.variant, 'oidc');
    assert.ok(packageNames(objects).includes('cozystack.keycloak'));
    assert.ok(packageNames(objects).includes('cozystack.keycloak-operator'));
    assert.deepEqual(componentValues(objects, 'cozystack.tenant-application', 'tenant'), { _cluster: { 'oidc-enabled': 'true' } });
    const off = renderVariant('isp-full');
    assert.ok(!packageNames(off).includes('cozystack.keycloak'));
    assert.deepEqual(componentValues(off, 'cozystack.tenant-application', 'tenant'), { _cluster: { 'oidc-enabled': 'false' } });
  });

  it('disabledPackages removes any package; enabledPackages turns on optional ones', () => {
    const objects = renderVariant('isp-full', {
      bundles: { disabledPackages: ['cozystack.metallb', 'cozystack.kubevirt', 'cozystack.postgres-application', 'cozystack.telepresence'], enabledPackages: ['cozystack.nfs-driver', 'cozystack.telepresence', 'cozystack.vm-default-images', 'cozystack.hami'] },
    });
    const names = packageNames(objects);
    for (const gone of ['cozystack.metallb', 'cozystack.kubevirt', 'cozystack.postgres-application', 'cozystack.telepresence']) assert.ok(!names.includes(gone), gone);
    for (const added of ['cozystack.nfs-driver', 'cozystack.vm-default-images', 'cozystack.hami']) assert.ok(names.includes(added), added);
    assert.ok(!packageNames(renderVariant('isp-full')).includes('cozystack.nfs-driver'));
  });

  it('enabling cozystack.bootbox brings cozystack.bootbox-application along', () => {
    const names = packageNames(renderVariant('isp-full', { bundles: { enabledPackages: ['cozystack.bootbox'] } }));
    assert.ok(names.includes('cozystack.bootbox') && names.includes('cozystack.bootbox-application'));
  });

  it('proxyProtocol adds ouroboros pointed at the host ingress controller of the publishing namespace', () => {
    const objects = renderVariant('isp-full', { publishing: { proxyProtocol: true, ingressName: 'tenant-edge' } });
    assert.deepEqual(componentValues(objects, 'cozystack.ouroboros', 'ouroboros'), {
      ouroboros: { proxy: { target: { namespace: 'tenant-edge', serviceName: 'edge-ingress-controller' } } },
    });
    assert.ok(!packageNames(renderVariant('isp-full')).includes('cozystack.ouroboros'));
  });

  it('backupStorage is forwarded to backupstrategy-controller only when set', () => {
    const objects = renderVariant('isp-full', { backupStorage: { endpoint: 'https://s3.example.org', region: 'eu' } });
    assert.deepEqual(componentValues(objects, 'cozystack.backupstrategy-controller', 'backupstrategy-controller'), {
      backupStorage: { endpoint: 'https://s3.example.org', region: 'eu' },
    });
    assert.equal(findPackage(renderVariant('isp-full'), 'cozystack.backupstrategy-controller')!.spec.components, undefined);
  });

  it('monitoring-agents ship to tenant-root', () => {
    assert.deepEqual(componentValues(renderVariant('isp-full'), 'cozystack.monitoring-agents', 'monitoring-agents'), { global: { target: 'tenant-root' } });
  });

  it('kubevirt gets the CPU allocation ratio as an integer', () => {
    assert.deepEqual(componentValues(renderVariant('isp-full', { resources: { cpuAllocationRatio: 4 } }), 'cozystack.kubevirt', 'kubevirt'), { cpuAllocationRatio: 4 });
  });

  it('gpu-operator (passthrough): HostDevices gate and the NVIDIA PCI defaults plus the admin list', () => {
    const extra = { pciVendorSelector: '1002:74A1', resourceName: 'amd.com/MI300X', externalResourceProvider: true };
    const objects = renderVariant('isp-full', { bundles: { enabledPackages: ['cozystack.gpu-operator'] }, gpu: { permittedHostDevices: { pciHostDevices: [extra] } } });
    assert.equal(findPackage(objects, 'cozystack.gpu-operator')!.spec.variant, 'default');
    const kubevirt = componentValues(objects, 'cozystack.kubevirt', 'kubevirt') as Record<string, unknown>;
    assert.deepEqual(kubevirt.extraFeatureGates, ['HostDevices']);
    assert.deepEqual((kubevirt.permittedHostDevices as { pciHostDevices: unknown[] }).pciHostDevices, [...GPU_PASSTHROUGH_PCI_DEFAULTS, extra]);
    const replaced = renderVariant('isp-full', { bundles: { enabledPackages: ['cozystack.gpu-operator'] }, gpu: { replaceDefaults: true, permittedHostDevices: { pciHostDevices: [extra] } } });
    assert.deepEqual(((componentValues(replaced, 'cozystack.kubevirt', 'kubevirt') as Record<string, unknown>).permittedHostDevices as { pciHostDevices: unknown[] }).pciHostDevices, [extra]);
  });

  it('gpu-operator (vgpu): mdev defaults only with the device manager, and the vGPU Manager image forwarded', () => {
    const objects = renderVariant('isp-full', {
      bundles: { enabledPackages: ['cozystack.gpu-operator'], iaas: { gpuOperatorVariant: 'vgpu' } },
      gpu: { vgpuDeviceManager: { enabled: true }, vgpuManager: { repository: 'registry.example.org/nvidia', version: '550.90' } },
    });
    assert.equal(findPackage(objects, 'cozystack.gpu-operator')!.spec.variant, 'vgpu');
    const kubevirt = componentValues(objects, 'cozystack.kubevirt', 'kubevirt') as Record<string, unknown>;
    assert.deepEqual(kubevirt.permittedHostDevices, { mediatedDevices: GPU_VGPU_MEDIATED_DEFAULTS });
    assert.deepEqual(componentValues(objects, 'cozystack.gpu-operator', 'gpu-operator'), {
      'gpu-operator': {
        vgpuManager: { repository: 'registry.example.org/nvidia', image: 'vgpu-manager', version: '550.90', imagePullSecrets: [] },
        vgpuDeviceManager: { enabled: true },
      },
    });
    const noManager = renderVariant('isp-full', { bundles: { enabledPackages: ['cozystack.gpu-operator'], iaas: { gpuOperatorVariant: 'vgpu' } } });
    assert.deepEqual(componentValues(noManager, 'cozystack.kubevirt', 'kubevirt'), { cpuAllocationRatio: 10, extraFeatureGates: ['HostDevices'] });
  });

  it('a gpu-operator both enabled and disabled is off, and the KubeVirt CR carries no GPU wiring', () => {
    const objects = renderVariant('isp-full', { bundles: { enabledPackages: ['cozystack.gpu-operator'], disabledPackages: ['cozystack.gpu-operator'] } });
    assert.ok(!packageNames(objects).includes('cozystack.gpu-operator'));
    assert.deepEqual(componentValues(objects, 'cozystack.kubevirt', 'kubevirt'), { cpuAllocationRatio: 10 });
  });
});
