// The values schema of the platform chart. The real 1.6.2 chart ships no values.schema.json, so
// this one is cozylab's: the keys of values.yaml with their types and the choices the templates
// accept, closed where a typo would silently do nothing (bundles, certificates), open elsewhere
// so newer keys a Package may carry still pass.

const str = { type: 'string' };
const bool = { type: 'boolean' };
const stringList = { type: 'array', items: str };
const map = { type: 'object' };
const cidr = { type: 'string', pattern: '^$|^[0-9]{1,3}(\\.[0-9]{1,3}){3}/[0-9]{1,2}$' };
const ipv4 = { type: 'string', pattern: '^$|^[0-9]{1,3}(\\.[0-9]{1,3}){3}$' };
const packageName = { type: 'string', pattern: '^cozystack\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?$' };
const ratio = { type: ['number', 'string'], pattern: '^[0-9]+(\\.[0-9]+)?$', minimum: 0 };
const nonEmptyDnsName = { type: 'string', minLength: 1 };
const secretRef = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { secretName: str, secretKey: str, ...extra },
});

export const PLATFORM_VALUES_SCHEMA: Record<string, unknown> = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    sourceRef: {
      type: 'object',
      required: ['kind', 'name', 'namespace'],
      properties: {
        kind: { enum: ['OCIRepository', 'GitRepository'] },
        name: nonEmptyDnsName,
        namespace: nonEmptyDnsName,
        path: str,
      },
    },
    migrations: {
      type: 'object',
      properties: {
        enabled: bool,
        image: str,
        targetVersion: { type: 'integer', minimum: 0 },
        etcdAdoptSkipBackup: { type: ['boolean', 'string', 'integer'] },
      },
    },
    bundles: {
      type: 'object',
      additionalProperties: false,
      properties: {
        system: {
          type: 'object',
          additionalProperties: false,
          properties: {
            enabled: bool,
            variant: { enum: ['isp-full', 'isp-full-generic', 'isp-hosted', 'distro-full'] },
          },
        },
        iaas: {
          type: 'object',
          additionalProperties: false,
          properties: { enabled: bool, gpuOperatorVariant: { enum: ['default', 'vgpu'] } },
        },
        paas: { type: 'object', additionalProperties: false, properties: { enabled: bool } },
        naas: { type: 'object', additionalProperties: false, properties: { enabled: bool } },
        enabledPackages: { type: 'array', items: packageName, uniqueItems: true },
        disabledPackages: { type: 'array', items: packageName, uniqueItems: true },
      },
    },
    networking: {
      type: 'object',
      properties: {
        clusterDomain: { type: 'string', pattern: '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$' },
        podCIDR: cidr,
        podGateway: ipv4,
        serviceCIDR: cidr,
        joinCIDR: cidr,
        kubeovn: { type: 'object', properties: { MASTER_NODES: str } },
      },
    },
    publishing: {
      type: 'object',
      properties: {
        host: str,
        ingressName: str,
        ingressNameAdmin: str,
        exposedServices: stringList,
        apiServerEndpoint: { type: 'string', pattern: '^$|^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]+' },
        externalIPs: { type: 'array', items: ipv4 },
        loadBalancerClass: str,
        proxyProtocol: bool,
        proxyProtocolAcknowledgeUnclean: bool,
        certificates: {
          type: 'object',
          additionalProperties: false,
          properties: {
            solver: { enum: ['http01', 'dns01'] },
            issuerName: str,
            wildcard: bool,
            wildcardSecretName: str,
            dns01: {
              type: 'object',
              additionalProperties: false,
              properties: {
                provider: { enum: ['cloudflare', 'route53', 'digitalocean', 'rfc2136'] },
                cloudflare: secretRef(),
                route53: secretRef({ region: str, accessKeyID: str }),
                digitalocean: secretRef(),
                rfc2136: secretRef({ nameserver: str, tsigKeyName: str, tsigAlgorithm: str }),
              },
            },
          },
        },
      },
    },
    authentication: {
      type: 'object',
      properties: {
        oidc: {
          type: 'object',
          properties: { enabled: bool, insecureSkipVerify: bool, keycloakExtraRedirectUri: str, keycloakInternalUrl: str },
        },
      },
    },
    gateway: { type: 'object', properties: { enabled: bool, attachedNamespaces: stringList } },
    monitoring: { type: 'object', properties: { rootEnabled: bool } },
    backupStorage: map,
    scheduling: { type: 'object', properties: { globalAppTopologySpreadConstraints: { type: ['string', 'array', 'object'] } } },
    branding: {
      type: 'object',
      properties: { brandName: str, brandHtmlName: str, loginTheme: str, loginThemeImage: str },
    },
    registries: {
      type: 'object',
      properties: {
        mirrors: {
          type: 'object',
          additionalProperties: { type: 'object', properties: { endpoints: stringList } },
        },
        config: map,
      },
    },
    resources: {
      type: 'object',
      properties: { cpuAllocationRatio: ratio, memoryAllocationRatio: ratio, ephemeralStorageAllocationRatio: ratio },
    },
    gpu: {
      type: ['object', 'null'],
      properties: {
        replaceDefaults: bool,
        permittedHostDevices: {
          type: ['object', 'null'],
          properties: { pciHostDevices: { type: ['array', 'null'] }, mediatedDevices: { type: ['array', 'null'] } },
        },
        mediatedDevicesConfiguration: { type: ['object', 'null'] },
        vgpuManager: {
          type: ['object', 'null'],
          properties: { repository: str, image: str, version: str, imagePullSecrets: { type: 'array' } },
        },
        vgpuDeviceManager: { type: ['object', 'null'], properties: { enabled: bool } },
      },
    },
  },
};
