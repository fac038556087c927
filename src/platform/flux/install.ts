// What the cozystack-operator's `--install-flux` does (internal/fluxinstall): server-side apply of
// the embedded Flux manifests with field manager `cozystack-operator` — CRDs and the namespace
// first, wait until the CRDs are Established, then the rest (RBAC, quota, the "flux" Deployment and
// Service in cozy-fluxcd). Idempotent: applying again changes nothing.

import { join } from 'node:path';
import type { KubeObject } from '../../machinery/object.ts';
import { readYamlDocuments } from '../../machinery/yaml-file.ts';
import { realClock, refOf, type Clock, type KubeClient } from '../../controller/index.ts';
import { fluxCRDs } from './crds.ts';
import { FLUX_NAMESPACE } from './kinds.ts';

export const FLUX_FIELD_MANAGER = 'cozystack-operator';
const CRD_GVK = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' };

/** The non-CRD objects of the install; the namespace carries the label every Cozystack system namespace has. */
export function fluxManifests(): KubeObject[] {
  const objects = readYamlDocuments(join(import.meta.dirname, 'manifests', 'flux.yaml')) as KubeObject[];
  for (const o of objects) {
    if (o.kind === 'Namespace' && o.metadata.name === FLUX_NAMESPACE) o.metadata.labels = { ...o.metadata.labels, 'cozystack.io/system': 'true' };
  }
  return objects;
}

export interface InstallFluxOptions {
  clock?: Clock;
  /** How long to wait for the CRDs to be Established. */
  timeoutMs?: number;
}

export async function installFlux(client: KubeClient, opts: InstallFluxOptions = {}): Promise<void> {
  const clock = opts.clock ?? realClock;
  const manifests = fluxManifests();
  const crds = fluxCRDs();
  const stageOne = [...crds, ...manifests.filter((o) => o.kind === 'Namespace')];
  const stageTwo = manifests.filter((o) => o.kind !== 'Namespace');
  // The CRDs and the namespace do not depend on each other: applied at once.
  const applied = await Promise.all(stageOne.map((obj) => apply(client, obj)));
  const pending = crds.map((c) => c.metadata.name!).filter((name) => !established(applied.find((o) => o.kind === 'CustomResourceDefinition' && o.metadata.name === name)));
  await waitForEstablished(client, clock, pending, opts.timeoutMs ?? 60_000);
  // The rest name nothing the API server checks on create (no admission looks up a Role or a
  // ServiceAccount for them): applied at once too, one commit instead of one after another.
  await Promise.all(stageTwo.map((obj) => apply(client, obj)));
}

function apply(client: KubeClient, obj: KubeObject): Promise<KubeObject> {
  return client.patch(refOf(obj), 'apply', obj, { fieldManager: FLUX_FIELD_MANAGER, force: true });
}

function established(crd: KubeObject | undefined): boolean {
  const conditions = ((crd?.status as { conditions?: Array<{ type: string; status: string }> } | undefined)?.conditions ?? []);
  return conditions.some((c) => c.type === 'Established' && c.status === 'True');
}

async function waitForEstablished(client: KubeClient, clock: Clock, names: string[], timeoutMs: number): Promise<void> {
  const deadline = clock.now().getTime() + timeoutMs;
  let pending = names;
  while (pending.length) {
    if (clock.now().getTime() >= deadline) throw new Error(`CRDs not established after apply: ${pending.join(', ')}`);
    // The apiserver establishes a CRD just after it is stored: ask once it had the time to.
    await clock.sleep(10);
    const crds = await Promise.all(pending.map((name) => client.get({ ...CRD_GVK, name })));
    pending = pending.filter((_, i) => !established(crds[i]));
  }
}
