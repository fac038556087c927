// For Flux's unit tests: a started in-process API server (its CRD controller serves Flux's kinds),
// Flux installed and running over a FakeClock, a registry of small test charts, and a poll helper.

import type { ApiServer } from '../../apiserver/api-server.ts';
import { FakeClock, InformerFactory, type KubeClient } from '../../controller/index.ts';
import { newTestClient, newTestServer } from '../../controller/test-server.ts';
import type { KubeObject } from '../../machinery/object.ts';
import { ChartRenderError, type Chart } from '../charts/chart.ts';
import { ChartRegistry } from '../charts/registry.ts';
import { CHART_PATH_KEY } from './artifact.ts';
import { servedApiVersions, startFlux, type RunningFlux } from './index.ts';

export interface FluxTestEnv {
  server: ApiServer;
  client: KubeClient;
  clock: FakeClock;
  charts: ChartRegistry;
  stop(): Promise<void>;
}

/** A chart with a ConfigMap (always ready) and, when `deployment` is set, a Deployment. */
export const demoChart: Chart = {
  path: 'system/demo',
  name: 'demo',
  version: '1.0.0',
  values: { message: 'hello', replicas: 1, deployment: false, extra: false },
  valuesFiles: { 'values-loud.yaml': { message: 'HELLO' } },
  valuesSchema: {
    type: 'object',
    properties: { message: { type: 'string' }, replicas: { type: 'integer', minimum: 0 }, deployment: { type: 'boolean' }, extra: { type: 'boolean' }, fail: { type: 'boolean' } },
  },
  render(values, release) {
    if (values.fail) throw new ChartRenderError(`execution error at (demo/templates/configmap.yaml:1:3): asked to fail`);
    const objects: KubeObject[] = [
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${release.name}-config` }, data: { message: String(values.message) } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${release.name}-kept`, annotations: { 'helm.sh/resource-policy': 'keep' } }, data: { kept: 'yes' } },
    ];
    if (values.extra) objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${release.name}-extra` }, data: {} });
    if (values.deployment) {
      objects.push({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: release.name },
        spec: {
          replicas: values.replicas,
          selector: { matchLabels: { app: release.name } },
          template: { metadata: { labels: { app: release.name } }, spec: { containers: [{ name: 'app', image: 'demo:1' }] } },
        },
      });
    }
    return objects;
  },
};

export async function startFluxTestEnv(charts: Chart[] = [demoChart]): Promise<FluxTestEnv> {
  const clock = new FakeClock();
  const server = await newTestServer({ clock, namespaces: ['default', 'kube-system', 'cozy-system', 'apps'] });
  await server.start();
  const client = newTestClient(server);
  const factory = new InformerFactory(client, { clock });
  const registry = new ChartRegistry(charts);
  const flux: RunningFlux = await startFlux({ client, factory, clock, charts: registry, apiVersions: () => servedApiVersions(server) });
  factory.start();
  return {
    server,
    client,
    clock,
    charts: registry,
    async stop() {
      await flux.stop();
      factory.stop();
      await server.stop();
    },
  };
}

/** An ExternalArtifact for a chart path, with the status its generator would write. */
export async function createExternalArtifact(client: KubeClient, name: string, chartPath: string, revision = '1.0.0@sha256:0123456789abcdef0123456789abcdef'): Promise<void> {
  const ea = await client.create({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'ExternalArtifact', metadata: { name, namespace: 'cozy-system' }, spec: {} });
  await client.updateStatus({
    ...ea,
    status: {
      artifact: { path: `x/${name}.tar.gz`, url: `http://example/${name}.tar.gz`, revision, digest: revision.split('@').pop(), lastUpdateTime: '2026-01-01T00:00:00Z', metadata: { [CHART_PATH_KEY]: chartPath } },
      conditions: [{ type: 'Ready', status: 'True', reason: 'Succeeded', message: 'ok', lastTransitionTime: '2026-01-01T00:00:00Z' }],
    },
  });
}

export function helmRelease(name: string, spec: Record<string, unknown>, namespace = 'apps'): KubeObject {
  return {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name, namespace },
    spec: { interval: '5m', chartRef: { kind: 'ExternalArtifact', name: 'demo-artifact', namespace: 'cozy-system' }, ...spec },
  };
}

/** Polls (in real time) until `check` returns a value, failing with `what` after a few seconds. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | false>, attempts = 400): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
}

export function readyOf(hr: KubeObject): { status: string; reason: string; message: string } | undefined {
  return ((hr.status as { conditions?: Array<{ type: string; status: string; reason: string; message: string }> } | undefined)?.conditions ?? []).find((c) => c.type === 'Ready');
}
