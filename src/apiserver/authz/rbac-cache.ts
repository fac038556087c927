// The RBAC objects held in memory, as kube-apiserver's RBAC authorizer reads them from informers:
// one list of `/registry/rbac.authorization.k8s.io/` at start, then a store watch keeps it fresh,
// so deciding a request never reads the store.

import type { KubeObject } from '../../machinery/object.ts';
import { StoreClosedError, type StoreEvent, type Store, type Watcher } from '../../storage/store.ts';
import { decodeStored } from '../registry/codec.ts';
import type { PolicyRule, RoleRef, Subject } from './rbac-rules.ts';

export const RBAC_PREFIX = '/registry/rbac.authorization.k8s.io/';
const RESTART_DELAY_MS = 100;

export type RBACKind = 'Role' | 'ClusterRole' | 'RoleBinding' | 'ClusterRoleBinding';

const KIND_OF_PLURAL: Record<string, RBACKind> = {
  roles: 'Role',
  clusterroles: 'ClusterRole',
  rolebindings: 'RoleBinding',
  clusterrolebindings: 'ClusterRoleBinding',
};

export interface RoleObject extends KubeObject {
  rules?: PolicyRule[] | null;
  aggregationRule?: { clusterRoleSelectors?: Record<string, unknown>[] } | null;
}

export interface BindingObject extends KubeObject {
  roleRef: RoleRef;
  subjects?: Subject[] | null;
}

export type RBACChangeListener = (kind: RBACKind, obj: KubeObject, deleted: boolean) => void;

export class RBACCache {
  readonly roles = new Map<string, RoleObject>();
  readonly clusterRoles = new Map<string, RoleObject>();
  /** namespace → name → binding. */
  readonly roleBindings = new Map<string, Map<string, BindingObject>>();
  readonly clusterRoleBindings = new Map<string, BindingObject>();
  private readonly listeners: RBACChangeListener[] = [];
  private watcher?: Watcher;
  private starting?: Promise<void>;
  private stopped = false;
  private restartTimer?: NodeJS.Timeout;

  constructor(private readonly store: Store) {}

  /** Lists and starts watching; later calls return the first call's promise. */
  start(): Promise<void> {
    this.stopped = false;
    this.starting ??= this.listAndWatch();
    return this.starting;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    this.watcher?.stop();
    this.watcher = undefined;
    this.starting = undefined;
  }

  onChange(listener: RBACChangeListener): void {
    this.listeners.push(listener);
  }

  role(namespace: string, name: string): RoleObject | undefined {
    return this.roles.get(`${namespace}/${name}`);
  }

  roleBindingsIn(namespace: string): Iterable<BindingObject> {
    return this.roleBindings.get(namespace)?.values() ?? [];
  }

  /** After a restart every object is announced again: what changed while unwatched is unknown. */
  private async listAndWatch(announce = false): Promise<void> {
    const listed = await this.store.list(RBAC_PREFIX);
    this.roles.clear();
    this.clusterRoles.clear();
    this.roleBindings.clear();
    this.clusterRoleBindings.clear();
    for (const sv of listed.items) this.apply('put', sv.key, decodeStored(sv.value, sv.modRevision), announce);
    const watcher = await this.store.watch(RBAC_PREFIX, listed.revision, {
      onEvent: (ev) => this.onEvent(ev),
      onError: (err) => this.restart(err),
    });
    if (this.stopped) watcher.stop();
    else this.watcher = watcher;
  }

  private onEvent(ev: StoreEvent): void {
    this.apply(ev.type, ev.key, decodeStored(ev.value, ev.modRevision), true);
  }

  /** A watch that lost its history (compaction) starts over from a fresh list. */
  private restart(err: Error): void {
    this.watcher = undefined;
    if (this.stopped || err instanceof StoreClosedError) return;
    this.restartTimer = setTimeout(() => {
      this.starting = this.listAndWatch(true).catch((e: Error) => this.restart(e));
    }, RESTART_DELAY_MS);
    this.restartTimer.unref();
  }

  private apply(type: 'put' | 'delete', key: string, obj: KubeObject, notify: boolean): void {
    const [plural, ...rest] = key.slice(RBAC_PREFIX.length).split('/');
    const kind = KIND_OF_PLURAL[plural ?? ''];
    if (!kind) return;
    const namespaced = kind === 'Role' || kind === 'RoleBinding';
    const namespace = namespaced ? rest[0]! : '';
    const name = namespaced ? rest.slice(1).join('/') : rest.join('/');
    const deleted = type === 'delete';
    switch (kind) {
      case 'Role':
        setOrDelete(this.roles, `${namespace}/${name}`, obj as RoleObject, deleted);
        break;
      case 'ClusterRole':
        setOrDelete(this.clusterRoles, name, obj as RoleObject, deleted);
        break;
      case 'ClusterRoleBinding':
        setOrDelete(this.clusterRoleBindings, name, obj as BindingObject, deleted);
        break;
      case 'RoleBinding': {
        let inNamespace = this.roleBindings.get(namespace);
        if (!inNamespace) this.roleBindings.set(namespace, (inNamespace = new Map()));
        setOrDelete(inNamespace, name, obj as BindingObject, deleted);
        if (inNamespace.size === 0) this.roleBindings.delete(namespace);
        break;
      }
    }
    if (notify) for (const l of this.listeners) l(kind, obj, deleted);
  }
}

function setOrDelete<T>(map: Map<string, T>, key: string, value: T, deleted: boolean): void {
  if (deleted) map.delete(key);
  else map.set(key, value);
}
