// Pod network, policies, load balancers, ingress, DNS and certificates.

import type { KubeObject } from '../../../../machinery/object.ts';
import type { ComponentSpec } from '../component.ts';
import { certManagerCrdsCrds } from '../crds/cert-manager-crds.ts';
import { ciliumCrds } from '../crds/cilium.ts';
import { externalDnsCrds } from '../crds/external-dns.ts';
import { gatewayApiCrdsCrds } from '../crds/gateway-api-crds.ts';
import { kiloCrds } from '../crds/kilo.ts';
import { kubeovnCrds } from '../crds/kubeovn.ts';
import { metallbCrds } from '../crds/metallb.ts';
import { multusCrds } from '../crds/multus.ts';
import { INGRESS_NGINX, ingressNginxObjects } from './ingress-nginx.ts';
import { kubeovnControllerPlacement, kubeovnLookups, masterNodeCount, ovnCentralPlacement } from './kubeovn-placement.ts';
import { cozyImage, daemon, deploy } from './shorthand.ts';

const CILIUM = { name: 'cilium', version: '1.19.5', appVersion: '1.19.5' };
const ciliumAgentInit = ['config', 'mount-cgroup', 'apply-sysctl-overwrites', 'mount-bpf-fs', 'clean-cilium-state', 'install-cni-binaries']
  .map((name) => ({ name, image: cozyImage('cilium'), requests: { cpu: '1m', memory: '8Mi' } }));
const KUBEOVN_IMAGE = 'docker.io/kubeovn/kube-ovn:v1.15.10';

/** templates/webhooks.yaml of the metallb chart: one validating webhook per kind, all at the controller. */
function metallbWebhookConfiguration(namespace: string, labels: Record<string, string>) {
  const webhooks = [
    ['bgppeervalidationwebhook', 'v1beta2', 'bgppeers', 'bgppeer'],
    ['ipaddresspoolvalidationwebhook', 'v1beta1', 'ipaddresspools', 'ipaddresspool'],
    ['bgpadvertisementvalidationwebhook', 'v1beta1', 'bgpadvertisements', 'bgpadvertisement'],
    ['communityvalidationwebhook', 'v1beta1', 'communities', 'community'],
    ['bfdprofilevalidationwebhook', 'v1beta1', 'bfdprofiles', 'bfdprofile'],
    ['l2advertisementvalidationwebhook', 'v1beta1', 'l2advertisements', 'l2advertisement'],
  ];
  return {
    apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'metallb-webhook-configuration', labels },
    webhooks: webhooks.map(([name, version, resource, kind]) => ({
      admissionReviewVersions: ['v1'],
      clientConfig: { service: { name: 'metallb-webhook-service', namespace, path: `/validate-metallb-io-${version}-${kind}` } },
      failurePolicy: 'Fail', name: `${name}.metallb.io`, sideEffects: 'None',
      rules: [{ apiGroups: ['metallb.io'], apiVersions: [version], operations: ['CREATE', 'UPDATE'], resources: [resource] }],
    })),
  };
}

export const networkComponents: ComponentSpec[] = [
  { path: 'system/cilium', chart: 'cozy-cilium', upstream: CILIUM, partOf: 'cilium', crds: ciliumCrds,
    values: { cilium: { kubeProxyReplacement: true, hostFirewall: { enabled: true }, hubble: { enabled: false }, envoy: { enabled: true }, operator: { replicas: 1 }, gatewayAPI: { enabled: true } } },
    valuesFiles: {
      'values-talos.yaml': { cilium: { k8sServiceHost: 'localhost', k8sServicePort: 7445, cgroup: { autoMount: { enabled: false }, hostRoot: '/sys/fs/cgroup' } } },
      'values-kubeovn.yaml': { cilium: { cni: { chainingMode: 'generic-veth', customConf: true, exclusive: false }, routingMode: 'native', enableIPv4Masquerade: false } },
      'values-kilo.yaml': { cilium: { cni: { exclusive: false } } },
      'values-apparmor.yaml': { cilium: { podSecurityContext: { appArmorProfile: { type: 'Unconfined' } } } },
    },
    workloads: [
      daemon('cilium', cozyImage('cilium'), { container: 'cilium-agent', selector: { 'k8s-app': 'cilium' }, labels: { 'k8s-app': 'cilium', 'app.kubernetes.io/name': 'cilium-agent' },
        hostNetwork: true, priorityClassName: 'system-node-critical', initContainers: ciliumAgentInit }),
      deploy('cilium-operator', 'quay.io/cilium/operator-generic:v1.19.5', { container: 'cilium-operator', replicasValue: 'cilium.operator.replicas',
        selector: { 'io.cilium/app': 'operator', name: 'cilium-operator' }, labels: { 'io.cilium/app': 'operator', name: 'cilium-operator', 'app.kubernetes.io/name': 'cilium-operator' },
        hostNetwork: true, priorityClassName: 'system-cluster-critical' }),
      daemon('cilium-envoy', 'quay.io/cilium/cilium-envoy:v1.36.8-1781157951-a7f42a3390781539911b5b9107881b35ecc4e752', { enabledValue: 'cilium.envoy.enabled',
        selector: { 'k8s-app': 'cilium-envoy' }, labels: { 'k8s-app': 'cilium-envoy', name: 'cilium-envoy', 'app.kubernetes.io/name': 'cilium-envoy' }, hostNetwork: true }),
      deploy('hubble-relay', 'quay.io/cilium/hubble-relay:v1.19.5', { enabledValue: 'cilium.hubble.enabled', selector: { 'k8s-app': 'hubble-relay' }, labels: { 'k8s-app': 'hubble-relay' } }),
    ] },
  { path: 'system/cilium-networkpolicy', chart: 'cozy-cilium-networkpolicy',
    extra: (ctx) => [{ apiVersion: 'cilium.io/v2', kind: 'CiliumClusterwideNetworkPolicy', metadata: { name: 'restrict-system-components', labels: ctx.labels },
      spec: { endpointSelector: { matchLabels: { 'k8s:io.kubernetes.pod.namespace': 'cozy-system' } }, ingress: [{ fromEntities: ['cluster'] }] } }] },
  { path: 'system/kubeovn', chart: 'cozy-kubeovn', version: '0.38.0', upstream: { name: 'kube-ovn', version: 'v1.15.10', appVersion: '1.15.10' }, crds: kubeovnCrds,
    lookups: kubeovnLookups,
    workloads: [
      deploy('ovn-central', KUBEOVN_IMAGE, { replicasFrom: masterNodeCount, scheduling: ovnCentralPlacement, selector: { app: 'ovn-central' }, labels: { app: 'ovn-central', component: 'network', type: 'infra' }, hostNetwork: true, serviceAccount: 'ovn-ovs' }),
      deploy('kube-ovn-controller', KUBEOVN_IMAGE, { replicasFrom: masterNodeCount, scheduling: kubeovnControllerPlacement, selector: { app: 'kube-ovn-controller' }, labels: { app: 'kube-ovn-controller', component: 'network', type: 'infra' }, hostNetwork: true, serviceAccount: 'ovn' }),
      deploy('kube-ovn-monitor', KUBEOVN_IMAGE, { selector: { app: 'kube-ovn-monitor' }, labels: { app: 'kube-ovn-monitor', component: 'network', type: 'infra' }, hostNetwork: true, serviceAccount: 'kube-ovn-app' }),
      daemon('kube-ovn-cni', KUBEOVN_IMAGE, { container: 'cni-server', selector: { app: 'kube-ovn-cni' }, labels: { app: 'kube-ovn-cni', component: 'network', type: 'infra' }, hostNetwork: true, serviceAccount: 'kube-ovn-cni' }),
      daemon('ovs-ovn', KUBEOVN_IMAGE, { container: 'openvswitch', selector: { app: 'ovs' }, labels: { app: 'ovs', component: 'network', type: 'infra' }, hostNetwork: true, serviceAccount: 'ovn-ovs' }),
      daemon('kube-ovn-pinger', KUBEOVN_IMAGE, { container: 'pinger', selector: { app: 'kube-ovn-pinger' }, labels: { app: 'kube-ovn-pinger', component: 'network', type: 'infra' }, serviceAccount: 'kube-ovn-app' }),
    ] },
  { path: 'system/kubeovn-webhook', chart: 'cozy-kubeovn-webhook',
    workloads: [deploy('kubeovn-webhook', cozyImage('kubeovn-webhook'), { selector: { app: 'kubeovn-webhook' }, labels: { app: 'kubeovn-webhook' }, service: { ports: [{ name: 'https', port: 443, targetPort: 8443 }] } })] },
  { path: 'system/kubeovn-plunger', chart: 'cozy-kubeovn-plunger',
    workloads: [deploy('kube-ovn-plunger', cozyImage('kubeovn-plunger'), { selector: { app: 'kube-ovn-plunger' }, labels: { app: 'kube-ovn-plunger' } })] },
  { path: 'system/kilo', chart: 'cozy-kilo', crds: kiloCrds, valuesFiles: { 'values-cilium.yaml': { kilo: { cni: false, compatibility: 'cilium' } } },
    workloads: [daemon('kilo', 'ghcr.io/cozystack/cozystack/kilo:v1.5.0', { selector: { 'app.kubernetes.io/name': 'kilo' }, hostNetwork: true })] },
  { path: 'system/multus', chart: 'cozy-multus', crds: multusCrds,
    workloads: [daemon('multus', cozyImage('multus-cni'), { container: 'kube-multus', selector: { name: 'multus' }, labels: { tier: 'node', app: 'multus', name: 'multus' }, hostNetwork: true,
      initContainers: [{ name: 'install-multus-binary', image: cozyImage('multus-cni'), requests: { cpu: '1m', memory: '8Mi' } }] })] },
  { path: 'system/metallb', chart: 'cozy-metallb', upstream: { name: 'metallb', version: '0.16.1', appVersion: 'v0.16.1' }, crds: metallbCrds,
    workloads: [
      deploy('{release}-controller', cozyImage('metallb-controller'), { container: 'controller', component: 'controller', service: { name: '{release}-webhook-service', ports: [{ port: 443, targetPort: 9443 }] } }),
      daemon('{release}-speaker', cozyImage('metallb-speaker'), { container: 'speaker', component: 'speaker', hostNetwork: true }),
    ],
    extra: (ctx) => [metallbWebhookConfiguration(ctx.namespace, ctx.labels)] },
  { path: 'system/gateway-api-crds', chart: 'cozy-gateway-api-crds', crds: gatewayApiCrdsCrds },
  { path: 'system/ingress-nginx', chart: 'cozy-ingress-nginx', upstream: INGRESS_NGINX,
    values: { 'ingress-nginx': { controller: { replicaCount: 2, ingressClassResource: { name: 'nginx', controllerValue: 'k8s.io/ingress-nginx' }, service: { type: 'LoadBalancer' } } } },
    extra: ingressNginxObjects },
  { path: 'system/external-dns', chart: 'cozy-external-dns', upstream: { name: 'external-dns', version: '1.20.0', appVersion: '0.20.0' }, crds: externalDnsCrds,
    workloads: [deploy('{fullname}', 'registry.k8s.io/external-dns/external-dns:v0.20.0', { container: 'external-dns', service: { ports: [{ name: 'http', port: 7979 }] } })] },
  { path: 'system/ouroboros', chart: 'cozy-ouroboros', upstream: { name: 'ouroboros', version: '0.8.1', appVersion: '0.8.1' },
    workloads: [
      deploy('{fullname}', 'ghcr.io/lexfrei/ouroboros:0.8.1', { container: 'controller', component: 'controller' }),
      deploy('{fullname}-proxy', 'ghcr.io/lexfrei/ouroboros:0.8.1', { container: 'proxy', component: 'proxy', replicas: 2 }),
    ] },
  { path: 'system/hetzner-robotlb', chart: 'cozy-hetzner-robotlb', upstream: { name: 'robotlb', version: '0.1.3', appVersion: '0.0.6' },
    workloads: [deploy('{fullname}', 'ghcr.io/intreecom/robotlb:0.0.6', { container: 'robotlb' })] },
  { path: 'system/local-ccm', chart: 'cozy-local-ccm', upstream: { name: 'local-ccm', version: '0.1.0', appVersion: '0.1.0' },
    workloads: [daemon('{fullname}', 'ghcr.io/cozystack/local-ccm:v0.3.0', { container: 'local-ccm', hostNetwork: true })] },
  // Rendered into tenant Kubernetes clusters (kubernetes-coredns).
  { path: 'system/coredns', chart: 'cozy-coredns', upstream: { name: 'coredns', version: '1.46.0', appVersion: '1.13.1' }, values: { coredns: { replicaCount: 2 } },
    workloads: [deploy('{fullname}', 'registry.k8s.io/coredns/coredns:v1.12.4', { container: 'coredns', replicasValue: 'coredns.replicaCount', selector: { 'k8s-app': 'kube-dns' }, labels: { 'k8s-app': 'kube-dns' },
      service: { ports: [{ name: 'udp-53', port: 53, protocol: 'UDP' }, { name: 'tcp-53', port: 53 }] } })] },
  { path: 'system/cert-manager-crds', chart: 'cozy-cert-manager-crds', crds: certManagerCrdsCrds },
  { path: 'system/cert-manager', chart: 'cozy-cert-manager', upstream: { name: 'cert-manager', version: 'v1.20.2', appVersion: 'v1.20.2' },
    workloads: [
      deploy('{release}', 'quay.io/jetstack/cert-manager-controller:v1.20.2', { container: 'cert-manager-controller', component: 'controller', selector: { app: 'cert-manager', 'app.kubernetes.io/name': 'cert-manager', 'app.kubernetes.io/instance': 'cert-manager', 'app.kubernetes.io/component': 'controller' }, labels: { app: 'cert-manager' }, service: { ports: [{ name: 'tcp-prometheus-servicemonitor', port: 9402 }] } }),
      deploy('{release}-cainjector', 'quay.io/jetstack/cert-manager-cainjector:v1.20.2', { container: 'cert-manager-cainjector', component: 'cainjector', selector: { app: 'cainjector', 'app.kubernetes.io/name': 'cainjector', 'app.kubernetes.io/instance': 'cert-manager', 'app.kubernetes.io/component': 'cainjector' }, labels: { app: 'cainjector', 'app.kubernetes.io/name': 'cainjector' } }),
      deploy('{release}-webhook', 'quay.io/jetstack/cert-manager-webhook:v1.20.2', { container: 'cert-manager-webhook', component: 'webhook', selector: { app: 'webhook', 'app.kubernetes.io/name': 'webhook', 'app.kubernetes.io/instance': 'cert-manager', 'app.kubernetes.io/component': 'webhook' }, labels: { app: 'webhook', 'app.kubernetes.io/name': 'webhook' }, service: { ports: [{ name: 'https', port: 443, targetPort: 10250 }] } }),
    ] },
  { path: 'system/cert-manager-issuers', chart: 'cozy-cert-manager-issuers', extra: (ctx) => clusterIssuers(ctx.labels) },
];

function clusterIssuers(labels: Record<string, string>): KubeObject[] {
  const acme = (name: string, server: string): KubeObject => ({
    apiVersion: 'cert-manager.io/v1', kind: 'ClusterIssuer', metadata: { name, labels },
    spec: { acme: { server, privateKeySecretRef: { name }, solvers: [{ http01: { ingress: { class: 'tenant-root' } } }] } },
  });
  return [
    acme('letsencrypt-prod', 'https://acme-v02.api.letsencrypt.org/directory'),
    acme('letsencrypt-stage', 'https://acme-staging-v02.api.letsencrypt.org/directory'),
    { apiVersion: 'cert-manager.io/v1', kind: 'ClusterIssuer', metadata: { name: 'selfsigned-cluster-issuer', labels }, spec: { selfSigned: {} } },
  ];
}
