// The application an object belongs to, found as Cozystack's lineage package walks the ownership
// graph: up every ownerReference; an object without owners that is a HelmRelease labelled with an
// application is that application's; any other object without owners follows its
// `helm.toolkit.fluxcd.io/name` label to the HelmRelease that installed it.

import type { KubeClient } from '../../controller/index.ts';
import type { KubeObject } from '../../machinery/object.ts';

const HELM_RELEASE = { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease' };
const RELEASE_LABEL = 'helm.toolkit.fluxcd.io/name';
export const APP_GROUP_LABEL = 'apps.cozystack.io/application.group';
export const APP_KIND_LABEL = 'apps.cozystack.io/application.kind';
export const APP_NAME_LABEL = 'apps.cozystack.io/application.name';

async function getObject(client: KubeClient, apiVersion: string, kind: string, namespace: string | undefined, name: string): Promise<KubeObject | undefined> {
  try {
    return await client.get({ apiVersion, kind, namespace, name });
  } catch {
    return undefined;
  }
}

/** The application a HelmRelease stands for: the one its labels name, if it exists. */
async function applicationOf(client: KubeClient, hr: KubeObject): Promise<KubeObject | undefined> {
  const labels = hr.metadata.labels ?? {};
  const [kind, group, appName] = [labels[APP_KIND_LABEL], labels[APP_GROUP_LABEL], labels[APP_NAME_LABEL]];
  const name = hr.metadata.name ?? '';
  if (!kind || !group || !appName || !name.endsWith(appName)) return undefined;
  // The release is named <prefix><application name>; the application carries the name without it.
  const prefix = name.slice(0, name.length - appName.length);
  return getObject(client, `${group}/v1alpha1`, kind, hr.metadata.namespace, name.slice(prefix.length));
}

/** Every application the object descends from, nearest first; empty when none. */
export async function owningApplications(client: KubeClient, obj: KubeObject, visited = new Set<string>()): Promise<KubeObject[]> {
  const id = `${obj.apiVersion}/${obj.kind}/${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
  if (visited.has(id)) return [];
  visited.add(id);
  const refs = obj.metadata.ownerReferences ?? [];
  const out: KubeObject[] = [];
  for (const ref of refs) {
    const owner = await getObject(client, ref.apiVersion, ref.kind, obj.metadata.namespace, ref.name);
    if (owner) out.push(...(await owningApplications(client, owner, visited)));
  }
  // An object with owners is not an application's directly.
  if (refs.length) return out;
  if (obj.apiVersion === HELM_RELEASE.apiVersion && obj.kind === HELM_RELEASE.kind) {
    const app = await applicationOf(client, obj);
    if (app) return [app];
  }
  const release = obj.metadata.labels?.[RELEASE_LABEL];
  if (!release) return out;
  const hr = await getObject(client, HELM_RELEASE.apiVersion, HELM_RELEASE.kind, obj.metadata.namespace, release);
  if (hr) out.push(...(await owningApplications(client, hr, visited)));
  return out;
}
