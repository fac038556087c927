// The data-service operators the PaaS apps run on, and secret operators.

import type { ComponentSpec } from '../component.ts';
import { clickhouseOperatorCrds } from '../crds/clickhouse-operator.ts';
import { clustersecretOperatorCrds } from '../crds/clustersecret-operator.ts';
import { etcdOperatorCrdsCrds } from '../crds/etcd-operator-crds.ts';
import { externalSecretsOperatorCrds } from '../crds/external-secrets-operator.ts';
import { foundationdbOperatorCrds } from '../crds/foundationdb-operator.ts';
import { kafkaOperatorCrds } from '../crds/kafka-operator.ts';
import { mariadbOperatorCrds } from '../crds/mariadb-operator.ts';
import { mongodbOperatorCrds } from '../crds/mongodb-operator.ts';
import { opensearchOperatorCrds } from '../crds/opensearch-operator.ts';
import { postgresOperatorCrds } from '../crds/postgres-operator.ts';
import { rabbitmqOperatorCrds } from '../crds/rabbitmq-operator.ts';
import { redisOperatorCrds } from '../crds/redis-operator.ts';
import { deploy } from './shorthand.ts';

const sidecar = (name: string, image: string) => ({ name, image, requests: { cpu: '5m', memory: '16Mi' } });

export const operatorComponents: ComponentSpec[] = [
  { path: 'system/postgres-operator', chart: 'cozy-postgres-operator', upstream: { name: 'cloudnative-pg', version: '0.27.1', appVersion: '1.28.2' }, crds: postgresOperatorCrds,
    workloads: [
      deploy('{release}-cloudnative-pg', 'ghcr.io/cloudnative-pg/cloudnative-pg:1.28.2', { container: 'manager', service: { name: 'cnpg-webhook-service', ports: [{ name: 'webhook-server', port: 443, targetPort: 9443 }] } }),
      deploy('{release}-plugin-barman-cloud', 'ghcr.io/cloudnative-pg/plugin-barman-cloud:v0.13.0', { container: 'barman-cloud', selector: { 'app.kubernetes.io/name': 'plugin-barman-cloud', 'app.kubernetes.io/instance': '{release}' },
        labels: { 'app.kubernetes.io/name': 'plugin-barman-cloud', 'helm.sh/chart': 'plugin-barman-cloud-0.7.0', 'app.kubernetes.io/version': 'v0.13.0' } }),
    ] },
  { path: 'system/mariadb-operator', chart: 'cozy-mariadb-operator', upstream: { name: 'mariadb-operator', version: '25.10.2', appVersion: '25.10.2' }, crds: mariadbOperatorCrds,
    workloads: [
      deploy('{fullname}', 'docker-registry3.mariadb.com/mariadb-operator/mariadb-operator:25.10.2', { container: 'controller' }),
      deploy('{fullname}-webhook', 'docker-registry3.mariadb.com/mariadb-operator/mariadb-operator:25.10.2', { container: 'webhook', selector: { 'app.kubernetes.io/name': 'mariadb-operator-webhook', 'app.kubernetes.io/instance': '{release}' }, labels: { 'app.kubernetes.io/name': 'mariadb-operator-webhook' }, service: { ports: [{ port: 443, targetPort: 9443 }] } }),
      deploy('{fullname}-cert-controller', 'docker-registry3.mariadb.com/mariadb-operator/mariadb-operator:25.10.2', { container: 'cert-controller', selector: { 'app.kubernetes.io/name': 'mariadb-operator-cert-controller', 'app.kubernetes.io/instance': '{release}' }, labels: { 'app.kubernetes.io/name': 'mariadb-operator-cert-controller' } }),
    ] },
  { path: 'system/mongodb-operator', chart: 'cozy-mongodb-operator', upstream: { name: 'psmdb-operator', version: '1.22.0', appVersion: '1.22.0' }, crds: mongodbOperatorCrds,
    workloads: [deploy('{fullname}', 'percona/percona-server-mongodb-operator:1.22.0', { container: 'psmdb-operator' })] },
  { path: 'system/redis-operator', chart: 'cozy-redis-operator', upstream: { name: 'redis-operator', version: '3.3.0', appVersion: '1.3.0' }, crds: redisOperatorCrds,
    workloads: [deploy('{fullname}', 'ghcr.io/cozystack/cozystack/redis-operator:v1.3.0-rc1', { container: 'redis-operator' })] },
  { path: 'system/rabbitmq-operator', chart: 'cozy-rabbitmq-operator', crds: rabbitmqOperatorCrds,
    workloads: [
      deploy('rabbitmq-cluster-operator', 'rabbitmqoperator/cluster-operator:2.9.0', { container: 'operator', selector: { 'app.kubernetes.io/name': 'rabbitmq-cluster-operator' },
        labels: { 'app.kubernetes.io/name': 'rabbitmq-cluster-operator', 'app.kubernetes.io/component': 'rabbitmq-operator', 'app.kubernetes.io/part-of': 'rabbitmq' } }),
      deploy('messaging-topology-operator', 'rabbitmqoperator/messaging-topology-operator:1.14.2', { container: 'manager', selector: { 'app.kubernetes.io/name': 'messaging-topology-operator' },
        labels: { 'app.kubernetes.io/name': 'messaging-topology-operator', 'app.kubernetes.io/component': 'rabbitmq-operator', 'app.kubernetes.io/part-of': 'rabbitmq' },
        service: { name: 'webhook-service', ports: [{ port: 443, targetPort: 9443 }] } }),
    ] },
  { path: 'system/kafka-operator', chart: 'cozy-kafka-operator', upstream: { name: 'strimzi-kafka-operator', version: '0.45.1-rc1', appVersion: '0.45.1-rc1' }, crds: kafkaOperatorCrds,
    workloads: [deploy('strimzi-cluster-operator', 'quay.io/strimzi/operator:0.45.1-rc1', { selector: { name: 'strimzi-cluster-operator', 'strimzi.io/kind': 'cluster-operator' }, labels: { name: 'strimzi-cluster-operator', 'strimzi.io/kind': 'cluster-operator' } })] },
  { path: 'system/clickhouse-operator', chart: 'cozy-clickhouse-operator', upstream: { name: 'altinity-clickhouse-operator', version: '0.25.2', appVersion: '0.25.2' }, crds: clickhouseOperatorCrds,
    workloads: [deploy('{fullname}', 'altinity/clickhouse-operator:0.25.2', { containers: [
      { name: 'altinity-clickhouse-operator', image: 'altinity/clickhouse-operator:0.25.2' },
      sidecar('metrics-exporter', 'altinity/metrics-exporter:0.25.2'),
    ] })] },
  { path: 'system/foundationdb-operator', chart: 'cozy-foundationdb-operator', upstream: { name: 'fdb-operator', version: '0.3.0', appVersion: 'v2.30.0' }, crds: foundationdbOperatorCrds,
    workloads: [deploy('{fullname}', 'foundationdb/fdb-kubernetes-operator:v2.30.0', { container: 'manager', initContainers: [
      sidecar('foundationdb-kubernetes-init-7-1', 'foundationdb/fdb-kubernetes-monitor:7.1.67'),
      sidecar('foundationdb-kubernetes-init-7-3', 'foundationdb/fdb-kubernetes-monitor:7.3.63'),
    ] })] },
  { path: 'system/opensearch-operator', chart: 'cozy-opensearch-operator', upstream: { name: 'opensearch-operator', version: '2.8.0', appVersion: '2.8.0' }, crds: opensearchOperatorCrds,
    workloads: [deploy('{fullname}-controller-manager', 'opensearchproject/opensearch-operator:2.8.0', { selector: { 'control-plane': 'controller-manager' }, labels: { 'control-plane': 'controller-manager' }, containers: [
      { name: 'operator-controller-manager', image: 'opensearchproject/opensearch-operator:2.8.0' },
      sidecar('kube-rbac-proxy', 'quay.io/brancz/kube-rbac-proxy:v0.15.0'),
    ] })] },
  { path: 'system/etcd-operator-crds', chart: 'cozy-etcd-operator-crds', crds: etcdOperatorCrdsCrds },
  { path: 'system/etcd-operator', chart: 'cozy-etcd-operator', values: { replicaCount: 1 },
    workloads: [deploy('etcd-operator-controller-manager', 'ghcr.io/cozystack/etcd-operator:v0.5.4', { container: 'manager', replicasValue: 'replicaCount',
      selector: { 'app.kubernetes.io/name': 'etcd-operator', 'app.kubernetes.io/instance': '{release}', 'control-plane': 'controller-manager' }, labels: { 'app.kubernetes.io/name': 'etcd-operator', 'control-plane': 'controller-manager' },
      service: { name: 'etcd-operator-webhook-service', ports: [{ port: 443, targetPort: 9443 }] } })] },
  { path: 'system/clustersecret-operator', chart: 'cozy-clustersecret-operator', upstream: { name: 'clustersecret-operator', version: '0.3.68', appVersion: 'v0.3.68' }, crds: clustersecretOperatorCrds,
    workloads: [
      deploy('{fullname}-controller', 'ghcr.io/sap/clustersecret-operator/controller:v0.3.68', { container: 'controller', component: 'controller' }),
      deploy('{fullname}-webhook', 'ghcr.io/sap/clustersecret-operator/webhook:v0.3.68', { container: 'webhook', component: 'webhook', service: { ports: [{ name: 'https', port: 443, targetPort: 2443 }] } }),
    ] },
  { path: 'system/external-secrets-operator', chart: 'cozy-external-secrets-operator', upstream: { name: 'external-secrets', version: '0.10.4', appVersion: 'v0.10.4' }, crds: externalSecretsOperatorCrds,
    workloads: [
      deploy('{fullname}', 'oci.external-secrets.io/external-secrets/external-secrets:v0.10.4', { container: 'external-secrets' }),
      deploy('{fullname}-cert-controller', 'oci.external-secrets.io/external-secrets/external-secrets:v0.10.4', { container: 'cert-controller', selector: { 'app.kubernetes.io/name': 'external-secrets-cert-controller', 'app.kubernetes.io/instance': '{release}' }, labels: { 'app.kubernetes.io/name': 'external-secrets-cert-controller' } }),
      deploy('{fullname}-webhook', 'oci.external-secrets.io/external-secrets/external-secrets:v0.10.4', { container: 'webhook', selector: { 'app.kubernetes.io/name': 'external-secrets-webhook', 'app.kubernetes.io/instance': '{release}' }, labels: { 'app.kubernetes.io/name': 'external-secrets-webhook' }, service: { ports: [{ name: 'webhook', port: 443, targetPort: 10250 }] } }),
    ] },
];
