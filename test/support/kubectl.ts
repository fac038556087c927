// Finding the real kubectl binaries: `kubectl` and the versioned `kubectl.1.NN` beside the file it links to.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const KUBECTL_VERSIONS = ['1.27', '1.28', '1.29', '1.30', '1.31', '1.32', '1.33'];

function kubectlDir(): string | undefined {
  try {
    const path = execFileSync('bash', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).trim();
    return dirname(realpathSync(path));
  } catch {
    return undefined;
  }
}

/** The versioned binary, or undefined (the caller skips with a message). */
export function kubectlBinary(version?: string): string | undefined {
  const dir = kubectlDir();
  if (!dir) return undefined;
  if (!version) return join(dir, 'kubectl');
  const path = join(dir, `kubectl.${version}`);
  return existsSync(path) ? path : undefined;
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runKubectl(binary: string, kubeconfig: string, args: string[], input?: string): KubectlResult {
  const r = spawnSync(binary, args, {
    encoding: 'utf8',
    input,
    env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: join(dirname(kubeconfig), 'kube-cache') },
    timeout: 60_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}
