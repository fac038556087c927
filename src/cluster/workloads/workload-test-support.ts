// Test scaffolding for the workload controllers: a fresh API server on a FakeClock, an informer
// factory, and the kubelet's part played by hand (pods marked Running and Ready).

import type { KubeObject } from '../../machinery/object.ts';
import { FakeClock, flushAsync, InformerFactory, InProcessClient, refOf } from '../../controller/index.ts';
import { newTestServer } from '../../controller/test-server.ts';
import { formatTime } from './conditions.ts';
import { POD_GVK, type StoppableController, type WorkloadControllerDeps } from './workload-deps.ts';

export interface WorkloadHarness {
  clock: FakeClock;
  client: InProcessClient;
  deps: WorkloadControllerDeps;
  /** Starts the informers after the controllers registered theirs. */
  run(...controllers: StoppableController[]): void;
  stop(): Promise<void>;
  /** Lets watches, handlers and reconciles run until `check` holds (or fails after many rounds). */
  until(check: () => boolean | Promise<boolean>, what?: string): Promise<void>;
  pods(labelSelector?: string): Promise<KubeObject[]>;
  /** What a kubelet would report once the pod's containers run and pass readiness. */
  markReady(pod: KubeObject): Promise<KubeObject>;
  events(): Promise<KubeObject[]>;
}

export async function newWorkloadHarness(): Promise<WorkloadHarness> {
  const clock = new FakeClock();
  const server = await newTestServer({ clock });
  const client = new InProcessClient(server, { fieldManager: 'test' });
  const factory = new InformerFactory(client, { clock });
  const controllers: StoppableController[] = [];
  return {
    clock,
    client,
    deps: { client, factory, clock },
    run(...started) {
      controllers.push(...started);
      factory.start();
    },
    async stop() {
      await Promise.all(controllers.map((c) => c.stop()));
      factory.stop();
    },
    async until(check, what = 'condition') {
      for (let i = 0; i < 200; i++) {
        if (await check()) return;
        await flushAsync(3);
        await clock.advance(0);
      }
      throw new Error(`timed out waiting for ${what}`);
    },
    async pods(labelSelector) {
      const list = await client.list(POD_GVK, { namespace: 'default', ...(labelSelector ? { labelSelector } : {}) });
      return list.items.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    },
    markReady(pod) {
      const now = formatTime(clock.now());
      return client.patch(
        refOf(pod),
        'merge',
        { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: now }] } },
        { subresource: 'status' },
      );
    },
    async events() {
      return (await client.list({ apiVersion: 'v1', kind: 'Event' }, { namespace: 'default' })).items;
    },
  };
}

export function container(image = 'nginx:1.25'): Record<string, unknown> {
  return { name: 'app', image };
}
