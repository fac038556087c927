// `helm uninstall`: deletes the objects of the release's last manifest in reverse install order,
// except those annotated `helm.sh/resource-policy: keep`, then every release record.

import type { KubeObject } from '../../machinery/object.ts';
import { refOf, type KubeClient } from '../../controller/index.ts';
import { deleteIfPresent, placeObject, ResourceMappingError } from './apply.ts';
import { inUninstallOrder } from './install-order.ts';
import { isKept } from './ownership.ts';
import { parseManifest } from './release.ts';
import type { ReleaseStore } from './release-store.ts';

export interface UninstallResult {
  deleted: KubeObject[];
  /** Objects left in place by their resource policy. */
  kept: KubeObject[];
  /** Helm's note on kept objects, or '' when none were kept. */
  keptMessage: string;
}

export async function uninstallRelease(client: KubeClient, store: ReleaseStore, name: string, releaseNamespace: string): Promise<UninstallResult> {
  const history = await store.history(name);
  const last = history.at(-1);
  const deleted: KubeObject[] = [];
  const kept: KubeObject[] = [];
  for (const obj of inUninstallOrder(last ? parseManifest(last.manifest) : [])) {
    if (isKept(obj)) {
      kept.push(obj);
      continue;
    }
    try {
      const placed = await placeObject(client, obj, releaseNamespace);
      if (await deleteIfPresent(client, refOf(placed))) deleted.push(placed);
    } catch (err) {
      if (!(err instanceof ResourceMappingError)) throw err;
    }
  }
  for (const rel of history) await store.delete(name, rel.version);
  const keptMessage = kept.length ? `These resources were kept due to the resource policy:\n${kept.map((o) => `[${o.kind}] ${o.metadata.name}`).join('\n')}\n` : '';
  return { deleted, kept, keptMessage };
}
