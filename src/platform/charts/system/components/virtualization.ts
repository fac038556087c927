// Virtual machines (KubeVirt, CDI), tenant Kubernetes (Kamaji, Cluster API), GPUs, bare metal.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { ComponentSpec } from '../component.ts';
import { bootboxCrds } from '../crds/bootbox.ts';
import { capiOperatorCrds } from '../crds/capi-operator.ts';
import { capiProvidersBootstrapCrds } from '../crds/capi-providers-bootstrap.ts';
import { capiProvidersCoreCrds } from '../crds/capi-providers-core.ts';
import { capiProvidersCpproviderCrds } from '../crds/capi-providers-cpprovider.ts';
import { capiProvidersInfraproviderCrds } from '../crds/capi-providers-infraprovider.ts';
import { cdiRuntimeCrds } from '../crds/cdi.ts';
import { gpuOperatorCrds } from '../crds/gpu-operator.ts';
import { kamajiCrds } from '../crds/kamaji.ts';
import { kubevirtCdiOperatorCrds } from '../crds/kubevirt-cdi-operator.ts';
import { kubevirtOperatorCrds } from '../crds/kubevirt-operator.ts';
import { kubevirtRuntimeCrds } from '../crds/kubevirt.ts';
import { exposedIngress } from './exposed-ingresses.ts';
import { instancetypeObjects } from './instancetypes.ts';
import { cozyImage, daemon, deploy } from './shorthand.ts';

const provider = (kind: string, name: string, version: string) => (ctx: { namespace: string; labels: Record<string, string> }): KubeObject[] => [{
  apiVersion: 'operator.cluster.x-k8s.io/v1alpha2', kind, metadata: { name, namespace: ctx.namespace, labels: ctx.labels },
  spec: { version, fetchConfig: { selector: { matchLabels: { 'provider.cluster.x-k8s.io/name': name } } } },
}];

export const virtualizationComponents: ComponentSpec[] = [
  { path: 'system/kubevirt-operator', chart: 'cozy-kubevirt-operator', crds: [...kubevirtOperatorCrds, ...kubevirtRuntimeCrds],
    workloads: [deploy('virt-operator', 'quay.io/kubevirt/virt-operator:v1.8.4', { replicas: 2, selector: { 'kubevirt.io': 'virt-operator' }, labels: { 'kubevirt.io': 'virt-operator', name: 'virt-operator' },
      serviceAccount: 'kubevirt-operator', priorityClassName: 'kubevirt-cluster-critical' })],
    // kubevirt-operator.yaml ships the class its operator runs at.
    extra: (ctx) => [{ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'kubevirt-cluster-critical', labels: ctx.labels },
      value: 1000000000, globalDefault: false, description: 'This priority class should be used for core kubevirt components only.' }] },
  // virt-operator turns the KubeVirt CR into virt-api, virt-controller and virt-handler.
  { path: 'system/kubevirt', chart: 'cozy-kubevirt', values: { cpuAllocationRatio: 10 },
    extra: (ctx) => [{ apiVersion: 'kubevirt.io/v1', kind: 'KubeVirt', metadata: { name: 'kubevirt', namespace: ctx.namespace, labels: ctx.labels },
      spec: {
        certificateRotateStrategy: {},
        configuration: { developerConfiguration: { cpuAllocationRatio: Number(ctx.values.cpuAllocationRatio ?? 10), featureGates: ['HotplugVolumes', 'ExpandDisks', 'LiveMigration', 'AutoResourceLimitsGate', 'CPUManager', 'GPU', 'VMExport'] },
          evictionStrategy: 'LiveMigrate' },
        customizeComponents: {},
        imagePullPolicy: 'IfNotPresent',
        workloadUpdateStrategy: { workloadUpdateMethods: ['LiveMigrate'] },
      } }, ...exposedIngress(ctx, 'vm-exportproxy')] },
  { path: 'system/kubevirt-instancetypes', chart: 'cozy-kubevirt-instancetypes', extra: (ctx) => instancetypeObjects(ctx.labels) },
  { path: 'system/kubevirt-cdi-operator', chart: 'cozy-kubevirt-cdi-operator', crds: [...kubevirtCdiOperatorCrds, ...cdiRuntimeCrds],
    workloads: [deploy('cdi-operator', 'quay.io/kubevirt/cdi-operator:v1.64.0', { selector: { name: 'cdi-operator' }, labels: { name: 'cdi-operator', 'cdi.kubevirt.io': 'cdi-operator', 'operator.cdi.kubevirt.io': '' } })] },
  // cdi-operator turns the CDI CR into cdi-apiserver, cdi-deployment and cdi-uploadproxy.
  { path: 'system/kubevirt-cdi', chart: 'cozy-kubevirt-cdi',
    extra: (ctx) => [{ apiVersion: 'cdi.kubevirt.io/v1beta1', kind: 'CDI', metadata: { name: 'cdi', labels: ctx.labels },
      spec: { config: { featureGates: ['HonorWaitForFirstConsumer', 'ExpandDisks'] }, imagePullPolicy: 'IfNotPresent', infra: { nodeSelector: { 'kubernetes.io/os': 'linux' } }, workload: { nodeSelector: { 'kubernetes.io/os': 'linux' } } } },
      ...exposedIngress(ctx, 'cdi-uploadproxy')] },
  // Rendered into tenant Kubernetes clusters (kubernetes-kubevirt-csi-node).
  { path: 'system/kubevirt-csi-node', chart: 'cozy-kubevirt-csi-node',
    workloads: [daemon('kubevirt-csi-node', cozyImage('kubevirt-csi-driver'), { selector: { app: 'kubevirt-csi-driver' }, labels: { app: 'kubevirt-csi-driver' }, serviceAccount: 'kubevirt-csi-node-sa', hostNetwork: true,
      containers: [
        { name: 'csi-driver', image: cozyImage('kubevirt-csi-driver') },
        { name: 'csi-node-driver-registrar', image: 'registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.15.0', requests: { cpu: '5m', memory: '16Mi' } },
        { name: 'csi-liveness-probe', image: 'registry.k8s.io/sig-storage/livenessprobe:v2.17.0', requests: { cpu: '5m', memory: '16Mi' } },
      ] })] },
  // Golden images are DataVolumes in cozy-public; the optional package imports a few.
  { path: 'system/vm-default-images', chart: 'vm-default-images', values: { images: [] } },
  { path: 'system/kamaji', chart: 'cozy-kamaji', upstream: { name: 'kamaji', version: '0.0.0+latest', appVersion: 'latest' }, crds: kamajiCrds,
    values: { kamaji: { replicaCount: 2 } },
    workloads: [
      deploy('{fullname}', 'ghcr.io/cozystack/cozystack/kamaji:v1.6.2', { container: 'manager', component: 'controller-manager', replicasValue: 'kamaji.replicaCount',
        service: { name: '{fullname}-webhook-service', ports: [{ port: 443, targetPort: 9443 }] } }),
      deploy('{fullname}-kubeconfig-generator', 'ghcr.io/cozystack/cozystack/kamaji:v1.6.2', { container: 'controller', component: 'kubeconfig-generator' }),
    ] },
  { path: 'system/capi-operator', chart: 'cozy-capi-operator', upstream: { name: 'cluster-api-operator', version: '0.19.0', appVersion: '0.19.0' }, crds: capiOperatorCrds,
    workloads: [deploy('capi-operator-cluster-api-operator', 'registry.k8s.io/capi-operator/cluster-api-operator:v0.19.0', { container: 'manager', selector: { 'clusterctl.cluster.x-k8s.io/core': 'capi-operator', 'control-plane': 'controller-manager' },
      labels: { 'clusterctl.cluster.x-k8s.io/core': 'capi-operator', 'control-plane': 'controller-manager' } })] },
  // The capi-operator installs each provider (its CRDs and controller) from these objects.
  { path: 'system/capi-providers-core', chart: 'cozy-capi-providers-core', crds: capiProvidersCoreCrds, extra: provider('CoreProvider', 'cluster-api', 'v1.10.1') },
  { path: 'system/capi-providers-bootstrap', chart: 'cozy-capi-providers-bootstrap', crds: capiProvidersBootstrapCrds,
    extra: (ctx) => [...provider('BootstrapProvider', 'kubeadm', 'v1.10.1')(ctx), ...provider('BootstrapProvider', 'talos', 'v0.6.12')(ctx)] },
  { path: 'system/capi-providers-cpprovider', chart: 'cozy-capi-providers-cpprovider', crds: capiProvidersCpproviderCrds, extra: provider('ControlPlaneProvider', 'kamaji', 'v0.19.0-cozystack.0') },
  { path: 'system/capi-providers-infraprovider', chart: 'cozy-capi-providers-infraprovider', crds: capiProvidersInfraproviderCrds, extra: provider('InfrastructureProvider', 'kubevirt', 'v0.1.10') },
  { path: 'system/cluster-autoscaler', chart: 'cozy-cluster-autoscaler', upstream: { name: 'cluster-autoscaler', version: '9.55.0', appVersion: '1.35.0' },
    valuesFiles: { 'values-azure.yaml': { 'cluster-autoscaler': { cloudProvider: 'azure' } }, 'values-hetzner.yaml': { 'cluster-autoscaler': { cloudProvider: 'hetzner' } } },
    workloads: [deploy('{release}', 'registry.k8s.io/autoscaling/cluster-autoscaler:v1.34.2', { container: 'cluster-autoscaler', selector: { 'app.kubernetes.io/name': 'cluster-autoscaler', 'app.kubernetes.io/instance': '{release}' } })] },
  { path: 'system/gpu-operator', chart: 'cozy-gpu-operator', upstream: { name: 'gpu-operator', version: 'v26.3.1', appVersion: 'v26.3.1' }, crds: gpuOperatorCrds,
    valuesFiles: { 'values-passthrough.yaml': { 'gpu-operator': { sandboxWorkloads: { enabled: true } } }, 'values-vgpu.yaml': { 'gpu-operator': { vgpuManager: { enabled: true } } }, 'values-container.yaml': { 'gpu-operator': { driver: { enabled: true } } } },
    workloads: [
      deploy('gpu-operator', 'nvcr.io/nvidia/gpu-operator:v26.3.1', { selector: { 'app.kubernetes.io/component': 'gpu-operator', app: 'gpu-operator' }, labels: { 'app.kubernetes.io/component': 'gpu-operator', app: 'gpu-operator' } }),
      deploy('{release}-node-feature-discovery-master', 'registry.k8s.io/nfd/node-feature-discovery:v0.18.3', { container: 'master', selector: { 'app.kubernetes.io/name': 'node-feature-discovery', role: 'master' }, labels: { role: 'master' } }),
      daemon('{release}-node-feature-discovery-worker', 'registry.k8s.io/nfd/node-feature-discovery:v0.18.3', { container: 'worker', selector: { 'app.kubernetes.io/name': 'node-feature-discovery', role: 'worker' }, labels: { role: 'worker' } }),
    ] },
  { path: 'system/hami', chart: 'cozy-hami', upstream: { name: 'hami', version: '2.9.0', appVersion: '2.9.0' },
    workloads: [
      deploy('{release}-scheduler', 'docker.io/projecthami/hami:v2.9.0', { component: 'hami-scheduler', containers: [
        { name: 'kube-scheduler', image: 'registry.k8s.io/kube-scheduler:v1.33.4' },
        { name: 'vgpu-scheduler-extender', image: 'docker.io/projecthami/hami:v2.9.0', requests: { cpu: '5m', memory: '16Mi' } },
      ] }),
      daemon('{release}-device-plugin', 'docker.io/projecthami/hami:v2.9.0', { component: 'hami-device-plugin', containers: [
        { name: 'device-plugin', image: 'docker.io/projecthami/hami:v2.9.0' },
        { name: 'vgpu-monitor', image: 'docker.io/projecthami/hami:v2.9.0', requests: { cpu: '5m', memory: '16Mi' } },
      ] }),
    ] },
  { path: 'system/bootbox', chart: 'cozy-bootbox', upstream: { name: 'smee', version: '0.6.2', appVersion: '0.15.1' }, crds: bootboxCrds,
    workloads: [deploy('smee', 'quay.io/tinkerbell/smee:v0.15.1', { selector: { app: 'smee' }, labels: { app: 'smee' }, hostNetwork: true })] },
];
