// `cozylab --version`: the program's own version and the versions of what it serves.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KUBERNETES_VERSION } from '../apiserver/version.ts';
import { COZYSTACK_VERSION } from '../platform/version.ts';

export function versionText(): string {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  return `cozylab ${pkg.version} (Kubernetes ${KUBERNETES_VERSION.gitVersion.replace(/\+.*/, '')}, Cozystack ${COZYSTACK_VERSION})`;
}
