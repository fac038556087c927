// `cozylab kubeconfig --tenant <name or namespace>`: the tenant's token kubeconfig, as the
// Cozystack docs' recipe (operations/faq/generate-kubeconfig) builds it — the server address from
// the admin's own kubeconfig (its current context, as `kubectl config view --minify` shows it), the
// CA, namespace and token from the Secret named after the tenant's namespace, in that namespace.

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { parse } from 'yaml';
import { HttpClient } from '../controller/http-client.ts';
import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import { DEFAULT_DATA_DIR } from './defaults.ts';

interface KubeconfigCommandOptions {
  tenant: string;
  dataDir: string;
  kubeconfig?: string;
}

class CliError extends Error {}

interface KubeconfigFile {
  'current-context'?: string;
  contexts?: Array<{ name: string; context?: { cluster?: string } }>;
  clusters?: Array<{ name: string; cluster?: { server?: string } }>;
}

/** The server of the kubeconfig's current context (`kubectl config view --minify` → clusters[0].cluster.server). */
export function currentServer(kubeconfigText: string): string {
  const config = (parse(kubeconfigText) ?? {}) as KubeconfigFile;
  const context = config.contexts?.find((c) => c.name === config['current-context']);
  const cluster = config.clusters?.find((c) => c.name === context?.context?.cluster) ?? (context ? undefined : config.clusters?.[0]);
  const server = cluster?.cluster?.server;
  if (!server) throw new CliError('the admin kubeconfig has no server for its current context');
  return server;
}

/** The docs' go-template, filled in: byte for byte what the shell recipe writes. */
export function tenantKubeconfig(tenantNamespace: string, server: string, secretData: Record<string, string>): string {
  const decode = (key: string): string => {
    const value = secretData[key];
    if (!value) throw new CliError(`secret ${tenantNamespace} in namespace ${tenantNamespace} has no ${key} yet: the token controller fills it once the ServiceAccount ${tenantNamespace} exists`);
    return Buffer.from(value, 'base64').toString('utf8');
  };
  const token = decode('token');
  const namespace = decode('namespace');
  decode('ca.crt');
  const n = tenantNamespace;
  return `
apiVersion: v1
kind: Config
clusters:
- name: ${n}
  cluster:
    server: ${server}
    certificate-authority-data: ${secretData['ca.crt']}
contexts:
- name: ${n}
  context:
    cluster: ${n}
    namespace: ${namespace}
    user: ${n}
current-context: ${n}
users:
- name: ${n}
  user:
    token: ${token}
`;
}

/** `tenant-foo` names a namespace; `foo` (or `root`) a Tenant, looked up among the tenant HelmReleases. */
async function resolveTenantNamespace(client: HttpClient, tenant: string): Promise<string> {
  if (tenant.startsWith('tenant-')) return tenant;
  if (tenant === 'root') return 'tenant-root';
  const releases = await client.list({ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease' }, { labelSelector: 'apps.cozystack.io/application.kind=Tenant' });
  const matches = releases.items.filter((hr: KubeObject) => hr.metadata.name === `tenant-${tenant}`);
  const namespaces = matches.map((hr) => (hr.metadata.namespace === 'tenant-root' ? `tenant-${tenant}` : `${hr.metadata.namespace}-${tenant}`));
  if (!namespaces.length) throw new CliError(`no tenant named "${tenant}": list them with \`kubectl get tenants -A\``);
  if (namespaces.length > 1) throw new CliError(`several tenants are named "${tenant}" (namespaces ${namespaces.join(', ')}): pass the namespace to --tenant`);
  return namespaces[0]!;
}

async function printTenantKubeconfig(opts: KubeconfigCommandOptions): Promise<void> {
  const path = resolve(opts.kubeconfig ?? join(opts.dataDir, 'kubeconfig'));
  if (!existsSync(path)) throw new CliError(`no kubeconfig at ${path}: start the cluster with \`cozylab up${opts.kubeconfig ? '' : ` --data-dir ${opts.dataDir}`}\` or pass --kubeconfig`);
  const server = currentServer(readFileSync(path, 'utf8'));
  const client = HttpClient.fromKubeconfig(path);
  try {
    const namespace = await resolveTenantNamespace(client, opts.tenant);
    let secret: KubeObject & { data?: Record<string, string> };
    try {
      secret = await client.get({ apiVersion: 'v1', kind: 'Secret', namespace, name: namespace });
    } catch (err) {
      if (isStatusError(err, 'NotFound')) throw new CliError(`Error from server (NotFound): ${err.message}: the Info module of the tenant creates it; is the tenant Ready (\`kubectl get tenants -A\`)?`);
      throw err;
    }
    process.stdout.write(tenantKubeconfig(namespace, server, secret.data ?? {}));
  } catch (err) {
    if (isStatusError(err)) throw new CliError(`Error from server (${err.reason}): ${err.message}`);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET') throw new CliError(`cannot reach the API server of ${path} (${code}): is \`cozylab up\` running?`);
    throw err;
  } finally {
    client.close();
  }
}

export function registerKubeconfigCommand(program: Command): void {
  program
    .command('kubeconfig')
    .description("print a tenant's token kubeconfig (server from the admin kubeconfig, token from the tenant's Secret)")
    .requiredOption('--tenant <name>', 'the tenant: its name (alpha) or its namespace (tenant-alpha)')
    .option('--data-dir <dir>', 'data dir of the running cozylab (its admin kubeconfig is used)', DEFAULT_DATA_DIR)
    .option('--kubeconfig <file>', 'the admin kubeconfig (instead of the data dir\'s)')
    .action(async (opts: KubeconfigCommandOptions) => {
      try {
        await printTenantKubeconfig(opts);
      } catch (err) {
        console.error(err instanceof CliError ? err.message : `cozylab kubeconfig: ${(err as Error).message}`);
        process.exit(1);
      }
    });
}
