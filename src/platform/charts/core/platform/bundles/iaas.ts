// templates/bundles/iaas.yaml: KubeVirt (with the CPU allocation ratio and, when the GPU operator
// is on, its host-device wiring), Cluster API and the IaaS applications. Only isp-full and
// isp-full-generic carry it; any other system variant refuses to render.

import type { Values } from '../../../chart.ts';
import { GPU_PASSTHROUGH_PCI_DEFAULTS, GPU_VGPU_MEDIATED_DEFAULTS } from '../gpu-defaults.ts';
import type { ComponentValues, PackageList } from '../packages.ts';
import { dig, list, record, str, templateFail, truthy } from '../template.ts';

const FILE = 'bundles/iaas.yaml';
const IAAS_VARIANTS = ['isp-full', 'isp-full-generic'];
const GPU_OPERATOR = 'cozystack.gpu-operator';

export function iaasBundle(values: Values, pkgs: PackageList): void {
  const enabled = truthy(dig(values, 'bundles', 'iaas', 'enabled'));
  const variant = dig(values, 'bundles', 'system', 'variant');
  if (enabled && !IAAS_VARIANTS.includes(variant as string)) {
    throw templateFail(FILE, 2, "bundles.iaas.enabled can only be true when bundles.system.variant is 'isp-full' or 'isp-full-generic'");
  }
  if (!enabled) return;

  const kubevirt: Record<string, unknown> = {};
  const ratio = dig(values, 'resources', 'cpuAllocationRatio');
  if (truthy(ratio)) kubevirt.cpuAllocationRatio = Math.trunc(Number(ratio));

  // disabledPackages wins over enabledPackages, as for any optional package.
  const gpuEnabled = pkgs.isOptionalOn(GPU_OPERATOR);
  const gpuVariant = str(dig(values, 'bundles', 'iaas', 'gpuOperatorVariant'), 'default');
  if (gpuVariant !== 'default' && gpuVariant !== 'vgpu') {
    throw templateFail(FILE, 34, `bundles.iaas.gpuOperatorVariant must be "default" or "vgpu", got ${JSON.stringify(gpuVariant)}`);
  }
  if (gpuEnabled) Object.assign(kubevirt, gpuKubevirtValues(values, gpuVariant));

  pkgs.add('cozystack.kubevirt', 'default', truthy(kubevirt) ? { kubevirt: { values: kubevirt } } : {});
  pkgs.add('cozystack.kubevirt-cdi');
  pkgs.optional('cozystack.vm-default-images');
  if (gpuEnabled) pkgs.add(GPU_OPERATOR, gpuVariant, gpuOperatorComponents(values, gpuVariant));
  pkgs.optional('cozystack.hami');
  pkgs.add('cozystack.kamaji');
  pkgs.add('cozystack.capi-operator');
  pkgs.add('cozystack.capi-provider-bootstrap-kubeadm');
  pkgs.add('cozystack.capi-provider-core');
  pkgs.add('cozystack.capi-provider-cp-kamaji');
  pkgs.add('cozystack.capi-provider-infra-kubevirt');
  pkgs.add('cozystack.kubernetes-application', 'kubevirt');
  pkgs.add('cozystack.virtualprivatecloud-application', 'kubevirt');
  pkgs.add('cozystack.vm-disk-application', 'kubevirt');
  pkgs.add('cozystack.vm-instance-application', 'kubevirt');
}

/** The KubeVirt CR wiring: HostDevices gate, permittedHostDevices, and mdev creation (vgpu only). */
function gpuKubevirtValues(values: Values, gpuVariant: string): Record<string, unknown> {
  const gpu = values.gpu;
  const userPci = list(dig(gpu, 'permittedHostDevices', 'pciHostDevices'));
  const userMdev = list(dig(gpu, 'permittedHostDevices', 'mediatedDevices'));
  const replace = truthy(dig(gpu, 'replaceDefaults'));
  let pci: unknown[] = [];
  let mdev: unknown[] = [];
  let mdevConfig: Record<string, unknown> = {};
  if (gpuVariant === 'default') {
    pci = [...(replace ? [] : GPU_PASSTHROUGH_PCI_DEFAULTS), ...userPci];
  } else {
    // Without the device manager nothing creates the mdevs the defaults name.
    const deviceManagerOn = truthy(dig(gpu, 'vgpuDeviceManager', 'enabled'));
    mdev = [...(!replace && deviceManagerOn ? GPU_VGPU_MEDIATED_DEFAULTS : []), ...userMdev];
    pci = userPci;
    mdevConfig = { ...record(dig(gpu, 'mediatedDevicesConfiguration')) };
  }
  const out: Record<string, unknown> = { extraFeatureGates: ['HostDevices'] };
  const permitted: Record<string, unknown> = {};
  if (pci.length) permitted.pciHostDevices = structuredClone(pci);
  if (mdev.length) permitted.mediatedDevices = structuredClone(mdev);
  if (truthy(permitted)) out.permittedHostDevices = permitted;
  if (truthy(mdevConfig)) out.mediatedDevicesConfiguration = structuredClone(mdevConfig);
  return out;
}

/** vgpu only: the vGPU Manager image and device-manager switch, forwarded when the admin set any. */
function gpuOperatorComponents(values: Values, gpuVariant: string): ComponentValues {
  if (gpuVariant !== 'vgpu') return {};
  const overrides: Record<string, unknown> = {};
  const mgr = record(dig(values.gpu, 'vgpuManager'));
  const imageCustomized = 'image' in mgr && str(mgr.image) !== 'vgpu-manager';
  if (truthy(mgr.repository) || truthy(mgr.version) || imageCustomized || truthy(mgr.imagePullSecrets)) {
    overrides.vgpuManager = structuredClone(mgr);
  }
  if (truthy(dig(values.gpu, 'vgpuDeviceManager', 'enabled'))) overrides.vgpuDeviceManager = { enabled: true };
  return truthy(overrides) ? { 'gpu-operator': { values: { 'gpu-operator': overrides } } } : {};
}
