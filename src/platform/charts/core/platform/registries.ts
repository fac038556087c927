// templates/containerd-registry-secret.yaml: the Secret cozy-system/patch-containerd with one
// containerd hosts.toml per mirrored registry (`registries.mirrors`), for the nodes to pick up.

import type { KubeObject } from '../../../../machinery/object.ts';
import { COZY_SYSTEM } from '../../../installer/types.ts';
import type { Values } from '../../chart.ts';
import { dig, record, stringList, truthy } from './template.ts';

export function containerdRegistrySecret(values: Values): KubeObject[] {
  const mirrors = record(dig(values, 'registries', 'mirrors'));
  if (!truthy(mirrors)) return [];
  const config = record(dig(values, 'registries', 'config'));
  const stringData: Record<string, string> = {};
  for (const registry of Object.keys(mirrors).sort()) {
    const endpoints = stringList(dig(mirrors[registry], 'endpoints'));
    if (!endpoints.length) continue;
    stringData[`${registry}.toml`] = hostsToml(registry, endpoints, config);
  }
  return [{ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'patch-containerd', namespace: COZY_SYSTEM }, type: 'Opaque', stringData }];
}

/** An endpoint without a `config` entry is trusted without TLS verification, as the chart does. */
function hostsToml(registry: string, endpoints: string[], config: Record<string, unknown>): string {
  const lines = [`server = "https://${registry}"`];
  for (const endpoint of endpoints) {
    lines.push(`[host."${endpoint}"]`, `  capabilities = ["pull", "resolve"]`);
    const endpointConfig = config[endpoint];
    if (!truthy(endpointConfig)) {
      lines.push('  skip_verify = true');
      continue;
    }
    if (truthy(dig(endpointConfig, 'tls', 'insecureSkipVerify'))) lines.push('  skip_verify = true');
    const auth = record(dig(endpointConfig, 'auth'));
    if (truthy(auth)) {
      lines.push(`  [host."${endpoint}".auth]`, `    username = "${String(auth.username ?? '')}"`, `    password = "${String(auth.password ?? '')}"`);
    }
  }
  return `${lines.join('\n')}\n`;
}
