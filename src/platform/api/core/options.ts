// core.cozystack.io Options: dropdown sources for the dashboard, one provider per object name
// (pkg/registry/core/option/providers.go). Providers over kinds cozylab does not have yet list nothing.

import type { KubeObject } from '../../../machinery/object.ts';
import type { Store } from '../../../storage/store.ts';
import { CORE_API_VERSION } from './group.ts';

export interface OptionItem {
  value: string;
  label: string;
  description?: string;
  default?: boolean;
}

export const OPTION_PROVIDERS = ['gpu', 'instancetype', 'instanceprofile', 'network', 'image', 'storagepool', 'storageclass', 'backupclass', 'vmdisk', 'plan', 'backup', 'appkind'] as const;

export interface OptionSources {
  store: Store;
  /** The application kinds served now (from the ApplicationDefinitions). */
  appKinds(): Array<{ kind: string; description?: string }>;
}

async function objectsUnder(store: Store, prefix: string): Promise<KubeObject[]> {
  const list = await store.list(prefix);
  return list.items.map((sv) => JSON.parse(sv.value) as KubeObject);
}

const isDefaultClass = (sc: KubeObject) => {
  const a = sc.metadata.annotations ?? {};
  return a['storageclass.kubernetes.io/is-default-class'] === 'true' || a['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
};

async function providerItems(name: string, namespace: string, src: OptionSources): Promise<OptionItem[]> {
  const names = async (prefix: string) => (await objectsUnder(src.store, prefix)).map((o) => o.metadata.name ?? '').sort();
  switch (name) {
    case 'storageclass':
      return (await objectsUnder(src.store, '/registry/storage.k8s.io/storageclasses/'))
        .sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''))
        .map((sc) => (isDefaultClass(sc) ? { value: sc.metadata.name!, label: `${sc.metadata.name} (default)`, default: true } : { value: sc.metadata.name!, label: sc.metadata.name! }));
    case 'appkind':
      return src.appKinds().sort((a, b) => a.kind.localeCompare(b.kind)).map((k) => ({ value: k.kind, label: k.kind, ...(k.description ? { description: k.description } : {}) }));
    case 'instancetype':
      return (await names('/registry/instancetype.kubevirt.io/virtualmachineclusterinstancetypes/')).map((n) => ({ value: n, label: n }));
    case 'instanceprofile':
      return (await names('/registry/instancetype.kubevirt.io/virtualmachineclusterpreferences/')).map((n) => ({ value: n, label: n }));
    case 'network':
      return (await names(`/registry/k8s.cni.cncf.io/network-attachment-definitions/${namespace}/`)).map((n) => ({ value: n, label: n }));
    case 'image':
      return (await names('/registry/core/persistentvolumeclaims/cozy-public/')).filter((n) => n.startsWith('vm-default-images-')).map((n) => ({ value: n, label: n }));
    default:
      return [];
  }
}

export async function optionObject(name: string, namespace: string, src: OptionSources): Promise<KubeObject | undefined> {
  if (!(OPTION_PROVIDERS as readonly string[]).includes(name)) return undefined;
  return { apiVersion: CORE_API_VERSION, kind: 'Option', metadata: { name, namespace }, spec: { items: await providerItems(name, namespace, src) } };
}

export async function optionList(namespace: string, src: OptionSources): Promise<KubeObject[]> {
  const out: KubeObject[] = [];
  for (const name of [...OPTION_PROVIDERS].sort()) out.push((await optionObject(name, namespace, src))!);
  return out;
}
