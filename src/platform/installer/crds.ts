// What `--install-crds` does (internal/crdinstall): server-side apply of the embedded Package and
// PackageSource CRDs — the upstream manifests, kept verbatim beside this file — stamped with the
// no-delete label, then wait until both are Established.

import { join } from 'node:path';
import type { KubeObject } from '../../machinery/object.ts';
import { readYamlDocuments } from '../../machinery/yaml-file.ts';
import type { Clock, KubeClient } from '../../controller/index.ts';

const MANIFESTS = ['cozystack.io_packages.yaml', 'cozystack.io_packagesources.yaml'];
const CRD_GVK = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' };
export const OPERATOR_FIELD_MANAGER = 'cozystack-operator';

let cached: KubeObject[] | undefined;

export function cozystackCRDs(): KubeObject[] {
  cached ??= MANIFESTS.flatMap((file) => readYamlDocuments(join(import.meta.dirname, 'crds', file)) as KubeObject[]);
  return cached.map((crd) => ({ ...crd, metadata: { ...crd.metadata, labels: { ...crd.metadata.labels, 'platform.cozystack.io/no-delete': 'true' } } }));
}

export async function installCRDs(client: KubeClient, clock: Clock, timeoutMs = 120_000): Promise<void> {
  const crds = cozystackCRDs();
  // Independent of each other: applied at once.
  const applied = await Promise.all(crds.map((crd) => client.patch({ ...CRD_GVK, name: crd.metadata.name! }, 'apply', crd, { fieldManager: OPERATOR_FIELD_MANAGER, force: true })));
  // What the apply answered tells which were Established already (a restart's).
  await waitForEstablished(client, clock, crds.map((c) => c.metadata.name!).filter((_, i) => !established(applied[i])), timeoutMs);
}

function established(crd: KubeObject | undefined): boolean {
  const conditions = (crd?.status as { conditions?: Array<{ type: string; status: string }> } | undefined)?.conditions ?? [];
  return conditions.some((c) => c.type === 'Established' && c.status === 'True');
}

export async function waitForEstablished(client: KubeClient, clock: Clock, names: string[], timeoutMs: number): Promise<void> {
  const deadline = clock.now().getTime() + timeoutMs;
  let pending = names;
  // The apiserver establishes a CRD just after it is stored: ask soon, then less often.
  let pollMs = 10;
  while (pending.length) {
    if (clock.now().getTime() >= deadline) throw new Error(`CRDs not established after apply: ${pending.join(', ')}`);
    await clock.sleep(pollMs);
    pollMs = Math.min(pollMs * 2, 50);
    const crds = await Promise.all(pending.map((name) => client.get({ ...CRD_GVK, name })));
    pending = pending.filter((_, i) => !established(crds[i]));
  }
}
