// values.yaml of packages/core/platform (1.6.2) and the three variant files the platform
// PackageSource lists after it. The long comments of the real file are summarised where a key's
// meaning is not obvious from its name.

import type { Values } from '../../chart.ts';

export const PLATFORM_VALUES: Values = {
  /** The Flux source the platform chart itself came from; templates/repository.yaml copies its spec. */
  sourceRef: { kind: 'OCIRepository', name: 'cozystack-platform', namespace: 'cozy-system', path: '/' },
  migrations: {
    enabled: false,
    image:
      'ghcr.io/cozystack/cozystack/platform-migrations:v1.6.2@sha256:a34e7156a52dc55b27662917e5f9d5bbea671188d8db233296d0a98c800dc6c6',
    targetVersion: 54,
    /** Adopt legacy etcd clusters without migration 50's safety snapshot. Last resort only. */
    etcdAdoptSkipBackup: false,
  },
  bundles: {
    system: { enabled: false, variant: 'isp-full' },
    /** gpuOperatorVariant: "default" (vfio-pci passthrough) or "vgpu", used when cozystack.gpu-operator is enabled. */
    iaas: { enabled: false, gpuOperatorVariant: 'default' },
    paas: { enabled: false },
    naas: { enabled: false },
    disabledPackages: [],
    enabledPackages: [],
  },
  networking: {
    clusterDomain: 'cozy.local',
    podCIDR: '10.244.0.0/16',
    podGateway: '10.244.0.1',
    serviceCIDR: '10.96.0.0/16',
    joinCIDR: '100.64.0.0/16',
    /** Comma-separated master node IPs; empty lets kube-ovn find control-plane nodes by label. */
    kubeovn: { MASTER_NODES: '' },
  },
  publishing: {
    host: 'example.org',
    ingressName: 'tenant-root',
    /** Namespace of a separate Gateway/ingressClass for admin routes (Keycloak); empty shares ingressName. */
    ingressNameAdmin: '',
    exposedServices: ['api', 'dashboard', 'vm-exportproxy', 'cdi-uploadproxy'],
    apiServerEndpoint: '',
    externalIPs: [],
    loadBalancerClass: '',
    /** PROXY protocol on the host ingress-nginx, plus the ouroboros package for hairpin NAT. */
    proxyProtocol: false,
    proxyProtocolAcknowledgeUnclean: false,
    certificates: {
      solver: 'http01',
      issuerName: 'letsencrypt-prod',
      /** One shared wildcard Certificate on the ingress-nginx path (dns01 only). */
      wildcard: false,
      /** A pre-created wildcard TLS Secret in the publishing namespace; wins over `wildcard`. */
      wildcardSecretName: '',
      dns01: {
        provider: 'cloudflare',
        cloudflare: { secretName: 'cloudflare-api-token-secret', secretKey: 'api-token' },
        route53: { region: '', accessKeyID: '', secretName: '', secretKey: 'secret-access-key' },
        digitalocean: { secretName: 'digitalocean-api-token-secret', secretKey: 'access-token' },
        rfc2136: { nameserver: '', tsigKeyName: '', tsigAlgorithm: 'HMACSHA256', secretName: '', secretKey: 'tsig-secret-key' },
      },
    },
  },
  authentication: {
    oidc: {
      enabled: false,
      insecureSkipVerify: false,
      keycloakExtraRedirectUri: '',
      /** In-cluster realm URL for backend-to-backend OIDC calls; empty restores discovery on the external issuer. */
      keycloakInternalUrl: 'http://keycloak-http.cozy-keycloak.svc:8080/realms/cozy',
    },
  },
  gateway: {
    enabled: false,
    /** Namespaces allowed to attach routes to a tenant Gateway (besides the publishing one). */
    attachedNamespaces: [
      'cozy-cert-manager',
      'cozy-dashboard',
      'cozy-keycloak',
      'cozy-system',
      'cozy-harbor',
      'cozy-bucket',
      'cozy-kubevirt',
      'cozy-kubevirt-cdi',
      'cozy-monitoring',
      'cozy-linstor-gui',
      'default',
    ],
  },
  /** rootEnabled: whether tenant-root hosts the monitoring stack (gates cozystack-basics' redirects). */
  monitoring: { rootEnabled: true },
  /** Forwarded verbatim to the backupstrategy-controller Package. */
  backupStorage: {},
  scheduling: { globalAppTopologySpreadConstraints: '' },
  /** brandName, brandHtmlName, loginTheme, loginThemeImage — copied into _cluster.branding. */
  branding: {},
  /** mirrors.<registry>.endpoints[] and config.<endpoint>.{tls.insecureSkipVerify, auth}. */
  registries: {},
  resources: { cpuAllocationRatio: 10, memoryAllocationRatio: 1, ephemeralStorageAllocationRatio: 40 },
  /** GPU host-device wiring for the KubeVirt CR when cozystack.gpu-operator is enabled. */
  gpu: {
    replaceDefaults: false,
    permittedHostDevices: { pciHostDevices: [], mediatedDevices: [] },
    mediatedDevicesConfiguration: {},
    vgpuManager: { repository: '', image: 'vgpu-manager', version: '', imagePullSecrets: [] },
    vgpuDeviceManager: { enabled: false },
  },
};

/**
 * The variant files. values-isp-hosted.yaml is 1.6.2's but for `bundles.system.enabled`: 1.6.2 ships
 * `false`, which leaves every PaaS/NaaS Package DependenciesNotReady (no cozystack-engine, no
 * cert-manager); later Cozystack sets `true`, and so does cozylab (facts §6.3).
 */
export const PLATFORM_VALUES_FILES: Record<string, Values> = {
  'values-isp-full.yaml': {
    migrations: { enabled: true },
    bundles: {
      system: { enabled: true, variant: 'isp-full' },
      iaas: { enabled: true },
      paas: { enabled: true },
      naas: { enabled: true },
    },
  },
  'values-isp-hosted.yaml': {
    migrations: { enabled: true },
    bundles: {
      system: { enabled: true, variant: 'isp-hosted' },
      iaas: { enabled: false },
      paas: { enabled: true },
      naas: { enabled: true },
    },
  },
  'values-isp-full-generic.yaml': {
    migrations: { enabled: true },
    bundles: {
      system: { enabled: true, variant: 'isp-full-generic' },
      iaas: { enabled: true },
      paas: { enabled: true },
      naas: { enabled: true },
      enabledPackages: ['cozystack.backupstrategy-controller'],
    },
  },
};
