// For cozystack-api's unit tests: a started in-process API server with the HelmRelease and
// ApplicationDefinition CRDs, cozystack-api following definitions, and a Tenant-like definition.

import type { ApiServer } from '../../apiserver/api-server.ts';
import { INTERNAL_USER } from '../../apiserver/auth/user.ts';
import type { WriteContext } from '../../apiserver/registry/context.ts';
import { FakeClock, InformerFactory, type KubeClient } from '../../controller/index.ts';
import { newTestClient, newTestServer } from '../../controller/test-server.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { applicationDefinitionCrd } from '../charts/system/crds/application-definition.ts';
import { fluxCRDs } from '../flux/crds.ts';
import { startCozystackApi, type RunningCozystackApi } from './index.ts';

export interface ApiTestEnv {
  server: ApiServer;
  client: KubeClient;
  api: RunningCozystackApi['api'];
  stop(): Promise<void>;
}

export const TENANT_SCHEMA = {
  title: 'Chart Values',
  type: 'object',
  properties: {
    etcd: { description: 'Deploy own Etcd cluster.', type: 'boolean', default: false },
    host: { description: 'The hostname used to access tenant services.', type: 'string', default: '' },
    ingress: { description: 'Deploy own Ingress Controller.', type: 'boolean', default: false },
    monitoring: { description: 'Deploy own Monitoring Stack.', type: 'boolean', default: false },
    resourceQuotas: { description: 'Define resource quotas for the tenant.', type: 'object', default: {}, additionalProperties: { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true } },
    seaweedfs: { description: 'Deploy own SeaweedFS.', type: 'boolean', default: false },
  },
};

export function definition(name: string, kind: string, plural: string, prefix: string, schema: unknown, extra: { annotations?: Record<string, string>; labels?: Record<string, string> } = {}): KubeObject {
  return {
    apiVersion: 'cozystack.io/v1alpha1',
    kind: 'ApplicationDefinition',
    metadata: { name, ...(extra.annotations ? { annotations: extra.annotations } : {}) },
    spec: {
      application: { kind, plural, singular: kind.toLowerCase(), openAPISchema: JSON.stringify(schema) },
      release: {
        prefix,
        labels: { 'sharding.fluxcd.io/key': 'tenants', ...(extra.labels ?? {}) },
        chartRef: { kind: 'ExternalArtifact', name: `cozystack-${name}-application-default-${name}`, namespace: 'cozy-system' },
      },
    },
  };
}

export const tenantDefinition = () => definition('tenant', 'Tenant', 'tenants', 'tenant-', TENANT_SCHEMA, { annotations: { 'release.cozystack.io/helm-install-timeout': '15m' } });

export const writeCtx = (dryRun = false): WriteContext => ({ user: INTERNAL_USER, dryRun, fieldManager: 'kubectl', warnings: [] });

/** Polls (in real time) until `check` returns a value. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, attempts = 300): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}`);
}

export async function startApiTestEnv(definitions: KubeObject[] = [tenantDefinition()]): Promise<ApiTestEnv> {
  const clock = new FakeClock();
  const server = await newTestServer({ clock, namespaces: ['default', 'kube-system', 'cozy-system', 'tenant-root'] });
  await server.start();
  const client = newTestClient(server);
  for (const crd of [...fluxCRDs(), structuredClone(applicationDefinitionCrd)]) await client.create(crd);
  await server.settled();
  for (const d of definitions) await client.create(d);
  const factory = new InformerFactory(client, { clock });
  const running = startCozystackApi({ server, client, factory });
  factory.start();
  await factory.waitForCacheSync();
  await eventually('definitions served', () => definitions.every((d) => running.api.apps.served((d.spec as { application: { plural: string } }).application.plural)));
  return {
    server,
    client,
    api: running.api,
    async stop() {
      await running.stop();
      factory.stop();
      await server.stop();
    },
  };
}
