// Starting a real `cozylab up` for end-to-end tests: a child process on a free port with its own data dir.

import { spawn, type ChildProcess } from 'node:child_process';
import { after, before } from 'node:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { kubectlBinary, runKubectl, type KubectlResult } from './kubectl.ts';
import { NODE_FLAGS } from '../../bin/node-flags.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface TestCluster {
  dataDir: string;
  kubeconfig: string;
  url: string;
  token: string;
  process: ChildProcess;
  output: () => string;
  kubectl(args: string[], opts?: { version?: string; input?: string }): KubectlResult;
  /** Stops the process (SIGTERM by default) and waits for it to exit; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  cleanup(): void;
}

export interface ClusterOptions {
  dataDir?: string;
  store?: 'sqlite' | 'memory';
  extraArgs?: string[];
  /** Runs the whole install (Cozystack included); otherwise `--kubernetes-only`. */
  platform?: boolean;
}

/**
 * One cluster for a test file: started before its tests (then `setup` runs), stopped and removed
 * after them. What it returns stands for the cluster once started (reading it earlier throws).
 */
export function useCluster(opts: ClusterOptions = {}, setup?: () => unknown): TestCluster {
  let started: TestCluster | undefined;
  // One hook: node:test does not wait for one root-level before() to finish before the next.
  before(async () => {
    started = await startCluster(opts);
    await setup?.();
  });
  after(async () => {
    if (!started) return;
    await started.stop();
    started.cleanup();
  });
  return new Proxy({} as TestCluster, {
    get(_target, key) {
      if (!started) throw new Error('the cluster starts in the before() hook useCluster registers');
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

export async function startCluster(opts: ClusterOptions = {}): Promise<TestCluster> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'cozylab-e2e-'));
  // COZYLAB_SERVER_NODE_ARGS: more node flags for the server alone (`--cpu-prof --cpu-prof-dir=DIR` to profile a benchmark).
  const extraNodeArgs = process.env.COZYLAB_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...NODE_FLAGS, ...extraNodeArgs, join(ROOT, 'bin', 'cozylab.js'), 'up', '--data-dir', dataDir, '--port', '0', '--store', opts.store ?? 'sqlite', ...(opts.platform ? [] : ['--kubernetes-only']), ...(opts.extraArgs ?? [])], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`cozylab up did not start in time:\n${out}`)), 30_000);
    const check = () => {
      const m = /listening on (https:\/\/\S+)/.exec(out);
      if (m && out.includes('export KUBECONFIG=')) {
        clearTimeout(timer);
        resolvePromise(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cozylab up exited with ${code}:\n${out}`));
    });
  });
  const kubeconfig = join(dataDir, 'kubeconfig');
  const token = readFileSync(join(dataDir, 'pki', 'admin.token'), 'utf8').trim();
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return {
    dataDir,
    kubeconfig,
    url,
    token,
    process: child,
    output: () => out,
    kubectl(args, o = {}) {
      const bin = kubectlBinary(o.version);
      if (!bin) throw new Error(`kubectl ${o.version ?? ''} not found`);
      return runKubectl(bin, kubeconfig, args, o.input);
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
    cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
