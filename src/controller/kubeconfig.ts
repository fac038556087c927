// Reading a kubeconfig the way clientcmd does for the fields a client needs: the server URL,
// the CA, and a bearer token or a client certificate, from the current (or a named) context.

import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { parse } from 'yaml';

export interface ClusterConnection {
  server: string;
  ca?: string;
  insecureSkipTLSVerify?: boolean;
  token?: string;
  cert?: string;
  key?: string;
  /** The context's default namespace. */
  namespace: string;
}

type Named<T> = { name: string } & T;
interface KubeconfigFile {
  'current-context'?: string;
  clusters?: Named<{ cluster: Record<string, unknown> }>[];
  users?: Named<{ user: Record<string, unknown> }>[];
  contexts?: Named<{ context: { cluster: string; user?: string; namespace?: string } }>[];
}

export function parseKubeconfig(text: string, opts: { context?: string; baseDir?: string } = {}): ClusterConnection {
  const config = (parse(text) ?? {}) as KubeconfigFile;
  const contextName = opts.context ?? config['current-context'];
  const context = config.contexts?.find((c) => c.name === contextName)?.context;
  if (!context) throw new Error(`kubeconfig: context "${contextName ?? ''}" not found`);
  const cluster = config.clusters?.find((c) => c.name === context.cluster)?.cluster;
  if (!cluster) throw new Error(`kubeconfig: cluster "${context.cluster}" not found`);
  const user = config.users?.find((u) => u.name === context.user)?.user ?? {};
  const file = (p: unknown) => (typeof p === 'string' ? readFileSync(isAbsolute(p) || !opts.baseDir ? p : join(opts.baseDir, p), 'utf8') : undefined);
  const data = (d: unknown) => (typeof d === 'string' ? Buffer.from(d, 'base64').toString('utf8') : undefined);
  if (typeof cluster.server !== 'string') throw new Error(`kubeconfig: cluster "${context.cluster}" has no server`);
  const token = typeof user.token === 'string' ? user.token : file(user.tokenFile)?.trim();
  return {
    server: cluster.server.replace(/\/+$/, ''),
    ca: data(cluster['certificate-authority-data']) ?? file(cluster['certificate-authority']),
    insecureSkipTLSVerify: cluster['insecure-skip-tls-verify'] === true,
    token,
    cert: data(user['client-certificate-data']) ?? file(user['client-certificate']),
    key: data(user['client-key-data']) ?? file(user['client-key']),
    namespace: context.namespace ?? 'default',
  };
}

export function loadKubeconfig(path: string, context?: string): ClusterConnection {
  return parseKubeconfig(readFileSync(path, 'utf8'), { context, baseDir: dirname(path) });
}
