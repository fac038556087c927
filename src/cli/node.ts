// `cozylab node fail <name>` / `cozylab node recover <name>`: through the API of a running
// cozylab (the admin kubeconfig of its data dir), switch a simulated machine off or on again by
// the `cozylab.io/simulate` annotation its kubelet obeys. Everything after that is the cluster's
// doing: the node lifecycle controller notices the silence, taints the node, and pods move.

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { HttpClient } from '../controller/http-client.ts';
import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import { isFailed, SIMULATE_ANNOTATION, SIMULATE_FAILED } from '../cluster/nodes/simulated-power.ts';
import { durationOption } from './node-options.ts';
import { DEFAULT_DATA_DIR } from './defaults.ts';

interface NodeCommandOptions {
  dataDir: string;
  kubeconfig?: string;
  wait?: boolean;
  timeout: number;
}

type Condition = { type: string; status: string; message?: string };
type Taint = { key: string; value?: string; effect: string };

const POLL_MS = 250;
const CONTROLLER_TAINTS = ['node.kubernetes.io/unreachable', 'node.kubernetes.io/not-ready'];

const readyOf = (node: KubeObject) => ((node.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).find((c) => c.type === 'Ready');
const taintsOf = (node: KubeObject) => ((node.spec as { taints?: Taint[] } | undefined)?.taints ?? []);
const describeTaints = (node: KubeObject) => taintsOf(node).map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`).join(', ') || '<none>';

class CliError extends Error {}

function clientFor(opts: NodeCommandOptions): { client: HttpClient; where: string } {
  const path = resolve(opts.kubeconfig ?? join(opts.dataDir, 'kubeconfig'));
  if (!existsSync(path)) throw new CliError(`no kubeconfig at ${path}: start the cluster with \`cozylab up${opts.kubeconfig ? '' : ` --data-dir ${opts.dataDir}`}\` or pass --kubeconfig`);
  return { client: HttpClient.fromKubeconfig(path), where: path };
}

function explain(err: unknown, where: string): Error {
  if (isStatusError(err)) return new CliError(`Error from server (${err.reason}): ${err.message}`);
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return new CliError(`cannot reach the API server of ${where} (${code}): is \`cozylab up\` running?`);
  return err as Error;
}

async function until(client: HttpClient, name: string, timeoutMs: number, done: (node: KubeObject) => boolean): Promise<KubeObject> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const node = await client.get({ apiVersion: 'v1', kind: 'Node', name });
    if (done(node)) return node;
    if (Date.now() >= deadline) throw new CliError(`timed out after ${timeoutMs / 1000}s waiting for node/${name}: Ready is ${readyOf(node)?.status ?? 'missing'}, taints ${describeTaints(node)}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function setFailed(name: string, failed: boolean, opts: NodeCommandOptions): Promise<void> {
  const { client, where } = clientFor(opts);
  try {
    const node = await client.get({ apiVersion: 'v1', kind: 'Node', name });
    if (isFailed(node) === failed) {
      console.log(`node/${name} is already ${failed ? 'failed' : 'running'}; nothing changed`);
    } else {
      await client.patch({ apiVersion: 'v1', kind: 'Node', name }, 'merge', { metadata: { annotations: { [SIMULATE_ANNOTATION]: failed ? SIMULATE_FAILED : null } } });
      console.log(
        failed
          ? `node/${name} failed: its kubelet stopped renewing its Lease and posting node status.\n` +
              'After the node monitor grace period the node lifecycle controller marks it NotReady and taints it node.kubernetes.io/unreachable;\n' +
              'its pods are evicted when their tolerationSeconds run out (300 s unless they say otherwise).'
          : `node/${name} recovered: its kubelet started again, renews its Lease and posts node status;\n` +
              'the node lifecycle controller marks it Ready and removes the node.kubernetes.io/unreachable taints, and the kubelet finishes deleting pods evicted meanwhile.',
      );
    }
    if (!opts.wait) return;
    if (failed) {
      const node = await until(client, name, opts.timeout, (n) => readyOf(n)?.status !== 'True' && taintsOf(n).some((t) => CONTROLLER_TAINTS.includes(t.key)));
      console.log(`node/${name} is NotReady: ${readyOf(node)?.message ?? 'no Ready condition'} Taints: ${describeTaints(node)}`);
    } else {
      const node = await until(client, name, opts.timeout, (n) => readyOf(n)?.status === 'True' && !taintsOf(n).some((t) => CONTROLLER_TAINTS.includes(t.key)));
      console.log(`node/${name} is Ready. Taints: ${describeTaints(node)}`);
    }
  } catch (err) {
    throw explain(err, where);
  } finally {
    client.close();
  }
}

export function registerNodeCommands(program: Command): void {
  const node = program.command('node').description('simulate the failure and recovery of a node of a running cozylab');
  const verbs = [
    ['fail', true, 'switch a simulated node off: its kubelet stops renewing its Lease and posting status'],
    ['recover', false, 'switch a failed node on again: its kubelet starts, and the node becomes Ready'],
  ] as const;
  for (const [verb, failed, description] of verbs) {
    node
      .command(`${verb} <name>`)
      .description(description)
      .option('--data-dir <dir>', 'data dir of the running cozylab (its admin kubeconfig is used)', DEFAULT_DATA_DIR)
      .option('--kubeconfig <file>', 'kubeconfig of the running cozylab (instead of the data dir\'s)')
      .option('--wait', failed ? 'wait until the node is NotReady and tainted' : 'wait until the node is Ready and untainted')
      .option('--timeout <duration>', 'how long --wait waits', durationOption, 120_000)
      .action(async (name: string, opts: NodeCommandOptions) => {
        try {
          await setFailed(name, failed, opts);
        } catch (err) {
          console.error(err instanceof CliError ? err.message : `cozylab node ${verb}: ${(err as Error).message}`);
          process.exit(1);
        }
      });
  }
}
