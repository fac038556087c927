// templates/bundles/paas.yaml and naas.yaml: the database/queue operators with their application
// packages, and the network services. Both need one of the isp-* system variants.

import type { Values } from '../../../chart.ts';
import type { PackageList } from '../packages.ts';
import { dig, templateFail, truthy } from '../template.ts';

const ISP_VARIANTS = ['isp-full', 'isp-full-generic', 'isp-hosted'];

const PAAS_PACKAGES = [
  'cozystack.mariadb-operator',
  'cozystack.kafka-operator',
  'cozystack.clickhouse-operator',
  'cozystack.foundationdb-operator',
  'cozystack.rabbitmq-operator',
  'cozystack.redis-operator',
  'cozystack.mongodb-operator',
  'cozystack.opensearch-operator',
  'cozystack.clickhouse-application',
  'cozystack.foundationdb-application',
  'cozystack.harbor-application',
  'cozystack.kafka-application',
  'cozystack.mariadb-application',
  'cozystack.mongodb-application',
  'cozystack.nats-application',
  'cozystack.openbao-application',
  'cozystack.opensearch-application',
  'cozystack.postgres-application',
  'cozystack.qdrant-application',
  'cozystack.rabbitmq-application',
  'cozystack.redis-application',
];

const NAAS_PACKAGES = ['cozystack.http-cache-application', 'cozystack.tcp-balancer-application', 'cozystack.vpn-application'];

export function paasBundle(values: Values, pkgs: PackageList): void {
  ispBundle(values, pkgs, 'paas', PAAS_PACKAGES);
}

export function naasBundle(values: Values, pkgs: PackageList): void {
  ispBundle(values, pkgs, 'naas', NAAS_PACKAGES);
}

function ispBundle(values: Values, pkgs: PackageList, bundle: 'paas' | 'naas', names: string[]): void {
  if (!truthy(dig(values, 'bundles', bundle, 'enabled'))) return;
  if (!ISP_VARIANTS.includes(dig(values, 'bundles', 'system', 'variant') as string)) {
    throw templateFail(
      `bundles/${bundle}.yaml`,
      2,
      `bundles.${bundle}.enabled can only be true when bundles.system.variant is 'isp-full', 'isp-full-generic', or 'isp-hosted'`,
    );
  }
  for (const name of names) pkgs.add(name);
}
