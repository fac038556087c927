// Where objects live in the store, as kube-apiserver lays them out in etcd.

import type { ResourceType } from '../resource.ts';

export function resourcePrefix(rt: Pick<ResourceType, 'group' | 'plural'>): string {
  return `/registry/${rt.group || 'core'}/${rt.plural}/`;
}

/** The prefix a list reads: every namespace when `namespace` is empty. */
export function collectionPrefix(rt: Pick<ResourceType, 'group' | 'plural' | 'namespaced'>, namespace: string): string {
  const base = resourcePrefix(rt);
  return rt.namespaced && namespace ? `${base}${namespace}/` : base;
}

export function objectKey(rt: Pick<ResourceType, 'group' | 'plural' | 'namespaced'>, namespace: string, name: string): string {
  return rt.namespaced ? `${resourcePrefix(rt)}${namespace}/${name}` : `${resourcePrefix(rt)}${name}`;
}
