// Keeps an APIService object for every locally served group-version (`Local` in
// `kubectl get apiservices`), as kube-apiserver's autoregister controller does.

import { deepEqual, type KubeObject } from '../machinery/object.ts';
import { localPriority } from './api-priorities.ts';
import { INTERNAL_USER } from './auth/user.ts';
import type { ResourceCatalog } from './catalog.ts';
import { formatTime } from './registry/codec.ts';
import type { WriteContext } from './registry/context.ts';
import { deleteObject } from './registry/delete.ts';
import type { ResourceRegistry } from './registry/registry.ts';

const AUTO_LABEL = 'kube-aggregator.kubernetes.io/automanaged';
const ctx = (): WriteContext => ({ user: INTERNAL_USER, dryRun: false, fieldManager: 'kube-apiserver', warnings: [] });


export class APIServiceRegistration {
  private running: Promise<void> = Promise.resolve();
  private again = false;
  /** The group-versions the last completed sync left registered: a catalog change that keeps them (a new kind in a served group-version) needs no list. */
  private synced = '';

  constructor(
    private readonly apiservices: ResourceRegistry,
    private readonly catalog: ResourceCatalog,
  ) {}

  start(): Promise<void> {
    this.catalog.onChange(() => this.schedule());
    return this.sync();
  }

  settled(): Promise<void> {
    return this.running;
  }

  private schedule(): void {
    if (this.again) return;
    this.again = true;
    this.running = this.running.then(() => {
      this.again = false;
      return this.sync();
    }).catch(() => {});
  }

  private async sync(): Promise<void> {
    const wanted = new Map<string, { group: string; version: string }>();
    for (const s of this.catalog.all()) {
      const name = s.type.group ? `${s.type.version}.${s.type.group}` : s.type.version;
      wanted.set(name, { group: s.type.group, version: s.type.version });
    }
    const wantedKey = [...wanted.keys()].sort().join(',');
    if (wantedKey === this.synced) return;
    const existing = await this.apiservices.list('');
    let complete = true;
    const now = formatTime(this.apiservices.now());
    for (const [name, gv] of wanted) {
      const current = existing.items.find((a) => a.metadata.name === name);
      if (current && (current.spec as { service?: unknown }).service) continue;
      // autoregister's priorities for built-in group-versions, crdregistration's for a CRD's.
      const priority = localPriority(gv.group, gv.version);
      const spec = { group: gv.group || undefined, version: gv.version, groupPriorityMinimum: priority.group, versionPriority: priority.version };
      if (!spec.group) delete spec.group;
      const status = { conditions: [{ type: 'Available', status: 'True', lastTransitionTime: now, reason: 'Local', message: 'Local APIServices are always available' }] };
      if (!current) {
        const obj: KubeObject = { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name, labels: { [AUTO_LABEL]: 'onstart' } }, spec };
        const created = await this.apiservices.create('', obj, ctx()).catch(() => {
          complete = false;
          return undefined;
        });
        if (created) await this.apiservices.guaranteedUpdate('', name, ctx(), 'status', (c) => ({ ...c, status }));
      } else if (!deepEqual(current.spec, spec)) {
        await this.apiservices.guaranteedUpdate('', name, ctx(), '', (c) => ({ ...c, spec }));
      }
    }
    for (const item of existing.items) {
      const managed = item.metadata.labels?.[AUTO_LABEL];
      if (managed && !wanted.has(item.metadata.name!) && !(item.spec as { service?: unknown }).service) {
        await deleteObject(this.apiservices, '', item.metadata.name!, {}, ctx()).catch(() => undefined);
      }
    }
    if (complete) this.synced = wantedKey;
  }
}
