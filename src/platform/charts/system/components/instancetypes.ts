// kubevirt-instancetypes: KubeVirt's 65 common-instancetypes plus Cozystack's 4 local gn1, and
// the common preferences (facts §8.4).

import type { KubeObject } from '../../../../machinery/object.ts';

type Size = [name: string, cpu: number, memory: string];

const U1_SIZES: Size[] = [
  ['nano', 1, '512Mi'], ['micro', 1, '1Gi'], ['small', 1, '2Gi'], ['medium', 1, '4Gi'], ['2xmedium', 2, '4Gi'],
  ['large', 2, '8Gi'], ['xlarge', 4, '16Gi'], ['2xlarge', 8, '32Gi'], ['4xlarge', 16, '64Gi'], ['8xlarge', 32, '128Gi'],
];
const CX1_SIZES: Size[] = [['medium', 1, '2Gi'], ['large', 2, '4Gi'], ['xlarge', 4, '8Gi'], ['2xlarge', 8, '16Gi'], ['4xlarge', 16, '32Gi'], ['8xlarge', 32, '64Gi']];
const M1_SIZES: Size[] = [['large', 2, '16Gi'], ['xlarge', 4, '32Gi'], ['2xlarge', 8, '64Gi'], ['4xlarge', 16, '128Gi'], ['8xlarge', 32, '256Gi']];
const N1_SIZES: Size[] = [['medium', 4, '4Gi'], ['large', 4, '8Gi'], ['xlarge', 8, '16Gi'], ['2xlarge', 16, '32Gi'], ['4xlarge', 32, '64Gi'], ['8xlarge', 64, '128Gi']];
const GN1_SIZES: Size[] = [['xlarge', 4, '16Gi'], ['2xlarge', 8, '32Gi'], ['4xlarge', 16, '64Gi'], ['8xlarge', 32, '128Gi']];
const with1gi = (sizes: Size[]): Size[] => sizes.flatMap((s) => [s, [`${s[0]}1gi`, s[1], s[2]] as Size]);

const SERIES: Array<{ series: string; klass: string; sizes: Size[]; gpu?: string }> = [
  { series: 'u1', klass: 'general.purpose', sizes: U1_SIZES },
  { series: 'o1', klass: 'overcommitted', sizes: U1_SIZES.filter((s) => s[0] !== '2xmedium') },
  { series: 'cx1', klass: 'compute.exclusive', sizes: with1gi(CX1_SIZES) },
  { series: 'm1', klass: 'memory.intensive', sizes: with1gi(M1_SIZES) },
  { series: 'rt1', klass: 'realtime', sizes: U1_SIZES.filter((s) => !['nano', '2xmedium'].includes(s[0])) },
  { series: 'n1', klass: 'network', sizes: N1_SIZES },
  { series: 'd1', klass: 'dedicated.vcpu', sizes: U1_SIZES },
  { series: 'gn1', klass: 'gpu.nvidia', sizes: GN1_SIZES, gpu: 'nvidia.com/A400' },
];

export const PREFERENCE_NAMES = [
  'alpine', 'centos.stream9', 'centos.stream9.desktop', 'centos.stream9.dpdk', 'centos.stream10', 'centos.stream10.desktop', 'centos.stream10.dpdk',
  'cirros', 'debian', 'fedora', 'fedora.arm64', 'fedora.s390x', 'legacy', 'linux', 'linux.efi', 'linux.virtiotransitional',
  'opensuse.leap', 'opensuse.tumbleweed', 'oraclelinux', 'rhel.7', 'rhel.7.desktop', 'rhel.8', 'rhel.8.desktop', 'rhel.8.dpdk',
  'rhel.9', 'rhel.9.desktop', 'rhel.9.dpdk', 'rhel.9.realtime', 'rhel.9.s390x', 'rhel.10', 'sles', 'ubuntu',
  ...['10', '11', '2k12', '2k16', '2k19', '2k22', '2k25'].flatMap((v) => [`windows.${v}`, `windows.${v}.virtio`]),
  'windows.2k3', 'windows.2k8', 'windows.2k8.virtio', 'windows.7', 'windows.7.virtio', 'windows.xp',
];

export function instancetypeObjects(labels: Record<string, string>): KubeObject[] {
  const types: KubeObject[] = SERIES.flatMap(({ series, klass, sizes, gpu }) => sizes.map(([size, cpu, memory]) => {
    const spec: Record<string, unknown> = { cpu: { guest: cpu }, memory: { guest: memory } };
    if (size.endsWith('1gi')) (spec.memory as Record<string, unknown>).hugepages = { pageSize: '1Gi' };
    if (gpu) spec.gpus = [{ name: 'gpu1', deviceName: gpu }];
    return {
      apiVersion: 'instancetype.kubevirt.io/v1beta1',
      kind: 'VirtualMachineClusterInstancetype',
      metadata: { name: `${series}.${size}`, labels: { ...labels, 'instancetype.kubevirt.io/class': klass, 'instancetype.kubevirt.io/cpu': String(cpu), 'instancetype.kubevirt.io/memory': memory } },
      spec,
    };
  }));
  const preferences: KubeObject[] = PREFERENCE_NAMES.map((name) => ({
    apiVersion: 'instancetype.kubevirt.io/v1beta1', kind: 'VirtualMachineClusterPreference', metadata: { name, labels }, spec: {},
  }));
  return [...types, ...preferences];
}
