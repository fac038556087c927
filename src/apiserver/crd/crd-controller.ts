// Serves custom resources as CRDs come and go: registers each served version at once, keeps the
// CRD's status conditions, and on deletion removes every instance before the finalizer goes.

import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import type { Watcher } from '../../storage/store.ts';
import { INTERNAL_USER } from '../auth/user.ts';
import type { ResourceCatalog } from '../catalog.ts';
import { decodeStored, formatTime } from '../registry/codec.ts';
import type { WriteContext } from '../registry/context.ts';
import { deleteObject } from '../registry/delete.ts';
import { ResourceRegistry, type RegistryDeps } from '../registry/registry.ts';
import { CRD_CLEANUP_FINALIZER, type CRDSpec } from './crd-types.ts';
import { customResourceStrategy, customResourceType } from './custom-resource.ts';

const internal = (): WriteContext => ({ user: INTERNAL_USER, dryRun: false, fieldManager: 'kube-apiserver', warnings: [] });

export class CRDController {
  private watcher?: Watcher;
  private readonly served = new Map<string, { group: string; versions: string[]; plural: string; spec: CRDSpec }>();
  /** Events are acted on in order per CRD; different CRDs do not wait for each other's status writes. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly crds: ResourceRegistry,
    private readonly catalog: ResourceCatalog,
    private readonly deps: RegistryDeps,
  ) {}

  async start(): Promise<void> {
    const list = await this.crds.list('');
    for (const crd of list.items) await this.reconcile(crd);
    this.watcher = await this.deps.store.watch('/registry/apiextensions.k8s.io/customresourcedefinitions/', Number(list.metadata.resourceVersion), {
      onEvent: (ev) => {
        const obj = this.crds.withTypeMeta(decodeStored(ev.value, ev.modRevision));
        this.enqueue(obj.metadata.name!, () => (ev.type === 'delete' ? this.unserve(obj) : this.reconcile(obj)));
      },
    });
  }

  stop(): void {
    this.watcher?.stop();
  }

  /** Resolves once every event seen so far has been acted on. */
  settled(): Promise<void> {
    return Promise.all([...this.queues.values()]).then(() => undefined);
  }

  private enqueue(name: string, work: () => Promise<void>): void {
    const next = (this.queues.get(name) ?? Promise.resolve()).then(work).catch(() => {});
    this.queues.set(name, next);
    void next.then(() => {
      if (this.queues.get(name) === next) this.queues.delete(name);
    });
  }

  private async reconcile(crd: KubeObject): Promise<void> {
    const spec = crd.spec as CRDSpec;
    this.serve(crd.metadata.name!, spec);
    if (crd.metadata.deletionTimestamp) {
      await this.cleanup(crd, spec);
      return;
    }
    await this.updateStatus(crd, spec);
  }

  private serve(name: string, spec: CRDSpec): void {
    const previous = this.served.get(name);
    // A status write (or any change outside spec) serves nothing new: leave the catalog as it is.
    if (previous && deepEqual(previous.spec, spec)) return;
    const versions = spec.versions.filter((v) => v.served).map((v) => v.name);
    if (previous) for (const v of previous.versions) if (!versions.includes(v)) this.catalog.remove(previous.group, v, previous.plural);
    for (const version of spec.versions.filter((v) => v.served)) {
      const type = customResourceType(spec, version);
      this.catalog.add({ type, registry: new ResourceRegistry(type, customResourceStrategy(version), this.deps) });
    }
    this.served.set(name, { group: spec.group, versions, plural: spec.names.plural, spec: structuredClone(spec) });
  }

  private unserve(crd: KubeObject): Promise<void> {
    const entry = this.served.get(crd.metadata.name!);
    if (entry) for (const v of entry.versions) this.catalog.remove(entry.group, v, entry.plural);
    this.served.delete(crd.metadata.name!);
    return Promise.resolve();
  }

  private async updateStatus(crd: KubeObject, spec: CRDSpec): Promise<void> {
    const now = formatTime(this.deps.now());
    const previous = ((crd.status as { conditions?: { type: string; lastTransitionTime?: string }[] } | undefined)?.conditions ?? []);
    const since = (type: string) => previous.find((c) => c.type === type)?.lastTransitionTime ?? now;
    const storage = spec.versions.find((v) => v.storage)?.name;
    const stored = (crd.status as { storedVersions?: string[] } | undefined)?.storedVersions ?? [];
    const status = {
      acceptedNames: { ...spec.names },
      conditions: [
        { type: 'NamesAccepted', status: 'True', lastTransitionTime: since('NamesAccepted'), reason: 'NoConflicts', message: 'no conflicts found' },
        { type: 'Established', status: 'True', lastTransitionTime: since('Established'), reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' },
      ],
      storedVersions: storage && !stored.includes(storage) ? [...stored, storage] : stored,
    };
    if (deepEqual(crd.status, status)) return;
    await this.crds.guaranteedUpdate('', crd.metadata.name!, internal(), 'status', (current) => ({ ...current, status }));
  }

  private async cleanup(crd: KubeObject, spec: CRDSpec): Promise<void> {
    if (!(crd.metadata.finalizers ?? []).includes(CRD_CLEANUP_FINALIZER)) return;
    for (const version of spec.versions.filter((v) => v.served)) {
      const served = this.catalog.get(spec.group, version.name, spec.names.plural);
      if (!served) continue;
      const items = await served.registry.list('');
      for (const item of items.items) {
        // Instances' own finalizers are dropped: their kind is going away.
        await served.registry.guaranteedUpdate(item.metadata.namespace ?? '', item.metadata.name!, internal(), '', (cur) => {
          cur.metadata.finalizers = [];
          return cur;
        }).catch(() => undefined);
        await deleteObject(served.registry, item.metadata.namespace ?? '', item.metadata.name!, {}, internal()).catch(() => undefined);
      }
    }
    await this.crds.guaranteedUpdate('', crd.metadata.name!, internal(), '', (current) => {
      current.metadata.finalizers = (current.metadata.finalizers ?? []).filter((f) => f !== CRD_CLEANUP_FINALIZER);
      return current;
    });
  }
}
