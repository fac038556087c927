// The admin kubeconfig `cozylab up` writes: cluster `cozylab`, CA embedded, user `admin` with a token.

import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';

export function adminKubeconfig(server: string, caPem: string, token: string): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'cozylab', cluster: { server, 'certificate-authority-data': Buffer.from(caPem).toString('base64') } }],
    users: [{ name: 'admin', user: { token } }],
    contexts: [{ name: 'cozylab', context: { cluster: 'cozylab', user: 'admin', namespace: 'default' } }],
    'current-context': 'cozylab',
    preferences: {},
  });
}

export function writeKubeconfig(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600 });
}
