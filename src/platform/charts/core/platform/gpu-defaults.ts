// files/gpu-passthrough-defaults.yaml and files/gpu-vgpu-defaults.yaml: the NVIDIA datacenter GPUs
// the platform permits in the KubeVirt CR when cozystack.gpu-operator is enabled.

export interface PciHostDevice {
  pciVendorSelector: string;
  resourceName: string;
  externalResourceProvider: boolean;
}

export interface MediatedDevice {
  mdevNameSelector: string;
  resourceName: string;
  externalResourceProvider: boolean;
}

/** PCI vendor 10DE (NVIDIA); vfio-pci passthrough, whole GPU to one VM. */
export const GPU_PASSTHROUGH_PCI_DEFAULTS: PciHostDevice[] = [
  { pciVendorSelector: '10DE:2335', resourceName: 'nvidia.com/GH100_H200_SXM_141GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:2330', resourceName: 'nvidia.com/GH100_H100_SXM5_80GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:2331', resourceName: 'nvidia.com/GH100_H100_PCIE', externalResourceProvider: true },
  { pciVendorSelector: '10DE:2321', resourceName: 'nvidia.com/GH100_H100L_94GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:26B9', resourceName: 'nvidia.com/AD102GL_L40S', externalResourceProvider: true },
  { pciVendorSelector: '10DE:26B5', resourceName: 'nvidia.com/AD102GL_L40', externalResourceProvider: true },
  { pciVendorSelector: '10DE:27B8', resourceName: 'nvidia.com/AD104GL_L4', externalResourceProvider: true },
  { pciVendorSelector: '10DE:20B2', resourceName: 'nvidia.com/GA100_A100_SXM4_80GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:20B0', resourceName: 'nvidia.com/GA100_A100_SXM4_40GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:20B5', resourceName: 'nvidia.com/GA100_A100_PCIE_80GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:20F1', resourceName: 'nvidia.com/GA100_A100_PCIE_40GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:20B7', resourceName: 'nvidia.com/GA100GL_A30_PCIE', externalResourceProvider: true },
  { pciVendorSelector: '10DE:2235', resourceName: 'nvidia.com/GA102GL_A40', externalResourceProvider: true },
  { pciVendorSelector: '10DE:2236', resourceName: 'nvidia.com/GA102GL_A10', externalResourceProvider: true },
  { pciVendorSelector: '10DE:1EB8', resourceName: 'nvidia.com/TU104GL_TESLA_T4', externalResourceProvider: true },
  { pciVendorSelector: '10DE:1DB1', resourceName: 'nvidia.com/GV100GL_TESLA_V100_SXM2_16GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:1DB5', resourceName: 'nvidia.com/GV100GL_TESLA_V100_SXM2_32GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:1DB4', resourceName: 'nvidia.com/GV100GL_TESLA_V100_PCIE_16GB', externalResourceProvider: true },
  { pciVendorSelector: '10DE:1DF6', resourceName: 'nvidia.com/GV100GL_TESLA_V100S_PCIE_32GB', externalResourceProvider: true },
];

/** mdev profiles the vGPU Device Manager creates (vgpu variant, device manager on). */
export const GPU_VGPU_MEDIATED_DEFAULTS: MediatedDevice[] = [
  { mdevNameSelector: 'NVIDIA A100-40C', resourceName: 'nvidia.com/A100-40C', externalResourceProvider: true },
  { mdevNameSelector: 'NVIDIA A100-80C', resourceName: 'nvidia.com/A100-80C', externalResourceProvider: true },
  { mdevNameSelector: 'NVIDIA A40-48Q', resourceName: 'nvidia.com/A40-48Q', externalResourceProvider: true },
  { mdevNameSelector: 'NVIDIA A40-24Q', resourceName: 'nvidia.com/A40-24Q', externalResourceProvider: true },
  { mdevNameSelector: 'NVIDIA A30-24C', resourceName: 'nvidia.com/A30-24C', externalResourceProvider: true },
  { mdevNameSelector: 'NVIDIA A10-24Q', resourceName: 'nvidia.com/A10-24Q', externalResourceProvider: true },
  { mdevNameSelector: 'NVIDIA V100D-32C', resourceName: 'nvidia.com/V100D-32C', externalResourceProvider: true },
  { mdevNameSelector: 'NVIDIA T4-16Q', resourceName: 'nvidia.com/T4-16Q', externalResourceProvider: true },
];
