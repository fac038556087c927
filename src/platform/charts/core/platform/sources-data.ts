// Every component PackageSource of Cozystack 1.6.2, as packages/core/platform/sources/*.yaml
// declares it (one entry per file, in file order). Every one references the OCIRepository
// `cozystack-packages` in cozy-system at path `/` — see sources.ts, which adds that sourceRef.
// Generated once from the v1.6.2 tag; edit by hand only to follow a newer Cozystack.

import type { PackageSourceData } from './sources.ts';

export const PACKAGE_SOURCES_1_6_2: PackageSourceData[] = [
  {
    name: 'cozystack.backup-controller',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'backup-controller', path: 'system/backup-controller', install: { privileged: true, namespace: 'cozy-backup-controller', releaseName: 'backup-controller' } },
      ] },
    ],
  },
  {
    name: 'cozystack.backupstrategy-controller',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-basics', 'cozystack.backup-controller', 'cozystack.bucket-application', 'cozystack.objectstorage-controller', 'cozystack.velero'], components: [
        { name: 'backupstrategy-controller', path: 'system/backupstrategy-controller', install: { privileged: true, namespace: 'cozy-backup-controller', releaseName: 'backupstrategy-controller' } },
      ] },
    ],
  },
  {
    name: 'cozystack.bootbox-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'bootbox', path: 'extra/bootbox', libraries: ['cozy-lib'] },
        { name: 'bootbox-rd', path: 'system/bootbox-rd', install: { namespace: 'cozy-system', releaseName: 'bootbox-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.bootbox',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.bootbox-application'], components: [
        { name: 'bootbox', path: 'system/bootbox', install: { privileged: true, namespace: 'cozy-bootbox', releaseName: 'bootbox' } },
      ] },
    ],
  },
  {
    name: 'cozystack.bucket-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.objectstorage-controller', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'bucket-system', path: 'system/bucket' },
        { name: 'bucket', path: 'apps/bucket', libraries: ['cozy-lib'] },
        { name: 'bucket-rd', path: 'system/bucket-rd', install: { namespace: 'cozy-system', releaseName: 'bucket-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.capi-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager'], components: [
        { name: 'capi-operator', path: 'system/capi-operator', install: { privileged: true, namespace: 'cozy-cluster-api', releaseName: 'capi-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.capi-provider-bootstrap-kubeadm',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.capi-operator'], components: [
        { name: 'capi-providers-bootstrap', path: 'system/capi-providers-bootstrap', install: { privileged: true, namespace: 'cozy-cluster-api', releaseName: 'capi-providers-bootstrap' } },
      ] },
      { name: 'kubevirt', dependsOn: ['cozystack.networking', 'cozystack.capi-operator'], components: [
        { name: 'capi-providers-bootstrap', path: 'system/capi-providers-bootstrap', install: { privileged: true, namespace: 'cozy-cluster-api', releaseName: 'capi-providers-bootstrap' } },
      ] },
    ],
  },
  {
    name: 'cozystack.capi-provider-core',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.capi-operator'], components: [
        { name: 'capi-providers-core', path: 'system/capi-providers-core', install: { privileged: true, namespace: 'cozy-cluster-api', releaseName: 'capi-providers-core' } },
      ] },
    ],
  },
  {
    name: 'cozystack.capi-provider-cp-kamaji',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.capi-operator', 'cozystack.kamaji'], components: [
        { name: 'capi-providers-cpprovider', path: 'system/capi-providers-cpprovider', install: { privileged: true, namespace: 'cozy-cluster-api', releaseName: 'capi-providers-cpprovider' } },
      ] },
      { name: 'kamaji', dependsOn: ['cozystack.networking', 'cozystack.capi-operator', 'cozystack.kamaji'], components: [
        { name: 'capi-providers-cpprovider', path: 'system/capi-providers-cpprovider', install: { privileged: true, namespace: 'cozy-cluster-api', releaseName: 'capi-providers-cpprovider' } },
      ] },
    ],
  },
  {
    name: 'cozystack.capi-provider-infra-kubevirt',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.capi-operator', 'cozystack.kubevirt'], components: [
        { name: 'capi-providers-infraprovider', path: 'system/capi-providers-infraprovider', install: { privileged: true, namespace: 'cozy-cluster-api', releaseName: 'capi-providers-infraprovider' } },
      ] },
      { name: 'kubevirt', dependsOn: ['cozystack.networking', 'cozystack.capi-operator', 'cozystack.kubevirt'], components: [
        { name: 'capi-providers-infraprovider', path: 'system/capi-providers-infraprovider', install: { privileged: true, namespace: 'cozy-cluster-api', releaseName: 'capi-providers-infraprovider' } },
      ] },
    ],
  },
  {
    name: 'cozystack.cert-manager',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.gateway-api-crds'], components: [
        { name: 'cert-manager-crds', path: 'system/cert-manager-crds', install: { namespace: 'cozy-cert-manager', releaseName: 'cert-manager-crds' } },
        { name: 'cert-manager', path: 'system/cert-manager', install: { namespace: 'cozy-cert-manager', releaseName: 'cert-manager', dependsOn: ['cert-manager-crds'] } },
        { name: 'cert-manager-issuers', path: 'system/cert-manager-issuers', install: { namespace: 'cozy-cert-manager', releaseName: 'cert-manager-issuers', dependsOn: ['cert-manager'] } },
      ] },
    ],
  },
  {
    name: 'cozystack.clickhouse-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.clickhouse-operator', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'clickhouse', path: 'apps/clickhouse', libraries: ['cozy-lib'] },
        { name: 'clickhouse-rd', path: 'system/clickhouse-rd', install: { namespace: 'cozy-system', releaseName: 'clickhouse-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.clickhouse-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds'], components: [
        { name: 'clickhouse-operator', path: 'system/clickhouse-operator', install: { namespace: 'cozy-clickhouse-operator', releaseName: 'clickhouse-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.cluster-autoscaler-azure',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'cluster-autoscaler-azure', path: 'system/cluster-autoscaler', valuesFiles: ['values.yaml', 'values-azure.yaml'], install: { namespace: 'cozy-cluster-autoscaler-azure', releaseName: 'cluster-autoscaler-azure' } },
      ] },
    ],
  },
  {
    name: 'cozystack.cluster-autoscaler-hetzner',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'cluster-autoscaler-hetzner', path: 'system/cluster-autoscaler', valuesFiles: ['values.yaml', 'values-hetzner.yaml'], install: { namespace: 'cozy-cluster-autoscaler-hetzner', releaseName: 'cluster-autoscaler-hetzner' } },
      ] },
    ],
  },
  {
    name: 'cozystack.clustersecret-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'clustersecret-operator', path: 'system/clustersecret-operator', install: { namespace: 'cozy-clustersecret-operator', releaseName: 'clustersecret-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.cozy-proxy',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'cozy-proxy', path: 'system/cozy-proxy', install: { namespace: 'cozy-system', releaseName: 'cozy-proxy' } },
      ] },
    ],
  },
  {
    name: 'cozystack.cozystack-basics',
    variants: [
      { name: 'default', dependsOn: ['cozystack.tenant-application', 'cozystack.cozystack-engine', 'cozystack.gateway-api-crds'], components: [
        { name: 'cozystack-basics', path: 'system/cozystack-basics', install: { namespace: 'cozy-system', releaseName: 'cozystack-basics' } },
      ] },
    ],
  },
  {
    name: 'cozystack.cozystack-engine',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'application-definition-crd', path: 'system/application-definition-crd', install: { namespace: 'cozy-system', releaseName: 'application-definition-crd' } },
        { name: 'cozystack-controller', path: 'system/cozystack-controller', install: { namespace: 'cozy-system', releaseName: 'cozystack-controller', dependsOn: ['application-definition-crd'] } },
        { name: 'cozystack-api', path: 'system/cozystack-api', install: { namespace: 'cozy-system', releaseName: 'cozystack-api', dependsOn: ['cozystack-controller', 'application-definition-crd'] } },
        { name: 'lineage-controller-webhook', path: 'system/lineage-controller-webhook', install: { namespace: 'cozy-system', releaseName: 'lineage-controller-webhook', dependsOn: ['cozystack-controller', 'application-definition-crd'] } },
        { name: 'dashboard', path: 'system/dashboard', install: { namespace: 'cozy-dashboard', releaseName: 'dashboard', dependsOn: ['cozystack-api', 'cozystack-controller', 'application-definition-crd'] } },
      ] },
      { name: 'oidc', dependsOn: ['cozystack.networking', 'cozystack.cert-manager', 'cozystack.keycloak', 'cozystack.keycloak-operator'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'application-definition-crd', path: 'system/application-definition-crd', install: { namespace: 'cozy-system', releaseName: 'application-definition-crd' } },
        { name: 'cozystack-controller', path: 'system/cozystack-controller', install: { namespace: 'cozy-system', releaseName: 'cozystack-controller', dependsOn: ['application-definition-crd'] } },
        { name: 'cozystack-api', path: 'system/cozystack-api', install: { namespace: 'cozy-system', releaseName: 'cozystack-api', dependsOn: ['cozystack-controller', 'application-definition-crd'] } },
        { name: 'lineage-controller-webhook', path: 'system/lineage-controller-webhook', install: { namespace: 'cozy-system', releaseName: 'lineage-controller-webhook', dependsOn: ['cozystack-controller', 'application-definition-crd'] } },
        { name: 'dashboard', path: 'system/dashboard', install: { namespace: 'cozy-dashboard', releaseName: 'dashboard', dependsOn: ['cozystack-api', 'cozystack-controller', 'keycloak-configure', 'application-definition-crd'] } },
        { name: 'keycloak-configure', path: 'system/keycloak-configure', install: { namespace: 'cozy-keycloak', releaseName: 'keycloak-configure', dependsOn: [] } },
      ] },
    ],
  },
  {
    name: 'cozystack.cozystack-scheduler',
    variants: [
      { name: 'default', components: [
        { name: 'cozystack-scheduler', path: 'system/cozystack-scheduler', install: { namespace: 'kube-system', releaseName: 'cozystack-scheduler' } },
      ] },
      { name: 'linstor', dependsOn: ['cozystack.linstor-scheduler'], components: [
        { name: 'cozystack-scheduler', path: 'system/cozystack-scheduler', valuesFiles: ['values-linstor.yaml'], install: { namespace: 'kube-system', releaseName: 'cozystack-scheduler' } },
      ] },
    ],
  },
  {
    name: 'cozystack.etcd-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'etcd', path: 'extra/etcd', libraries: ['cozy-lib'] },
        { name: 'etcd-rd', path: 'system/etcd-rd', install: { namespace: 'cozy-system', releaseName: 'etcd-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.etcd-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager', 'cozystack.vertical-pod-autoscaler'], components: [
        { name: 'etcd-operator-crds', path: 'system/etcd-operator-crds', install: { namespace: 'cozy-etcd-operator', releaseName: 'etcd-operator-crds' } },
        { name: 'etcd-operator', path: 'system/etcd-operator', install: { namespace: 'cozy-etcd-operator', releaseName: 'etcd-operator', dependsOn: ['etcd-operator-crds'] } },
      ] },
    ],
  },
  {
    name: 'cozystack.external-dns-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'external-dns-system', path: 'system/external-dns' },
        { name: 'external-dns', path: 'extra/external-dns', libraries: ['cozy-lib'] },
        { name: 'external-dns-rd', path: 'system/external-dns-rd', install: { namespace: 'cozy-system', releaseName: 'external-dns-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.external-dns',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'external-dns', path: 'system/external-dns', install: { namespace: 'cozy-external-dns', releaseName: 'external-dns' } },
      ] },
    ],
  },
  {
    name: 'cozystack.external-secrets-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'external-secrets-operator', path: 'system/external-secrets-operator', install: { namespace: 'cozy-external-secrets-operator', releaseName: 'external-secrets-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.flux-plunger',
    variants: [
      { name: 'default', dependsOn: ['cozystack.cert-manager', 'cozystack.cozystack-engine'], components: [
        { name: 'flux-plunger', path: 'system/flux-plunger', install: { namespace: 'cozy-fluxcd', releaseName: 'flux-plunger' } },
      ] },
    ],
  },
  {
    name: 'cozystack.flux-shard-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.cert-manager', 'cozystack.cozystack-engine'], components: [
        { name: 'flux-shard-operator', path: 'system/flux-shard-operator', install: { namespace: 'cozy-fluxcd', releaseName: 'flux-shard-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.foundationdb-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.foundationdb-operator', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'foundationdb', path: 'apps/foundationdb', libraries: ['cozy-lib'] },
        { name: 'foundationdb-rd', path: 'system/foundationdb-rd', install: { namespace: 'cozy-system', releaseName: 'foundationdb-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.foundationdb-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager'], components: [
        { name: 'foundationdb-operator', path: 'system/foundationdb-operator', install: { namespace: 'cozy-foundationdb-operator', releaseName: 'foundationdb-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.gateway-api-crds',
    variants: [
      { name: 'default', dependsOn: [], components: [
        { name: 'gateway-api-crds', path: 'system/gateway-api-crds', install: { namespace: 'cozy-gateway-api', releaseName: 'gateway-api-crds' } },
      ] },
    ],
  },
  {
    name: 'cozystack.gateway-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.gateway-api-crds', 'cozystack.cert-manager', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'gateway', path: 'extra/gateway', libraries: ['cozy-lib'] },
      ] },
    ],
  },
  {
    name: 'cozystack.goldpinger',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds'], components: [
        { name: 'goldpinger', path: 'system/goldpinger', install: { privileged: true, namespace: 'cozy-goldpinger', releaseName: 'goldpinger' } },
      ] },
    ],
  },
  {
    name: 'cozystack.gpu-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'gpu-operator', path: 'system/gpu-operator', valuesFiles: ['values.yaml', 'values-passthrough.yaml'], install: { privileged: true, namespace: 'cozy-gpu-operator', releaseName: 'gpu-operator' } },
      ] },
      { name: 'vgpu', dependsOn: ['cozystack.networking'], components: [
        { name: 'gpu-operator', path: 'system/gpu-operator', valuesFiles: ['values.yaml', 'values-vgpu.yaml'], install: { privileged: true, namespace: 'cozy-gpu-operator', releaseName: 'gpu-operator' } },
      ] },
      { name: 'container', dependsOn: ['cozystack.networking'], components: [
        { name: 'gpu-operator', path: 'system/gpu-operator', valuesFiles: ['values.yaml', 'values-container.yaml'], install: { privileged: true, namespace: 'cozy-gpu-operator', releaseName: 'gpu-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.grafana-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'grafana-operator', path: 'system/grafana-operator', install: { namespace: 'cozy-grafana-operator', releaseName: 'grafana-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.hami',
    variants: [
      { name: 'default', dependsOn: ['cozystack.gpu-operator'], components: [
        { name: 'hami', path: 'system/hami', valuesFiles: ['values.yaml'], install: { privileged: true, namespace: 'cozy-hami', releaseName: 'hami' } },
      ] },
    ],
  },
  {
    name: 'cozystack.harbor-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.postgres-operator', 'cozystack.redis-operator', 'cozystack.objectstorage-controller', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'harbor-system', path: 'system/harbor' },
        { name: 'harbor', path: 'apps/harbor', libraries: ['cozy-lib'] },
        { name: 'harbor-rd', path: 'system/harbor-rd', install: { namespace: 'cozy-system', releaseName: 'harbor-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.hetzner-robotlb',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'hetzner-robotlb', path: 'system/hetzner-robotlb', install: { namespace: 'cozy-hetzner-robotlb', releaseName: 'robotlb' } },
      ] },
    ],
  },
  {
    name: 'cozystack.http-cache-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'http-cache', path: 'apps/http-cache', libraries: ['cozy-lib'] },
        { name: 'http-cache-rd', path: 'system/http-cache-rd', install: { namespace: 'cozy-system', releaseName: 'http-cache-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.info-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'info', path: 'extra/info', libraries: ['cozy-lib'] },
        { name: 'info-rd', path: 'system/info-rd', install: { namespace: 'cozy-system', releaseName: 'info-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.ingress-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'ingress-system', path: 'system/ingress-nginx' },
        { name: 'ingress', path: 'extra/ingress', libraries: ['cozy-lib'] },
        { name: 'ingress-rd', path: 'system/ingress-rd', install: { namespace: 'cozy-system', releaseName: 'ingress-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.ingress-nginx',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds', 'cozystack.cert-manager'], components: [
        { name: 'ingress-nginx', path: 'system/ingress-nginx', install: { namespace: 'cozy-ingress-nginx', releaseName: 'ingress-nginx' } },
      ] },
    ],
  },
  {
    name: 'cozystack.kafka-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.kafka-operator', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'kafka', path: 'apps/kafka', libraries: ['cozy-lib'] },
        { name: 'kafka-rd', path: 'system/kafka-rd', install: { namespace: 'cozy-system', releaseName: 'kafka-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.kafka-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds'], components: [
        { name: 'kafka-operator', path: 'system/kafka-operator', install: { namespace: 'cozy-kafka-operator', releaseName: 'kafka-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.kamaji',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager'], components: [
        { name: 'kamaji', path: 'system/kamaji', install: { namespace: 'cozy-kamaji', releaseName: 'kamaji' } },
      ] },
    ],
  },
  {
    name: 'cozystack.keycloak-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.keycloak'], components: [
        { name: 'keycloak-operator', path: 'system/keycloak-operator', install: { namespace: 'cozy-keycloak', releaseName: 'keycloak-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.keycloak',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.postgres-operator'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'keycloak', path: 'system/keycloak', libraries: ['cozy-lib'], install: { namespace: 'cozy-keycloak', releaseName: 'keycloak' } },
      ] },
    ],
  },
  {
    name: 'cozystack.kubeovn-plunger',
    variants: [
      { name: 'default', dependsOn: ['cozystack.cert-manager', 'cozystack.networking', 'cozystack.victoria-metrics-operator'], components: [
        { name: 'kubeovn-plunger', path: 'system/kubeovn-plunger', install: { namespace: 'cozy-kubeovn', releaseName: 'kubeovn-plunger' } },
      ] },
    ],
  },
  {
    name: 'cozystack.kubeovn-webhook',
    variants: [
      { name: 'default', dependsOn: ['cozystack.cert-manager'], components: [
        { name: 'kubeovn-webhook', path: 'system/kubeovn-webhook', install: { privileged: true, namespace: 'cozy-kubeovn', releaseName: 'kubeovn-webhook' } },
      ] },
    ],
  },
  {
    name: 'cozystack.kubernetes-application',
    variants: [
      { name: 'kubevirt', dependsOn: ['cozystack.networking', 'cozystack.capi-operator', 'cozystack.capi-provider-bootstrap-kubeadm', 'cozystack.capi-provider-core', 'cozystack.capi-provider-cp-kamaji', 'cozystack.capi-provider-infra-kubevirt', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'kubernetes-ingress-nginx', path: 'system/ingress-nginx' },
        { name: 'kubernetes-cert-manager-crds', path: 'system/cert-manager-crds' },
        { name: 'kubernetes-volumesnapshot-crd', path: 'system/vsnap-crd' },
        { name: 'kubernetes-velero', path: 'system/velero' },
        { name: 'kubernetes-gateway-api-crds', path: 'system/gateway-api-crds' },
        { name: 'kubernetes-victoria-metrics-operator', path: 'system/victoria-metrics-operator' },
        { name: 'kubernetes-kubevirt-csi-node', path: 'system/kubevirt-csi-node' },
        { name: 'kubernetes-vertical-pod-autoscaler-crds', path: 'system/vertical-pod-autoscaler-crds' },
        { name: 'kubernetes-coredns', path: 'system/coredns' },
        { name: 'kubernetes-cert-manager', path: 'system/cert-manager' },
        { name: 'kubernetes-fluxcd-operator', path: 'system/fluxcd-operator' },
        { name: 'kubernetes-fluxcd', path: 'system/fluxcd' },
        { name: 'kubernetes-monitoring-agents', path: 'system/monitoring-agents' },
        { name: 'kubernetes-cilium', path: 'system/cilium' },
        { name: 'kubernetes-gpu-operator', path: 'system/gpu-operator' },
        { name: 'kubernetes-hami', path: 'system/hami' },
        { name: 'kubernetes-vertical-pod-autoscaler', path: 'system/vertical-pod-autoscaler' },
        { name: 'kubernetes-prometheus-operator-crds', path: 'system/prometheus-operator-crds' },
        { name: 'kubernetes-metrics-server', path: 'system/metrics-server' },
        { name: 'kubernetes-ouroboros', path: 'system/ouroboros' },
        { name: 'kubernetes', path: 'apps/kubernetes', libraries: ['cozy-lib'] },
        { name: 'kubernetes-rd', path: 'system/kubernetes-rd', install: { namespace: 'cozy-system', releaseName: 'kubernetes-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.kubernetes-nodes-application',
    variants: [
      { name: 'kubevirt', dependsOn: ['cozystack.networking', 'cozystack.capi-operator', 'cozystack.capi-provider-bootstrap-kubeadm', 'cozystack.capi-provider-core', 'cozystack.capi-provider-cp-kamaji', 'cozystack.capi-provider-infra-kubevirt', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'kubernetes-nodes', path: 'apps/kubernetes-nodes', libraries: ['cozy-lib'] },
        { name: 'kubernetes-nodes-rd', path: 'system/kubernetes-nodes-rd', install: { namespace: 'cozy-system', releaseName: 'kubernetes-nodes-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.kuberture',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds'], components: [
        { name: 'kuberture', path: 'system/kuberture', install: { namespace: 'cozy-kuberture', releaseName: 'kuberture' } },
      ] },
    ],
  },
  {
    name: 'cozystack.kubevirt-cdi',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-basics'], components: [
        { name: 'kubevirt-cdi-operator', path: 'system/kubevirt-cdi-operator', install: { namespace: 'cozy-kubevirt-cdi', releaseName: 'kubevirt-cdi-operator' } },
        { name: 'kubevirt-cdi', path: 'system/kubevirt-cdi', install: { namespace: 'cozy-kubevirt-cdi', releaseName: 'kubevirt-cdi', dependsOn: ['kubevirt-cdi-operator'] } },
      ] },
    ],
  },
  {
    name: 'cozystack.kubevirt',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds'], components: [
        { name: 'kubevirt-operator', path: 'system/kubevirt-operator', install: { namespace: 'cozy-kubevirt', releaseName: 'kubevirt-operator' } },
        { name: 'kubevirt', path: 'system/kubevirt', install: { privileged: true, namespace: 'cozy-kubevirt', releaseName: 'kubevirt', dependsOn: ['kubevirt-operator'] } },
        { name: 'kubevirt-instancetypes', path: 'system/kubevirt-instancetypes', install: { namespace: 'cozy-kubevirt', releaseName: 'kubevirt-instancetypes', dependsOn: ['kubevirt-operator', 'kubevirt'] } },
      ] },
    ],
  },
  {
    name: 'cozystack.linstor-gui',
    variants: [
      { name: 'default', dependsOn: ['cozystack.linstor'], components: [
        { name: 'linstor-gui', path: 'system/linstor-gui', install: { namespace: 'cozy-linstor', releaseName: 'linstor-gui' } },
      ] },
    ],
  },
  {
    name: 'cozystack.linstor-scheduler',
    variants: [
      { name: 'default', dependsOn: ['cozystack.linstor', 'cozystack.cert-manager'], components: [
        { name: 'linstor-scheduler', path: 'system/linstor-scheduler', install: { namespace: 'cozy-linstor', releaseName: 'linstor-scheduler' } },
      ] },
    ],
  },
  {
    name: 'cozystack.linstor',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager', 'cozystack.victoria-metrics-operator', 'cozystack.reloader', 'cozystack.snapshot-controller'], components: [
        { name: 'piraeus-operator-crds', path: 'system/piraeus-operator-crds', install: { privileged: true, namespace: 'cozy-linstor', releaseName: 'piraeus-operator-crds' } },
        { name: 'piraeus-operator', path: 'system/piraeus-operator', install: { namespace: 'cozy-linstor', releaseName: 'piraeus-operator', dependsOn: ['piraeus-operator-crds'] } },
        { name: 'linstor', path: 'system/linstor', install: { privileged: true, namespace: 'cozy-linstor', releaseName: 'linstor', dependsOn: ['piraeus-operator'] } },
      ] },
    ],
  },
  {
    name: 'cozystack.local-ccm',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'local-ccm', path: 'system/local-ccm', install: { privileged: true, namespace: 'cozy-local-ccm', releaseName: 'local-ccm' } },
      ] },
    ],
  },
  {
    name: 'cozystack.mariadb-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.mariadb-operator', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'mariadb', path: 'apps/mariadb', libraries: ['cozy-lib'] },
        { name: 'mariadb-rd', path: 'system/mariadb-rd', install: { namespace: 'cozy-system', releaseName: 'mariadb-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.mariadb-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds', 'cozystack.cert-manager'], components: [
        { name: 'mariadb-operator', path: 'system/mariadb-operator', install: { namespace: 'cozy-mariadb-operator', releaseName: 'mariadb-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.metallb',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'metallb', path: 'system/metallb', install: { privileged: true, namespace: 'cozy-metallb', releaseName: 'metallb' } },
      ] },
    ],
  },
  {
    name: 'cozystack.metrics-server',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds'], components: [
        { name: 'metrics-server', path: 'system/metrics-server', install: { namespace: 'cozy-monitoring', releaseName: 'metrics-server' } },
      ] },
    ],
  },
  {
    name: 'cozystack.mongodb-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'mongodb', path: 'apps/mongodb', libraries: ['cozy-lib'] },
        { name: 'mongodb-rd', path: 'system/mongodb-rd', install: { namespace: 'cozy-system', releaseName: 'mongodb-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.mongodb-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds', 'cozystack.cert-manager'], components: [
        { name: 'mongodb-operator', path: 'system/mongodb-operator', install: { namespace: 'cozy-mongodb-operator', releaseName: 'mongodb-operator', upgradeCRDs: 'CreateReplace' } },
      ] },
    ],
  },
  {
    name: 'cozystack.monitoring-agents',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.metrics-server', 'cozystack.victoria-metrics-operator', 'cozystack.vertical-pod-autoscaler'], components: [
        { name: 'monitoring-agents', path: 'system/monitoring-agents', install: { releaseName: 'monitoring-agents', namespace: 'cozy-monitoring', privileged: true } },
      ] },
    ],
  },
  {
    name: 'cozystack.monitoring-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.postgres-operator', 'cozystack.grafana-operator', 'cozystack.victoria-metrics-operator', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'monitoring-system', path: 'system/monitoring', libraries: ['cozy-lib'] },
        { name: 'monitoring', path: 'extra/monitoring', libraries: ['cozy-lib'] },
        { name: 'monitoring-rd', path: 'system/monitoring-rd', install: { namespace: 'cozy-system', releaseName: 'monitoring-rd' } },
      ] },
      { name: 'oidc', dependsOn: ['cozystack.networking', 'cozystack.postgres-operator', 'cozystack.grafana-operator', 'cozystack.victoria-metrics-operator', 'cozystack.cozystack-engine', 'cozystack.keycloak-operator'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'monitoring-system', path: 'system/monitoring', libraries: ['cozy-lib'] },
        { name: 'monitoring', path: 'extra/monitoring', libraries: ['cozy-lib'] },
        { name: 'monitoring-rd', path: 'system/monitoring-rd', install: { namespace: 'cozy-system', releaseName: 'monitoring-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.monitoring',
    annotations: { 'operator.cozystack.io/skip-cozystack-values': 'true' },
    variants: [
      { name: 'default', dependsOn: ['cozystack.vertical-pod-autoscaler', 'cozystack.networking', 'cozystack.postgres-operator', 'cozystack.grafana-operator', 'cozystack.victoria-metrics-operator', 'cozystack.prometheus-operator-crds'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'monitoring', path: 'system/monitoring', libraries: ['cozy-lib'], install: { privileged: true, namespace: 'cozy-monitoring', releaseName: 'monitoring' } },
        { name: 'vertical-pod-autoscaler', path: 'system/vertical-pod-autoscaler' },
        { name: 'postgres-operator', path: 'system/postgres-operator' },
        { name: 'grafana-operator', path: 'system/grafana-operator' },
        { name: 'victoria-metrics-operator', path: 'system/victoria-metrics-operator' },
        { name: 'prometheus-operator-crds', path: 'system/prometheus-operator-crds' },
      ] },
    ],
  },
  {
    name: 'cozystack.multus',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'multus', path: 'system/multus', install: { privileged: true, namespace: 'cozy-multus', releaseName: 'multus' } },
      ] },
    ],
  },
  {
    name: 'cozystack.nats-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'nats-system', path: 'system/nats' },
        { name: 'nats', path: 'apps/nats', libraries: ['cozy-lib'] },
        { name: 'nats-rd', path: 'system/nats-rd', install: { namespace: 'cozy-system', releaseName: 'nats-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.networking',
    variants: [
      { name: 'noop', components: [] },
      { name: 'cilium', dependsOn: ['cozystack.gateway-api-crds'], components: [
        { name: 'cilium', path: 'system/cilium', valuesFiles: ['values.yaml', 'values-talos.yaml'], install: { privileged: true, namespace: 'cozy-cilium', releaseName: 'cilium', dependsOn: [] } },
        { name: 'cilium-networkpolicy', path: 'system/cilium-networkpolicy', install: { privileged: true, namespace: 'cozy-cilium', releaseName: 'cilium-networkpolicy', dependsOn: ['cilium'] } },
      ] },
      { name: 'cilium-kilo', dependsOn: ['cozystack.gateway-api-crds'], components: [
        { name: 'cilium', path: 'system/cilium', valuesFiles: ['values.yaml', 'values-talos.yaml', 'values-kilo.yaml'], install: { privileged: true, namespace: 'cozy-cilium', releaseName: 'cilium', dependsOn: [] } },
        { name: 'kilo', path: 'system/kilo', valuesFiles: ['values.yaml', 'values-cilium.yaml'], install: { privileged: true, namespace: 'cozy-kilo', releaseName: 'kilo', dependsOn: ['cilium'] } },
      ] },
      { name: 'cilium-generic', dependsOn: ['cozystack.gateway-api-crds'], components: [
        { name: 'cilium', path: 'system/cilium', valuesFiles: ['values.yaml', 'values-apparmor.yaml'], install: { privileged: true, namespace: 'cozy-cilium', releaseName: 'cilium', dependsOn: [] } },
        { name: 'cilium-networkpolicy', path: 'system/cilium-networkpolicy', install: { privileged: true, namespace: 'cozy-cilium', releaseName: 'cilium-networkpolicy', dependsOn: ['cilium'] } },
      ] },
      { name: 'kubeovn-cilium', dependsOn: ['cozystack.gateway-api-crds'], components: [
        { name: 'cilium', path: 'system/cilium', valuesFiles: ['values.yaml', 'values-talos.yaml', 'values-kubeovn.yaml'], install: { privileged: true, namespace: 'cozy-cilium', releaseName: 'cilium', dependsOn: [] } },
        { name: 'cilium-networkpolicy', path: 'system/cilium-networkpolicy', install: { privileged: true, namespace: 'cozy-cilium', releaseName: 'cilium-networkpolicy', dependsOn: ['cilium'] } },
        { name: 'kubeovn', path: 'system/kubeovn', install: { privileged: true, namespace: 'cozy-kubeovn', releaseName: 'kubeovn', dependsOn: ['cilium'] } },
      ] },
      { name: 'kubeovn-cilium-generic', dependsOn: ['cozystack.gateway-api-crds'], components: [
        { name: 'cilium', path: 'system/cilium', valuesFiles: ['values.yaml', 'values-apparmor.yaml', 'values-kubeovn.yaml'], install: { privileged: true, namespace: 'cozy-cilium', releaseName: 'cilium', dependsOn: [] } },
        { name: 'cilium-networkpolicy', path: 'system/cilium-networkpolicy', install: { privileged: true, namespace: 'cozy-cilium', releaseName: 'cilium-networkpolicy', dependsOn: ['cilium'] } },
        { name: 'kubeovn', path: 'system/kubeovn', install: { privileged: true, namespace: 'cozy-kubeovn', releaseName: 'kubeovn', dependsOn: ['cilium'] } },
      ] },
    ],
  },
  {
    name: 'cozystack.nfs-driver',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'nfs-driver', path: 'system/nfs-driver', install: { privileged: true, namespace: 'cozy-nfs-driver', releaseName: 'nfs-driver' } },
      ] },
    ],
  },
  {
    name: 'cozystack.objectstorage-controller',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'objectstorage-controller', path: 'system/objectstorage-controller', install: { namespace: 'cozy-objectstorage-controller', releaseName: 'objectstorage-controller' } },
      ] },
    ],
  },
  {
    name: 'cozystack.openbao-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'openbao-system', path: 'system/openbao' },
        { name: 'openbao', path: 'apps/openbao', libraries: ['cozy-lib'] },
        { name: 'openbao-rd', path: 'system/openbao-rd', install: { namespace: 'cozy-system', releaseName: 'openbao-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.opensearch-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.opensearch-operator', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'opensearch', path: 'apps/opensearch', libraries: ['cozy-lib'] },
        { name: 'opensearch-rd', path: 'system/opensearch-rd', install: { namespace: 'cozy-system', releaseName: 'opensearch-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.opensearch-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds'], components: [
        { name: 'opensearch-operator', path: 'system/opensearch-operator', install: { namespace: 'cozy-opensearch-operator', releaseName: 'opensearch-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.ouroboros',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.ingress-application'], components: [
        { name: 'ouroboros', path: 'system/ouroboros', install: { namespace: 'cozy-ouroboros', releaseName: 'ouroboros' } },
      ] },
    ],
  },
  {
    name: 'cozystack.postgres-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.postgres-operator', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'postgres', path: 'apps/postgres', libraries: ['cozy-lib'] },
        { name: 'postgres-rd', path: 'system/postgres-rd', install: { namespace: 'cozy-system', releaseName: 'postgres-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.postgres-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.prometheus-operator-crds', 'cozystack.cert-manager'], components: [
        { name: 'postgres-operator', path: 'system/postgres-operator', install: { namespace: 'cozy-postgres-operator', releaseName: 'postgres-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.prometheus-operator-crds',
    variants: [
      { name: 'default', dependsOn: [], components: [
        { name: 'prometheus-operator-crds', path: 'system/prometheus-operator-crds', install: { namespace: 'cozy-victoria-metrics-operator', releaseName: 'prometheus-operator-crds' } },
      ] },
    ],
  },
  {
    name: 'cozystack.qdrant-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'qdrant-system', path: 'system/qdrant' },
        { name: 'qdrant', path: 'apps/qdrant', libraries: ['cozy-lib'] },
        { name: 'qdrant-rd', path: 'system/qdrant-rd', install: { namespace: 'cozy-system', releaseName: 'qdrant-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.rabbitmq-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.rabbitmq-operator', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'rabbitmq', path: 'apps/rabbitmq', libraries: ['cozy-lib'] },
        { name: 'rabbitmq-rd', path: 'system/rabbitmq-rd', install: { namespace: 'cozy-system', releaseName: 'rabbitmq-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.rabbitmq-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager'], components: [
        { name: 'rabbitmq-operator', path: 'system/rabbitmq-operator', install: { namespace: 'cozy-rabbitmq-operator', releaseName: 'rabbitmq-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.redis-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.redis-operator', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'redis', path: 'apps/redis', libraries: ['cozy-lib'] },
        { name: 'redis-rd', path: 'system/redis-rd', install: { namespace: 'cozy-system', releaseName: 'redis-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.redis-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'redis-operator', path: 'system/redis-operator', install: { namespace: 'cozy-redis-operator', releaseName: 'redis-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.reloader',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'reloader', path: 'system/reloader', install: { namespace: 'cozy-reloader', releaseName: 'reloader' } },
      ] },
    ],
  },
  {
    name: 'cozystack.seaweedfs-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'seaweedfs-db', path: 'system/seaweedfs-db' },
        { name: 'seaweedfs-system', path: 'system/seaweedfs' },
        { name: 'seaweedfs', path: 'extra/seaweedfs', libraries: ['cozy-lib'] },
        { name: 'seaweedfs-rd', path: 'system/seaweedfs-rd', install: { namespace: 'cozy-system', releaseName: 'seaweedfs-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.securitygroup-controller',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'securitygroup-controller', path: 'system/securitygroup-controller', install: { privileged: true, namespace: 'cozy-securitygroup-controller', releaseName: 'securitygroup-controller' } },
      ] },
    ],
  },
  {
    name: 'cozystack.snapshot-controller',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager'], components: [
        { name: 'snapshot-controller', path: 'system/snapshot-controller', install: { namespace: 'cozy-snapshot-controller', releaseName: 'snapshot-controller' } },
      ] },
    ],
  },
  {
    name: 'cozystack.tcp-balancer-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'tcp-balancer', path: 'apps/tcp-balancer', libraries: ['cozy-lib'] },
        { name: 'tcp-balancer-rd', path: 'system/tcp-balancer-rd', install: { namespace: 'cozy-system', releaseName: 'tcp-balancer-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.telepresence',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking'], components: [
        { name: 'telepresence', path: 'system/telepresence', install: { namespace: 'cozy-telepresence', releaseName: 'traffic-manager' } },
      ] },
    ],
  },
  {
    name: 'cozystack.tenant-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.ingress-application', 'cozystack.gateway-application', 'cozystack.seaweedfs-application', 'cozystack.info-application', 'cozystack.monitoring-application', 'cozystack.etcd-application', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'tenant', path: 'apps/tenant', libraries: ['cozy-lib'] },
        { name: 'tenant-rd', path: 'system/tenant-rd', install: { namespace: 'cozy-system', releaseName: 'tenant-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.velero',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.monitoring-agents'], components: [
        { name: 'velero', path: 'system/velero', install: { privileged: true, namespace: 'cozy-velero', releaseName: 'velero', upgradeCRDs: 'CreateReplace' } },
      ] },
    ],
  },
  {
    name: 'cozystack.vertical-pod-autoscaler',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager'], components: [
        { name: 'vertical-pod-autoscaler-crds', path: 'system/vertical-pod-autoscaler-crds', install: { privileged: true, namespace: 'cozy-vertical-pod-autoscaler', releaseName: 'vertical-pod-autoscaler-crds' } },
        { name: 'vpa-for-vpa', path: 'system/vertical-pod-autoscaler' },
        { name: 'vertical-pod-autoscaler', path: 'system/vertical-pod-autoscaler', install: { privileged: true, namespace: 'cozy-vertical-pod-autoscaler', releaseName: 'vertical-pod-autoscaler', dependsOn: ['vertical-pod-autoscaler-crds'] } },
      ] },
    ],
  },
  {
    name: 'cozystack.victoria-metrics-operator',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cert-manager'], components: [
        { name: 'victoria-metrics-operator', path: 'system/victoria-metrics-operator', install: { namespace: 'cozy-victoria-metrics-operator', releaseName: 'victoria-metrics-operator' } },
      ] },
    ],
  },
  {
    name: 'cozystack.virtualprivatecloud-application',
    variants: [
      { name: 'kubevirt', dependsOn: ['cozystack.networking', 'cozystack.multus', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'virtualprivatecloud', path: 'apps/vpc', libraries: ['cozy-lib'] },
        { name: 'virtualprivatecloud-rd', path: 'system/virtualprivatecloud-rd', install: { namespace: 'cozy-system', releaseName: 'virtualprivatecloud-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.vm-default-images',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.kubevirt-cdi'], components: [
        { name: 'vm-default-images', path: 'system/vm-default-images', install: { namespace: 'cozy-system', releaseName: 'vm-default-images' } },
      ] },
    ],
  },
  {
    name: 'cozystack.vm-disk-application',
    variants: [
      { name: 'kubevirt', dependsOn: ['cozystack.networking', 'cozystack.kubevirt-cdi', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'vm-disk', path: 'apps/vm-disk', libraries: ['cozy-lib'] },
        { name: 'vm-disk-rd', path: 'system/vm-disk-rd', install: { namespace: 'cozy-system', releaseName: 'vm-disk-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.vm-instance-application',
    variants: [
      { name: 'kubevirt', dependsOn: ['cozystack.networking', 'cozystack.kubevirt', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'vm-instance', path: 'apps/vm-instance', libraries: ['cozy-lib'] },
        { name: 'vm-instance-rd', path: 'system/vm-instance-rd', install: { namespace: 'cozy-system', releaseName: 'vm-instance-rd' } },
      ] },
    ],
  },
  {
    name: 'cozystack.vpn-application',
    variants: [
      { name: 'default', dependsOn: ['cozystack.networking', 'cozystack.cozystack-engine'], libraries: [{ name: 'cozy-lib', path: 'library/cozy-lib' }], components: [
        { name: 'vpn', path: 'apps/vpn', libraries: ['cozy-lib'] },
        { name: 'vpn-rd', path: 'system/vpn-rd', install: { namespace: 'cozy-system', releaseName: 'vpn-rd' } },
      ] },
    ],
  },
];
