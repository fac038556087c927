// The cozystack-operator as the program of its Deployment's pod: while a pod of
// `cozy-system/cozystack-operator` is running, the operator runs in this process with the flags of
// that pod's container; when no such pod runs (scaled to 0, deleted, uninstalled) it stops, as a
// real operator stops with its container.

import type { KubeObject } from '../../../machinery/object.ts';
import { runController, WorkQueue, type RunningController } from '../../../controller/index.ts';
import { COZY_SYSTEM } from '../types.ts';
import { parseOperatorFlags } from './flags.ts';
import { startOperator, type OperatorEnv, type RunningOperator } from './index.ts';

const POD_GVK = { apiVersion: 'v1', kind: 'Pod' };
export const OPERATOR_SELECTOR = 'app=cozystack-operator';
const CONTAINER = 'cozystack-operator';

export interface OperatorProgram {
  /** Resolves once the operator has finished its start-up (CRDs, Flux, platform source) after its pod started. */
  started(): Promise<void>;
  stop(): Promise<void>;
}

function runningPod(pods: KubeObject[]): KubeObject | undefined {
  return pods.find((p) => {
    const status = p.status as { phase?: string; containerStatuses?: Array<{ name: string; state?: { running?: unknown } }> } | undefined;
    return !p.metadata.deletionTimestamp && status?.phase === 'Running' && status.containerStatuses?.some((c) => c.name === CONTAINER && c.state?.running);
  });
}

function argsOf(pod: KubeObject): string[] {
  const containers = (pod.spec as { containers?: Array<{ name: string; args?: string[] }> }).containers ?? [];
  return containers.find((c) => c.name === CONTAINER)?.args ?? [];
}

export function runOperatorProgram(env: OperatorEnv, log: (line: string) => void = () => {}): OperatorProgram {
  const pods = env.factory.informerFor(POD_GVK, { namespace: COZY_SYSTEM, labelSelector: OPERATOR_SELECTOR });
  const queue = new WorkQueue<string>({ clock: env.clock });
  let running: { pod: string; args: string; operator: RunningOperator } | undefined;
  let signalStarted!: () => void;
  let startedPromise = new Promise<void>((r) => (signalStarted = r));
  const wake = () => queue.add('operator');
  pods.addEventHandler({ onAdd: wake, onUpdate: wake, onDelete: wake });

  async function reconcile(): Promise<void> {
    const pod = runningPod(pods.list(COZY_SYSTEM));
    const args = pod ? argsOf(pod) : [];
    if (running && (!pod || running.pod !== pod.metadata.uid || running.args !== args.join(' '))) {
      await running.operator.stop();
      running = undefined;
      startedPromise = new Promise<void>((r) => (signalStarted = r));
    }
    if (!pod || running) return;
    const flags = parseOperatorFlags(args);
    const operator = await startOperator(env, flags);
    running = { pod: pod.metadata.uid!, args: args.join(' '), operator };
    log(`cozystack-operator started in pod ${COZY_SYSTEM}/${pod.metadata.name}`);
    signalStarted();
  }

  const controller: RunningController = runController({ name: 'cozystack-operator-program', queue, reconcile });
  return {
    started: () => startedPromise,
    async stop() {
      await controller.stop();
      await running?.operator.stop();
      running = undefined;
    },
  };
}
