// The `<app>-rd` charts (packages/system/<app>-rd): each renders its app's ApplicationDefinition
// (every file of its cozyrds/), and nothing else.

import type { KubeObject } from '../../../machinery/object.ts';
import { ChartRenderError, type Chart } from '../chart.ts';
import { applicationDefinitions, type ApplicationDefinitionSource } from './definitions/index.ts';

/** The apps that have an rd chart in Cozystack 1.6.2, by the chart's name without `-rd`. */
export const RD_APPS = [
  'bootbox', 'bucket', 'clickhouse', 'etcd', 'external-dns', 'foundationdb', 'harbor', 'http-cache', 'info', 'ingress', 'kafka',
  'kubernetes-nodes', 'kubernetes', 'mariadb', 'mongodb', 'monitoring', 'nats', 'openbao', 'opensearch', 'postgres', 'qdrant',
  'rabbitmq', 'redis', 'seaweedfs', 'tcp-balancer', 'tenant', 'virtualprivatecloud', 'vm-disk', 'vm-instance', 'vpn',
] as const;

export function rdChart(app: string, definitions: ReadonlyMap<string, ApplicationDefinitionSource> = applicationDefinitions): Chart {
  const name = `${app}-rd`;
  return {
    path: `system/${name}`,
    name,
    version: '0.0.0',
    values: {},
    render(): KubeObject[] {
      const source = definitions.get(app);
      if (!source) return [];
      const definition = source();
      if (definition.apiVersion !== 'cozystack.io/v1alpha1' || definition.kind !== 'ApplicationDefinition' || !definition.metadata?.name) {
        throw new ChartRenderError(`${name}: the definition of ${app} is not a cozystack.io/v1alpha1 ApplicationDefinition with a name`);
      }
      // Rendered verbatim, as `.Files.Get` puts the cozyrds file in the manifest.
      return [definition];
    },
  };
}

export const rdCharts: Chart[] = RD_APPS.map((app) => rdChart(app));
