// The one client interface controllers are written against, whether they run inside the API
// server process (straight to the registries) or against any cluster over HTTPS.
// Failures are StatusErrors with the codes and reasons the HTTP API answers.

import { StatusError, type Status } from '../machinery/errors.ts';
import { parseApiVersion, type KubeList, type KubeObject } from '../machinery/object.ts';

/** A kind in one group-version: `{ apiVersion: 'apps/v1', kind: 'Deployment' }`. */
export interface GroupVersionKind {
  apiVersion: string;
  kind: string;
}

/** One object of a kind; `namespace` is ignored for cluster-scoped kinds. */
export interface ObjectRef extends GroupVersionKind {
  namespace?: string;
  name: string;
}

/** What the client resolved a kind to (discovery's APIResource). */
export interface ResourceInfo {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

export interface ListOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: 'Exact' | 'NotOlderThan';
}

export interface WatchOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  allowWatchBookmarks?: boolean;
  sendInitialEvents?: boolean;
  timeoutSeconds?: number;
}

export interface WriteOptions {
  dryRun?: boolean;
  fieldManager?: string;
}

export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

export const PATCH_CONTENT_TYPES: Record<PatchType, string> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
};

export interface PatchOptions extends WriteOptions {
  /** Server-side apply: take over fields other managers own. */
  force?: boolean;
  /** Patch a subresource (`status`). */
  subresource?: string;
}

export interface DeleteOptions {
  propagationPolicy?: 'Foreground' | 'Background' | 'Orphan';
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: boolean;
}

export interface DeleteCollectionOptions extends DeleteOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
}

/**
 * A watch event. BOOKMARK carries only a resourceVersion (`object.metadata.resourceVersion`);
 * ERROR carries the failure as a StatusError (410 Expired / Gone means: relist).
 */
export type ClientWatchEvent<T extends KubeObject = KubeObject> =
  | { type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK'; object: T }
  | { type: 'ERROR'; error: StatusError };

export type WatchHandler<T extends KubeObject = KubeObject> = (event: ClientWatchEvent<T>) => void;

export interface WatchHandle {
  stop(): void;
  /** Settles when the watch has ended: stopped, timed out, closed by the server or after an ERROR. */
  readonly done: Promise<void>;
}

export interface KubeClient {
  resolve(gvk: GroupVersionKind): Promise<ResourceInfo>;
  get<T extends KubeObject = KubeObject>(ref: ObjectRef): Promise<T>;
  /** GET of a subresource (`scale`): what it answers, typed by the caller. */
  getSubresource<T = unknown>(ref: ObjectRef, subresource: string): Promise<T>;
  list<T extends KubeObject = KubeObject>(gvk: GroupVersionKind, opts?: ListOptions): Promise<KubeList<T>>;
  watch<T extends KubeObject = KubeObject>(gvk: GroupVersionKind, opts: WatchOptions, handler: WatchHandler<T>): Promise<WatchHandle>;
  create<T extends KubeObject = KubeObject>(obj: T, opts?: WriteOptions): Promise<T>;
  update<T extends KubeObject = KubeObject>(obj: T, opts?: WriteOptions): Promise<T>;
  updateStatus<T extends KubeObject = KubeObject>(obj: T, opts?: WriteOptions): Promise<T>;
  /** PUT to a subresource that takes the whole object (`status`, a namespace's `finalize`). */
  updateSubresource<T extends KubeObject = KubeObject>(obj: T, subresource: string, opts?: WriteOptions): Promise<T>;
  patch<T extends KubeObject = KubeObject>(ref: ObjectRef, patchType: PatchType, body: unknown, opts?: PatchOptions): Promise<T>;
  /** The object while its deletion is pending (finalizers, grace), or a Success Status once it is gone (pods: the object). */
  delete(ref: ObjectRef, opts?: DeleteOptions): Promise<KubeObject | Status>;
  deleteCollection(gvk: GroupVersionKind, opts?: DeleteCollectionOptions): Promise<KubeList>;
  /** POST to a subresource with its own body type (pods/binding, serviceaccounts/token, pods/eviction). */
  createSubresource(ref: ObjectRef, subresource: string, body: unknown, opts?: WriteOptions): Promise<unknown>;
}

export function refOf(obj: KubeObject): ObjectRef {
  return { apiVersion: obj.apiVersion, kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name ?? '' };
}

export function groupOf(gvk: GroupVersionKind): string {
  return parseApiVersion(gvk.apiVersion).group;
}

/** `namespace/name`, or `name` for cluster-scoped objects: the key informers and queues use. */
export function objectKey(obj: { metadata: { namespace?: string; name?: string } }): string {
  const ns = obj.metadata.namespace;
  return ns ? `${ns}/${obj.metadata.name}` : obj.metadata.name ?? '';
}

export function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { namespace: '', name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

export function isStatus(value: unknown): value is Status {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}

/** A 410 on a watch or list: the resourceVersion is too old, start over with a fresh list. */
export function isGone(err: unknown): boolean {
  return err instanceof StatusError && err.code === 410;
}
