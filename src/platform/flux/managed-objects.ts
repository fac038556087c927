// Watching what HelmReleases installed, so drift is seen within moments rather than at the next
// interval: one shared informer per kind seen in a release manifest, selecting only objects that
// carry helm-controller's origin label. A managed object deleted, edited, or stripped of the label
// wakes the HelmRelease it belongs to.

import type { KubeObject } from '../../machinery/object.ts';
import type { InformerFactory, SharedInformer } from '../../controller/index.ts';
import { canonicalJson } from './values.ts';

export const ORIGIN_NAME_LABEL = 'helm.toolkit.fluxcd.io/name';
export const ORIGIN_NAMESPACE_LABEL = 'helm.toolkit.fluxcd.io/namespace';

export class ManagedObjectWatch {
  private readonly watched = new Map<string, SharedInformer>();

  constructor(
    private readonly factory: InformerFactory,
    /** Wakes a HelmRelease (`namespace/name`); `statusOnly` when only the object's status moved. */
    private readonly wake: (hrKey: string, statusOnly: boolean) => void,
  ) {}

  /** Starts watching every kind of these objects not yet watched. */
  ensure(objects: KubeObject[]): void {
    for (const obj of objects) {
      const id = `${obj.apiVersion}|${obj.kind}`;
      if (this.watched.has(id)) continue;
      const informer = this.factory.informerFor({ apiVersion: obj.apiVersion, kind: obj.kind }, { labelSelector: ORIGIN_NAME_LABEL });
      this.watched.set(id, informer);
      informer.addEventHandler({
        onAdd: (o) => this.notify(o, true),
        onUpdate: (old, o) => this.notify(o, sameApartFromStatus(old, o)),
        onDelete: (o) => this.notify(o, false),
      });
    }
  }

  /**
   * The managed object as the watch last saw it: what woke its release, so readiness read here is
   * never older than the event. Undefined when the kind's watch has not synced or the object is not
   * among those watched (its origin label gone): then ask the API.
   */
  cached(obj: KubeObject): KubeObject | undefined {
    const informer = this.watched.get(`${obj.apiVersion}|${obj.kind}`);
    if (!informer?.hasSynced()) return undefined;
    return informer.get(obj.metadata.namespace, obj.metadata.name!);
  }

  private notify(obj: KubeObject, statusOnly: boolean): void {
    const name = obj.metadata.labels?.[ORIGIN_NAME_LABEL];
    const namespace = obj.metadata.labels?.[ORIGIN_NAMESPACE_LABEL];
    if (name && namespace) this.wake(`${namespace}/${name}`, statusOnly);
  }
}

function sameApartFromStatus(a: KubeObject, b: KubeObject): boolean {
  const strip = (o: KubeObject) => {
    const { status: _s, metadata, ...rest } = o;
    const { resourceVersion: _rv, managedFields: _mf, ...meta } = metadata;
    return canonicalJson({ ...rest, metadata: meta });
  };
  return strip(a) === strip(b);
}
