// The `cozylab` command.

import { Command, InvalidArgumentError, Option } from 'commander';
import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from './defaults.ts';
import { loadOrCreateCredentials } from './pki.ts';
import { defaultTolerationSecondsOption, durationOption, inventoryOption, nodeMonitorGracePeriodOption, nodesOption, nodeSettings, type NodeOptions } from './node-options.ts';
import { registerNodeCommands } from './node.ts';
import { registerPreflightCommand } from './preflight.ts';
import { registerKubeconfigCommand } from './kubeconfig-command.ts';
import { versionText } from './version.ts';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number (0-65535)');
  return n;
}

const program = new Command('cozylab')
  .description('The Cozystack platform in one process: a Kubernetes API server that real kubectl drives.')
  .version(versionText(), '-V, --version', 'print the version of cozylab and of the Kubernetes and Cozystack it serves');

program
  .command('up')
  .description('run the cluster in the foreground until SIGINT/SIGTERM')
  .option('--data-dir <dir>', 'where the store, certificates and kubeconfig live', DEFAULT_DATA_DIR)
  .option('--port <n>', 'HTTPS port of the API server (0: any free port)', port, 6443)
  .option('--host <address>', 'address to listen on and put in the kubeconfig', '127.0.0.1')
  .addOption(new Option('--store <backend>', 'storage backend').choices(['sqlite', 'memory']).default('sqlite'))
  .addOption(new Option('--compaction-interval <ms>', 'how often old revisions are compacted').argParser(Number).default(300_000).hideHelp())
  .option('--platform <file>', 'the Platform Package (Package cozystack.cozystack-platform) to apply; default: variant isp-full, host example.org')
  .option('--kubernetes-only', 'install stages 1-2 only (Talos, Kubernetes): no Cozystack')
  .addOption(nodesOption())
  .addOption(inventoryOption())
  .addOption(nodeMonitorGracePeriodOption())
  .addOption(defaultTolerationSecondsOption())
  .addOption(new Option('--event-ttl <duration>', 'how long an Event is kept after its last write').argParser(durationOption).hideHelp())
  .addOption(new Option('--horizontal-pod-autoscaler-sync-period <duration>', 'how often each HorizontalPodAutoscaler is looked at').argParser(durationOption).hideHelp())
  .addOption(new Option('--horizontal-pod-autoscaler-downscale-stabilization <duration>', 'how long a scale-down waits for recommendations to agree').argParser(durationOption).hideHelp())
  .action(async (opts: { dataDir: string; port: number; host: string; store: 'sqlite' | 'memory'; compactionInterval: number; eventTtl?: number; platform?: string; kubernetesOnly?: boolean; horizontalPodAutoscalerSyncPeriod?: number; horizontalPodAutoscalerDownscaleStabilization?: number } & NodeOptions) => {
    try {
      const settings = nodeSettings(opts);
      // The credentials' keys are generated on the thread pool while the cluster's modules load.
      const credentials = loadOrCreateCredentials(resolve(opts.dataDir), opts.host);
      credentials.catch(() => {});
      const { runUp } = await import('./up.ts');
      const hpaTiming = { syncPeriodMs: opts.horizontalPodAutoscalerSyncPeriod, downscaleStabilizationMs: opts.horizontalPodAutoscalerDownscaleStabilization };
      await runUp({ ...opts, ...settings, credentials, hpaTiming: Object.fromEntries(Object.entries(hpaTiming).filter(([, v]) => v !== undefined)) });
    } catch (err) {
      console.error(`cozylab up: ${(err as Error).message}`);
      process.exit(1);
    }
  });

registerPreflightCommand(program);
registerNodeCommands(program);
registerKubeconfigCommand(program);

await program.parseAsync(process.argv);
