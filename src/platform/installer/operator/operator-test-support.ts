// An in-process API server with the operator running over it, for the reconcilers' tests: the
// Package/PackageSource CRDs, Flux's CRDs, the Package admission plug-in, and the Flux source of
// the platform marked Ready (there is no source-controller in these tests).

import { InformerFactory, realClock, type KubeClient } from '../../../controller/index.ts';
import { newTestClient, newTestServer } from '../../../controller/test-server.ts';
import type { ApiServer } from '../../../apiserver/api-server.ts';
import type { KubeObject } from '../../../machinery/object.ts';
import type { Chart } from '../../charts/chart.ts';
import { ChartRegistry } from '../../charts/registry.ts';
import { installFlux } from '../../flux/install.ts';
import { packageAdmission } from '../package-admission.ts';
import { COZY_SYSTEM } from '../types.ts';
import { DEFAULT_FLAGS, type OperatorFlags } from './flags.ts';
import { startOperator, type RunningOperator } from './index.ts';

export interface OperatorFixture {
  server: ApiServer;
  client: KubeClient;
  operator: RunningOperator;
  stop(): Promise<void>;
}

export function testChart(path: string, extra: Partial<Chart> = {}): Chart {
  return { path, name: path.split('/').pop()!, version: '1.0.0', values: {}, render: () => [], ...extra };
}

export async function startOperatorFixture(charts: Chart[], flags: Partial<OperatorFlags> = {}): Promise<OperatorFixture> {
  const server = await newTestServer();
  server.admission.register(packageAdmission());
  await server.start();
  const client = newTestClient(server);
  await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: COZY_SYSTEM } });
  const factory = new InformerFactory(client, { clock: realClock });
  factory.start();
  const operator = await startOperator(
    { client, factory, clock: realClock, charts: new ChartRegistry(charts), installFlux: (c) => installFlux(c) },
    { ...DEFAULT_FLAGS, installCRDs: true, installFlux: true, platformSourceURL: 'oci://ghcr.io/cozystack/cozystack/cozystack-packages', platformSourceRef: 'digest=sha256:0123', ...flags },
  );
  await markSourceReady(client, 'OCIRepository', 'cozystack-platform', 'v1.6.2@sha256:0123');
  return {
    server,
    client,
    operator,
    async stop() {
      await operator.stop();
      factory.stop();
      await server.stop();
    },
  };
}

/** What the source-controller would write once it fetched the source. */
export async function markSourceReady(client: KubeClient, kind: string, name: string, revision: string): Promise<void> {
  const src = await client.get({ apiVersion: 'source.toolkit.fluxcd.io/v1', kind, namespace: COZY_SYSTEM, name });
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  await client.updateStatus({
    ...src,
    status: {
      artifact: { revision, digest: revision.split('@')[1] ?? 'sha256:0', path: 'x.tar.gz', url: 'http://x', lastUpdateTime: now },
      conditions: [{ type: 'Ready', status: 'True', reason: 'Succeeded', message: `stored artifact for digest '${revision}'`, lastTransitionTime: now }],
    },
  } as KubeObject);
}

/** Polls `probe` until it returns a value (not undefined), failing after `ms` with the last seen state. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${last}` : ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
