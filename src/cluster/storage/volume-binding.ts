// The scheduler's VolumeBinding plug-in, in the part cozylab needs: a pod whose claims are
// missing, being deleted or (for Immediate classes) not yet bound is unschedulable with
// kube-scheduler's message; once a node is chosen, the claims of WaitForFirstConsumer classes
// are annotated with it (`volume.kubernetes.io/selected-node`) so provisioning can start there.

import type { KubeObject } from '../../machinery/object.ts';
import { refOf, type InformerFactory, type KubeClient, type SharedInformer } from '../../controller/index.ts';
import { fitErrorMessage } from '../nodes/scheduling-decision.ts';
import { ANN_SELECTED_NODE, annotationOf, claimClass, claimNamesOf, PVC_GVK, specOf, STORAGECLASS_GVK, waitsForFirstConsumer, type StorageClass } from './storage-facts.ts';

export const ERR_UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims';

export class VolumeBinding {
  readonly claims: SharedInformer;
  readonly classes: SharedInformer<StorageClass>;

  constructor(factory: InformerFactory) {
    this.claims = factory.informerFor(PVC_GVK);
    this.classes = factory.informerFor<StorageClass>(STORAGECLASS_GVK);
  }

  waitForSync(): Promise<void> {
    return Promise.all([this.claims.waitForSync(), this.classes.waitForSync()]).then(() => undefined);
  }

  /** Calls `retry` whenever a claim or class changes in a way that may make a waiting pod schedulable. */
  onChange(retry: () => void): void {
    this.claims.addEventHandler({ onAdd: retry, onUpdate: retry, onDelete: retry });
    this.classes.addEventHandler({ onAdd: retry });
  }

  /** PreFilter: why the pod's volumes keep it off every node, or undefined. */
  preFilter(pod: KubeObject): string | undefined {
    let unboundImmediate = false;
    for (const name of claimNamesOf(pod)) {
      const claim = this.claims.get(pod.metadata.namespace, name);
      if (!claim) return `persistentvolumeclaim "${name}" not found`;
      if (claim.metadata.deletionTimestamp) return `persistentvolumeclaim "${name}" is being deleted`;
      if (specOf(claim).volumeName) continue;
      if (!waitsForFirstConsumer(this.classes.get(undefined, claimClass(claim)))) unboundImmediate = true;
    }
    return unboundImmediate ? ERR_UNBOUND_IMMEDIATE : undefined;
  }

  /** The FitError kube-scheduler writes when PreFilter rejects: no node was even tried, so preemption cannot help. */
  unschedulableMessage(pod: KubeObject, numNodes: number): string | undefined {
    const reason = this.preFilter(pod);
    if (!reason) return undefined;
    const preemption =
      specOf(pod).preemptionPolicy === 'Never'
        ? 'preemption: not eligible due to preemptionPolicy=Never.'
        : `preemption: ${fitErrorMessage(numNodes, new Map(Array.from({ length: numNodes }, (_, i) => [String(i), { reasons: ['Preemption is not helpful for scheduling'] }])))}`;
    return `${fitErrorMessage(numNodes, new Map())} ${reason}. ${preemption}`;
  }

  /** PreBind: the claims waiting for their first consumer learn the node it was placed on. */
  async selectNode(client: KubeClient, pod: KubeObject, node: string): Promise<void> {
    for (const name of claimNamesOf(pod)) {
      const claim = this.claims.get(pod.metadata.namespace, name);
      if (!claim || specOf(claim).volumeName || annotationOf(claim, ANN_SELECTED_NODE) === node) continue;
      if (!waitsForFirstConsumer(this.classes.get(undefined, claimClass(claim)))) continue;
      await client.patch(refOf(claim), 'merge', { metadata: { annotations: { [ANN_SELECTED_NODE]: node } } });
    }
  }
}
