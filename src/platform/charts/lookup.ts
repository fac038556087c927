// Helm's `lookup` and `.Capabilities` for pure charts: a chart names the objects its templates
// read (`Chart.lookups`); the renderer (helm-controller, installer) fetches them before render and
// hands them over as values with `withLookups`. A missing object is what `lookup` returns for an
// object that does not exist (nothing).

import type { KubeObject } from '../../machinery/object.ts';
import type { Values } from './chart.ts';

/** Values key holding the looked-up objects, by `lookupKey`. */
export const LOOKUP_VALUES_KEY = '_lookup';
/** Values key holding `.Capabilities`: `{apiVersions: ["group/version/Kind", …]}`. */
export const CAPABILITIES_VALUES_KEY = '_capabilities';

export interface LookupRef {
  apiVersion: string;
  kind: string;
  /** Empty for cluster-scoped objects (or, with an empty name, for every namespace). */
  namespace: string;
  /** Empty: every object of the kind, as `lookup "v1" "Node" "" ""` lists them (see lookupList). */
  name: string;
}

export type Lookup = (apiVersion: string, kind: string, namespace: string, name: string) => KubeObject | undefined;

export function lookupKey(ref: LookupRef): string {
  return [ref.apiVersion, ref.kind, ref.namespace, ref.name].join('/');
}

/** Helm's `lookup` over what `values._lookup` holds. */
export function lookupFrom(values: Values): Lookup {
  const found = values[LOOKUP_VALUES_KEY];
  const table = found && typeof found === 'object' ? (found as Record<string, KubeObject | null | undefined>) : {};
  return (apiVersion, kind, namespace, name) => table[lookupKey({ apiVersion, kind, namespace, name })] ?? undefined;
}

/** Helm's `(lookup apiVersion kind namespace "").items`: what a list lookup found, or nothing. */
export function lookupList(values: Values, apiVersion: string, kind: string, namespace = ''): KubeObject[] {
  const list = lookupFrom(values)(apiVersion, kind, namespace, '') as { items?: KubeObject[] } | undefined;
  return list?.items ?? [];
}

/** `.Capabilities.APIVersions.Has`. */
export function hasAPIVersion(values: Values, apiVersion: string): boolean {
  const caps = values[CAPABILITIES_VALUES_KEY] as { apiVersions?: unknown } | undefined;
  return Array.isArray(caps?.apiVersions) && caps.apiVersions.includes(apiVersion);
}

/** What a list lookup found: the kind's objects (in the namespace, or all). */
export interface LookedUpList {
  ref: LookupRef;
  items: KubeObject[];
}

/**
 * `values` plus the looked-up objects (cluster-scoped ones with an empty namespace), the listed
 * ones (as the List object Helm's lookup gives) and capabilities.
 */
export function withLookups(values: Values, objects: KubeObject[], apiVersions: string[] = [], lists: LookedUpList[] = []): Values {
  const table: Record<string, KubeObject> = {};
  for (const o of objects) {
    table[lookupKey({ apiVersion: o.apiVersion, kind: o.kind, namespace: o.metadata.namespace ?? '', name: o.metadata.name ?? '' })] = o;
  }
  for (const { ref, items } of lists) {
    table[lookupKey(ref)] = { apiVersion: ref.apiVersion, kind: `${ref.kind}List`, metadata: {}, items } as KubeObject;
  }
  return { ...values, [LOOKUP_VALUES_KEY]: table, [CAPABILITIES_VALUES_KEY]: { apiVersions: [...apiVersions] } };
}
