// The garbage collector: an owner→dependents graph kept from one watch over the whole store.
// Dependents of a deleted owner are deleted (Background); `foregroundDeletion` waits for them to go
// first; `orphan` strips their ownerReferences. Cross-namespace owners are ignored as Kubernetes does.

import type { ApiServer } from '../apiserver/api-server.ts';
import type { ServedResource } from '../apiserver/catalog.ts';
import { deleteObject, FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from '../apiserver/registry/delete.ts';
import { isStatusError } from '../machinery/errors.ts';
import type { KubeObject, ObjectMeta } from '../machinery/object.ts';
import type { StoreEvent, Watcher } from '../storage/store.ts';
import { detachedCopy, ownerReferencesText } from './stored-metadata.ts';

/**
 * Resources the garbage collector does not watch, as kube-controller-manager's
 * DefaultIgnoredResources: Events (core's keys hold events.k8s.io's too). An Event cannot
 * be an owner (the API server refuses it), and its own ownerReferences do not make it collectable.
 */
const IGNORED_PREFIXES = ['/registry/core/events/'];

function isIgnored(key: string): boolean {
  return IGNORED_PREFIXES.some((p) => key.startsWith(p));
}

interface Node {
  key: string;
  uid: string;
  namespace: string;
  name: string;
  owners: string[];
  deleting: string[] | undefined;
  /** The ownerReferences text the node was read from ('' for none): a write that keeps it changes nothing here. */
  refsText: string | undefined;
}

export class GarbageCollector {
  private readonly nodes = new Map<string, Node>();
  private readonly byUid = new Map<string, Node>();
  private readonly dependents = new Map<string, Set<string>>();
  private readonly dirty = new Set<string>();
  private watcher?: Watcher;
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(private readonly server: ApiServer) {}

  async start(): Promise<void> {
    const all = await this.server.store.list('/registry/');
    for (const sv of all.items) if (!isIgnored(sv.key)) this.observeValue(sv.key, sv.value);
    this.watcher = await this.server.store.watch('/registry/', all.revision, { onEvent: (ev) => this.onEvent(ev) });
    for (const n of this.nodes.values()) if (n.deleting) this.dirty.add(n.uid);
    this.schedule();
  }

  stop(): void {
    this.watcher?.stop();
    clearTimeout(this.timer);
  }

  private onEvent(ev: StoreEvent): void {
    if (isIgnored(ev.key)) return;
    if (ev.type === 'delete') this.forget(ev.key);
    else this.observeValue(ev.key, ev.value);
    this.schedule();
  }

  /** Parses the stored text only when the write may have changed owners or deletion. */
  private observeValue(key: string, value: string): void {
    const refsText = ownerReferencesText(value);
    const known = this.nodes.get(key);
    // A uid does not change under one key (a new object comes after a delete); owners and deletion can.
    if (known && !known.deleting && refsText !== undefined && refsText === known.refsText && !value.includes('"deletionTimestamp"') && value.includes(`"uid":"${known.uid}"`)) return;
    this.observe(key, (JSON.parse(value) as KubeObject).metadata, refsText);
  }

  private observe(key: string, m: ObjectMeta | undefined, refsText: string | undefined): void {
    if (!m?.uid) return;
    this.forget(key, false);
    const ns = m.namespace ?? '';
    const node: Node = {
      key,
      uid: m.uid,
      namespace: ns,
      name: m.name ?? '',
      owners: (m.ownerReferences ?? []).map((o) => o.uid),
      deleting: m.deletionTimestamp ? (m.finalizers ?? []) : undefined,
      // Kept until the owners change: not a slice of this version's text, or the text would stay too.
      refsText: refsText === undefined ? undefined : detachedCopy(refsText),
    };
    this.nodes.set(key, node);
    this.byUid.set(node.uid, node);
    for (const owner of node.owners) {
      let set = this.dependents.get(owner);
      if (!set) this.dependents.set(owner, (set = new Set()));
      set.add(node.uid);
      if (!this.byUid.has(owner)) this.dirty.add(node.uid);
    }
    if (node.deleting?.includes(FOREGROUND_FINALIZER) || node.deleting?.includes(ORPHAN_FINALIZER)) this.dirty.add(node.uid);
  }

  private forget(key: string, gone = true): void {
    const node = this.nodes.get(key);
    if (!node) return;
    this.nodes.delete(key);
    this.byUid.delete(node.uid);
    for (const owner of node.owners) {
      this.dependents.get(owner)?.delete(node.uid);
      const ownerNode = this.byUid.get(owner);
      if (ownerNode?.deleting) this.dirty.add(owner);
    }
    if (gone) for (const dep of this.dependents.get(node.uid) ?? []) this.dirty.add(dep);
  }

  private schedule(): void {
    if (this.timer || this.dirty.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.process();
    }, 0);
    this.timer.unref();
  }

  private async process(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const batch = [...this.dirty];
      this.dirty.clear();
      for (const uid of batch) await this.reconcile(uid).catch(() => this.dirty.add(uid));
    } finally {
      this.running = false;
    }
    if (this.dirty.size) setTimeout(() => this.schedule(), 100).unref();
  }

  private servedFor(key: string): ServedResource | undefined {
    const [, , group, plural] = key.split('/');
    return this.server.catalog.all().find((s) => (s.type.group || 'core') === group && s.type.plural === plural);
  }

  private liveOwners(node: Node): string[] {
    // An owner in another namespace does not count: Kubernetes ignores cross-namespace owner references.
    return node.owners.filter((o) => {
      const owner = this.byUid.get(o);
      return owner && (owner.namespace === '' || owner.namespace === node.namespace);
    });
  }

  private async reconcile(uid: string): Promise<void> {
    const node = this.byUid.get(uid);
    if (!node) return;
    const served = this.servedFor(node.key);
    if (!served) return;
    const ctx = this.server.internalContext('generic-garbage-collector');
    if (node.owners.length && this.liveOwners(node).length === 0 && !node.deleting) {
      await deleteObject(served.registry, node.namespace, node.name, { propagationPolicy: 'Background' }, ctx).catch(ignoreNotFound);
      return;
    }
    if (!node.deleting) return;
    const deps = [...(this.dependents.get(uid) ?? [])].map((d) => this.byUid.get(d)).filter((d): d is Node => d !== undefined);
    if (node.deleting.includes(ORPHAN_FINALIZER)) {
      for (const dep of deps) {
        const depServed = this.servedFor(dep.key);
        await depServed?.registry
          .guaranteedUpdate(dep.namespace, dep.name, ctx, '', (cur) => {
            cur.metadata.ownerReferences = (cur.metadata.ownerReferences ?? []).filter((o) => o.uid !== uid);
            if (cur.metadata.ownerReferences.length === 0) delete cur.metadata.ownerReferences;
            return cur;
          })
          .catch(ignoreNotFound);
      }
      await this.dropFinalizer(served, node, ORPHAN_FINALIZER);
      return;
    }
    if (node.deleting.includes(FOREGROUND_FINALIZER)) {
      for (const dep of deps) {
        if (this.byUid.get(dep.uid)?.deleting) continue;
        const depServed = this.servedFor(dep.key);
        if (depServed) await deleteObject(depServed.registry, dep.namespace, dep.name, { propagationPolicy: 'Foreground' }, ctx).catch(ignoreNotFound);
      }
      if (deps.length === 0) await this.dropFinalizer(served, node, FOREGROUND_FINALIZER);
    }
  }

  private async dropFinalizer(served: ServedResource, node: Node, finalizer: string): Promise<void> {
    await served.registry
      .guaranteedUpdate(node.namespace, node.name, this.server.internalContext('generic-garbage-collector'), '', (cur) => {
        cur.metadata.finalizers = (cur.metadata.finalizers ?? []).filter((f) => f !== finalizer);
        return cur;
      })
      .catch(ignoreNotFound);
  }
}

function ignoreNotFound(err: unknown): void {
  if (!isStatusError(err, 'NotFound')) throw err;
}
