// A test cluster for the node controllers: a test API server on a FakeClock with the
// registrar, scheduler and kubelets running, and helpers to read what kubectl would show.

import type { KubeObject } from '../../machinery/object.ts';
import { FakeClock, flushAsync } from '../../controller/clock.ts';
import { InformerFactory } from '../../controller/informer-factory.ts';
import type { InProcessClient } from '../../controller/inprocess-client.ts';
import { newTestClient, newTestServer } from '../../controller/test-server.ts';
import type { ImageProfiles } from './image-profiles.ts';
import { startNodeControllers, type NodeControllersDeps } from './index.ts';
import { SIMULATE_ANNOTATION, SIMULATE_FAILED } from './simulated-power.ts';

/** Events are named `<object>.<unix nanoseconds in hex>`, increasing: the order they were first recorded. */
function suffix(e: KubeObject): bigint {
  const name = e.metadata.name!;
  return BigInt(`0x${name.slice(name.lastIndexOf('.') + 1)}`);
}

export interface TestCluster {
  clock: FakeClock;
  client: InProcessClient;
  factory: InformerFactory;
  profiles: ImageProfiles;
  stop(): Promise<void>;
  /** Lets watches, handlers and reconciles run without moving the clock, until `check` holds. */
  until(check: () => boolean | Promise<boolean>, what?: string): Promise<void>;
  node(name: string): Promise<KubeObject & { spec: any; status: any }>;
  /** What `cozylab node fail` / `node recover` do: set or clear the simulated failure on the Node. */
  failNode(name: string): Promise<void>;
  recoverNode(name: string): Promise<void>;
  /** Event reasons and messages about an object, oldest first. */
  events(kind: string, name: string, namespace?: string): Promise<Array<{ reason: string; message: string; type: string; component: string; count: number }>>;
  pod(name: string, namespace?: string): Promise<KubeObject & { spec: any; status: any }>;
}

export async function startTestCluster(opts: Partial<NodeControllersDeps> = {}): Promise<TestCluster> {
  const clock = new FakeClock();
  const server = await newTestServer({ clock });
  const client = newTestClient(server);
  const factory = new InformerFactory(client, { clock });
  const controllers = startNodeControllers({ client, factory, clock, ...opts });
  await clock.advance(0);
  return {
    clock,
    client,
    factory,
    profiles: controllers.profiles,
    async until(check, what = 'condition') {
      for (let i = 0; i < 200; i++) {
        if (await check()) return;
        await flushAsync(3);
        await clock.advance(0);
      }
      throw new Error(`timed out waiting for ${what}`);
    },
    async node(name) {
      return (await client.get({ apiVersion: 'v1', kind: 'Node', name })) as KubeObject & { spec: any; status: any };
    },
    async failNode(name) {
      await client.patch({ apiVersion: 'v1', kind: 'Node', name }, 'merge', { metadata: { annotations: { [SIMULATE_ANNOTATION]: SIMULATE_FAILED } } });
      await clock.advance(0);
    },
    async recoverNode(name) {
      await client.patch({ apiVersion: 'v1', kind: 'Node', name }, 'merge', { metadata: { annotations: { [SIMULATE_ANNOTATION]: null } } });
      await clock.advance(0);
    },
    async stop() {
      await controllers.stop();
      factory.stop();
    },
    async events(kind, name, namespace = 'default') {
      const list = await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace });
      return list.items
        .filter((e: any) => e.involvedObject.kind === kind && e.involvedObject.name === name)
        .sort((a, b) => (suffix(a) < suffix(b) ? -1 : 1))
        .map((e: any) => ({ reason: e.reason, message: e.message, type: e.type, component: e.source.component, count: e.count }));
    },
    async pod(name, namespace = 'default') {
      return (await client.get({ apiVersion: 'v1', kind: 'Pod', namespace, name })) as KubeObject & { spec: any; status: any };
    },
  };
}

export function podManifest(name: string, spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', ...meta },
    spec: { containers: [{ name: 'main', image: 'nginx:1.27' }], ...spec },
  };
}
